import torch

from tcp_aot.loader import TorchLoaderOutput


def float64_math_loader() -> TorchLoaderOutput:
    """float64 inputs through add, mul, tanh and div."""

    class Float64Math(torch.nn.Module):
        def forward(self, x, y):
            return torch.tanh(x + y) * x / (y * y + 1.0)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=Float64Math(),
        inputs=[torch.randn(3, 4, dtype=torch.float64), torch.randn(3, 4, dtype=torch.float64)],
    )
