import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def math_ops_loader() -> TorchLoaderOutput:
    """erf, exp, exp2, expm1, rsqrt, reciprocal, log2, pow with tensor and
    scalar exponents (the ones PyTorch computes without pow, and others),
    maximum, minimum, remainder and fmod (tensor and scalar), sign, square."""

    class MathOps(torch.nn.Module):
        def forward(self, x, y, i, j):
            j = torch.where(j == 0, 1, j)  # integer remainders raise on zero divisors
            positive = x.abs() + 0.5
            return (torch.erf(x), torch.exp(x), torch.exp2(x), torch.expm1(x), torch.rsqrt(positive),
                    torch.reciprocal(y), torch.log2(positive), torch.pow(positive, y), x ** 2, x ** 3,
                    positive ** 0.5, positive ** -0.5, y ** -1, y ** -2, positive ** 1.7, 2.0 ** x,
                    torch.maximum(x, y), torch.minimum(x, y), torch.remainder(x, y), torch.fmod(x, y),
                    torch.remainder(x, 1.5), torch.fmod(x, -1.25), torch.sign(x), x.square(),
                    torch.remainder(i, j), torch.fmod(i, j), i ** 3, torch.maximum(i, j))

    rows = Dim("rows", min=2, max=64)
    x = torch.randn(4, 6) * 3
    x[0, :4] = torch.tensor([0.0, -0.0, 5.5, -5.5])
    y = torch.randn(4, 6) * 2 + 0.1
    y[0, :4] = torch.tensor([2.0, -2.0, -2.0, 2.0])
    j = torch.randint(1, 7, (4, 6), dtype=torch.int32) * torch.tensor([1, -1, 1, -1, 1, -1], dtype=torch.int32)
    return TorchLoaderOutput(
        model=MathOps(),
        inputs=[x, y, torch.randint(-20, 20, (4, 6), dtype=torch.int32), j],
        dynamic_shapes=[{0: rows}, {0: rows}, {0: rows}, {0: rows}],
    )
