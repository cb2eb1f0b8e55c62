import torch

from tcp_aot.loader import TorchLoaderOutput


def promotion_int_float_scalar_loader() -> TorchLoaderOutput:
    """An int64 tensor plus a Python float promotes to float32."""

    class PromotionIntFloatScalar(torch.nn.Module):
        def forward(self, a):
            return a + 2.5

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=PromotionIntFloatScalar(), inputs=[torch.randint(-50, 50, (3, 4))]
    )
