import torch

from tcp_aot.loader import TorchLoaderOutput


def div_modes_int_loader() -> TorchLoaderOutput:
    """int32 division with rounding_mode trunc and floor, mixed signs."""

    class DivModesInt(torch.nn.Module):
        def forward(self, a, b):
            return torch.div(a, b, rounding_mode="trunc"), torch.div(a, b, rounding_mode="floor")

    a = torch.tensor([[7, -7, 7, -7], [9, -9, 0, -1], [10, -10, 3, -3]], dtype=torch.int32)
    b = torch.tensor([[2, 2, -2, -2], [4, 4, -3, 3], [3, -3, 5, 5]], dtype=torch.int32)
    return TorchLoaderOutput(model=DivModesInt(), inputs=[a, b])
