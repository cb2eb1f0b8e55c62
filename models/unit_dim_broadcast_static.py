import torch

from tcp_aot.loader import TorchLoaderOutput


def unit_dim_broadcast_static_loader() -> TorchLoaderOutput:
    """Static broadcast of unit dims on both sides: [3,1] + [1,4] -> [3,4]."""

    class UnitDimBroadcastStatic(torch.nn.Module):
        def forward(self, x, y):
            return x + y

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=UnitDimBroadcastStatic(), inputs=[torch.randn(3, 1), torch.randn(1, 4)]
    )
