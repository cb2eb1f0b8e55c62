import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def scatter_ops_loader() -> TorchLoaderOutput:
    """Writes at indices on dynamic dims, with duplicate indices: scatter,
    scatter_add, scatter_reduce (every reduction, with and without self),
    index_put (plain, accumulated, negative indices, after ':' dims),
    index_add, index_copy, slice_scatter, select_scatter and
    diagonal_scatter."""

    class ScatterOps(torch.nn.Module):
        def forward(self, x, index, src, rows, updates, diag):
            outs = [x.scatter(0, index, src), x.scatter_add(1, index, src)]
            for reduce in ("sum", "prod", "mean", "amax", "amin"):
                outs += [x.scatter_reduce(0, index, src, reduce),
                         x.scatter_reduce(1, index, src, reduce, include_self=False)]
            outs += [x.index_put((rows,), updates), x.index_put((rows,), updates, accumulate=True),
                     x.index_put((rows - 4,), updates), x.index_add(0, rows, updates, alpha=2.0),
                     x.index_copy(0, torch.tensor([3, 0, 1]), updates)]
            y = x.clone()
            y[:, rows] = 7.0
            outs += [y, torch.slice_scatter(x, x[:, 1::2] * 2.0, 1, 1, None, 2), torch.select_scatter(x, src[0], 0, 1),
                     torch.diagonal_scatter(x[:, :4], diag, -1)]
            return tuple(outs)

    n = Dim("n", min=5, max=64)
    return TorchLoaderOutput(
        model=ScatterOps(),
        inputs=[torch.randn(4, 6), torch.tensor([[0, 1, 2, 3, 1, 0], [3, 3, 0, 1, 2, 2]]), torch.randn(2, 6),
                torch.tensor([2, 0, 2]), torch.randn(3, 6), torch.randn(3)],
        dynamic_shapes=[{1: n}, {1: n}, {1: n}, None, {1: n}, None])
