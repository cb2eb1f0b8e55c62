import torch

from tcp_aot.loader import TorchLoaderOutput


def elementwise_chain_1024_loader() -> TorchLoaderOutput:
    """Benchmark: sigmoid(2x + 1) * tanh(x) on 1024x1024 (static shapes)."""

    class Chain(torch.nn.Module):
        def forward(self, x):
            return torch.sigmoid(2 * x + 1) * torch.tanh(x)

    return TorchLoaderOutput(model=Chain(), inputs=[torch.randn(1024, 1024)])
