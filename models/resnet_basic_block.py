import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms


def resnet_basic_block_loader() -> TorchLoaderOutput:
    """ResNet basic block (conv3x3/BN/ReLU x2) with stride 2 and a 1x1 conv + BN projection shortcut."""

    class BasicBlock(torch.nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
            self.bn1 = torch.nn.BatchNorm2d(cout)
            self.conv2 = torch.nn.Conv2d(cout, cout, 3, padding=1, bias=False)
            self.bn2 = torch.nn.BatchNorm2d(cout)
            self.downsample = torch.nn.Sequential(
                torch.nn.Conv2d(cin, cout, 1, stride=stride, bias=False),
                torch.nn.BatchNorm2d(cout),
            )

        def forward(self, x):
            out = torch.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            return torch.relu(out + self.downsample(x))

    torch.manual_seed(0)
    model = BasicBlock(8, 16, 2)
    randomize_batch_norms(model)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 8, 16, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
