import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def slice_dynamic_loader() -> TorchLoaderOutput:
    """Slices of a dynamic dim and a static one: negative and out-of-range bounds, steps."""

    class SliceDynamic(torch.nn.Module):
        def forward(self, x):
            return x[1:], x[:, -4:-1], x[::2], x[:, 1:100:2]

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=SliceDynamic(),
        inputs=[torch.randn(4, 6)],
        dynamic_shapes=[{0: Dim("n", min=3)}],
    )
