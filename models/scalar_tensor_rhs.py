import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def scalar_tensor_rhs_loader() -> TorchLoaderOutput:
    """A dynamic [N,3] tensor plus a 0-d tensor input on the right-hand side."""

    class ScalarTensorRhs(torch.nn.Module):
        def forward(self, x, s):
            return x + s

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=ScalarTensorRhs(),
        inputs=[torch.randn(4, 3), torch.tensor(-2.5)],
        dynamic_shapes=[{0: Dim("n", min=2)}, {}],
    )
