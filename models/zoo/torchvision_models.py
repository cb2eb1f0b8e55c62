"""torchvision's models, each from its own class with random weights (and
batch norms with random statistics), nothing downloaded, the batch dynamic:
- at their real size, on ImageNet's 224x224 images (`models_on_demand` in
  config.yaml: minutes each);
- on 64x64 images, and ViT and Swin at small configurations of their
  classes (the `zoo_*` programs of the default target).
"""

from __future__ import annotations

import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, in_dtype, quantized_int8, randomize_batch_norms

from .libraries import torchvision


def _images(model, size: int, batch: int = 2) -> TorchLoaderOutput:
    """A sample batch of 2 images (a batch of 1 would make torch.export
    specialize it); H and W static."""
    randomize_batch_norms(model)
    return TorchLoaderOutput(model=model.eval(), inputs=[torch.randn(batch, 3, size, size)],
                             dynamic_shapes=[{0: Dim("batch", min=1, max=16)}])


def _named(name: str, size: int, **kwargs) -> TorchLoaderOutput:
    return _images(getattr(torchvision().models, name)(**kwargs), size)


def _random_head(vit):
    """torchvision's VisionTransformer starts its head at zero (every output
    would be 0, and a test of them would prove nothing): drawn at random."""
    with torch.no_grad():
        vit.heads.head.weight.normal_(std=0.1)
        vit.heads.head.bias.normal_(std=0.1)
    return vit


# -- real size ---------------------------------------------------------------


def resnet50_loader() -> TorchLoaderOutput:
    return _named("resnet50", 224)


def resnet50_bf16_loader() -> TorchLoaderOutput:
    """ResNet-50 in bfloat16 (its convolutions on the CPU's bf16 tiles)."""
    return in_dtype(resnet50_loader(), torch.bfloat16)


def resnet50_int8_loader() -> TorchLoaderOutput:
    """ResNet-50 quantized to int8 (PT2E, x86: its convolutions on the CPU's
    int8 tiles)."""
    return quantized_int8(resnet50_loader())


def mobilenet_v3_large_loader() -> TorchLoaderOutput:
    return _named("mobilenet_v3_large", 224)


def efficientnet_b0_loader() -> TorchLoaderOutput:
    return _named("efficientnet_b0", 224)


def vit_b_16_loader() -> TorchLoaderOutput:
    return _images(_random_head(torchvision().models.vit_b_16()), 224)


# -- small -----------------------------------------------------------------------


def resnet50_mini_loader() -> TorchLoaderOutput:
    return _named("resnet50", 64)


def resnet50_int8_mini_loader() -> TorchLoaderOutput:
    return quantized_int8(resnet50_mini_loader())


def resnet_bottleneck_int8_loader() -> TorchLoaderOutput:
    """One of ResNet-50's bottleneck blocks (torchvision's class) with its
    projection shortcut, in int8, on 32 x 32 images: its 3 x 3 convolution
    goes by blocks of rows, and its residual add finishes the expansion and
    reads the int8 result of the shortcut's convolution, as at 224 x 224
    (the mini ResNet-50's 64 x 64 images are too small for blocks of rows)."""
    resnet = torchvision().models.resnet
    torch.manual_seed(0)
    block = resnet.Bottleneck(16, 8, downsample=torch.nn.Sequential(resnet.conv1x1(16, 32), torch.nn.BatchNorm2d(32)))
    randomize_batch_norms(block)
    return quantized_int8(TorchLoaderOutput(model=block.eval(), inputs=[torch.randn(2, 16, 32, 32)],
                                            dynamic_shapes=[{0: Dim("batch", min=1, max=16)}]))


def mobilenet_v3_large_mini_loader() -> TorchLoaderOutput:
    return _named("mobilenet_v3_large", 64)


def efficientnet_b0_mini_loader() -> TorchLoaderOutput:
    return _named("efficientnet_b0", 64)


def convnext_tiny_mini_loader() -> TorchLoaderOutput:
    return _named("convnext_tiny", 64)


def regnet_y_400mf_mini_loader() -> TorchLoaderOutput:
    return _named("regnet_y_400mf", 64)


def shufflenet_v2_x0_5_mini_loader() -> TorchLoaderOutput:
    return _named("shufflenet_v2_x0_5", 64)


def vit_mini_loader() -> TorchLoaderOutput:
    """VisionTransformer (vit_b_16's class): 64x64 images in patches of 16,
    2 layers of width 64, 4 heads."""
    model = torchvision().models.VisionTransformer(image_size=64, patch_size=16, num_layers=2, num_heads=4,
                                                   hidden_dim=64, mlp_dim=128, num_classes=10)
    return _images(_random_head(model), 64)


def swin_mini_loader() -> TorchLoaderOutput:
    """SwinTransformer (swin_t's class): 64x64 images, patches of 4, windows
    of 4 (shifted by 2 in every second block), two stages of 2 blocks,
    widths 32 and 64."""
    model = torchvision().models.swin_transformer.SwinTransformer(
        patch_size=[4, 4], embed_dim=32, depths=[2, 2], num_heads=[2, 4], window_size=[4, 4], num_classes=10)
    return _images(model, 64)


class _Out(torch.nn.Module):
    """A segmentation model's "out" field (its forward returns a dict)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x)["out"]


def deeplabv3_mobilenet_v3_large_mini_loader() -> TorchLoaderOutput:
    """DeepLabV3 (ASPP head) on MobileNetV3-large, 21 classes, no auxiliary
    head."""
    model = torchvision().models.segmentation.deeplabv3_mobilenet_v3_large(
        weights=None, weights_backbone=None, num_classes=21, aux_loss=False)
    return _images(_Out(model), 64)


def fcn_resnet50_mini_loader() -> TorchLoaderOutput:
    """FCN's head on ResNet-50 (dilated), 21 classes, no auxiliary head."""
    model = torchvision().models.segmentation.fcn_resnet50(weights=None, weights_backbone=None,
                                                           num_classes=21, aux_loss=False)
    return _images(_Out(model), 64)
