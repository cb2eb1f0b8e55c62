import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def embedding_bags_loader() -> TorchLoaderOutput:
    """EmbeddingBag in each mode, on bags given by offsets (with an empty
    bag and a padding index) and by 2-D ids, with per-sample weights; the
    number of ids is dynamic."""

    class EmbeddingBags(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.sum = torch.nn.EmbeddingBag(12, 5, mode="sum")
            self.mean = torch.nn.EmbeddingBag(12, 5, mode="mean", padding_idx=1)
            self.max = torch.nn.EmbeddingBag(12, 5, mode="max", padding_idx=1)
            self.last = torch.nn.EmbeddingBag(12, 5, mode="mean", include_last_offset=True)

        def forward(self, ids, offsets, weights, grid):
            return (self.sum(ids, offsets, per_sample_weights=weights), self.mean(ids, offsets),
                    self.max(ids, offsets), self.last(ids, torch.cat([offsets, ids.new_full((1,), ids.shape[0])])),
                    self.mean(grid), self.max(grid))

    ids = torch.tensor([3, 1, 7, 7, 2, 1, 1, 11, 0, 5])
    offsets = torch.tensor([0, 3, 3, 5, 7])  # bag 1 is empty; bag 3 is all padding
    n = Dim("n", min=8, max=256)
    return TorchLoaderOutput(model=EmbeddingBags().eval(),
                             inputs=[ids, offsets, torch.rand(10), torch.randint(0, 12, (3, 4))],
                             dynamic_shapes=[{0: n}, None, {0: n}, None])
