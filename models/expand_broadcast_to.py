import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def expand_broadcast_to_loader() -> TorchLoaderOutput:
    """expand / broadcast_to of unit dims, to a dynamic size taken from another input."""

    class ExpandBroadcastTo(torch.nn.Module):
        def forward(self, row, col, x):
            n = x.size(0)
            return row.expand(n, 4) * x, torch.broadcast_to(col, (n, 4)) + x

    torch.manual_seed(0)
    n = Dim("n", min=2)
    return TorchLoaderOutput(
        model=ExpandBroadcastTo(),
        inputs=[torch.randn(1, 4), torch.randn(3, 1), torch.randn(3, 4)],
        dynamic_shapes=[{}, {0: n}, {0: n}],
    )
