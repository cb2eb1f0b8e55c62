"""Library models beyond the zoo, for the coverage report only
(`snakemake -j2 coverage --configfile models/zoo/beyond.yaml`): more of
torchvision's and transformers' classes, as a user would bring them, at
small sizes (64x64 images, or the class's smallest input; transformers at
width 64, 2 layers, 4 heads, a vocabulary of 1000), random weights, the
batch (and the tokens) dynamic. What fails here is what to support next.
"""

from __future__ import annotations

import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput

from .libraries import transformers
from .torchvision_models import _images, _named
from .transformers_models import _SMALL, _TOKENS, _batch_model, _causal_lm, _token_model

# -- torchvision ---------------------------------------------------------------


def alexnet_loader() -> TorchLoaderOutput:
    return _named("alexnet", 64, num_classes=10)


def vgg11_bn_loader() -> TorchLoaderOutput:
    return _named("vgg11_bn", 64, num_classes=10)


def squeezenet1_1_loader() -> TorchLoaderOutput:
    return _named("squeezenet1_1", 64, num_classes=10)


def densenet121_loader() -> TorchLoaderOutput:
    return _named("densenet121", 64, num_classes=10)


def googlenet_loader() -> TorchLoaderOutput:
    return _named("googlenet", 64, num_classes=10, aux_logits=False, init_weights=True)


def inception_v3_loader() -> TorchLoaderOutput:
    """Its smallest input: 75x75."""
    return _named("inception_v3", 75, num_classes=10, aux_logits=False, init_weights=True)


def mnasnet0_5_loader() -> TorchLoaderOutput:
    return _named("mnasnet0_5", 64, num_classes=10)


def mobilenet_v3_small_loader() -> TorchLoaderOutput:
    return _named("mobilenet_v3_small", 64, num_classes=10)


def resnext50_32x4d_loader() -> TorchLoaderOutput:
    return _named("resnext50_32x4d", 64, num_classes=10)


def efficientnet_v2_s_loader() -> TorchLoaderOutput:
    return _named("efficientnet_v2_s", 64, num_classes=10)


def regnet_x_400mf_loader() -> TorchLoaderOutput:
    return _named("regnet_x_400mf", 64, num_classes=10)


def maxvit_t_loader() -> TorchLoaderOutput:
    """MaxVit (maxvit_t's class): 64x64 images, partitions of 4, two
    stages of one block, widths 32 and 64."""
    from .libraries import torchvision

    model = torchvision().models.maxvit.MaxVit(input_size=(64, 64), stem_channels=16, partition_size=4,
                                               block_channels=[32, 64], block_layers=[1, 1], head_dim=16,
                                               stochastic_depth_prob=0.0, num_classes=10)
    return _images(model, 64)


def swin_v2_loader() -> TorchLoaderOutput:
    """SwinTransformer with V2 blocks (swin_v2_t's class: cosine attention,
    a log-spaced continuous position bias), 64x64 images, windows of 4."""
    from .libraries import torchvision

    swin = torchvision().models.swin_transformer
    model = swin.SwinTransformer(patch_size=[4, 4], embed_dim=32, depths=[2, 2], num_heads=[2, 4],
                                 window_size=[4, 4], num_classes=10, block=swin.SwinTransformerBlockV2,
                                 downsample_layer=swin.PatchMergingV2)
    return _images(model, 64)


def lraspp_mobilenet_v3_large_loader() -> TorchLoaderOutput:
    from .libraries import torchvision
    from .torchvision_models import _Out

    model = torchvision().models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                        num_classes=21)
    return _images(_Out(model), 64)


def r3d_18_loader() -> TorchLoaderOutput:
    """A video ResNet (3-D convolutions): clips of 4 frames of 32x32."""
    from .libraries import torchvision
    from tcp_aot.loader import randomize_batch_norms

    model = torchvision().models.video.r3d_18(num_classes=10)
    randomize_batch_norms(model)
    return TorchLoaderOutput(model=model.eval(), inputs=[torch.randn(2, 3, 4, 32, 32)],
                             dynamic_shapes=[{0: Dim("batch", min=1, max=16)}])


# -- transformers ----------------------------------------------------------------


def albert_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.AlbertConfig(**_SMALL, embedding_size=32, attn_implementation="sdpa")
    return _token_model(hf.AlbertModel(config), ("last_hidden_state", "pooler_output"), config.vocab_size,
                        config.max_position_embeddings, _TOKENS)


def electra_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.ElectraConfig(**_SMALL, embedding_size=32, attn_implementation="sdpa")
    return _token_model(hf.ElectraModel(config), ("last_hidden_state",), config.vocab_size,
                        config.max_position_embeddings, _TOKENS)


