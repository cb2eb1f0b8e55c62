"""Fences around elementwise fusion. linalg-fuse-elementwise-ops folds every
producer with one use into its consumer; where that costs more than the
buffer it saves, a pass before it puts a linalg.copy marked
`tcp_aot.fusion_fence` between the producer and its user (`fence`), and
drop-fusion-fences, after it, replaces each fence by its input. The
passes that fence: fence-costly-broadcast-sources (broadcast_fusion.py)
and fence-narrowed-products (narrowed_products.py).
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg

from ..linalg_builders import empty_like
from ..walk import collect, defining_op

FENCE_ATTR = "tcp_aot.fusion_fence"


def drop_fusion_fences(root: ir.Operation) -> None:
    for op in collect(root, lambda op: op.name == "linalg.copy" and FENCE_ATTR in op.attributes):
        op.results[0].replace_all_uses_with(op.operands[0])
        op.erase()


def fence(op: ir.Operation, i: int) -> None:
    """A fence between operand i of `op` and the value it reads."""
    value = op.operands[i]
    with ir.InsertionPoint(op), op.location:
        copy = linalg.copy(value, outs=[empty_like(value.type, value)])
    defining_op(copy).attributes[FENCE_ATTR] = ir.UnitAttr.get()
    op.operands[i] = copy


def fusable_producer(value: ir.Value) -> ir.Operation | None:
    """The generic the fusion would fold into value's user: value's only
    producer, through reshapes (which the fusion moves out of the way)."""
    while True:
        op = defining_op(value)
        if op is None or not single_use(value):
            return None
        if op.name not in ("tensor.expand_shape", "tensor.collapse_shape"):
            return op if op.name == "linalg.generic" else None
        value = op.operands[0]


def single_use(value: ir.Value) -> bool:
    uses = iter(value.uses)
    return next(uses, None) is not None and next(uses, None) is None
