import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def transformer_encoder_loader() -> TorchLoaderOutput:
    """nn.TransformerEncoderLayer (d_model 32, 4 heads, feed-forward 64, post-norm, no dropout) on (batch, seq, 32)."""

    torch.manual_seed(0)
    model = torch.nn.TransformerEncoderLayer(
        d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 8, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64), 1: Dim("seq", min=2, max=64)}],
    )
