import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def gru_cell_loader() -> TorchLoaderOutput:
    """One step of nn.GRUCell(16, 32): inputs x, h; output h'."""

    class GRUStep(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = torch.nn.GRUCell(16, 32)

        def forward(self, x, h):
            return self.cell(x, h)

    torch.manual_seed(0)
    model = GRUStep()
    model.eval()
    batch = Dim("batch", min=1, max=64)
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(4, 16), torch.randn(4, 32)],
        dynamic_shapes=[{0: batch}, {0: batch}],
    )
