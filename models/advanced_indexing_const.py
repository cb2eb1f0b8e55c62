import torch

from tcp_aot.loader import TorchLoaderOutput


def advanced_indexing_const_loader() -> TorchLoaderOutput:
    """Advanced indexing with constant int64 index buffers captured by export."""

    class AdvancedIndexingConst(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("idx", torch.tensor([3, 0, 2, 0]))
            self.register_buffer("rows", torch.tensor([0, 1, 3]))
            self.register_buffer("cols", torch.tensor([4, 0, 2]))

        def forward(self, x):
            return x[self.idx], x[self.rows, self.cols]

    torch.manual_seed(0)
    return TorchLoaderOutput(model=AdvancedIndexingConst(), inputs=[torch.randn(4, 5)])
