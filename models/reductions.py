import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def reductions_loader() -> TorchLoaderOutput:
    """Float reductions over one or several dims, keepdim or not, on dynamic
    dims: sum, mean, prod, amax, amin, max/min with indices, argmax,
    argmin, var and std with a correction, logsumexp, vector norms."""

    class Reductions(torch.nn.Module):
        def forward(self, x):
            values, indices = x.max(dim=1)
            low, low_at = x.min(dim=2, keepdim=True)
            return (x.sum(dim=(0, 2)), x.mean(dim=1, keepdim=True), x.mean(), x.prod(dim=2),
                    x.amax(dim=(1, 2)), x.amin(dim=0, keepdim=True), values, indices, low, low_at,
                    x.argmax(dim=2), x.argmin(), x.var(dim=1, correction=0), x.std(dim=(0, 2), keepdim=True),
                    x.var(), torch.logsumexp(x, dim=2), torch.linalg.vector_norm(x, 1, dim=2),
                    torch.linalg.vector_norm(x, dim=(1, 2)), torch.linalg.vector_norm(x, float("inf"), dim=1),
                    x.norm(p=3, dim=2))

    rows, cols = Dim("rows", min=2, max=32), Dim("cols", min=2, max=32)
    return TorchLoaderOutput(
        model=Reductions(),
        inputs=[torch.randn(3, 5, 4)],
        dynamic_shapes=[{0: rows, 2: cols}],
    )
