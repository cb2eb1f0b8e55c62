import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def logic_bitwise_loader() -> TorchLoaderOutput:
    """logical and/or/not/xor on bools and on floats (x != 0), bitwise
    and/or/xor/not on integers (with scalars too) and on bools."""

    class Logic(torch.nn.Module):
        def forward(self, a, b, x, i, j):
            return (torch.logical_and(a, b), torch.logical_or(a, b), torch.logical_not(a), torch.logical_xor(a, b),
                    torch.logical_and(x, a), torch.logical_not(x), i & j, i | j, i ^ j, ~i, i & 12, a & b, a | b,
                    a ^ b, ~a)

    rows = Dim("rows", min=2, max=64)
    x = torch.randn(4, 6)
    x[0, :3] = torch.tensor([0.0, -0.0, float("nan")])
    return TorchLoaderOutput(
        model=Logic(),
        inputs=[torch.rand(4, 6) > 0.5, torch.rand(4, 6) > 0.5, x,
                torch.randint(-100, 100, (4, 6), dtype=torch.int64), torch.randint(-100, 100, (4, 6), dtype=torch.int64)],
        dynamic_shapes=[{0: rows}] * 5,
    )
