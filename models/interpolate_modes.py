import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def interpolate_modes_loader() -> TorchLoaderOutput:
    """F.interpolate: nearest by a scale factor and to a size, bilinear with
    align_corners False and True, upsampling and downsampling."""

    class Interpolate(torch.nn.Module):
        def forward(self, x):
            return (F.interpolate(x, scale_factor=2, mode="nearest"),
                    F.interpolate(x, size=(5, 11), mode="nearest"),
                    F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False),
                    F.interpolate(x, size=(9, 4), mode="bilinear", align_corners=True),
                    F.interpolate(x, size=(3, 4), mode="bilinear", align_corners=False))

    batch = Dim("batch", min=1, max=16)
    return TorchLoaderOutput(model=Interpolate(), inputs=[torch.randn(2, 3, 6, 7)], dynamic_shapes=[{0: batch}])
