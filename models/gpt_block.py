import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def gpt_block_loader() -> TorchLoaderOutput:
    """A GPT-2 style pre-norm decoder block: LayerNorm, causal self-attention (SDPA), GELU MLP, residuals."""

    class CausalSelfAttention(torch.nn.Module):
        def __init__(self, d_model, n_head):
            super().__init__()
            self.n_head = n_head
            self.qkv = torch.nn.Linear(d_model, 3 * d_model)
            self.proj = torch.nn.Linear(d_model, d_model)

        def forward(self, x):
            b, t, c = x.shape
            q, k, v = self.qkv(x).split(c, dim=2)
            q = q.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
            k = k.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
            v = v.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            return self.proj(y.transpose(1, 2).reshape(b, t, c))

    class GPTBlock(torch.nn.Module):
        def __init__(self, d_model=32, n_head=4):
            super().__init__()
            self.ln1 = torch.nn.LayerNorm(d_model)
            self.attn = CausalSelfAttention(d_model, n_head)
            self.ln2 = torch.nn.LayerNorm(d_model)
            self.fc = torch.nn.Linear(d_model, 4 * d_model)
            self.fc_proj = torch.nn.Linear(4 * d_model, d_model)

        def forward(self, x):
            x = x + self.attn(self.ln1(x))
            return x + self.fc_proj(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    torch.manual_seed(0)
    model = GPTBlock()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 8, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64), 1: Dim("seq", min=2, max=64)}],
    )
