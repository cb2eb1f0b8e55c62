import torch

from tcp_aot.loader import TorchLoaderOutput


def batch_norm_eval_loader() -> TorchLoaderOutput:
    """BatchNorm1d in eval mode with non-trivial running stats, weight and bias."""

    class BatchNormEval(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.bn = torch.nn.BatchNorm1d(4)

        def forward(self, x):
            return self.bn(x)

    torch.manual_seed(0)
    model = BatchNormEval()
    with torch.no_grad():
        model.bn.running_mean.copy_(torch.tensor([0.5, -1.0, 2.0, 0.0]))
        model.bn.running_var.copy_(torch.tensor([1.5, 0.25, 4.0, 0.8]))
        model.bn.weight.copy_(torch.tensor([1.2, -0.7, 0.3, 2.0]))
        model.bn.bias.copy_(torch.tensor([0.1, 0.2, -0.3, 0.4]))
    model.eval()
    return TorchLoaderOutput(model=model, inputs=[torch.randn(3, 4)])
