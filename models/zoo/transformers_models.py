"""HuggingFace transformers models, each from its class and a config with
random weights, nothing downloaded; token ids in (the batch and sequence
dims dynamic), images and audio features with the batch dynamic:
- at their real size, from their default configs (BERT-base, GPT-2 small;
  `models_on_demand` in config.yaml);
- at small configurations of their classes (width 64, 2 layers, 4 heads, a
  vocabulary of 1000: the `zoo_*` programs of the default target).
Attention through PyTorch's scaled_dot_product_attention
(`attn_implementation="sdpa"`) wherever the class has it."""

from __future__ import annotations

import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, in_dtype, quantized_int8

from .libraries import transformers


def _token_model(model, outputs: tuple[str, ...], vocab: int, max_tokens: int, tokens: int = 128,
                 min_tokens: int = 2):
    """A sample of 2 sequences of `tokens` (a batch of 1 would make
    torch.export specialize it)."""
    return TorchLoaderOutput(
        model=model.eval(), inputs=[torch.randint(0, vocab, (2, tokens))], outputs=outputs,
        dynamic_shapes=[{0: Dim("batch", min=1, max=16), 1: Dim("tokens", min=min_tokens, max=max_tokens)}])


def _batch_model(model, outputs: tuple[str, ...], sample) -> TorchLoaderOutput:
    """A model of one input (pixel values, audio features) whose first dim
    is the batch (2 in the sample)."""
    return TorchLoaderOutput(model=model.eval(), inputs=[sample], outputs=outputs,
                             dynamic_shapes=[{0: Dim("batch", min=1, max=16)}])


# -- real size ---------------------------------------------------------------


def bert_base_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.BertConfig()
    return _token_model(hf.BertModel(config), ("last_hidden_state", "pooler_output"), config.vocab_size,
                        config.max_position_embeddings)


def gpt2_small_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.GPT2Config(use_cache=False)
    return _token_model(hf.GPT2LMHeadModel(config), ("logits",), config.vocab_size, config.n_positions)


def bert_base_bf16_loader() -> TorchLoaderOutput:
    """BERT-base in bfloat16 (its products on the CPU's bf16 tiles)."""
    return in_dtype(bert_base_loader(), torch.bfloat16)


def bert_base_int8_loader() -> TorchLoaderOutput:
    """BERT-base quantized to int8 (PT2E, x86: its linear layers' products
    on the CPU's int8 tiles)."""
    return quantized_int8(bert_base_loader())


def bert_base_int8_dynamic_loader() -> TorchLoaderOutput:
    """BERT-base with its linear layers quantized dynamically (PT2E, x86:
    each activation's scale and zero point chosen from its range at run
    time)."""
    return quantized_int8(bert_base_loader(), dynamic=True)


def llama_1b_layers_loader() -> TorchLoaderOutput:
    """An LLM's decoder layers: TinyLlama-1.1B's layer shapes (width 2048,
    SwiGLU MLP of 5632, 32 query heads sharing 4 key/value heads), 2 of its
    22 layers, its vocabulary of 32000 and logits."""
    hf = transformers()
    config = hf.LlamaConfig(hidden_size=2048, intermediate_size=5632, num_hidden_layers=2, num_attention_heads=32,
                            num_key_value_heads=4, max_position_embeddings=2048, use_cache=False,
                            attn_implementation="sdpa")
    return _token_model(hf.LlamaForCausalLM(config), ("logits",), config.vocab_size, config.max_position_embeddings)


def llama_1b_layers_bf16_loader() -> TorchLoaderOutput:
    """llama_1b_layers_loader's model in bfloat16, as LLMs are deployed."""
    return in_dtype(llama_1b_layers_loader(), torch.bfloat16)


def llama_1b_layers_int8_loader() -> TorchLoaderOutput:
    """llama_1b_layers_loader's model quantized to int8 (PT2E, x86)."""
    return quantized_int8(llama_1b_layers_loader())


# -- small -----------------------------------------------------------------------

_SMALL = dict(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
              intermediate_size=128, max_position_embeddings=64)
_TOKENS = 32


def _causal_lm(model_class, config) -> TorchLoaderOutput:
    """A decoder's logits on a sample of _TOKENS tokens."""
    return _token_model(model_class(config), ("logits",), config.vocab_size, config.max_position_embeddings,
                        _TOKENS)


