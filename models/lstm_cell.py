import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def lstm_cell_loader() -> TorchLoaderOutput:
    """One step of nn.LSTMCell(16, 32): inputs x, h, c; outputs h', c'."""

    class LSTMStep(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = torch.nn.LSTMCell(16, 32)

        def forward(self, x, h, c):
            h1, c1 = self.cell(x, (h, c))
            return h1, c1

    torch.manual_seed(0)
    model = LSTMStep()
    model.eval()
    batch = Dim("batch", min=1, max=64)
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(4, 16), torch.randn(4, 32), torch.randn(4, 32)],
        dynamic_shapes=[{0: batch}, {0: batch}, {0: batch}],
    )
