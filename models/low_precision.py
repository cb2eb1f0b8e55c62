"""Models in bfloat16 and float16, as users get them: `model.to(dtype)` on
a float32 model (inputs, outputs and weights in that dtype), and a model
that mixes dtypes itself."""

import torch
import torch.nn.functional as F
from torch.export import Dim

from models.gpt_block import gpt_block_loader
from models.mlp import mlp_loader
from models.resnet_basic_block import resnet_basic_block_loader
from tcp_aot.loader import TorchLoaderOutput, in_dtype


def gpt_block_bf16_loader() -> TorchLoaderOutput:
    """models/gpt_block.py's decoder block (LayerNorm, causal SDPA, GELU MLP) in bfloat16."""
    return in_dtype(gpt_block_loader(), torch.bfloat16)


def resnet_basic_block_bf16_loader() -> TorchLoaderOutput:
    """models/resnet_basic_block.py (convolutions, batch norms, ReLU, a strided shortcut) in bfloat16."""
    return in_dtype(resnet_basic_block_loader(), torch.bfloat16)


def mlp_f16_loader() -> TorchLoaderOutput:
    """models/mlp.py in float16."""
    return in_dtype(mlp_loader(), torch.float16)


def mixed_precision_loader() -> TorchLoaderOutput:
    """A float32 input and a bfloat16 one, a bfloat16 linear layer and
    softmax inside (as autocast would run them), a float32 residual and
    layer norm: one float32 output and one bfloat16."""

    class Mixed(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = torch.nn.Linear(48, 48).to(torch.bfloat16)
            self.norm = torch.nn.LayerNorm(48)

        def forward(self, x, bias):
            h = F.softmax(self.proj(x.to(torch.bfloat16)) + bias, dim=-1)
            return self.norm(x + h.float()), h

    torch.manual_seed(0)
    model = Mixed().eval()
    return TorchLoaderOutput(model=model, inputs=[torch.randn(3, 48), torch.randn(48).to(torch.bfloat16)],
                             dynamic_shapes=[{0: Dim("batch", min=1, max=64)}, None])
