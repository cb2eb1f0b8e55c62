import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def gather_dynamic_loader() -> TorchLoaderOutput:
    """torch.gather along dim 1, input and index sharing a dynamic leading dim."""

    class GatherDynamic(torch.nn.Module):
        def forward(self, x, idx):
            return torch.gather(x, 1, idx)

    torch.manual_seed(0)
    n = Dim("n", min=2)
    return TorchLoaderOutput(
        model=GatherDynamic(),
        inputs=[torch.randn(3, 5), torch.randint(0, 5, (3, 4))],
        dynamic_shapes=[{0: n}, {0: n}],
    )
