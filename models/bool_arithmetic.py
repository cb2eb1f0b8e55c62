import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def bool_arithmetic_loader() -> TorchLoaderOutput:
    """Arithmetic that stays bool: + is a logical or, * a logical and (also
    with a bool scalar), and sqrt of a bool is a float."""

    class BoolArithmetic(torch.nn.Module):
        def forward(self, p, q):
            return p + q, p * q, q + True, torch.sqrt(p)

    p = torch.tensor([[True, False, True, False], [True, True, False, False]])
    q = torch.tensor([[True, True, False, False], [False, True, False, True]])
    return TorchLoaderOutput(model=BoolArithmetic(), inputs=[p, q],
                             dynamic_shapes=[{0: Dim("n", min=2)}, {0: Dim("n", min=2)}])
