import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def unet_small_loader() -> TorchLoaderOutput:
    """A two-level U-Net: conv/maxpool encoder, bilinear and nearest upsampling, torch.cat skips."""

    def double_conv(cin, cout):
        return torch.nn.Sequential(
            torch.nn.Conv2d(cin, cout, 3, padding=1),
            torch.nn.ReLU(),
            torch.nn.Conv2d(cout, cout, 3, padding=1),
            torch.nn.ReLU(),
        )

    class UNetSmall(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.enc1 = double_conv(3, 8)
            self.enc2 = double_conv(8, 16)
            self.mid = double_conv(16, 32)
            self.pool = torch.nn.MaxPool2d(2)
            self.up = torch.nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
            self.dec2 = double_conv(32 + 16, 16)
            self.dec1 = double_conv(16 + 8, 8)
            self.head = torch.nn.Conv2d(8, 2, 1)

        def forward(self, x):
            e1 = self.enc1(x)
            e2 = self.enc2(self.pool(e1))
            m = self.mid(self.pool(e2))
            d2 = self.dec2(torch.cat([self.up(m), e2], dim=1))
            d1 = self.dec1(torch.cat([F.interpolate(d2, scale_factor=2, mode="nearest"), e1], dim=1))
            return self.head(d1)

    torch.manual_seed(0)
    model = UNetSmall()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 3, 32, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
