import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def mlp_mixer_loader() -> TorchLoaderOutput:
    """One MLP-Mixer block on (batch, tokens=16, channels=32): LayerNorm + token-mixing MLP over the transposed dims, LayerNorm + channel-mixing MLP, GELU, residuals."""

    class MlpBlock(torch.nn.Module):
        def __init__(self, dim, hidden):
            super().__init__()
            self.fc1 = torch.nn.Linear(dim, hidden)
            self.fc2 = torch.nn.Linear(hidden, dim)

        def forward(self, x):
            return self.fc2(F.gelu(self.fc1(x)))

    class MixerBlock(torch.nn.Module):
        def __init__(self, tokens=16, channels=32):
            super().__init__()
            self.norm1 = torch.nn.LayerNorm(channels)
            self.token_mlp = MlpBlock(tokens, 2 * tokens)
            self.norm2 = torch.nn.LayerNorm(channels)
            self.channel_mlp = MlpBlock(channels, 2 * channels)

        def forward(self, x):
            x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
            return x + self.channel_mlp(self.norm2(x))

    torch.manual_seed(0)
    model = MixerBlock()
    model.eval()
    # The token count is a Linear's feature dim in the token-mixing MLP, so it is static.
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 16, 32)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
