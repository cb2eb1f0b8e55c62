import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms


def resnet_bottleneck_loader() -> TorchLoaderOutput:
    """ResNet bottleneck block (1x1 reduce, 3x3, 1x1 expand x4, each with BN) and an identity shortcut."""

    class Bottleneck(torch.nn.Module):
        expansion = 4

        def __init__(self, cin, width):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(cin, width, 1, bias=False)
            self.bn1 = torch.nn.BatchNorm2d(width)
            self.conv2 = torch.nn.Conv2d(width, width, 3, padding=1, bias=False)
            self.bn2 = torch.nn.BatchNorm2d(width)
            self.conv3 = torch.nn.Conv2d(width, width * self.expansion, 1, bias=False)
            self.bn3 = torch.nn.BatchNorm2d(width * self.expansion)

        def forward(self, x):
            out = torch.relu(self.bn1(self.conv1(x)))
            out = torch.relu(self.bn2(self.conv2(out)))
            out = self.bn3(self.conv3(out))
            return torch.relu(out + x)

    torch.manual_seed(0)
    model = Bottleneck(32, 8)
    randomize_batch_norms(model)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 32, 16, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
