import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms


def conv3d_block_loader() -> TorchLoaderOutput:
    """Video/volume block: Conv3d/BatchNorm3d/ReLU x2 (second with stride 2), MaxPool3d, on (batch, 3, 8, 16, 16)."""

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv3d(3, 8, 3, padding=1, bias=False),
        torch.nn.BatchNorm3d(8),
        torch.nn.ReLU(),
        torch.nn.Conv3d(8, 16, 3, stride=2, padding=1, bias=False),
        torch.nn.BatchNorm3d(16),
        torch.nn.ReLU(),
        torch.nn.MaxPool3d(2),
    )
    randomize_batch_norms(model)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 3, 8, 16, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
