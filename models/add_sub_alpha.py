import torch

from tcp_aot.loader import TorchLoaderOutput


def add_sub_alpha_loader() -> TorchLoaderOutput:
    """torch.add / torch.sub with a non-unit alpha scaling the second operand."""

    class AddSubAlpha(torch.nn.Module):
        def forward(self, x, y):
            return torch.add(x, y, alpha=2.5), torch.sub(x, y, alpha=0.5)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=AddSubAlpha(),
        inputs=[torch.randn(3, 4), torch.randn(3, 4)],
    )
