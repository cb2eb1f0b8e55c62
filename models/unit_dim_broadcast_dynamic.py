import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def unit_dim_broadcast_dynamic_loader() -> TorchLoaderOutput:
    """Unit dims broadcast against dynamic dims: [N,1] + [1,M] -> [N,M]."""

    class UnitDimBroadcastDynamic(torch.nn.Module):
        def forward(self, x, y):
            return x + y

    torch.manual_seed(0)
    n, m = Dim("n", min=2), Dim("m", min=2)
    return TorchLoaderOutput(
        model=UnitDimBroadcastDynamic(),
        inputs=[torch.randn(3, 1), torch.randn(1, 5)],
        dynamic_shapes=[{0: n}, {1: m}],
    )
