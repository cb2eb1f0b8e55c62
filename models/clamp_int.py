import torch

from tcp_aot.loader import TorchLoaderOutput


def clamp_int_loader() -> TorchLoaderOutput:
    """int32 clamp with integer bounds."""

    class ClampInt(torch.nn.Module):
        def forward(self, x):
            return x.clamp(min=-3, max=4)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=ClampInt(), inputs=[torch.randint(-10, 10, (3, 4), dtype=torch.int32)]
    )
