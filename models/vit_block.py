import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def vit_block_loader() -> TorchLoaderOutput:
    """ViT front: 8x8 patch embedding (Conv2d, kernel=stride), class token, position embedding, one pre-norm transformer block, class-token head."""

    class Block(torch.nn.Module):
        def __init__(self, d_model, n_head, mlp):
            super().__init__()
            self.n_head = n_head
            self.ln1 = torch.nn.LayerNorm(d_model)
            self.qkv = torch.nn.Linear(d_model, 3 * d_model)
            self.proj = torch.nn.Linear(d_model, d_model)
            self.ln2 = torch.nn.LayerNorm(d_model)
            self.fc1 = torch.nn.Linear(d_model, mlp)
            self.fc2 = torch.nn.Linear(mlp, d_model)

        def forward(self, x):
            b, t, c = x.shape
            h = self.n_head
            qkv = self.qkv(self.ln1(x)).reshape(b, t, 3, h, c // h).permute(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]
            y = F.scaled_dot_product_attention(q, k, v)
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
            return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

    class ViTBlock(torch.nn.Module):
        def __init__(self, image=32, patch=8, d_model=32, n_head=4, classes=10):
            super().__init__()
            n_patches = (image // patch) ** 2
            self.patch_embed = torch.nn.Conv2d(3, d_model, patch, stride=patch)
            self.cls_token = torch.nn.Parameter(torch.randn(1, 1, d_model) * 0.02)
            self.pos_embed = torch.nn.Parameter(torch.randn(1, n_patches + 1, d_model) * 0.02)
            self.block = Block(d_model, n_head, 2 * d_model)
            self.norm = torch.nn.LayerNorm(d_model)
            self.head = torch.nn.Linear(d_model, classes)

        def forward(self, x):
            x = self.patch_embed(x).flatten(2).transpose(1, 2)  # (batch, patches, d_model)
            cls = self.cls_token.expand(x.shape[0], -1, -1)
            x = torch.cat([cls, x], dim=1) + self.pos_embed
            x = self.norm(self.block(x))
            return self.head(x[:, 0])

    torch.manual_seed(0)
    model = ViTBlock()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 3, 32, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
