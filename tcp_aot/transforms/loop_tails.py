"""mask-short-loop-tails: the innermost scalar loops that run a few times,
not a whole number of vectors, get `llvm.loop.vectorize.predicate.enable`:
LLVM's loop vectorizer then runs their last iterations as one masked
vector iteration (AVX-512's masked loads and stores) instead of a scalar
remainder loop.

A loop of 14 (a row of a 14 x 14 image) vectorized 16 floats at a time
without it is all remainder: every element went through the scalar loop,
and the bias, sigmoid and product of EfficientNet-B0's depthwise
convolutions with their SiLU ran at a few percent of the memory's speed.
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
                or "loop_annotation" in loop.attributes or not innermost_scalar(loop)):
            continue
        loop.attributes["loop_annotation"] = ir.Attribute.parse(
            "#llvm.loop_annotation<vectorize = #llvm.loop_vectorize<predicateEnable = true>>")
