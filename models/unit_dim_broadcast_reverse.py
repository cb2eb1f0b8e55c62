import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def unit_dim_broadcast_reverse_loader() -> TorchLoaderOutput:
    """A static [1,4] row as the first operand broadcast against a dynamic [N,4]."""

    class UnitDimBroadcastReverse(torch.nn.Module):
        def forward(self, row, x):
            return row - x

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=UnitDimBroadcastReverse(),
        inputs=[torch.randn(1, 4), torch.randn(3, 4)],
        dynamic_shapes=[{}, {0: Dim("n", min=2)}],
    )
