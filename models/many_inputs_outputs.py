import torch

from tcp_aot.loader import TorchLoaderOutput


def many_inputs_outputs_loader() -> TorchLoaderOutput:
    """Four inputs (float32, int64, row vector, 0-d) and three outputs of mixed dtypes."""

    class ManyInputsOutputs(torch.nn.Module):
        def forward(self, x, i, row, s):
            a = torch.relu(x - row) * s
            b = i * 2 + 1
            c = torch.clamp(x + i, min=-1.0, max=3.0)
            return a, b, c

    torch.manual_seed(0)
    return TorchLoaderOutput(
        model=ManyInputsOutputs(),
        inputs=[torch.randn(3, 4), torch.randint(-5, 5, (3, 4)), torch.randn(1, 4), torch.tensor(1.5)],
    )
