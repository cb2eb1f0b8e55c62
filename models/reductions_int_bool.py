import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def reductions_int_bool_loader() -> TorchLoaderOutput:
    """Integer and bool reductions with PyTorch's result dtypes: int32 and
    bool sums are int64, prod keeps int64, any/all over dims and overall,
    max/argmax of integers, cumsum of int32 (int64) and of floats."""

    class IntReductions(torch.nn.Module):
        def forward(self, i, b, f):
            return (i.sum(dim=1), b.sum(dim=0), i.to(torch.int64).prod(dim=0), b.any(dim=1), b.all(dim=0),
                    b.any(), (i > 0).all(), i.amax(dim=1), i.argmax(dim=0), torch.cumsum(i, dim=1),
                    torch.cumsum(f, dim=0), torch.cumprod(f, dim=1))

    rows = Dim("rows", min=2, max=32)
    return TorchLoaderOutput(
        model=IntReductions(),
        inputs=[torch.randint(-50, 50, (4, 5), dtype=torch.int32), torch.rand(4, 5) > 0.3, torch.randn(4, 5)],
        dynamic_shapes=[{0: rows}, {0: rows}, {0: rows}],
    )
