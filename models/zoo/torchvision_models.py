"""torchvision's classification models at their real size (ImageNet's
1x3x224x224 inputs, the batch dynamic), random weights."""

from __future__ import annotations

import torch
from torch.export import Dim

from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms

from .libraries import torchvision


def _image_model(name: str, batch: int = 2) -> TorchLoaderOutput:
    """(A sample batch of 1 would make torch.export specialize the batch.)"""
    model = getattr(torchvision().models, name)()
    randomize_batch_norms(model)
    return TorchLoaderOutput(model=model.eval(), inputs=[torch.randn(batch, 3, 224, 224)],
                             dynamic_shapes=[{0: Dim("batch", min=1, max=16)}])


def resnet50_loader() -> TorchLoaderOutput:
    return _image_model("resnet50")


def mobilenet_v3_large_loader() -> TorchLoaderOutput:
    return _image_model("mobilenet_v3_large")


def efficientnet_b0_loader() -> TorchLoaderOutput:
    return _image_model("efficientnet_b0")
