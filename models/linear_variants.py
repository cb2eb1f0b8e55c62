import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def linear_variants_loader() -> TorchLoaderOutput:
    """Linear with and without bias, on 2-D and 3-D inputs, a transposed
    weight, addmm with beta/alpha, baddbmm, and einsum forms."""

    class LinearVariants(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.with_bias = torch.nn.Linear(6, 4)
            self.no_bias = torch.nn.Linear(6, 3, bias=False)
            self.weight_t = torch.nn.Parameter(torch.randn(6, 5))  # used as x @ w: no transpose
            self.bias = torch.nn.Parameter(torch.randn(5))

        def forward(self, x, seq, c, p, q):
            return (self.with_bias(x),
                    self.no_bias(seq),                                  # 3-D input
                    F.linear(x, self.weight_t.t(), self.bias),          # transposed weight
                    torch.addmm(self.bias, x, self.weight_t, beta=0.5, alpha=2.0),
                    torch.baddbmm(c, p, q, beta=0.25, alpha=1.5),
                    torch.einsum("bij,bkj->bik", p, p),                  # A @ A^T per batch
                    torch.einsum("bij,jk->bik", seq, self.weight_t))

    torch.manual_seed(0)
    model = LinearVariants().eval()
    rows, batch = Dim("rows", min=2, max=64), Dim("batch", min=2, max=64)
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(3, 6), torch.randn(2, 7, 6), torch.randn(2, 4, 3), torch.randn(2, 4, 5),
                torch.randn(2, 5, 3)],
        dynamic_shapes=[{0: rows}, {0: batch}, {0: batch}, {0: batch}, {0: batch}],
    )
