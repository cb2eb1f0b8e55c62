import torch

from tcp_aot.loader import TorchLoaderOutput


def two_outputs_loader() -> TorchLoaderOutput:
    """Two results from shared work: (x + y) and (x + y) * z - y / z."""

    class TwoOutputs(torch.nn.Module):
        def forward(self, x, y, z):
            s = x + y
            return s, s * z - y / z

    return TorchLoaderOutput(
        model=TwoOutputs(),
        inputs=[torch.randn(3, 4), torch.randn(3, 4), torch.rand(3, 4) + 0.5],
    )
