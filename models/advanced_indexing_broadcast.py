import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def advanced_indexing_broadcast_loader() -> TorchLoaderOutput:
    """Advanced indexing whose index tensors broadcast together (rows [3, 1]
    against cols [2] pick a [3, 2] grid), and a tensor index after `:`.
    Negative indices count from the end, along a dynamic and a static dim."""

    class AdvancedIndexingBroadcast(torch.nn.Module):
        def forward(self, x, rows, cols):
            return x[rows, cols], x[:, cols]

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=AdvancedIndexingBroadcast(),
        inputs=[torch.randn(5, 4), torch.tensor([[-1], [0], [2]]), torch.tensor([3, -3])],
        dynamic_shapes=[{0: Dim("n", min=5)}, {}, {}],
    )
