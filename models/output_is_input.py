import torch

from tcp_aot.loader import TorchLoaderOutput


def output_is_input_loader() -> TorchLoaderOutput:
    """One output is an input returned unchanged, next to a computed one."""

    class OutputIsInput(torch.nn.Module):
        def forward(self, x, y):
            return x, x + y

    torch.manual_seed(0)
    return TorchLoaderOutput(model=OutputIsInput(), inputs=[torch.randn(3, 4), torch.randn(3, 4)])
