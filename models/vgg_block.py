import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def vgg_block_loader() -> TorchLoaderOutput:
    """Two VGG blocks (conv3x3+ReLU twice, then 2x2 maxpool) with 8 and 16 channels."""

    def block(cin, cout):
        return [
            torch.nn.Conv2d(cin, cout, 3, padding=1),
            torch.nn.ReLU(),
            torch.nn.Conv2d(cout, cout, 3, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(2, 2),
        ]

    torch.manual_seed(0)
    model = torch.nn.Sequential(*block(3, 8), *block(8, 16))
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 3, 32, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
