import torch

from tcp_aot.loader import TorchLoaderOutput


def int_arith_loader() -> TorchLoaderOutput:
    """int64 add, mul, sub, and add with an integer alpha."""

    class IntArith(torch.nn.Module):
        def forward(self, a, b):
            return a + b, a * b, a - b, torch.add(a, b, alpha=3)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=IntArith(),
        inputs=[torch.randint(-100, 100, (3, 4)), torch.randint(-100, 100, (3, 4))],
    )
