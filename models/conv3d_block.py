import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


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
    with torch.no_grad():  # non-trivial running statistics and affine parameters
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm3d):
                m.running_mean.copy_(torch.randn(m.num_features) * 0.1)
                m.running_var.copy_(torch.rand(m.num_features) + 0.5)
                m.weight.copy_(torch.rand(m.num_features) + 0.5)
                m.bias.copy_(torch.randn(m.num_features) * 0.1)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 3, 8, 16, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
