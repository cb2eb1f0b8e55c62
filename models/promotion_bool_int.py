import torch

from tcp_aot.loader import TorchLoaderOutput


def promotion_bool_int_loader() -> TorchLoaderOutput:
    """bool + int64 promotes to int64; bool * float32 promotes to float32."""

    class PromotionBoolInt(torch.nn.Module):
        def forward(self, m, a, x):
            return m + a, m * x

    m = torch.tensor([[True, False, True, False], [False, False, True, True]])
    a = torch.tensor([[1, 2, -3, 4], [5, -6, 7, 8]], dtype=torch.int64)
    torch.manual_seed(0)
    return TorchLoaderOutput(model=PromotionBoolInt(), inputs=[m, a, torch.randn(2, 4)])
