"""Torch -> TCP: reductions (sum, mean, prod, max/min with and without
indices, argmax/argmin, any/all, vector norms) and scans (cumsum, cumprod).

The input is first cast to the result's dtype (PyTorch sums integers in
int64 and bools as integers); keepdim puts the reduced dims back as size 1.
"""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, tensor

from ...dialects import tcp
from ...dialects.tcp_base import is_bool, is_float
from ..pattern_list import PatternList, Unsupported
from .utils import (
    DYNAMIC, broadcast_like, cast_to, const_bool, const_int, const_number, const_tensor, dim_of, i64, is_none,
    normalize_dim, reduced_dims, replace, result_tensor, scalar_tensor, to_builtin, with_unit_dims,
)

PATTERNS = PatternList()


def reduce(x: ir.Value, kind: str, axes: list[int]) -> ir.Value:
    """tcp.reduce of builtin tensor x over `axes` (removed)."""
    t = ir.RankedTensorType(x.type)
    out = ir.RankedTensorType.get([s for d, s in enumerate(t.shape) if d not in axes], t.element_type)
    return tcp.ReduceOp.create(out, in_=x, kind=kind, axes=axes).result


def _keepdim(v: ir.Value, axes: list[int], keepdim_operand: ir.Value | None) -> ir.Value:
    if keepdim_operand is not None and const_bool(keepdim_operand, "keepdim"):
        return with_unit_dims(v, axes)
    return v


def _input_as_result(op) -> ir.Value:
    return cast_to(to_builtin(op.operands[0]), result_tensor(op).element_type())


# Operand positions: (dim, keepdim), None where the op has none.
_SUMS = {"torch.aten.sum.dim_IntList": ("Sum", 1, 2), "torch.aten.sum": ("Sum", None, None),
         "torch.aten.prod.dim_int": ("Prod", 1, 2), "torch.aten.prod": ("Prod", None, None),
         "torch.aten.amax": ("Max", 1, 2), "torch.aten.amin": ("Min", 1, 2),
         "torch.aten.max": ("Max", None, None), "torch.aten.min": ("Min", None, None)}


@PATTERNS.register(*_SUMS)
def convert_reduction(op, rewriter):
    kind, dim_at, keepdim_at = _SUMS[op.name]
    x = _input_as_result(op)
    rank = ir.RankedTensorType(x.type).rank
    axes = reduced_dims(op.operands[dim_at], rank) if dim_at is not None else list(range(rank))
    if is_bool(ir.RankedTensorType(x.type).element_type):
        if kind in ("Sum", "Prod"):
            raise Unsupported(f"a {kind.lower()} with a bool result")
        kind = "Any" if kind == "Max" else "All"  # the max of bools is their or
    out = reduce(x, kind, axes)
    replace(rewriter, op, [_keepdim(out, axes, None if keepdim_at is None else op.operands[keepdim_at])])


@PATTERNS.register("torch.aten.mean.dim", "torch.aten.mean")
def convert_mean(op, rewriter):
    """The sum divided by the number of reduced elements (which may be a
    runtime product of dynamic dims)."""
    x = _input_as_result(op)
    t = ir.RankedTensorType(x.type)
    if not is_float(t.element_type):
        raise Unsupported("mean needs a floating-point result")
    axes = reduced_dims(op.operands[1], t.rank) if op.name == "torch.aten.mean.dim" else list(range(t.rank))
    total = reduce(x, "Sum", axes)
    count = _element_count(x, axes, t.element_type)
    total_t = ir.RankedTensorType(total.type)
    mean = tcp.DivFOp.create(total.type, in1=total, in2=broadcast_like(count(total_t.rank), total)).result
    replace(rewriter, op, [_keepdim(mean, axes, op.operands[2] if op.name == "torch.aten.mean.dim" else None)])


def _element_count(x: ir.Value, axes: list[int], elem: ir.Type):
    """A maker of 1x...x1 tensors holding the product of x's dims `axes`."""
    t = ir.RankedTensorType(x.type)
    static = math.prod(t.shape[d] for d in axes if not t.is_dynamic_dim(d))
    dynamic = [dim_of(x, d) for d in axes if t.is_dynamic_dim(d)]
    if not dynamic:
        return lambda rank: scalar_tensor(float(static), elem, rank)
    count = arith.ConstantOp(ir.IndexType.get(), static).result
    for size in dynamic:
        count = arith.MulIOp(count, size).result
    value = arith.SIToFPOp(elem, arith.IndexCastOp(i64(), count).result).result
    return lambda rank: tensor.FromElementsOp(ir.RankedTensorType.get([1] * rank, elem), [value]).result


def arg_reduce(x: ir.Value, kind: str, axis: int) -> tuple[ir.Value, ir.Value]:
    """(values, indices) of tcp.arg_reduce along `axis` (removed)."""
    t = ir.RankedTensorType(x.type)
    shape = [s for d, s in enumerate(t.shape) if d != axis]
    op = tcp.ArgReduceOp.create(ir.RankedTensorType.get(shape, t.element_type), ir.RankedTensorType.get(shape, i64()),
                                in_=x, kind=kind, axis=axis)
    return op.results[0], op.results[1]


@PATTERNS.register("torch.aten.max.dim", "torch.aten.min.dim")
def convert_max_dim(op, rewriter):
    x = to_builtin(op.operands[0])
    if is_bool(ir.RankedTensorType(x.type).element_type):
        x = cast_to(x, ir.IntegerType.get_signless(8))
    axis = normalize_dim(const_int(op.operands[1], "dim"), ir.RankedTensorType(x.type).rank)
    values, indices = arg_reduce(x, "Max" if op.name == "torch.aten.max.dim" else "Min", axis)
    values = cast_to(values, result_tensor(op, 0).element_type())
    replace(rewriter, op, [_keepdim(v, [axis], op.operands[2]) for v in (values, indices)])


