import torch

from tcp_aot.loader import TorchLoaderOutput


def scalar_arith_loader() -> TorchLoaderOutput:
    """Tensor-scalar arithmetic with Python float and int scalars."""

    class ScalarArith(torch.nn.Module):
        def forward(self, x):
            return x + 1.5, x - 2, x * 3.0, x / 4.0

    torch.manual_seed(0)
    return TorchLoaderOutput(model=ScalarArith(), inputs=[torch.randn(3, 4)])
