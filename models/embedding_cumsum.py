import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def embedding_cumsum_loader() -> TorchLoaderOutput:
    """An embedding lookup with a padding index on dynamic batch and
    sequence, a positional cumsum of a mask, and a gather of positions."""

    class EmbeddingCumsum(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(20, 6, padding_idx=0)

        def forward(self, ids):
            mask = (ids != 0).to(torch.int64)
            positions = torch.cumsum(mask, dim=1) * mask
            return self.emb(ids), positions, self.emb(ids).cumsum(dim=1)

    torch.manual_seed(0)
    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=32)
    ids = torch.randint(0, 20, (3, 7))
    ids[:, -2:] = 0
    return TorchLoaderOutput(model=EmbeddingCumsum().eval(), inputs=[ids], dynamic_shapes=[{0: batch, 1: seq}])
