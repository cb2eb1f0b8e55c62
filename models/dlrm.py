import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def dlrm_loader() -> TorchLoaderOutput:
    """DLRM-style recommender: bottom MLP on dense features, three embedding lookups, pairwise dot interactions (bmm, upper triangle), top MLP, sigmoid."""

    class DLRM(torch.nn.Module):
        def __init__(self, dense=13, dim=16, vocabs=(100, 200, 50)):
            super().__init__()
            self.bottom = torch.nn.Sequential(
                torch.nn.Linear(dense, 32), torch.nn.ReLU(), torch.nn.Linear(32, dim), torch.nn.ReLU())
            self.embeddings = torch.nn.ModuleList(torch.nn.Embedding(v, dim) for v in vocabs)
            n = len(vocabs) + 1
            li, lj = torch.triu_indices(n, n, offset=1)
            self.register_buffer("li", li)
            self.register_buffer("lj", lj)
            self.top = torch.nn.Sequential(
                torch.nn.Linear(dim + n * (n - 1) // 2, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))

        def forward(self, dense, ids0, ids1, ids2):
            x = self.bottom(dense)
            feats = [x] + [emb(ids) for emb, ids in zip(self.embeddings, (ids0, ids1, ids2))]
            t = torch.stack(feats, dim=1)  # (batch, 4, dim)
            z = torch.bmm(t, t.transpose(1, 2))  # (batch, 4, 4)
            inter = z[:, self.li, self.lj]  # (batch, 6)
            return torch.sigmoid(self.top(torch.cat([x, inter], dim=1)))

    torch.manual_seed(0)
    model = DLRM()
    model.eval()
    batch = Dim("batch", min=1, max=64)
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randn(4, 13),
                torch.randint(0, 100, (4,), dtype=torch.int64),
                torch.randint(0, 200, (4,), dtype=torch.int64),
                torch.randint(0, 50, (4,), dtype=torch.int64)],
        dynamic_shapes=[{0: batch}, {0: batch}, {0: batch}, {0: batch}],
    )
