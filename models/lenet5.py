import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def lenet5_loader() -> TorchLoaderOutput:
    """LeNet-5 on 1x32x32 images: conv5x5/ReLU/maxpool x2, then Linear 400-120-84-10."""

    class LeNet5(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(1, 6, 5)
            self.conv2 = torch.nn.Conv2d(6, 16, 5)
            self.pool = torch.nn.MaxPool2d(2, 2)
            self.fc1 = torch.nn.Linear(16 * 5 * 5, 120)
            self.fc2 = torch.nn.Linear(120, 84)
            self.fc3 = torch.nn.Linear(84, 10)

        def forward(self, x):
            x = self.pool(torch.relu(self.conv1(x)))
            x = self.pool(torch.relu(self.conv2(x)))
            x = torch.flatten(x, 1)
            x = torch.relu(self.fc1(x))
            x = torch.relu(self.fc2(x))
            return self.fc3(x)

    torch.manual_seed(0)
    model = LeNet5()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 1, 32, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
