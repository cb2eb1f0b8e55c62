import torch

from tcp_aot.loader import TorchLoaderOutput


def promotion_int32_int64_loader() -> TorchLoaderOutput:
    """int32 tensor + int64 tensor promotes to int64."""

    class PromotionInt32Int64(torch.nn.Module):
        def forward(self, a, b):
            return a + b

    a = torch.tensor([[1, -2, 3], [2**31 - 1, -(2**31), 0]], dtype=torch.int32)
    b = torch.tensor([[10, 20, -30], [1, -1, 2**40]], dtype=torch.int64)
    return TorchLoaderOutput(model=PromotionInt32Int64(), inputs=[a, b])
