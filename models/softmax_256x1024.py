import torch

from tcp_aot.loader import TorchLoaderOutput


def softmax_256x1024_loader() -> TorchLoaderOutput:
    """Benchmark: softmax over the last dim of a 256x1024 input (static shapes)."""

    class Softmax(torch.nn.Module):
        def forward(self, x):
            return torch.softmax(x, dim=-1)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=Softmax().eval(), inputs=[torch.randn(256, 1024)])
