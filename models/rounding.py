import torch

from tcp_aot.loader import TorchLoaderOutput


def rounding_loader() -> TorchLoaderOutput:
    """ceil, floor and round, with exact .5 ties (round is ties-to-even)."""

    class Rounding(torch.nn.Module):
        def forward(self, x):
            return torch.ceil(x), torch.floor(x), torch.round(x)

    x = torch.tensor([[0.5, 1.5, 2.5, -0.5], [-2.5, -1.5, 3.5, 0.0], [1.2, -1.2, 2.7, -2.7]])
    return TorchLoaderOutput(model=Rounding(), inputs=[x])
