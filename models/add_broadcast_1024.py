import torch

from tcp_aot.loader import TorchLoaderOutput


def add_broadcast_1024_loader() -> TorchLoaderOutput:
    """Benchmark: x + y with x 1024x1024 and y 1024, broadcast along the rows
    (static shapes)."""

    class Add(torch.nn.Module):
        def forward(self, x, y):
            return x + y

    return TorchLoaderOutput(model=Add(), inputs=[torch.randn(1024, 1024), torch.randn(1024)])
