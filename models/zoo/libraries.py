"""torchvision and transformers, importable beside the CPU build of torch.

PyPI's torchvision 0.28 is built for CUDA torch: with the CPU torch its C++
extension does not load, and `import torchvision` fails while registering
fake kernels for its detection ops (`operator torchvision::nms does not
exist`). No model definition uses those ops: declaring their schemas
(without kernels) and importing again is enough. A torchvision whose
extension loads imports at the first try. transformers imports torchvision
when it is installed, so it comes through here too.
"""

from __future__ import annotations

import logging
import sys

import torch

_DETECTION_OPS = ("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
                  "qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
_declared = []  # the library declaring them, kept alive


def torchvision():
    try:
        import torchvision
    except RuntimeError as e:
        if "torchvision::nms does not exist" not in str(e):
            raise
        for name in [m for m in sys.modules if m == "torchvision" or m.startswith("torchvision.")]:
            del sys.modules[name]
        library = torch.library.Library("torchvision", "DEF")
        for schema in _DETECTION_OPS:
            library.define(schema)
        _declared.append(library)
        import torchvision
    return torchvision


def transformers():
    torchvision()
    # transformers imports torchao when it is installed (it quantizes the int8
    # programs), which warns about its CUDA kernels and Triton.
    logging.getLogger("torchao").setLevel(logging.ERROR)
    import transformers

    return transformers
