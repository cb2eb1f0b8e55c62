import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def split_stack_loader() -> TorchLoaderOutput:
    """split, split with sizes, chunk, unbind along static and dynamic-sized
    tensors, stack, and cat of the pieces."""

    class SplitStack(torch.nn.Module):
        def forward(self, x, y):
            a, b, c = x.split(2, dim=1)
            p, q = x.split([1, 5], dim=1)
            h1, h2 = x.chunk(2, dim=1)
            r0, r1, r2 = y.unbind(1)
            return (a, b, c, p, q, torch.stack([a, c], dim=0), torch.stack([h1, h2], dim=-1), r0, r1, r2,
                    torch.stack([r0, r1, r2], dim=1), torch.cat([c, a, b], dim=1))

    rows = Dim("rows", min=2, max=32)
    return TorchLoaderOutput(
        model=SplitStack(),
        inputs=[torch.randn(4, 6), torch.randn(4, 3)],
        dynamic_shapes=[{0: rows}, {0: rows}],
    )
