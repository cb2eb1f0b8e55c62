"""Builders of TCP values that the TCP rewrites share (int8-products,
fold-conv-affine, widen-16-bit-floats): constants, reshapes of small
tensors, and a tensor times a number."""

from __future__ import annotations

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import tensor

from ..dialects import tcp
from ..dialects.tcp_base import is_int
from ..linalg_builders import dim_of, index_const


def times(x: ir.Value, factor: float | ir.Value) -> ir.Value:
    """x times a number, or times a tensor of one element (computed at run time)."""
    t = ir.RankedTensorType(x.type)
    if isinstance(factor, float):
        return tcp.MulOp.create(x.type, in1=x, in2=splat(t, factor)).result
    return tcp.MulOp.create(x.type, in1=x, in2=spread(reshaped(factor, [1] * t.rank), x)).result


def splat(t: ir.RankedTensorType, value: float | int) -> ir.Value:
    elem = t.element_type
    attr = ir.IntegerAttr.get(elem, int(value)) if is_int(elem) else ir.FloatAttr.get(elem, value)
    return tcp.ConstOp.create(t, value=ir.DenseElementsAttr.get_splat(t, attr)).result


def reshaped(x: ir.Value, shape: list[int]) -> ir.Value:
    """A static tensor with its elements in `shape` (through one dim)."""
    t = ir.RankedTensorType(x.type)
    flat_t = ir.RankedTensorType.get([int(np.prod(t.shape))], t.element_type)
    if t.rank == 0:
        flat = tensor.ExpandShapeOp(flat_t, x, [], [], [1]).result
    else:
        flat = x if t.rank == 1 else tensor.CollapseShapeOp(flat_t, x, [list(range(t.rank))]).result
    if len(shape) == 1:
        return flat
    return tensor.ExpandShapeOp(ir.RankedTensorType.get(shape, t.element_type), flat, [list(range(len(shape)))], [],
                                shape).result


def spread(x: ir.Value, like: ir.Value) -> ir.Value:
    """x (like's trailing dims, or unit dims) broadcast to like's shape."""
    like_t = ir.RankedTensorType(like.type)
    t = ir.RankedTensorType(x.type)
    if t.rank < like_t.rank:
        x = reshaped(x, [1] * (like_t.rank - t.rank) + list(t.shape))
        t = ir.RankedTensorType(x.type)
    axes = [d for d in range(like_t.rank) if t.shape[d] == 1 and like_t.shape[d] != 1]
    if not axes:
        return x
    sizes = [dim_of(like, d) for d in axes]
    return tcp.BroadcastOp.create(like_t, in_=x, new_dim_sizes=[index_const(s) if isinstance(s, int) else s
                                                                for s in sizes], axes=axes).result
