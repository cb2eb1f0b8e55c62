import torch

from tcp_aot.loader import TorchLoaderOutput


def linear_weights_elementwise_loader() -> TorchLoaderOutput:
    """Parameters used elementwise, x * w + b (the weights become constants)."""

    torch.manual_seed(0)

    class LinearWeightsElementwise(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.randn(3, 4))
            self.b = torch.nn.Parameter(torch.randn(4))

        def forward(self, x):
            return x * self.w + self.b

    return TorchLoaderOutput(model=LinearWeightsElementwise(), inputs=[torch.randn(3, 4)])
