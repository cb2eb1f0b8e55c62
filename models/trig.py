import torch

from tcp_aot.loader import TorchLoaderOutput


def trig_loader() -> TorchLoaderOutput:
    """sin, cos, atan and the two-argument atan2 over all quadrants."""

    class Trig(torch.nn.Module):
        def forward(self, x, y):
            return torch.sin(x), torch.cos(x), torch.atan(x), torch.atan2(y, x)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=Trig(), inputs=[torch.randn(3, 4) * 2, torch.randn(3, 4) * 2])
