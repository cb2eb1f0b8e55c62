"""TCP -> linalg: reductions (a linalg.generic with reduction loops), arg
reductions (two results: value and index) and scans (a loop over the scanned
axis)."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, linalg, scf, tensor

from ...dialects import tcp
from ...dialects.tcp_base import i64_array, is_bool, is_float
from ..pattern_list import PatternList
from .utils import PARALLEL, REDUCTION, as_index, dim_of, elementwise, filled, index_const, structured

PATTERNS = PatternList()


def identity(kind: str, elem: ir.Type) -> ir.Value:
    """The neutral element of `kind` in `elem` (-inf for a float Max)."""
    if is_float(elem):
        value = {"Sum": 0.0, "Prod": 1.0, "Max": float("-inf"), "Min": float("inf")}[kind]
    elif is_bool(elem):
        value = {"Any": 0, "All": 1}[kind]
    else:
        width = ir.IntegerType(elem).width
        value = {"Sum": 0, "Prod": 1, "Max": -(2 ** (width - 1)), "Min": 2 ** (width - 1) - 1}[kind]
    return arith.ConstantOp(elem, value).result


def combine(kind: str, a: ir.Value, b: ir.Value, reassociate: bool = False) -> ir.Value:
    """a `kind` b; float Max and Min propagate NaN. `reassociate` lets LLVM
    reorder a float reduction (to vectorize it): the result then differs in
    rounding from the sequential order, as PyTorch's own vectorized sums do."""
    if kind in ("Any", "All"):
        return (arith.OrIOp if kind == "Any" else arith.AndIOp)(a, b).result
    ops = {"Sum": (arith.AddFOp, arith.AddIOp), "Prod": (arith.MulFOp, arith.MulIOp),
           "Max": (arith.MaximumFOp, arith.MaxSIOp), "Min": (arith.MinimumFOp, arith.MinSIOp)}[kind]
    if not is_float(a.type):
        return ops[1](a, b).result
    flags = ir.Attribute.parse("#arith.fastmath<reassoc>") if reassociate else None
    return ops[0](a, b, fastmath=flags).result


@PATTERNS.register(tcp.ReduceOp.OPERATION_NAME)
def lower_reduce(op, rewriter):
    view = tcp.ReduceOp(op)
    in_t = ir.RankedTensorType(view.in_.type)
    axes = i64_array(view.axes)
    if not axes:
        rewriter.replace_op(op, [view.in_])
        return
    kept = [d for d in range(in_t.rank) if d not in axes]
    out_t = ir.RankedTensorType(view.out.type)
    init = filled(out_t, [dim_of(view.in_, d) for d in kept], identity(view.reduce_kind, out_t.element_type))
    maps = [ir.AffineMap.get_identity(in_t.rank), ir.AffineMap.get(in_t.rank, 0, _dims(kept))]
    iterators = [REDUCTION if d in axes else PARALLEL for d in range(in_t.rank)]
    result = structured([view.in_], [init], maps, iterators,
                        lambda x, acc: [combine(view.reduce_kind, acc, x, reassociate=True)])
    rewriter.replace_op(op, result)


def _dims(positions) -> list[ir.AffineExpr]:
    return [ir.AffineDimExpr.get(d) for d in positions]


@PATTERNS.register(tcp.ArgReduceOp.OPERATION_NAME)
def lower_arg_reduce(op, rewriter):
    """One generic with two results. The update keeps the first extreme
    element and the first NaN whatever order the loop runs in: an element
    wins on a strictly better value, or on an equal one with a lower index."""
    view = tcp.ArgReduceOp(op)
    in_t = ir.RankedTensorType(view.in_.type)
    axis = ir.IntegerAttr(view.axis).value
    kept = [d for d in range(in_t.rank) if d != axis]
    sizes = [dim_of(view.in_, d) for d in kept]
    values_t, indices_t = (ir.RankedTensorType(r.type) for r in (view.values, view.indices))
    i64 = ir.IntegerType.get_signless(64)
    inits = [filled(values_t, sizes, identity(view.reduce_kind, values_t.element_type)),
             filled(indices_t, sizes, arith.ConstantOp(i64, 2 ** 63 - 1).result)]
    out_map = ir.AffineMap.get(in_t.rank, 0, _dims(kept))
    maps = [ir.AffineMap.get_identity(in_t.rank), out_map, out_map]
    iterators = [REDUCTION if d == axis else PARALLEL for d in range(in_t.rank)]
    better = "gt" if view.reduce_kind == "Max" else "lt"

    def body(x, value, index):
        position = arith.IndexCastOp(i64, linalg.IndexOp(axis).result).result
        earlier = arith.CmpIOp(arith.CmpIPredicate.slt, position, index).result
        if is_float(x.type):
            strictly = arith.CmpFOp(getattr(arith.CmpFPredicate, "O" + better.upper()), x, value).result
            equal = arith.CmpFOp(arith.CmpFPredicate.OEQ, x, value).result
            x_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, x, x).result
            value_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, value, value).result
            value_number = arith.XOrIOp(value_nan, arith.ConstantOp(value_nan.type, 1).result).result
            tie = arith.AndIOp(equal, earlier).result
            number_wins = arith.AndIOp(value_number, arith.OrIOp(strictly, tie).result).result
            nan_wins = arith.AndIOp(x_nan, arith.OrIOp(value_number, earlier).result).result
            take = arith.OrIOp(number_wins, nan_wins).result
        else:
            strictly = arith.CmpIOp(getattr(arith.CmpIPredicate, "s" + better), x, value).result
            equal = arith.CmpIOp(arith.CmpIPredicate.eq, x, value).result
            take = arith.OrIOp(strictly, arith.AndIOp(equal, earlier).result).result
        return [arith.SelectOp(take, x, value).result, arith.SelectOp(take, position, index).result]

    rewriter.replace_op(op, structured([view.in_], inits, maps, iterators, body))


