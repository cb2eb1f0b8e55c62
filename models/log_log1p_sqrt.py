import torch

from tcp_aot.loader import TorchLoaderOutput


def log_log1p_sqrt_loader() -> TorchLoaderOutput:
    """log, log1p and sqrt of positive inputs."""

    class LogLog1pSqrt(torch.nn.Module):
        def forward(self, x):
            return torch.log(x), torch.log1p(x), torch.sqrt(x)

    torch.manual_seed(0)
    return TorchLoaderOutput(model=LogLog1pSqrt(), inputs=[torch.rand(3, 4) + 0.1])
