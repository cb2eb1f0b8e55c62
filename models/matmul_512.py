import torch

from tcp_aot.loader import TorchLoaderOutput


def matmul_512_loader() -> TorchLoaderOutput:
    """Benchmark: a @ b with a and b 512x512 (static shapes)."""

    class MatMul(torch.nn.Module):
        def forward(self, a, b):
            return a @ b

    torch.manual_seed(0)
    return TorchLoaderOutput(model=MatMul().eval(), inputs=[torch.randn(512, 512), torch.randn(512, 512)])
