import torch
import torch.nn.functional as F
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def pooling_variants_loader() -> TorchLoaderOutput:
    """Max and average pooling, 1-D and 2-D, with padding, dilation,
    ceil_mode, count_include_pad and divisor_override; adaptive average
    pooling to 1x1 and to sizes that divide the input."""

    class PoolingVariants(torch.nn.Module):
        def forward(self, x, s):
            return (F.max_pool2d(x, 3, 2, padding=1, dilation=2, ceil_mode=True),
                    F.max_pool2d(x, (2, 3), (1, 2)),
                    F.avg_pool2d(x, 3, 2, padding=1, ceil_mode=True, count_include_pad=False),
                    F.avg_pool2d(x, 2, padding=1, count_include_pad=True),
                    F.avg_pool2d(x, 3, 1, divisor_override=4),
                    F.adaptive_avg_pool2d(x, 1),
                    F.adaptive_avg_pool2d(x, (2, 3)),
                    F.max_pool1d(s, 3, 2, padding=1, ceil_mode=True),
                    F.avg_pool1d(s, 4, 3, padding=2, ceil_mode=True, count_include_pad=False),
                    F.adaptive_avg_pool1d(s, 3))

    batch = Dim("batch", min=1, max=16)
    return TorchLoaderOutput(
        model=PoolingVariants(),
        inputs=[torch.randn(2, 3, 8, 9), torch.randn(2, 3, 12)],
        dynamic_shapes=[{0: batch}, {0: batch}],
    )
