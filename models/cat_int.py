import torch

from tcp_aot.loader import TorchLoaderOutput


def cat_int_loader() -> TorchLoaderOutput:
    """torch.cat of three static int64 tensors along dim 1."""

    class CatInt(torch.nn.Module):
        def forward(self, a, b, c):
            return torch.cat([a, b, c], dim=1)

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=CatInt(),
        inputs=[torch.randint(-9, 9, (2, 1)), torch.randint(-9, 9, (2, 3)), torch.randint(-9, 9, (2, 2))],
    )
