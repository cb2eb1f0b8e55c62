import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def sort_topk_loader() -> TorchLoaderOutput:
    """Sorts both ways, topk of the largest and of the smallest, argsort,
    on dynamic dims; the integer ids have ties, which stable sorts keep in
    order."""

    class SortTopk(torch.nn.Module):
        def forward(self, scores, ids):
            values, order = torch.sort(scores, dim=-1, descending=True)
            top, top_indices = torch.topk(scores, 3, dim=1)
            low, low_indices = torch.topk(scores, 2, dim=0, largest=False)
            ranks = torch.argsort(ids, dim=1, stable=True)
            by_id, by_id_order = torch.sort(ids, dim=0, descending=True, stable=True)
            picked = torch.gather(scores, 1, top_indices)
            return values, order, top, top_indices, low, low_indices, ranks, by_id, by_id_order, picked

    batch, length = Dim("batch", min=2, max=16), Dim("length", min=3, max=64)
    return TorchLoaderOutput(model=SortTopk(), inputs=[torch.randn(4, 10), torch.randint(0, 4, (4, 10))],
                             dynamic_shapes=[{0: batch, 1: length}, {0: batch, 1: length}])
