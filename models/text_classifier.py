import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput


def text_classifier_loader() -> TorchLoaderOutput:
    """Bag-of-embeddings text classifier: nn.Embedding(1000, 32) on int64 ids, mean over the sequence, Linear to 4 classes."""

    class TextClassifier(torch.nn.Module):
        def __init__(self, vocab=1000, dim=32, classes=4):
            super().__init__()
            self.embedding = torch.nn.Embedding(vocab, dim)
            self.fc = torch.nn.Linear(dim, classes)

        def forward(self, ids):
            return self.fc(self.embedding(ids).mean(dim=1))

    torch.manual_seed(0)
    model = TextClassifier()
    model.eval()
    return TorchLoaderOutput(
        model=model,
        inputs=[torch.randint(0, 1000, (2, 8), dtype=torch.int64)],
        dynamic_shapes=[{0: Dim("batch", min=1, max=64), 1: Dim("seq", min=2, max=64)}],
    )
