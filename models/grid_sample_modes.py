import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def grid_sample_modes_loader() -> TorchLoaderOutput:
    """grid_sample in every mode (bilinear, nearest), padding (zeros,
    border, reflection) and align_corners, on an image whose height and
    width are dynamic, with grid points outside [-1, 1]."""

    class GridSample(torch.nn.Module):
        def forward(self, image, grid):
            return tuple(F.grid_sample(image, grid, mode=mode, padding_mode=padding, align_corners=align)
                         for mode in ("bilinear", "nearest") for padding in ("zeros", "border", "reflection")
                         for align in (False, True))

    height, width = Dim("height", min=2, max=64), Dim("width", min=2, max=64)
    return TorchLoaderOutput(model=GridSample(), inputs=[torch.randn(2, 3, 8, 10), torch.rand(2, 5, 6, 2) * 2.4 - 1.2],
                             dynamic_shapes=[{2: height, 3: width}, None])