@PATTERNS.register("torch.aten.sort")
def convert_sort(op, rewriter):
    """tcp.sort is stable, so it stands for a stable sort and for one that
    need not be (the front end gives aten.sort.stable as aten.sort); topk
    and argsort reach it as a sort and a slice. A 0-d tensor is its own
    sort."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    values_t = result_tensor(op, 0).element_type()
    if t.rank == 0:
        replace(rewriter, op, [x, const_tensor(0, ir.RankedTensorType.get([], i64()))])
        return
    if is_bool(t.element_type):
        x = cast_to(x, ir.IntegerType.get_signless(8))
    axis = normalize_dim(const_int(op.operands[1], "dim"), t.rank)
    sort = tcp.SortOp.create(x.type, ir.RankedTensorType.get(t.shape, i64()), in_=x, axis=axis,
                             descending=const_bool(op.operands[2], "descending") or None)
    replace(rewriter, op, [cast_to(sort.results[0], values_t), sort.results[1]])


@PATTERNS.register("torch.aten.argmax", "torch.aten.argmin")
def convert_argmax(op, rewriter):
    """Along `dim`, or over the flattened tensor when dim is None."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    kind = "Max" if op.name == "torch.aten.argmax" else "Min"
    if is_none(op.operands[1]):
        if t.rank > 1:
            size = math.prod(t.shape) if all(not t.is_dynamic_dim(d) for d in range(t.rank)) else DYNAMIC
            x = tensor.CollapseShapeOp(ir.RankedTensorType.get([size], t.element_type), x,
                                       [list(range(t.rank))]).result
        elif t.rank == 0:
            x = with_unit_dims(x, [0])
        _, indices = arg_reduce(x, kind, 0)
        if const_bool(op.operands[2], "keepdim"):
            indices = with_unit_dims(indices, list(range(t.rank)))
        replace(rewriter, op, [indices])
        return
    axis = normalize_dim(const_int(op.operands[1], "dim"), t.rank)
    _, indices = arg_reduce(x, kind, axis)
    replace(rewriter, op, [_keepdim(indices, [axis], op.operands[2])])


_LOGICAL = {"torch.aten.any.dim": ("Any", 1, 2), "torch.aten.any.dims": ("Any", 1, 2),
            "torch.aten.any": ("Any", None, None), "torch.aten.all.dim": ("All", 1, 2),
            "torch.aten.all": ("All", None, None)}


@PATTERNS.register(*_LOGICAL)
def convert_any_all(op, rewriter):
    kind, dim_at, keepdim_at = _LOGICAL[op.name]
    x = cast_to(to_builtin(op.operands[0]), ir.IntegerType.get_signless(1))
    rank = ir.RankedTensorType(x.type).rank
    axes = reduced_dims(op.operands[dim_at], rank) if dim_at is not None else list(range(rank))
    out = reduce(x, kind, axes)
    out = _keepdim(out, axes, None if keepdim_at is None else op.operands[keepdim_at])
    replace(rewriter, op, [cast_to(out, result_tensor(op).element_type())])


@PATTERNS.register("torch.aten.linalg_vector_norm")
def convert_vector_norm(op, rewriter):
    """ord 1: sum |x|; 2: sqrt(sum x^2); inf / -inf: max / min |x|; 0: the
    number of non-zeros; any other p: (sum |x|^p)^(1/p)."""
    x = _input_as_result(op)
    t = ir.RankedTensorType(x.type)
    if not is_float(t.element_type):
        raise Unsupported("a norm needs a floating-point result")
    p = const_number(op.operands[1], "ord")
    axes = reduced_dims(op.operands[2], t.rank)
    magnitude = tcp.AbsOp.create(x.type, in_=x).result
    const = lambda c, like: broadcast_like(  # noqa: E731
        scalar_tensor(c, t.element_type, ir.RankedTensorType(like.type).rank), like)
    if p == 1:
        norm = reduce(magnitude, "Sum", axes)
    elif p == 2:
        squares = tcp.MulOp.create(x.type, in1=x, in2=x).result
        total = reduce(squares, "Sum", axes)
        norm = tcp.SqrtOp.create(total.type, in_=total).result
    elif math.isinf(p):
        norm = reduce(magnitude, "Max" if p > 0 else "Min", axes)
    elif p == 0:
        nonzero = cast_to(cast_to(x, ir.IntegerType.get_signless(1)), t.element_type)
        norm = reduce(nonzero, "Sum", axes)
    else:
        powered = tcp.PowOp.create(x.type, in1=magnitude, in2=const(float(p), magnitude)).result
        total = reduce(powered, "Sum", axes)
        norm = tcp.PowOp.create(total.type, in1=total, in2=const(1.0 / p, total)).result
    replace(rewriter, op, [_keepdim(norm, axes, op.operands[3])])


@PATTERNS.register("torch.aten.cumsum", "torch.aten.cumprod")
def convert_scan(op, rewriter):
    x = _input_as_result(op)
    if is_bool(ir.RankedTensorType(x.type).element_type):
        raise Unsupported("a scan with a bool result")
    axis = normalize_dim(const_int(op.operands[1], "dim"), max(ir.RankedTensorType(x.type).rank, 1))
    if ir.RankedTensorType(x.type).rank == 0:
        replace(rewriter, op, [x])
        return
    kind = "Sum" if op.name == "torch.aten.cumsum" else "Prod"
    out = tcp.ScanOp.create(x.type, in_=x, kind=kind, axis=axis)
    replace(rewriter, op, [out.result])

