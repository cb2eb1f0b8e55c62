import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def comparisons_loader() -> TorchLoaderOutput:
    """eq, ne, lt, le, gt, ge on tensors and scalars (floats with NaN and
    infinities, integers, an int tensor against a float scalar), where,
    masked_fill, isnan, isinf, isfinite, clamp with tensor bounds."""

    class Comparisons(torch.nn.Module):
        def forward(self, x, y, i):
            return (x == y, x != y, x < y, x <= y, x > y, x >= y, x == 0.5, x != 0.5, i < 3, i >= -2,
                    i > 2.5, i == y.to(torch.int32), torch.where(x > y, x, y), torch.where(i > 0, i, 0),
                    torch.where(x > 0, 1.0, x), x.masked_fill(x < 0, -1.0), i.masked_fill(i == 0, 7),
                    torch.isnan(x), torch.isinf(x), torch.clamp(x, y - 1.0, y + 1.0), torch.clamp(x, min=y),
                    torch.clamp(i, max=i.flip(1)), torch.isfinite(x), torch.isfinite(i))

    rows = Dim("rows", min=2, max=64)
    x = torch.randn(4, 6)
    x[0] = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.5, 0.0, -0.0])
    y = torch.randn(4, 6)
    y[0] = torch.tensor([float("nan"), float("inf"), 1.0, 0.5, -0.0, 0.0])
    return TorchLoaderOutput(
        model=Comparisons(),
        inputs=[x, y, torch.randint(-5, 6, (4, 6), dtype=torch.int32)],
        dynamic_shapes=[{0: rows}, {0: rows}, {0: rows}],
    )
