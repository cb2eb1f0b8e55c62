import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def matmul_ranks_loader() -> TorchLoaderOutput:
    """torch.matmul in every rank combination (1-D x 1-D, 2-D x 1-D, 1-D x 2-D,
    batched x 2-D, broadcast batch dims), with dynamic rows."""

    class MatmulRanks(torch.nn.Module):
        def forward(self, a, b, v, w, x, y):
            return (v @ w,       # 1-D x 1-D: a scalar
                    a @ w,       # 2-D x 1-D
                    v @ b,       # 1-D x 2-D
                    x @ b,       # [2, ?, 5] x [5, 3]: b broadcast over the batch
                    x @ y,       # [2, ?, 5] x [4, 1, 5, 3]: batch dims broadcast to [4, 2]
                    torch.mm(a, b), torch.bmm(x, y[0].expand(2, 5, 3)))

    n = Dim("n", min=2, max=64)
    return TorchLoaderOutput(
        model=MatmulRanks(),
        inputs=[torch.randn(4, 5), torch.randn(5, 3), torch.randn(5), torch.randn(5), torch.randn(2, 4, 5),
                torch.randn(4, 1, 5, 3)],
        dynamic_shapes=[{0: n}, {}, {}, {}, {1: n}, {}],
    )
