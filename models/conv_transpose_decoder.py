import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def conv_transpose_decoder_loader() -> TorchLoaderOutput:
    """DCGAN-style decoder: Linear to 32x4x4, then ConvTranspose2d (stride 2) / BN / ReLU x2 and a ConvTranspose2d + Tanh to 3x32x32."""

    class Decoder(torch.nn.Module):
        def __init__(self, latent=16):
            super().__init__()
            self.fc = torch.nn.Linear(latent, 32 * 4 * 4)
            self.net = torch.nn.Sequential(
                torch.nn.ConvTranspose2d(32, 16, 4, stride=2, padding=1),
                torch.nn.BatchNorm2d(16),
                torch.nn.ReLU(),
                torch.nn.ConvTranspose2d(16, 8, 4, stride=2, padding=1),
                torch.nn.BatchNorm2d(8),
                torch.nn.ReLU(),
                torch.nn.ConvTranspose2d(8, 3, 3, stride=2, padding=1, output_padding=1),
                torch.nn.Tanh(),
            )

        def forward(self, z):
            return self.net(self.fc(z).view(-1, 32, 4, 4))

    torch.manual_seed(0)
    model = Decoder()
    with torch.no_grad():  # non-trivial running statistics
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.copy_(torch.randn(m.num_features) * 0.1)
                m.running_var.copy_(torch.rand(m.num_features) + 0.5)
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(2, 16)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64)}],
    )
