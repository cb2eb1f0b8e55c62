import torch

from tcp_aot.loader import TorchLoaderOutput


def conv_relu_conv_loader() -> TorchLoaderOutput:
    """Benchmark: Conv2d(3,16,3,padding=1)/ReLU/Conv2d(16,16,3,padding=1) on 1x3x64x64 (static shapes)."""

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 16, 3, padding=1),
        torch.nn.ReLU(),
        torch.nn.Conv2d(16, 16, 3, padding=1),
    )
    model.eval()
    return TorchLoaderOutput(model=model, inputs=[torch.randn(1, 3, 64, 64)])
