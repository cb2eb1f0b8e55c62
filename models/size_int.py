import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def size_int_loader() -> TorchLoaderOutput:
    """A dynamic size, x.size(0), used as a scalar multiplier."""

    class SizeInt(torch.nn.Module):
        def forward(self, x):
            return x * x.size(0)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=SizeInt(),
        inputs=[torch.randn(3, 4)],
        dynamic_shapes=[{0: Dim("n", min=2)}],
    )