@PATTERNS.register(tcp.ScanOp.OPERATION_NAME)
def lower_scan(op, rewriter):
    """A loop over the axis, starting from the input: slice i becomes slice
    i combined with the already scanned slice i - 1. Like PyTorch, float
    sums and products narrower than f64 accumulate in f64, and sums start
    from +0.0 (a leading -0.0 becomes +0.0)."""
    view = tcp.ScanOp(op)
    t = ir.RankedTensorType(view.in_.type)
    axis = ir.IntegerAttr(view.axis).value
    kind = view.reduce_kind
    elem = t.element_type
    wide = is_float(elem) and kind in ("Sum", "Prod") and ir.FloatType(elem).width < 64
    acc_t = ir.RankedTensorType.get(t.shape, ir.F64Type.get()) if wide else t
    start = view.in_
    if wide or (kind == "Sum" and is_float(elem)):
        def widen(x):
            x = arith.ExtFOp(acc_t.element_type, x).result if wide else x
            return combine("Sum", identity("Sum", acc_t.element_type), x) if kind == "Sum" else x
        start = elementwise([start], acc_t, widen)
    one = index_const(1)
    loop = scf.ForOp(one, as_index(dim_of(view.in_, axis)), one, [start])
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        acc = loop.inner_iter_args[0]
        previous = arith.SubIOp(i, one).result
        current = _slice_at(acc, axis, i)
        combined = structured(
            [_slice_at(acc, axis, previous), current], [current],
            [ir.AffineMap.get_identity(t.rank)] * 3, [PARALLEL] * t.rank,
            lambda before, x, _: [combine(kind, before, x)])[0]
        scf.YieldOp([_insert_at(combined, acc, axis, i)])
    result = loop.results[0]
    if wide:
        result = elementwise([result], t, lambda x: arith.TruncFOp(elem, x).result)
    rewriter.replace_op(op, [result])


def _slice_at(v: ir.Value, axis: int, position: ir.Value) -> ir.Value:
    """v's slice at `position` along `axis` (the axis kept, size 1)."""
    t = ir.RankedTensorType(v.type)
    offsets, sizes, static_offsets, static_sizes = _slice_bounds(v, axis, position)
    slice_t = ir.RankedTensorType.get(static_sizes, t.element_type)
    return tensor.ExtractSliceOp(slice_t, v, offsets, sizes, [], static_offsets, static_sizes,
                                 [1] * t.rank).result


def _insert_at(piece: ir.Value, into: ir.Value, axis: int, position: ir.Value) -> ir.Value:
    offsets, sizes, static_offsets, static_sizes = _slice_bounds(into, axis, position)
    return tensor.InsertSliceOp(piece, into, offsets, sizes, [], static_offsets, static_sizes,
                                [1] * len(static_sizes)).result


def _slice_bounds(v: ir.Value, axis: int, position: ir.Value):
    """Offsets and sizes (dynamic values, static lists) of v's size-1 slice
    at `position` along `axis`."""
    t = ir.RankedTensorType(v.type)
    dynamic = ir.ShapedType.get_dynamic_size()
    static_offsets = [dynamic if d == axis else 0 for d in range(t.rank)]
    static_sizes = [1 if d == axis else t.shape[d] for d in range(t.rank)]
    sizes = [as_index(dim_of(v, d)) for d in range(t.rank) if d != axis and t.is_dynamic_dim(d)]
    return [position], sizes, static_offsets, static_sizes
