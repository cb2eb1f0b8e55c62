"""Elementwise fusion around broadcasts: what linalg-fuse-elementwise-ops
should and should not fold into an op that reads a value broadcast.

That pass fuses every producer with one use into its consumer. Through a
broadcast (a consumer loop the operand's map does not read), the fused
producer runs once per element of the consumer, not of the value: a
transformers decoder's attention mask, built from gathers with bounds checks
at [batch, 1, seq, seq], was recomputed for each of 32 heads (3.5 ms of
TinyLlama's 90). And a broadcast with several uses (the mask shared by every
layer) is not fused at all: its full size is written and read again.

fence-costly-broadcast-sources (before the fusion) therefore
- puts a linalg.copy marked `tcp_aot.fusion_fence` between a costly value
  (gathers, math functions, checks: anywhere in the ops the fusion would
  fold into it) and the generic that broadcasts it, so that the value is
  computed once at its own size;
- gives each elementwise user of a plain broadcast (a generic that only
  yields or converts its input) a copy of it, so that the fusion folds the
  broadcast into every user as a read through its map.
drop-fusion-fences (after the fusion, fusion_fences.py) replaces each
fence by its input.
"""

from __future__ import annotations

from torch_mlir import ir

from ..walk import collect, is_elementwise
from .fusion_fences import fence, fusable_producer

_PARALLEL = "#linalg.iterator_type<parallel>"
# Ops whose work outweighs writing and reading their result once more.
_COSTLY_OPS = {"tensor.extract", "scf.if", "cf.assert", "llvm.call"}
_CHEAP_MATH = {"math.absf", "math.copysign", "math.fma"}
# What a plain broadcast's body may do besides yielding its input.
_CONVERSIONS = {"arith.extf", "arith.truncf", "arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp",
                "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.bitcast"}


def fence_costly_broadcast_sources(root: ir.Operation) -> None:
    for op in collect(root, lambda op: op.name == "linalg.generic"):
        for i in _broadcast_inputs(op):
            producer = fusable_producer(op.operands[i])
            if producer is not None and _costly(producer):
                fence(op, i)
    for op in collect(root, lambda op: op.name == "linalg.generic" and _is_plain_broadcast(op)):
        _one_copy_per_elementwise_user(op)


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(m).value for m in op.opview.indexing_maps]


def _broadcast_inputs(op: ir.Operation) -> list[int]:
    """The inputs of generic `op` (by operand number) that some loop of it
    does not index: read once per iteration of that loop."""
    found = []
    for i, (value, amap) in enumerate(zip(op.opview.inputs, _maps(op))):
        read = {e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)}
        if len(read) < amap.n_dims and isinstance(value.type, ir.RankedTensorType):
            found.append(i)
    return found


def _costly(op: ir.Operation) -> bool:
    """Whether `op`, with the producers the fusion would fold into it
    (generics whose only use it is), computes something costly per element."""
    for inner in collect(op, lambda inner: inner != op):
        if inner.name in _COSTLY_OPS or (inner.name.startswith("math.") and inner.name not in _CHEAP_MATH):
            return True
    for value in op.opview.inputs:
        producer = fusable_producer(value)
        if producer is not None and _costly(producer):
            return True
    return False


def _is_plain_broadcast(op: ir.Operation) -> bool:
    """One input, read through a broadcast, and a body that yields it or a
    conversion of it."""
    generic = op.opview
    if len(generic.inputs) != 1 or len(op.results) != 1 or not _broadcast_inputs(op):
        return False
    if any(str(it) != _PARALLEL for it in generic.iterator_types):
        return False
    body = list(generic.region.blocks[0].operations)
    return all(inner.operation.name in _CONVERSIONS for inner in body[:-1]) and len(body) <= 2


def _one_copy_per_elementwise_user(op: ir.Operation) -> None:
    uses = list(op.results[0].uses)
    elementwise = [use for use in uses if is_elementwise(use.owner.operation)]
    # The broadcast itself stays with one user: a non-elementwise one if any.
    for use in elementwise if len(elementwise) < len(uses) else elementwise[1:]:
        user = use.owner.operation
        user.operands[use.operand_number] = op.clone(ir.InsertionPoint(user)).results[0]
