import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def squeeze_excitation_loader() -> TorchLoaderOutput:
    """Squeeze-and-excitation: adaptive avg pool to 1x1, Linear/ReLU/Linear/Sigmoid, channel rescale."""

    class SqueezeExcitation(torch.nn.Module):
        def __init__(self, channels, reduction):
            super().__init__()
            self.pool = torch.nn.AdaptiveAvgPool2d(1)
            self.fc1 = torch.nn.Linear(channels, channels // reduction)
            self.fc2 = torch.nn.Linear(channels // reduction, channels)

        def forward(self, x):
            n, c = x.shape[0], x.shape[1]
            s = self.pool(x).view(n, c)
            s = torch.sigmoid(self.fc2(torch.relu(self.fc1(s))))
            return x * s.view(n, c, 1, 1)

    torch.manual_seed(0)
    model = SqueezeExcitation(32, 4)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 32, 8, 8)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
