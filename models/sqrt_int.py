import torch

from tcp_aot.loader import TorchLoaderOutput


def sqrt_int_loader() -> TorchLoaderOutput:
    """sqrt of a non-negative int64 tensor, giving a float32 result."""

    class SqrtInt(torch.nn.Module):
        def forward(self, x):
            return torch.sqrt(x)

    x = torch.tensor([[0, 1, 4, 9], [2, 3, 100, 12345]], dtype=torch.int64)
    return TorchLoaderOutput(model=SqrtInt(), inputs=[x])
