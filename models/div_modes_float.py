import torch

from tcp_aot.loader import TorchLoaderOutput


def div_modes_float_loader() -> TorchLoaderOutput:
    """float32 division with rounding_mode trunc and floor, mixed signs, and
    quotients floor(a / b) gets wrong (1 // 0.1 is 9, -7 // 0.7 is -11)."""

    class DivModesFloat(torch.nn.Module):
        def forward(self, a, b):
            return torch.div(a, b, rounding_mode="trunc"), torch.div(a, b, rounding_mode="floor")

    a = torch.tensor([[7.0, -7.0, 7.5, -7.5], [9.25, -9.25, 0.0, -1.0], [10.0, -10.0, 3.0, -3.0],
                      [1.0, -7.0, 7.0, 0.3]])
    b = torch.tensor([[2.0, 2.0, -2.0, -2.0], [4.0, 4.0, -3.0, 3.0], [3.0, -3.0, 0.5, 0.5],
                      [0.1, 0.7, -0.7, 0.1]])
    return TorchLoaderOutput(model=DivModesFloat(), inputs=[a, b])
