import torch

from tcp_aot.loader import TorchLoaderOutput


def mlp_512_loader() -> TorchLoaderOutput:
    """Benchmark: Linear(512,1024)/ReLU/Linear(1024,512)/ReLU/Linear(512,10) at batch 64 (static shapes)."""

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(512, 1024),
        torch.nn.ReLU(),
        torch.nn.Linear(1024, 512),
        torch.nn.ReLU(),
        torch.nn.Linear(512, 10),
    )
    model.eval()
    return TorchLoaderOutput(model=model, inputs=[torch.randn(64, 512)])
