import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms


def mobilenet_v2_block_loader() -> TorchLoaderOutput:
    """MobileNetV2 inverted residual: 1x1 expand (x6), depthwise 3x3 (groups=channels), ReLU6, 1x1 project, residual."""

    class InvertedResidual(torch.nn.Module):
        def __init__(self, channels, expand):
            super().__init__()
            hidden = channels * expand
            self.block = torch.nn.Sequential(
                torch.nn.Conv2d(channels, hidden, 1, bias=False),
                torch.nn.BatchNorm2d(hidden),
                torch.nn.ReLU6(),
                torch.nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False),
                torch.nn.BatchNorm2d(hidden),
                torch.nn.ReLU6(),
                torch.nn.Conv2d(hidden, channels, 1, bias=False),
                torch.nn.BatchNorm2d(channels),
            )

        def forward(self, x):
            return x + self.block(x)

    torch.manual_seed(0)
    model = InvertedResidual(16, 6)
    randomize_batch_norms(model)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 16, 16, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
