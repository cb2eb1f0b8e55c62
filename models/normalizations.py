import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def normalizations_loader() -> TorchLoaderOutput:
    """softmax and log_softmax over a dynamic dim, layer_norm with and
    without affine weights, rms_norm, batch_norm in eval mode."""

    class Normalizations(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.ln = torch.nn.LayerNorm(8)
            self.rms = torch.nn.RMSNorm(8, eps=1e-5)
            self.bn = torch.nn.BatchNorm1d(4)

        def forward(self, x, c):
            return (F.softmax(x, dim=-1), F.softmax(x, dim=1), F.log_softmax(x, dim=-1), self.ln(x),
                    F.layer_norm(x, (5, 8)), self.rms(x), self.bn(c))

    torch.manual_seed(0)
    model = Normalizations()
    with torch.no_grad():
        model.ln.weight.copy_(torch.randn(8))
        model.ln.bias.copy_(torch.randn(8))
        model.rms.weight.copy_(torch.randn(8))
        model.bn.running_mean.copy_(torch.randn(4))
        model.bn.running_var.copy_(torch.rand(4) + 0.5)
    model.eval()
    batch = Dim("batch", min=1, max=32)
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(3, 5, 8), torch.randn(3, 4, 6)],
        dynamic_shapes=[{0: batch}, {0: batch}],
    )
