"""Helpers shared by the TCP -> linalg patterns."""

from __future__ import annotations

from typing import Callable, Sequence

from torch_mlir import ir
from torch_mlir.dialects import arith, cf, linalg, tensor

from ...diagnostics import format_location

DYNAMIC = ir.ShapedType.get_dynamic_size()


def index_const(n: int) -> ir.Value:
    return arith.ConstantOp(ir.IndexType.get(), n).result


def runtime_check(condition: ir.Value, what: str, op: ir.Operation) -> None:
    """Abort at run time unless `condition` holds, with a message naming what
    went wrong, the TCP op and its location in the source (asserts_to_stderr
    turns it into a message on stderr and abort())."""
    where = format_location(op.location) or "an unknown location"
    cf.AssertOp(condition, f"tcp_aot: {what} in {op.name} at {where}")


def dim_of(v: ir.Value, d: int) -> ir.Value | int:
    """Size of dim d: an int when static, else a tensor.dim."""
    t = ir.RankedTensorType(v.type)
    if not t.is_dynamic_dim(d):
        return t.shape[d]
    return tensor.DimOp(v, index_const(d)).result


def empty(t: ir.RankedTensorType, sizes: Sequence[ir.Value | int]) -> ir.Value:
    """tensor.empty of type t; `sizes` gives every dim (values used only where
    t is dynamic)."""
    mixed = [t.shape[d] if not t.is_dynamic_dim(d) else index_const(s) if isinstance(s, int) else s
             for d, s in enumerate(sizes)]
    return tensor.EmptyOp(mixed, t.element_type).result


def empty_like(t: ir.RankedTensorType, like: ir.Value) -> ir.Value:
    """tensor.empty of type t whose dynamic dims are those of `like`."""
    return empty(t, [dim_of(like, d) for d in range(t.rank)])


_PARALLEL = "#linalg.iterator_type<parallel>"


def generic(inputs: Sequence[ir.Value], init: ir.Value, input_maps: Sequence[ir.AffineMap],
            body: Callable[..., ir.Value]) -> ir.Value:
    """A parallel linalg.generic writing `init`; `body(*input elements)`
    returns the element to store (the block's output argument is not passed)."""
    out_t = ir.RankedTensorType(init.type)
    identity = ir.AffineMap.get_identity(out_t.rank)
    maps = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in list(input_maps) + [identity]])
    iterators = ir.ArrayAttr.get([ir.Attribute.parse(_PARALLEL)] * out_t.rank)
    op = linalg.GenericOp([out_t], list(inputs), [init], maps, iterators)
    arg_types = [ir.RankedTensorType(v.type).element_type for v in inputs] + [out_t.element_type]
    block = op.regions[0].blocks.append(*arg_types)
    with ir.InsertionPoint(block):
        linalg.YieldOp([body(*block.arguments[:len(inputs)])])
    return op.result


def elementwise(inputs: Sequence[ir.Value], out_t: ir.RankedTensorType,
                body: Callable[..., ir.Value]) -> ir.Value:
    """A linalg.generic applying `body` to same-shaped inputs."""
    identity = ir.AffineMap.get_identity(out_t.rank)
    init = empty_like(out_t, inputs[0])
    return generic(inputs, init, [identity] * len(inputs), body)
