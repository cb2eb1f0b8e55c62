import torch

from tcp_aot.loader import TorchLoaderOutput


def rsub_neg_abs_loader() -> TorchLoaderOutput:
    """Reverse subtraction from a scalar, negation and absolute value."""

    class RsubNegAbs(torch.nn.Module):
        def forward(self, x):
            return torch.rsub(x, 2.0), -x, torch.abs(x)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=RsubNegAbs(), inputs=[torch.randn(3, 4)])
