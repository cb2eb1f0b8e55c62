import torch

from tcp_aot.loader import TorchLoaderOutput


def relu_sigmoid_tanh_loader() -> TorchLoaderOutput:
    """The activations relu, sigmoid and tanh."""

    class ReluSigmoidTanh(torch.nn.Module):
        def forward(self, x):
            return torch.relu(x), torch.sigmoid(x), torch.tanh(x)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=ReluSigmoidTanh(), inputs=[torch.randn(3, 4) * 3])
