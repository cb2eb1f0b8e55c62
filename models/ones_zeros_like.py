import torch

from tcp_aot.loader import TorchLoaderOutput


def ones_zeros_like_loader() -> TorchLoaderOutput:
    """ones_like, zeros_like and constant ones/zeros fills used in arithmetic."""

    class OnesZerosLike(torch.nn.Module):
        def forward(self, x):
            a = x + torch.ones_like(x) * 2.0
            b = torch.zeros_like(x) - x
            c = x * torch.ones(3, 4) + torch.zeros(4)
            d = x[:, :2] + torch.zeros(2)
            return a, b, c, d

    torch.manual_seed(0)
    return TorchLoaderOutput(model=OnesZerosLike(), inputs=[torch.randn(3, 4)])
