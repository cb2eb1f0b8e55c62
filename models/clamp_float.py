import torch

from tcp_aot.loader import TorchLoaderOutput


def clamp_float_loader() -> TorchLoaderOutput:
    """float32 clamp with both bounds, only a min, and clamp_max."""

    class ClampFloat(torch.nn.Module):
        def forward(self, x):
            return x.clamp(min=-0.5, max=0.5), x.clamp(min=0.1), torch.clamp_max(x, 0.3)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=ClampFloat(), inputs=[torch.randn(3, 4)])
