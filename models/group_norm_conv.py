import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def group_norm_conv_loader() -> TorchLoaderOutput:
    """Diffusion-style ResBlock: GroupNorm/SiLU/Conv3x3 twice, a time-embedding bias, a 1x1 conv shortcut."""

    class ResBlock(torch.nn.Module):
        def __init__(self, cin=16, cout=32, temb=8, groups=4):
            super().__init__()
            self.norm1 = torch.nn.GroupNorm(groups, cin)
            self.conv1 = torch.nn.Conv2d(cin, cout, 3, padding=1)
            self.temb = torch.nn.Linear(temb, cout)
            self.norm2 = torch.nn.GroupNorm(groups, cout)
            self.conv2 = torch.nn.Conv2d(cout, cout, 3, padding=1)
            self.skip = torch.nn.Conv2d(cin, cout, 1)

        def forward(self, x, t):
            h = self.conv1(F.silu(self.norm1(x)))
            h = h + self.temb(F.silu(t))[:, :, None, None]
            h = self.conv2(F.silu(self.norm2(h)))
            return self.skip(x) + h

    torch.manual_seed(0)
    model = ResBlock()
    with torch.no_grad():  # non-trivial affine parameters
        for m in (model.norm1, model.norm2):
            m.weight.copy_(torch.rand(m.num_channels) + 0.5)
            m.bias.copy_(torch.randn(m.num_channels) * 0.1)
    model.eval()
    batch = Dim("batch", min=1, max=16)
    return TorchLoaderOutput(model=model, inputs=[torch.randn(2, 16, 16, 16), torch.randn(2, 8)],
                             dynamic_shapes=[{0: batch}, {0: batch}])
