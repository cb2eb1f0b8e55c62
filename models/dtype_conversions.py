import torch

from tcp_aot.loader import TorchLoaderOutput


def dtype_conversions_loader() -> TorchLoaderOutput:
    """.to(dtype) among bool, int8, int32, int64, float32 and float64."""

    class DtypeConversions(torch.nn.Module):
        def forward(self, x, i):
            return (
                x.to(torch.int32),  # float -> int truncates toward zero
                x.to(torch.float64),
                x.to(torch.bool),
                i.to(torch.int8),
                i.to(torch.float32),
                i.to(torch.bool).to(torch.int64),
                i.to(torch.int8).to(torch.int32) * 2,
            )

    x = torch.tensor([[0.0, 1.7, -1.7, 2.5], [-3.2, 0.25, 100.9, -0.9]])
    i = torch.tensor([[0, 1, -1, 127], [-128, 5, -60, 0]], dtype=torch.int64)
    return TorchLoaderOutput(model=DtypeConversions(), inputs=[x, i])
