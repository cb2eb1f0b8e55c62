import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def mlp_loader() -> TorchLoaderOutput:
    """A three-layer MLP (Linear/ReLU/Linear/ReLU/Linear) on a dynamic batch."""

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(32, 64),
        torch.nn.ReLU(),
        torch.nn.Linear(64, 32),
        torch.nn.ReLU(),
        torch.nn.Linear(32, 10),
    )
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(4, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
