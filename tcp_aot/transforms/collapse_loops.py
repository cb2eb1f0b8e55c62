"""collapse-contiguous-loops: a linalg.generic iterates as one loop the
adjacent loops of one kind (parallel, or reduction) that every operand
reads as one run (the two dims next to each other and in order, or neither
of them). NCHW's H and W, 14 x 14 in ResNet-50's last stages, become one
loop of 196 iterations, which LLVM's loop vectorizer takes (a loop of 14 it
leaves scalar: an int8 model's requantizing epilogues ran at a tenth of the
memory's speed), while the threads' split (mark-parallel, next) stays on
the outer dims; so do a global average pooling's 7 x 7 reduction loops.

Each operand is collapsed (tensor.collapse_shape) along the same groups and
the result expanded back. Left alone: ops that read linalg.index, with a
map other than a projected permutation (unit dims read at 0 allowed), with
an operand whose buffer may be strided (a slice: its collapse would be a
copy) unless it is the expansion of the value the collapsed op then reads
(a convolution's product whose columns were cut from whole register tiles:
its epilogue on each image ran scalar loops of 14, EfficientNet-B0's SiLUs
5 ms of its 26), and a product's epilogue (mark-product-epilogues cuts it
into the product's tiles).
"""

from __future__ import annotations

from torch_mlir import ir

from ..walk import collect
from .epilogues import finishes_a_product
from .loop_groups import collapse, collapsible, operand_dims, widest_groups


def collapse_contiguous_loops(root: ir.Operation) -> None:
    for op in collect(root, lambda op: op.name == "linalg.generic"):
        maps = operand_dims(op)
        if maps is None or not _collapsible(op):
            continue
        iterators = [str(it) for it in op.opview.iterator_types]
        groups = widest_groups(maps, iterators)
        if len(groups) < len(iterators) and all(
                collapsible(v, dims, groups) for v, dims in zip(op.operands, maps)):
            collapse(op, maps, groups)


def _collapsible(op: ir.Operation) -> bool:
    if len(op.results) != 1:
        return False
    if collect(op, lambda inner: inner.name == "linalg.index"):
        return False
    if finishes_a_product(op):
        return False
    return all(isinstance(v.type, ir.RankedTensorType) for v in op.operands)
