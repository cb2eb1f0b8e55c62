import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def shape_ops_loader() -> TorchLoaderOutput:
    """view, reshape, flatten, unflatten, squeeze, unsqueeze, permute,
    transpose, t, expand, repeat, constant padding (incl. negative),
    narrow, select, flip on a tensor with a dynamic leading dim."""

    class ShapeOps(torch.nn.Module):
        def forward(self, x, m):
            b = x.shape[0]
            return (x.view(b, -1), x.reshape(b, 4, 6), x.flatten(1), x.flatten(0, 1).unflatten(1, (2, 6)),
                    x.unsqueeze(1).squeeze(1), x[:, None, :, None].squeeze(-1), x.permute(2, 0, 1),
                    x.transpose(1, 2), m.t(), m.t().unsqueeze(0).expand(b, 3, 5), x.repeat(1, 2, 1),
                    torch.nn.functional.pad(x, (1, 2, 0, 1), value=0.5), torch.nn.functional.pad(x, (-2, 1)),
                    x.narrow(2, 3, 4), x[:, 1], x.select(2, -1), x.flip(0, 2), x.flip(-1))

    batch = Dim("batch", min=2, max=32)
    return TorchLoaderOutput(
        model=ShapeOps(),
        inputs=[torch.randn(3, 2, 12), torch.randn(5, 3)],
        dynamic_shapes=[{0: batch}, {}],
    )