def deberta_v2_loader() -> TorchLoaderOutput:
    """Disentangled attention (relative positions, gathered by position)."""
    hf = transformers()
    config = hf.DebertaV2Config(**_SMALL, relative_attention=True, position_buckets=16,
                                pos_att_type=["p2c", "c2p"])
    return _token_model(hf.DebertaV2Model(config), ("last_hidden_state",), config.vocab_size,
                        config.max_position_embeddings, _TOKENS)


def mobilebert_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.MobileBertConfig(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                                 intermediate_size=128, embedding_size=32, intra_bottleneck_size=32,
                                 max_position_embeddings=64)
    # torch.export guards its sequence at 3 tokens or more (the trigram input embedding).
    return _token_model(hf.MobileBertModel(config), ("last_hidden_state",), config.vocab_size,
                        config.max_position_embeddings, _TOKENS, min_tokens=3)


def mistral_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.MistralConfig(**_SMALL, num_key_value_heads=2, sliding_window=16, use_cache=False,
                              attn_implementation="sdpa")
    return _causal_lm(hf.MistralForCausalLM, config)


def phi_loader() -> TorchLoaderOutput:
    """Partial rotary embeddings, parallel attention and MLP."""
    hf = transformers()
    config = hf.PhiConfig(**_SMALL, use_cache=False, attn_implementation="sdpa")
    return _causal_lm(hf.PhiForCausalLM, config)


def gemma_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.GemmaConfig(**_SMALL, num_key_value_heads=1, head_dim=16, use_cache=False,
                            attn_implementation="sdpa")
    return _causal_lm(hf.GemmaForCausalLM, config)


def gpt_neox_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.GPTNeoXConfig(**_SMALL, use_cache=False, attn_implementation="sdpa")
    return _causal_lm(hf.GPTNeoXForCausalLM, config)


def opt_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.OPTConfig(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                          ffn_dim=128, max_position_embeddings=64, word_embed_proj_dim=64, use_cache=False,
                          attn_implementation="sdpa")
    return _causal_lm(hf.OPTForCausalLM, config)


def bloom_loader() -> TorchLoaderOutput:
    """ALiBi position biases."""
    hf = transformers()
    config = hf.BloomConfig(vocab_size=1000, hidden_size=64, n_layer=2, n_head=4, use_cache=False)
    return _token_model(hf.BloomForCausalLM(config), ("logits",), config.vocab_size, 64, _TOKENS)


def bart_loader() -> TorchLoaderOutput:
    """Encoder and decoder (the decoder's ids the input shifted right)."""
    hf = transformers()
    config = hf.BartConfig(vocab_size=1000, d_model=64, encoder_layers=2, decoder_layers=2,
                           encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=128,
                           decoder_ffn_dim=128, max_position_embeddings=64, use_cache=False,
                           attn_implementation="sdpa")
    # torch.export guards its sequence at 3 tokens or more.
    return _token_model(hf.BartModel(config), ("last_hidden_state",), config.vocab_size,
                        config.max_position_embeddings, _TOKENS, min_tokens=3)


def clip_vision_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.CLIPVisionConfig(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                                 num_attention_heads=4, image_size=32, patch_size=8, attn_implementation="sdpa")
    return _batch_model(hf.CLIPVisionModel(config), ("last_hidden_state", "pooler_output"),
                        torch.randn(2, 3, 32, 32))


def convnext_hf_loader() -> TorchLoaderOutput:
    hf = transformers()
    config = hf.ConvNextConfig(hidden_sizes=[16, 32], depths=[1, 1], num_stages=2, image_size=64)
    return _batch_model(hf.ConvNextModel(config), ("last_hidden_state", "pooler_output"),
                        torch.randn(2, 3, 64, 64))


def segformer_loader() -> TorchLoaderOutput:
    """Efficient self-attention (keys and values from a strided
    convolution), Mix-FFN (a depthwise convolution)."""
    hf = transformers()
    config = hf.SegformerConfig(num_encoder_blocks=2, depths=[1, 1], sr_ratios=[4, 2], hidden_sizes=[16, 32],
                                patch_sizes=[7, 3], strides=[4, 2], num_attention_heads=[1, 2],
                                mlp_ratios=[2, 2], decoder_hidden_size=32, num_labels=5)
    return _batch_model(hf.SegformerForSemanticSegmentation(config), ("logits",), torch.randn(2, 3, 64, 64))


def wav2vec2_loader() -> TorchLoaderOutput:
    """The convolutional feature encoder (group norm), a positional
    convolution (weight norm), the transformer: 1600 audio samples."""
    hf = transformers()
    config = hf.Wav2Vec2Config(hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=128, conv_dim=(32, 32, 32), conv_stride=(5, 2, 2),
                               conv_kernel=(10, 3, 3), num_conv_pos_embeddings=16,
                               num_conv_pos_embedding_groups=4, vocab_size=32)
    return _batch_model(hf.Wav2Vec2Model(config), ("last_hidden_state",), torch.randn(2, 1600))
