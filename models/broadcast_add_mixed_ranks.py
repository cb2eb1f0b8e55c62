import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def broadcast_add_mixed_ranks_loader() -> TorchLoaderOutput:
    """The seed's example: a 0-d tensor added to a vector of dynamic length."""

    class BroadcastAddMixedRanks(torch.nn.Module):
        def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
            return torch.add(x, y)

    x = torch.tensor(10.0)
    y = torch.randn(2)
    return TorchLoaderOutput(
        model=BroadcastAddMixedRanks(),
        inputs=[x, y],
        dynamic_shapes=[{}, {0: Dim("n")}],
    )
