import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def multihead_attention_loader() -> TorchLoaderOutput:
    """nn.MultiheadAttention self-attention (embed 32, 4 heads, batch_first), attention output only."""

    class SelfAttention(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.mha = torch.nn.MultiheadAttention(32, 4, batch_first=True)

        def forward(self, x):
            out, _ = self.mha(x, x, x, need_weights=False)
            return out

    torch.manual_seed(0)
    model = SelfAttention()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 8, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64), 1: Dim("seq", min=2, max=64)}],
    )
