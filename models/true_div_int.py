import torch

from tcp_aot.loader import TorchLoaderOutput


def true_div_int_loader() -> TorchLoaderOutput:
    """int64 / int64 true division, promoted to a float32 result."""

    class TrueDivInt(torch.nn.Module):
        def forward(self, a, b):
            return a / b

    a = torch.tensor([[7, -7, 1, 0], [9, -9, 100, -1]], dtype=torch.int64)
    b = torch.tensor([[2, 2, 3, 5], [-4, 4, 7, 8]], dtype=torch.int64)
    return TorchLoaderOutput(model=TrueDivInt(), inputs=[a, b])
