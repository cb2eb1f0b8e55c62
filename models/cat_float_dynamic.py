import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def cat_float_dynamic_loader() -> TorchLoaderOutput:
    """torch.cat along dim 0 where the first operand's dim 0 is dynamic."""

    class CatFloatDynamic(torch.nn.Module):
        def forward(self, x, y):
            return torch.cat([x, y], dim=0)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=CatFloatDynamic(),
        inputs=[torch.randn(3, 4), torch.randn(2, 4)],
        dynamic_shapes=[{0: Dim("n", min=2)}, {}],
    )
