import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def audio_conv1d_loader() -> TorchLoaderOutput:
    """1-D conv audio classifier: Conv1d/BN/ReLU stack with max and avg pooling, global average pool, Linear."""

    class AudioConv1d(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.features = torch.nn.Sequential(
                torch.nn.Conv1d(1, 8, 9, stride=2, padding=4),
                torch.nn.BatchNorm1d(8),
                torch.nn.ReLU(),
                torch.nn.MaxPool1d(2),
                torch.nn.Conv1d(8, 16, 5, padding=2),
                torch.nn.ReLU(),
                torch.nn.AvgPool1d(2),
                torch.nn.Conv1d(16, 32, 3, padding=1),
                torch.nn.ReLU(),
            )
            self.fc = torch.nn.Linear(32, 10)

        def forward(self, x):
            return self.fc(self.features(x).mean(dim=-1))

    torch.manual_seed(0)
    model = AudioConv1d()
    with torch.no_grad():
        bn = model.features[1]
        bn.running_mean.copy_(torch.randn(8) * 0.1)
        bn.running_var.copy_(torch.rand(8) + 0.5)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 1, 256)],
        # time is static: with a dynamic time dim torch.export specializes it at MaxPool1d
        # ("Constraints violated (time)"); Conv1d, BatchNorm1d and AvgPool1d keep it dynamic.
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
