import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def conv_variants_loader() -> TorchLoaderOutput:
    """Convolutions beyond the real models': padding="same" with dilation,
    stride per dim, grouped 1-D with dilation, no bias, transposed with
    groups, dilation and output_padding."""

    class ConvVariants(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.same = torch.nn.Conv2d(4, 6, 3, padding="same", dilation=2)
            self.strided = torch.nn.Conv2d(4, 8, (3, 2), stride=(2, 1), padding=(1, 0), bias=False)
            self.grouped_1d = torch.nn.Conv1d(4, 6, 3, groups=2, dilation=2, padding=2)
            self.transposed = torch.nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2,
                                                       dilation=1)
            self.transposed_dilated = torch.nn.ConvTranspose2d(4, 2, 2, stride=1, dilation=2, bias=False)

        def forward(self, x, s):
            return (self.same(x), self.strided(x), self.grouped_1d(s), self.transposed(x),
                    self.transposed_dilated(x))

    torch.manual_seed(0)
    batch = Dim("batch", min=1, max=16)
    return TorchLoaderOutput(
        model=ConvVariants().eval(),
        inputs=[torch.randn(2, 4, 7, 6), torch.randn(2, 4, 11)],
        dynamic_shapes=[{0: batch}, {0: batch}],
    )
