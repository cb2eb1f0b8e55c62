import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def two_dynamic_dims_loader() -> TorchLoaderOutput:
    """Both dims dynamic, with a row vector broadcast along the rows."""

    class TwoDynamicDims(torch.nn.Module):
        def forward(self, x, row):
            return (x - row) * x

    rows, cols = Dim("rows", min=2, max=64), Dim("cols", min=2, max=64)
    return TorchLoaderOutput(
        model=TwoDynamicDims(),
        inputs=[torch.randn(4, 5), torch.randn(1, 5)],
        dynamic_shapes=[{0: rows, 1: cols}, {1: cols}],
    )
