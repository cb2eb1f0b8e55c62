import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def attention_masks_loader() -> TorchLoaderOutput:
    """scaled_dot_product_attention without a mask, causal, with an additive
    float mask and with a boolean mask, on a dynamic batch and sequence."""

    class Attention(torch.nn.Module):
        def forward(self, q, k, v, bias, keep):
            return (F.scaled_dot_product_attention(q, k, v),
                    F.scaled_dot_product_attention(q, k, v, is_causal=True),
                    F.scaled_dot_product_attention(q, k, v, attn_mask=bias),
                    F.scaled_dot_product_attention(q, k, v, attn_mask=keep, scale=0.3))

    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=32)
    keep = torch.rand(5, 5) > 0.3
    keep[:, 0] = True  # every query keeps a key
    return TorchLoaderOutput(
        model=Attention(),
        inputs=[torch.randn(2, 3, 5, 8), torch.randn(2, 3, 5, 8), torch.randn(2, 3, 5, 8), torch.randn(5, 5), keep],
        dynamic_shapes=[{0: batch, 2: seq}, {0: batch, 2: seq}, {0: batch, 2: seq}, {0: seq, 1: seq},
                        {0: seq, 1: seq}],
    )
