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

A loop that sums into one element (a reduction: its store's indices do not
vary with it) of at least a vector's iterations is also kept from LLVM's
loop unroller: unrolled whole before the vectorizer runs, a 7 x 7 mean (a
squeeze-and-excitation's, a global average pooling's) became a chain of
49 dependent scalar additions per channel, which the SLP vectorizer left
as it was (EfficientNet-B0's 1152 x 7 x 7 means: 24 us each, 9 us as
vectors of 16 summed in registers). So is a loop that stores into a
buffer it does not load from (a copy, an op not computed in place):
unrolled whole, its loads and stores stayed scalar, since the SLP
vectorizer cannot tell that the two buffers do not overlap, where the
loop vectorizer checks it at run time. A block of filters' product,
copied into a padded tensor's interior row by row of 14 (MobileNetV3's
and EfficientNet's 14 x 14 expansions), was a scalar load and store per
float (A/B both load orders, 1 thread and 2: MobileNetV3-large -1.6 % and
-2.0 %, ResNet-50 -1.7 % and -2.1 %, EfficientNet-B0 -1.6 % and +0.1 %,
BERT-base +0.2 % at 1 thread).
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
        keep_rolled = (trips >= options.lanes and _sums(loop)) or _writes_elsewhere(loop)
        unroll = ", unroll = #llvm.loop_unroll<disable = true>" if keep_rolled else ""
        loop.attributes["loop_annotation"] = ir.Attribute.parse(
            f"#llvm.loop_annotation<vectorize = #llvm.loop_vectorize<predicateEnable = true>{unroll}>")


def _varying(loop: ir.Operation):
    """The loop's ops in order, each with the values so far that vary from
    one iteration to the next (its induction variable and what depends on it)."""
    varying = {loop.regions[0].blocks[0].arguments[0]}
    for op in collect(loop, lambda o: o != loop):
        if any(v in varying for v in op.operands):
            varying.update(op.results)
        yield op, varying


def _sums(loop: ir.Operation) -> bool:
    """Whether the loop stores to an element that is the same at every
    iteration (a reduction's accumulator)."""
    return any(op.name == "memref.store" and not any(i in varying for i in list(op.operands)[2:])
               for op, varying in _varying(loop))


def _writes_elsewhere(loop: ir.Operation) -> bool:
    """Whether the loop stores into a buffer it does not load from (a copy,
    an op not computed in place)."""
    ops = collect(loop, lambda o: o.name in ("memref.load", "memref.store"))
    loaded = {op.operands[0] for op in ops if op.name == "memref.load"}
    return any(op.operands[1] not in loaded for op in ops if op.name == "memref.store")


def _strided(loop: ir.Operation) -> bool:
    """Whether a load or store in the loop moves by more than one element
    from one iteration to the next: an index other than the last varies
    with the loop, or the last does on a memref whose last stride is not 1."""
    for op, varying in _varying(loop):
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