def bert_mini_loader() -> TorchLoaderOutput:
    """Token ids and an attention mask (int64, the second sequence padded),
    both [batch, tokens] with the two dims dynamic."""
    hf = transformers()
    config = hf.BertConfig(**_SMALL, attn_implementation="sdpa")
    ids = torch.randint(0, config.vocab_size, (2, _TOKENS))
    mask = torch.ones(2, _TOKENS, dtype=torch.int64)
    mask[1, _TOKENS // 2:] = 0
    dims = {0: Dim("batch", min=1, max=16), 1: Dim("tokens", min=2, max=config.max_position_embeddings)}
    return TorchLoaderOutput(model=hf.BertModel(config).eval(), inputs=[ids, mask],
                             outputs=("last_hidden_state", "pooler_output"), dynamic_shapes=[dims, dims])


def distilbert_mini_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.DistilBertConfig(vocab_size=1000, dim=64, n_layers=2, n_heads=4, hidden_dim=128,
                                 max_position_embeddings=64, attn_implementation="sdpa")
    return _token_model(hf.DistilBertModel(config), ("last_hidden_state",), config.vocab_size,
                        config.max_position_embeddings, _TOKENS)


def roberta_mini_loader() -> TorchLoaderOutput:
    """Positions start after the padding index (1): 2 fewer tokens than
    position embeddings."""
    hf = transformers()
    config = hf.RobertaConfig(**_SMALL, attn_implementation="sdpa")
    return _token_model(hf.RobertaModel(config), ("last_hidden_state", "pooler_output"), config.vocab_size,
                        config.max_position_embeddings - 2, _TOKENS)


def gpt2_mini_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.GPT2Config(vocab_size=1000, n_positions=64, n_embd=64, n_layer=2, n_head=4, use_cache=False,
                           bos_token_id=0, eos_token_id=0, attn_implementation="sdpa")
    return _token_model(hf.GPT2LMHeadModel(config), ("logits",), config.vocab_size, config.n_positions, _TOKENS)


def t5_encoder_mini_loader() -> TorchLoaderOutput:
    """T5's encoder (relative position buckets, RMS layer norm, ReLU MLP);
    the position bias is sdpa's additive mask."""
    hf = transformers()
    config = hf.T5Config(vocab_size=1000, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4,
                         use_cache=False, attn_implementation="sdpa")
    return _token_model(hf.T5EncoderModel(config), ("last_hidden_state",), config.vocab_size, 64, _TOKENS)


def llama_mini_loader() -> TorchLoaderOutput:
    """A Llama decoder: RMSNorm, rotary embeddings, SwiGLU, grouped-query
    attention (4 query heads, 2 key/value heads); logits."""
    hf = transformers()
    config = hf.LlamaConfig(**_SMALL, num_key_value_heads=2, use_cache=False, attn_implementation="sdpa")
    return _causal_lm(hf.LlamaForCausalLM, config)


def qwen2_mini_loader() -> TorchLoaderOutput:
    """Qwen2: Llama's decoder with biases on the q/k/v projections; logits."""
    hf = transformers()
    config = hf.Qwen2Config(**_SMALL, num_key_value_heads=2, use_cache=False, attn_implementation="sdpa")
    return _causal_lm(hf.Qwen2ForCausalLM, config)


def qwen2_bf16_mini_loader() -> TorchLoaderOutput:
    """qwen2_mini_loader's model in bfloat16, as LLMs are deployed."""
    return in_dtype(qwen2_mini_loader(), torch.bfloat16)


def bert_bf16_mini_loader() -> TorchLoaderOutput:
    """bert_mini_loader's model in bfloat16."""
    return in_dtype(bert_mini_loader(), torch.bfloat16)


def bert_int8_mini_loader() -> TorchLoaderOutput:
    """bert_mini_loader's model quantized to int8 (PT2E, x86)."""
    return quantized_int8(bert_mini_loader())


def bert_int8_dynamic_mini_loader() -> TorchLoaderOutput:
    """bert_mini_loader's model with its linear layers quantized dynamically
    (PT2E, x86)."""
    return quantized_int8(bert_mini_loader(), dynamic=True)


def llama_int8_mini_loader() -> TorchLoaderOutput:
    """llama_mini_loader's model quantized to int8 (PT2E, x86)."""
    return quantized_int8(llama_mini_loader())


def vit_mini_loader() -> TorchLoaderOutput:
    """32x32 images in patches of 8 (16 patches and the class token); H and
    W static."""
    hf = transformers()
    config = hf.ViTConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128,
                          image_size=32, patch_size=8, attn_implementation="sdpa")
    return _batch_model(hf.ViTModel(config), ("last_hidden_state", "pooler_output"), torch.randn(2, 3, 32, 32))


def whisper_encoder_mini_loader() -> TorchLoaderOutput:
    """Whisper's encoder (two convolutions, the second of stride 2, then the
    transformer): features [batch, 16 mel bins, 32 frames]; the frames are
    static (the encoder requires exactly 2 * max_source_positions)."""
    hf = transformers()
    from transformers.models.whisper.modeling_whisper import WhisperEncoder

    config = hf.WhisperConfig(num_mel_bins=16, d_model=64, encoder_layers=2, encoder_attention_heads=4,
                              encoder_ffn_dim=128, max_source_positions=16, vocab_size=1000,
                              decoder_layers=2, decoder_attention_heads=4, decoder_ffn_dim=128,
                              pad_token_id=0, bos_token_id=0, eos_token_id=0, decoder_start_token_id=1,
                              use_cache=False, attn_implementation="sdpa")
    return _batch_model(WhisperEncoder(config), ("last_hidden_state",),
                        torch.randn(2, config.num_mel_bins, 2 * config.max_source_positions))
