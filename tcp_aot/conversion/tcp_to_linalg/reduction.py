"""TCP -> linalg: reductions (a linalg.generic with reduction loops), arg
reductions (two results: value and index), scans (a loop over the scanned
axis) and sorts (a merge sort of each line)."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, linalg, scf, tensor

from ...dialects import tcp
from ...dialects.tcp_base import i64_array, is_bool, is_float
from ..pattern_list import PatternList
from ...linalg_builders import (
    PARALLEL, REDUCTION, as_index, combine, dim_of, elementwise, empty, filled, generic, index_const, size_product,
    split_sizes, structured, tensor_type,
)

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


@PATTERNS.register(tcp.SortOp.OPERATION_NAME)
def lower_sort(op, rewriter):
    """A bottom-up merge sort of every line along the axis: n log n
    comparisons, stable. The axis is moved last and the other dims
    collapsed, so that the lines are the rows of a [rows, n] tensor; each
    pass merges pairs of sorted runs into runs twice as long."""
    view = tcp.SortOp(op)
    t = ir.RankedTensorType(view.in_.type)
    axis = ir.IntegerAttr(view.axis).value
    sizes = [dim_of(view.in_, d) for d in range(t.rank)]
    order = [d for d in range(t.rank) if d != axis] + [axis]
    lines = _rows(_permuted(view.in_, order, [sizes[d] for d in order]))
    values, indices = _merge_sort(lines, view.attr("descending") is not None and ir.BoolAttr(view.descending).value)
    back = [order.index(d) for d in range(t.rank)]
    results = [_permuted(_unrows(v, [sizes[d] for d in order]), back, sizes) for v in (values, indices)]
    rewriter.replace_op(op, results)


def _permuted(x: ir.Value, perm: list[int], sizes: list) -> ir.Value:
    """x with its dims permuted (`sizes`: the result's)."""
    if perm == sorted(perm):
        return x
    out_t = tensor_type(sizes, ir.RankedTensorType(x.type).element_type)
    return linalg.transpose(x, outs=[empty(out_t, sizes)], permutation=perm).results[0]


def _rows(x: ir.Value) -> ir.Value:
    """[d0, ..., n] -> [d0 * ..., n] (a vector becomes one row)."""
    t = ir.RankedTensorType(x.type)
    if t.rank == 2:
        return x
    n = dim_of(x, t.rank - 1)
    if t.rank == 1:
        return tensor.ExpandShapeOp(tensor_type([1, n], t.element_type), x, [[0, 1]],
                                    [] if isinstance(n, int) else [n], [1, t.shape[0]]).result
    rows = size_product([dim_of(x, d) for d in range(t.rank - 1)])
    return tensor.CollapseShapeOp(tensor_type([rows, n], t.element_type), x,
                                  [list(range(t.rank - 1)), [t.rank - 1]]).result


def _unrows(x: ir.Value, sizes: list) -> ir.Value:
    """The inverse of _rows, back to `sizes`."""
    if len(sizes) == 2:
        return x
    t = tensor_type(sizes, ir.RankedTensorType(x.type).element_type)
    dynamic, static = split_sizes(sizes)
    groups = [[0, 1]] if len(sizes) == 1 else [list(range(len(sizes) - 1)), [len(sizes) - 1]]
    if len(sizes) == 1:
        return tensor.CollapseShapeOp(t, x, groups).result
    return tensor.ExpandShapeOp(t, x, groups, dynamic, static).result


def _merge_sort(lines: ir.Value, descending: bool) -> tuple[ir.Value, ir.Value]:
    """Each row of `lines` sorted, and where each element came from (i64).
    The passes go in pairs, from the data to a second buffer and back, so
    that each buffer stays one loop value: ceil(log2 n) passes rounded up
    to even (a pass whose runs are longer than n copies)."""
    t = ir.RankedTensorType(lines.type)
    i64 = ir.IntegerType.get_signless(64)
    sizes = [dim_of(lines, 0), dim_of(lines, 1)]
    indices_t = ir.RankedTensorType.get(t.shape, i64)
    positions = generic([], empty(indices_t, sizes), [],
                        lambda: arith.IndexCastOp(i64, linalg.IndexOp(1).result).result)
    n = as_index(sizes[1])
    n64 = arith.IndexCastOp(i64, n).result
    passes = _bit_length(arith.MaxSIOp(arith.SubIOp(n64, _i64(1)).result, _i64(0)).result)  # ceil(log2 n)
    pairs = arith.IndexCastOp(ir.IndexType.get(), arith.ShRUIOp(arith.AddIOp(passes, _i64(1)).result,
                                                                 _i64(1)).result).result
    one = index_const(1)
    # The second buffers start as copies of the first: one-shot bufferization
    # gives two loop values started from one tensor.empty the same buffer.
    loop = scf.ForOp(index_const(0), pairs, one, [lines, positions, lines, positions])
    with ir.InsertionPoint(loop.body):
        keys, indices, spare_keys, spare_indices = loop.inner_iter_args
        width = arith.ShLIOp(one, arith.ShLIOp(loop.induction_variable, one).result).result
        spare_keys, spare_indices = _merge_pass(keys, indices, spare_keys, spare_indices, width, n, descending)
        keys, indices = _merge_pass(spare_keys, spare_indices, keys, indices, arith.ShLIOp(width, one).result, n,
                                    descending)
        scf.YieldOp([keys, indices, spare_keys, spare_indices])
    return loop.results[0], loop.results[1]


def _bit_length(x: ir.Value) -> ir.Value:
    """The number of bits of a non-negative i64 (0 for 0), by halving
    steps (math.ctlz has no lowering after convert-math-to-libm)."""
    length = _i64(0)
    for step in (32, 16, 8, 4, 2, 1):
        big = arith.CmpIOp(arith.CmpIPredicate.uge, x, _i64(1 << step)).result
        x = arith.SelectOp(big, arith.ShRUIOp(x, _i64(step)).result, x).result
        length = arith.AddIOp(length, arith.SelectOp(big, _i64(step), _i64(0)).result).result
    return arith.AddIOp(length, x).result


def _i64(n: int) -> ir.Value:
    return arith.ConstantOp(ir.IntegerType.get_signless(64), n).result


def _merge_pass(keys, indices, out_keys, out_indices, width, n, descending):
    """Merge each pair of adjacent sorted runs of `width` elements of every
    row of keys (and their indices) into out_keys (out_indices)."""
    rows = as_index(dim_of(keys, 0))
    zero, one = index_const(0), index_const(1)
    run = arith.ShLIOp(width, one).result
    row_loop = scf.ForOp(zero, rows, one, [out_keys, out_indices])
    with ir.InsertionPoint(row_loop.body):
        row = row_loop.induction_variable
        run_loop = scf.ForOp(zero, n, run, list(row_loop.inner_iter_args))
        with ir.InsertionPoint(run_loop.body):
            lo = run_loop.induction_variable
            mid = arith.MinUIOp(arith.AddIOp(lo, width).result, n).result
            hi = arith.MinUIOp(arith.AddIOp(lo, run).result, n).result
            merge = scf.ForOp(lo, hi, one, [lo, mid] + list(run_loop.inner_iter_args))
            with ir.InsertionPoint(merge.body):
                k = merge.induction_variable
                i, j, acc_keys, acc_indices = merge.inner_iter_args
                # Clamped to their runs, so that reads stay in bounds once a run is used up.
                left = arith.MinUIOp(i, arith.SubIOp(mid, one).result).result
                right = arith.MinUIOp(j, arith.SubIOp(hi, one).result).result
                a = tensor.ExtractOp(keys, [row, left]).result
                b = tensor.ExtractOp(keys, [row, right]).result
                left_empty = arith.CmpIOp(arith.CmpIPredicate.uge, i, mid).result
                right_open = arith.CmpIOp(arith.CmpIPredicate.ult, j, hi).result
                # The right run's element goes first only when strictly before the left's: stable.
                take_right = arith.AndIOp(right_open, arith.OrIOp(left_empty, _before(b, a, descending)).result).result
                source = arith.SelectOp(take_right, right, left).result
                acc_keys = tensor.InsertOp(arith.SelectOp(take_right, b, a).result, acc_keys, [row, k]).result
                acc_indices = tensor.InsertOp(tensor.ExtractOp(indices, [row, source]).result, acc_indices,
                                              [row, k]).result
                step = arith.SelectOp(take_right, one, zero).result
                scf.YieldOp([arith.AddIOp(i, arith.SubIOp(one, step).result).result, arith.AddIOp(j, step).result,
                             acc_keys, acc_indices])
            scf.YieldOp(list(merge.results[2:]))
        scf.YieldOp(list(run_loop.results))
    return row_loop.results[0], row_loop.results[1]


def _before(b: ir.Value, a: ir.Value, descending: bool) -> ir.Value:
    """b sorts strictly before a: NaN above every number, -0.0 equal to
    0.0, as torch.sort orders them."""
    if not is_float(a.type):
        return arith.CmpIOp(arith.CmpIPredicate.sgt if descending else arith.CmpIPredicate.slt, b, a).result
    ordered = arith.CmpFOp(arith.CmpFPredicate.OGT if descending else arith.CmpFPredicate.OLT, b, a).result
    nan_a = arith.CmpFOp(arith.CmpFPredicate.UNO, a, a).result
    nan_b = arith.CmpFOp(arith.CmpFPredicate.UNO, b, b).result
    true = arith.ConstantOp(nan_a.type, 1).result
    # Ascending: a number b precedes a NaN a; descending: a NaN b precedes a number a.
    first_nan, other = (nan_b, nan_a) if descending else (nan_a, nan_b)
    nan_order = arith.AndIOp(first_nan, arith.XOrIOp(other, true).result).result
    return arith.OrIOp(ordered, nan_order).result
