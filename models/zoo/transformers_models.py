"""HuggingFace transformers models at their real size, from their default
configs (BERT-base, GPT-2 small) with random weights; token ids in, the
batch and sequence dims dynamic."""

from __future__ import annotations

import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput

from .libraries import transformers


class _Tensors(torch.nn.Module):
    """A transformers model returning the named fields of its output (a
    ModelOutput dataclass) as a tuple of tensors."""

    def __init__(self, model, fields: tuple[str, ...]):
        super().__init__()
        self.model, self.fields = model, fields

    def forward(self, input_ids):
        out = self.model(input_ids=input_ids)
        return tuple(getattr(out, f) for f in self.fields)


def _token_model(model, fields: tuple[str, ...], vocab: int, max_tokens: int, tokens: int = 128):
    """A sample of 2 sequences of `tokens` (a batch of 1 would make
    torch.export specialize it)."""
    return TorchLoaderOutput(
        model=_Tensors(model.eval(), fields), inputs=[torch.randint(0, vocab, (2, tokens))],
        dynamic_shapes=[{0: Dim("batch", min=1, max=16), 1: Dim("tokens", min=2, max=max_tokens)}])


def bert_base_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.BertConfig()
    return _token_model(hf.BertModel(config), ("last_hidden_state", "pooler_output"), config.vocab_size,
                        config.max_position_embeddings)


def gpt2_small_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.GPT2Config(use_cache=False)
    return _token_model(hf.GPT2LMHeadModel(config), ("logits",), config.vocab_size, config.n_positions)
