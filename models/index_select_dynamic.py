import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def index_select_dynamic_loader() -> TorchLoaderOutput:
    """torch.index_select along a dynamic dim 0 with a static 1-D int64 index."""

    class IndexSelectDynamic(torch.nn.Module):
        def forward(self, x, idx):
            return torch.index_select(x, 0, idx)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=IndexSelectDynamic(),
        inputs=[torch.randn(4, 3), torch.tensor([2, 0, 1, 2, 0])],
        dynamic_shapes=[{0: Dim("n", min=3)}, {}],
    )
