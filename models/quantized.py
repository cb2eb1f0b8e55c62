"""Models quantized to int8 as PyTorch deploys them to x86 CPUs (PT2E with
X86InductorQuantizer: per-channel int8 weights, per-tensor uint8
activations; tcp_aot.loader.quantized_int8). The reference is eager
PyTorch running the quantized model."""

from models.gpt_block import gpt_block_loader
from models.mlp import mlp_loader
from models.resnet_basic_block import resnet_basic_block_loader
from tcp_aot.loader import TorchLoaderOutput, quantized_int8


def mlp_int8_loader() -> TorchLoaderOutput:
    """models/mlp.py's linear layers and ReLUs in int8."""
    return quantized_int8(mlp_loader())


def resnet_basic_block_int8_loader() -> TorchLoaderOutput:
    """models/resnet_basic_block.py (batch norms folded into the
    convolutions by the quantizer, a strided shortcut) in int8."""
    return quantized_int8(resnet_basic_block_loader())


def gpt_block_int8_loader() -> TorchLoaderOutput:
    """models/gpt_block.py's decoder block: its linear layers in int8,
    attention and layer norms in float32 (what the quantizer leaves)."""
    return quantized_int8(gpt_block_loader())


def mlp_int8_dynamic_loader() -> TorchLoaderOutput:
    """models/mlp.py with its linear layers in int8, each activation
    quantized with the scale and zero point of its own range at run time."""
    return quantized_int8(mlp_loader(), dynamic=True)


def gpt_block_int8_dynamic_loader() -> TorchLoaderOutput:
    """models/gpt_block.py's linear layers in dynamically quantized int8."""
    return quantized_int8(gpt_block_loader(), dynamic=True)
