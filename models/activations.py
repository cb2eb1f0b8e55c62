import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def activations_loader() -> TorchLoaderOutput:
    """Every common activation on values around their breakpoints: gelu
    (exact and tanh), silu, hardswish, hardsigmoid, relu6, hardtanh,
    leaky_relu, elu, softplus, mish."""

    class Activations(torch.nn.Module):
        def forward(self, x):
            return (F.gelu(x), F.gelu(x, approximate="tanh"), F.silu(x), F.hardswish(x), F.hardsigmoid(x),
                    F.relu6(x), F.hardtanh(x, -1.5, 2.0), F.leaky_relu(x, 0.1), F.elu(x, alpha=0.7),
                    F.softplus(x, beta=2.0, threshold=5.0), F.mish(x))

    n = Dim("n", min=2, max=256)
    x = torch.linspace(-8.0, 8.0, 65).reshape(5, 13)
    return TorchLoaderOutput(model=Activations(), inputs=[x], dynamic_shapes=[{0: n}])
