"""mask-short-loop-tails: the innermost scalar loops that run a few times,
not a whole number of vectors, get `llvm.loop.vectorize.predicate.enable`:
LLVM's loop vectorizer then runs their last iterations as one masked
vector iteration (AVX-512's masked loads and stores) instead of a scalar
remainder loop.

A loop of 14 (a row of a 14 x 14 image) vectorized 16 floats at a time
without it is all remainder: every element went through the scalar loop,
and the bias, sigmoid and product of EfficientNet-B0's depthwise
convolutions with their SiLU ran at a few percent of the memory's speed.

A loop that steps through memory by more than one element (the column of
a padded tensor's border, a fill of [C, H, 1]) keeps LLVM's own choice:
masked, its stores became a scatter that tested and stored each lane in
turn, on the calling thread (EfficientNet-B0: -1.5 % at 1 and 2 threads).
"""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir

from ..walk import collect
from .interleave import innermost_scalar, static_trip_count


@dataclass(frozen=True)
class LoopTailOptions:
    # Floats in a vector register (AVX-512): trip counts that are a multiple
    # of it have no tail.
    lanes: int = 16
    # From this many iterations the remainder is a small part of the loop.
    max_trip_count: int = 128


def mask_short_loop_tails(root: ir.Operation, *, options: LoopTailOptions = LoopTailOptions()) -> None:
    for loop in collect(root, lambda op: op.name == "scf.for"):
        trips = static_trip_count(loop)
        if (trips is None or trips % options.lanes == 0 or trips > options.max_trip_count
                or "loop_annotation" in loop.attributes or not innermost_scalar(loop) or _strided(loop)):
            continue
        loop.attributes["loop_annotation"] = ir.Attribute.parse(
            "#llvm.loop_annotation<vectorize = #llvm.loop_vectorize<predicateEnable = true>>")


def _strided(loop: ir.Operation) -> bool:
    """Whether a load or store in the loop moves by more than one element
    from one iteration to the next: an index other than the last varies
    with the loop, or the last does on a memref whose last stride is not 1."""
    iv = loop.regions[0].blocks[0].arguments[0]
    varying = {iv}
    for op in collect(loop, lambda o: o != loop):
        if any(v in varying for v in op.operands):
            varying.update(op.results)
        if op.name not in ("memref.load", "memref.store"):
            continue
        memref_at = 0 if op.name == "memref.load" else 1
        memref_t = ir.MemRefType(op.operands[memref_at].type)
        indices = list(op.operands)[memref_at + 1:]
        if any(i in varying for i in indices[:-1]):
            return True
        if indices and indices[-1] in varying and memref_t.get_strides_and_offset()[0][-1] != 1:
            return True
    return False
