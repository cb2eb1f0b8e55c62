"""Torch -> TCP: writes at indices. scatter, scatter_add, scatter_reduce,
index_put (and what torch-mlir's decompositions make of index_add,
index_copy and `x[:, i] = v`), slice_scatter, diagonal_scatter and
embedding_bag all become tcp.scatter_nd: each names the full coordinates
of the elements (or the leading coordinates of the slices) it writes.
Where two indices name one element, the later one in row-major order
wins a plain write (PyTorch's CPU kernels write in that order too) and
reductions combine them all.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, tensor

from ...dialects import tcp
from ...dialects.tcp_base import is_bool, is_float
from ..pattern_list import PatternList, Unsupported
from .data_movement import expand_unit_dim, index_tensor, slice_along, stack_last, wrapped_index
from .utils import (
    TorchTensor, broadcast_like, broadcast_operands, broadcast_to, cast_to, const_bool, const_int, const_scalar,
    dim_of, from_builtin, i64, index_const, is_none, list_elements, normalize_dim, replace, result_tensor,
    scalar_tensor, to_builtin,
)

PATTERNS = PatternList()


def _scatter_nd(x: ir.Value, indices: ir.Value, updates: ir.Value, kind: str) -> ir.Value:
    return tcp.ScatterNdOp.create(x.type, input=x, indices=indices, updates=updates, kind=kind).result


def _filled(value: int | float, like: ir.Value, elem: ir.Type | None = None) -> ir.Value:
    """A tensor shaped like `like` holding `value` (of `like`'s element type,
    or `elem`)."""
    t = ir.RankedTensorType(like.type)
    return broadcast_like(scalar_tensor(value, elem or t.element_type, t.rank), like)


def _iota_along(like: ir.Value, axis: int) -> ir.Value:
    """An i64 tensor shaped like `like` whose elements are their own index
    along `axis`."""
    t = ir.RankedTensorType(like.type)
    line_t = ir.RankedTensorType.get([t.shape[axis]], i64())
    line = tcp.IotaOp.create(line_t, size=[dim_of(like, axis)] if t.is_dynamic_dim(axis) else []).result
    for d in range(t.rank):
        if d != axis:
            line = expand_unit_dim(line, d)
    sizes = [dim_of(like, d) for d in range(t.rank)]
    return broadcast_to(line, sizes, [None if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)])


def _coordinates(index: ir.Value, dim: int) -> ir.Value:
    """The full coordinates torch.scatter writes at: for each position p of
    `index`, p with its coordinate along `dim` replaced by index[p]."""
    rank = ir.RankedTensorType(index.type).rank
    return stack_last([index if d == dim else _iota_along(index, d) for d in range(rank)])


def _shaped_like(src: ir.Value, index: ir.Value) -> ir.Value:
    """src cut to index's shape: torch.scatter reads only src's elements at
    index's positions (src may be larger)."""
    src_t, index_t = ir.RankedTensorType(src.type), ir.RankedTensorType(index.type)
    if list(src_t.shape) == list(index_t.shape) and src_t.has_static_shape:
        return src
    rank = index_t.rank
    out_t = ir.RankedTensorType.get(list(index_t.shape), src_t.element_type)
    return tcp.SliceOp.create(out_t, in_=src, starts=[index_const(0)] * rank,
                              sizes=[dim_of(index, d) for d in range(rank)], strides=[index_const(1)] * rank).result


def _identity(kind: str, elem: ir.Type) -> int | float:
    if is_float(elem):
        return {"Sum": 0.0, "Prod": 1.0, "Max": float("-inf"), "Min": float("inf")}[kind]
    width = ir.IntegerType(elem).width
    return {"Sum": 0, "Prod": 1, "Max": -(2 ** (width - 1)), "Min": 2 ** (width - 1) - 1}[kind]


_REDUCTIONS = {"sum": "Sum", "prod": "Prod", "amax": "Max", "amin": "Min"}


@PATTERNS.register("torch.aten.scatter.src", "torch.aten.scatter_add", "torch.aten.scatter_reduce.two")
def convert_scatter(op, rewriter):
    """scatter writes, scatter_add adds; scatter_reduce reduces with or
    without self's value (include_self=False starts each written element
    from the reduction's identity), and its mean divides by how many values
    each element took (a floor division for integers, as PyTorch's)."""
    x = to_builtin(op.operands[0])
    elem = ir.RankedTensorType(x.type).element_type
    if is_bool(elem):
        raise Unsupported("scatter into a bool tensor")
    dim = normalize_dim(const_int(op.operands[1], "dim"), ir.RankedTensorType(x.type).rank)
    index = index_tensor(op.operands[2])
    coords = _coordinates(index, dim)
    src = cast_to(_shaped_like(to_builtin(op.operands[3]), index), elem)
    if op.name == "torch.aten.scatter.src":
        replace(rewriter, op, [_scatter_nd(x, coords, src, "Replace")])
        return
    if op.name == "torch.aten.scatter_add":
        replace(rewriter, op, [_scatter_nd(x, coords, src, "Sum")])
        return
    reduce = const_scalar(op.operands[4])
    include_self = const_bool(op.operands[5], "include_self")
    kind = _REDUCTIONS.get(reduce, "Sum" if reduce == "mean" else None)
    if kind is None:
        raise Unsupported(f"reduce must be one of sum, prod, mean, amax, amin, not {reduce!r}")
    start = x if include_self else _scatter_nd(x, coords, _filled(_identity(kind, elem), src), "Replace")
    total = _scatter_nd(start, coords, src, kind)
    if reduce == "mean":
        total = _mean(x, total, coords, src, include_self)
    replace(rewriter, op, [total])


def _mean(x: ir.Value, total: ir.Value, coords: ir.Value, src: ir.Value, include_self: bool) -> ir.Value:
    """total / the number of values each element took; elements that took
    none keep x's value."""
    t = ir.RankedTensorType(x.type)
    count = _scatter_nd(_filled(1 if include_self else 0, x), coords, _filled(1, src), "Sum")
    safe = tcp.MaxOp.create(t, in1=count, in2=_filled(1, count)).result
    if is_float(t.element_type):
        mean = tcp.DivFOp.create(t, in1=total, in2=safe).result
    else:
        mean = tcp.DivSIOp.create(t, in1=total, in2=safe, rounding_mode="Floor").result
    if include_self:
        return mean
    none = tcp.CmpOp.create(ir.RankedTensorType.get(t.shape, ir.IntegerType.get_signless(1)), in1=count,
                            in2=_filled(0, count), predicate="Eq").result
    return tcp.SelectOp.create(t, cond=none, on_true=x, on_false=mean).result


@PATTERNS.register("torch.aten.index_put.hacked_twin", "torch.aten.index_put", "torch.aten._index_put_impl")
def convert_index_put(op, rewriter):
    """x[i0, ..., iK-1] = values (or += with accumulate): the index tensors,
    broadcast together and wrapped (a negative index counts from the end),
    give the coordinates of the leading K dims; values broadcast to their
    shape followed by x's other dims."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    entries = list_elements(op.operands[1])
    if any(is_none(v) for v in entries):
        raise Unsupported("index_put with None among the indices")
    k = len(entries)
    indices = [wrapped_index(v, x, d) for d, v in enumerate(entries)]
    batch = TorchTensor(_broadcast_shape([_shape(v) for v in indices]), "si64")
    indices = broadcast_operands(batch, indices)
    rest = [None if t.is_dynamic_dim(d) else t.shape[d] for d in range(k, t.rank)]
    sizes = [dim_of(indices[0], d) for d in range(batch.rank)] + [dim_of(x, d) for d in range(k, t.rank)]
    values = broadcast_to(cast_to(to_builtin(op.operands[2]), t.element_type), sizes, list(batch.shape) + rest)
    accumulate = const_bool(op.operands[3], "accumulate")
    replace(rewriter, op, [_scatter_nd(x, stack_last(indices), values, "Sum" if accumulate else "Replace")])


def _shape(v: ir.Value) -> list[int | None]:
    t = ir.RankedTensorType(v.type)
    return [None if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]


def _broadcast_shape(shapes: list[list[int | None]]) -> tuple[int | None, ...]:
    """Torch's broadcast of these shapes (None: dynamic, taken as the size
    the others agree on when one of them is static and not 1)."""
    rank = max(len(s) for s in shapes)
    out = []
    for d in range(rank):
        sizes = {s[d - (rank - len(s))] for s in shapes if d - (rank - len(s)) >= 0}
        static = sizes - {None, 1}
        out.append(static.pop() if static else None if None in sizes else 1)
    return tuple(out)


def _moved_first(x: ir.Value, dims: list[int]) -> tuple[ir.Value, list[int]]:
    """x with `dims` moved to the front (in that order), and the permutation
    that moves them back."""
    t = ir.RankedTensorType(x.type)
    perm = dims + [d for d in range(t.rank) if d not in dims]
    if perm == list(range(t.rank)):
        return x, perm
    out_t = ir.RankedTensorType.get([t.shape[d] for d in perm], t.element_type)
    return tcp.TransposeOp.create(out_t, in_=x, permutation=perm).result, [perm.index(d) for d in range(t.rank)]


def _transposed(x: ir.Value, perm: list[int]) -> ir.Value:
    t = ir.RankedTensorType(x.type)
    if perm == list(range(t.rank)):
        return x
    out_t = ir.RankedTensorType.get([t.shape[d] for d in perm], t.element_type)
    return tcp.TransposeOp.create(out_t, in_=x, permutation=perm).result


def _index_line(start: ir.Value, step: int, like: ir.Value) -> ir.Value:
    """[n, 1] i64: start + i * step for i < like's dim 0 (start an index)."""
    like_t = ir.RankedTensorType(like.type)
    t = ir.RankedTensorType.get([like_t.shape[0]], i64())
    line = tcp.IotaOp.create(t, size=[dim_of(like, 0)] if like_t.is_dynamic_dim(0) else []).result
    scaled = tcp.MulOp.create(t, in1=line, in2=_filled(step, line)).result
    first = tensor.FromElementsOp(ir.RankedTensorType.get([1], i64()),
                                  [arith.IndexCastOp(i64(), start).result]).result
    shifted = tcp.AddOp.create(t, in1=scaled, in2=broadcast_like(first, scaled)).result
    return expand_unit_dim(shifted, 1)


@PATTERNS.register("torch.aten.slice_scatter")
def convert_slice_scatter(op, rewriter):
    """x[..., start:end:step, ...] = src along dim: dim moved first, the
    slice's positions start + i * step index it."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    dim, start, step = slice_along(x, op.operands[2], op.operands[3], op.operands[5])
    moved, back = _moved_first(x, [dim])
    src, _ = _moved_first(cast_to(to_builtin(op.operands[1]), t.element_type), [dim])
    out = _scatter_nd(moved, _index_line(start, step, src), src, "Replace")
    replace(rewriter, op, [_transposed(out, back)])


@PATTERNS.register("torch.aten.diagonal_scatter")
def convert_diagonal_scatter(op, rewriter):
    """The diagonal of dims (dim1, dim2) at `offset` = src (whose last dim
    runs along it): both dims moved first, the diagonal's positions index
    them."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    offset = const_int(op.operands[2], "offset")
    dim1 = normalize_dim(const_int(op.operands[3], "dim1"), t.rank)
    dim2 = normalize_dim(const_int(op.operands[4], "dim2"), t.rank)
    moved, back = _moved_first(x, [dim1, dim2])
    src = cast_to(to_builtin(op.operands[1]), t.element_type)
    src_rank = ir.RankedTensorType(src.type).rank
    src, _ = _moved_first(src, [src_rank - 1])
    rows, columns = (_index_line(index_const(max(sign * offset, 0)), 1, src) for sign in (-1, 1))
    indices = tcp.ConcatOp.create(ir.RankedTensorType.get([ir.RankedTensorType(rows.type).shape[0], 2], i64()),
                                  inputs=[rows, columns], axis=1).result
    out = _scatter_nd(moved, indices, src, "Replace")
    replace(rewriter, op, [_transposed(out, back)])



_BAG_MODES = {0: "Sum", 1: "Mean", 2: "Max"}


@PATTERNS.register("torch.aten.embedding_bag.padding_idx")
def convert_embedding_bag(op, rewriter):
    """Each bag's rows of the table summed (each times its per-sample
    weight), averaged or maxed: the rows are gathered, then scatter-reduced
    into their bag's row. A bag is the ids from one offset to the next
    (F.embedding_bag gives 2-D ids as such; with include_last_offset, the
    last offset ends the last bag: it is the number of ids, as documented,
    and ids after a smaller one count for nothing); padding_idx's rows (a
    padding_idx of -1 is none) count for nothing, and a bag with no rows is
    zeros. Only the bags (the first result) are computed."""
    if any(list(r.uses) for r in op.results[1:]):
        raise Unsupported("only embedding_bag's first result (the bags) is supported")
    weight = to_builtin(op.operands[0])
    elem = ir.RankedTensorType(weight.type).element_type
    ids = index_tensor(op.operands[1])
    mode = _BAG_MODES.get(const_int(op.operands[4], "mode"))
    if mode is None:
        raise Unsupported("mode must be sum (0), mean (1) or max (2)")
    scale = None if is_none(op.operands[6]) else cast_to(to_builtin(op.operands[6]), elem)
    if ir.RankedTensorType(ids.type).rank != 1:
        raise Unsupported("ids must be 1-D (F.embedding_bag gives 2-D ids as 1-D ids and offsets)")
    dropped = []  # masks of the ids that count for nothing
    offsets = index_tensor(op.operands[2])
    bag_of = _bag_of_each_id(offsets, ids)
    bag_count = dim_of(offsets, 0)
    if const_bool(op.operands[7], "include_last_offset"):
        bag_count = arith.SubIOp(bag_count, index_const(1)).result
        last = _filled(0, bag_of)  # the ids after the last offset have bag number bag_count: in none
        last = tcp.AddOp.create(last.type, in1=last, in2=broadcast_like(_index_tensor_of(bag_count), last)).result
        dropped.append(tcp.CmpOp.create(_bools(bag_of), in1=bag_of, in2=last, predicate="Eq").result)
        bag_of = tcp.MinOp.create(bag_of.type, in1=bag_of,
                                  in2=tcp.SubOp.create(last.type, in1=last, in2=_filled(1, last)).result).result
    padding = None if is_none(op.operands[8]) else const_int(op.operands[8], "padding_idx")
    if padding is not None and padding >= 0:
        dropped.append(tcp.CmpOp.create(_bools(ids), in1=ids, in2=_filled(padding, ids), predicate="Eq").result)
    kept = _filled(1, ids, elem)
    for mask in dropped:
        kept = tcp.SelectOp.create(kept.type, cond=mask, on_true=_filled(0, kept), on_false=kept).result
    result = result_tensor(op)
    out_t = result.builtin()
    bag_sizes = [bag_count if result.shape[0] is None else result.shape[0], result.shape[1]]
    rows_t = ir.RankedTensorType.get([ir.RankedTensorType(ids.type).shape[0], result.shape[1]], elem)
    rows = tcp.GatherNdOp.create(rows_t, input=weight, indices=expand_unit_dim(ids, 1)).result
    if scale is not None:
        rows = tcp.MulOp.create(rows_t, in1=rows, in2=_along_rows(scale, rows)).result
    bags = expand_unit_dim(bag_of, 1)
    count = _scatter_nd(_full(0, elem, bag_sizes[:1], result.shape[:1]), bags, kept, "Sum")
    if mode == "Max":
        is_kept = cast_to(_along_rows(kept, rows), ir.IntegerType.get_signless(1))
        rows = tcp.SelectOp.create(rows_t, cond=is_kept, on_true=rows, on_false=_filled(float("-inf"), rows)).result
        out = _scatter_nd(_full(float("-inf"), elem, bag_sizes, result.shape), bags, rows, "Max")
        empty = tcp.CmpOp.create(_bools(count), in1=count, in2=_filled(0, count), predicate="Eq").result
        out = tcp.SelectOp.create(out_t, cond=_along_rows(empty, out), on_true=_filled(0, out), on_false=out).result
    else:
        rows = tcp.MulOp.create(rows_t, in1=rows, in2=_along_rows(kept, rows)).result
        out = _scatter_nd(_full(0, elem, bag_sizes, result.shape), bags, rows, "Sum")
        if mode == "Mean":
            divisor = tcp.MaxOp.create(count.type, in1=count, in2=_filled(1, count)).result
            out = tcp.DivFOp.create(out_t, in1=out, in2=_along_rows(divisor, out)).result
    op.results[0].replace_all_uses_with(from_builtin(out, op.results[0].type))
    rewriter.erase_op(op)


def _index_tensor_of(size: ir.Value) -> ir.Value:
    """tensor<1xi64> holding an index value."""
    return tensor.FromElementsOp(ir.RankedTensorType.get([1], i64()), [arith.IndexCastOp(i64(), size).result]).result


def _bag_of_each_id(offsets: ir.Value, ids: ir.Value) -> ir.Value:
    """The bag of each of the n ids: how many offsets are at or before its
    position, minus one (a mark of 1 at each offset, summed along; an offset
    of n starts an empty last bag)."""
    n = dim_of(ids, 0)
    n_static = ir.RankedTensorType(ids.type).shape[0]
    length = arith.AddIOp(n, index_const(1)).result
    marks_shape = [None if ir.RankedTensorType(ids.type).is_dynamic_dim(0) else n_static + 1]
    marks = _scatter_nd(_full(0, i64(), [length], marks_shape), expand_unit_dim(offsets, 1),
                        _filled(1, offsets), "Sum")
    started = tcp.ScanOp.create(marks.type, in_=marks, kind="Sum", axis=0).result
    first = _first(started, n)
    return tcp.SubOp.create(first.type, in1=first, in2=_filled(1, first)).result


def _first(v: ir.Value, n: ir.Value) -> ir.Value:
    """The first n elements of the vector v."""
    t = ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size()], ir.RankedTensorType(v.type).element_type)
    return tcp.SliceOp.create(t, in_=v, starts=[index_const(0)], sizes=[n], strides=[index_const(1)]).result


def _full(value: int | float, elem: ir.Type, sizes: list, shape: list[int | None]) -> ir.Value:
    """A tensor of `shape` (dynamic dims of `sizes`) holding `value`."""
    return broadcast_to(scalar_tensor(value, elem, len(shape)), sizes, shape)


def _along_rows(v: ir.Value, like: ir.Value) -> ir.Value:
    """The vector v (one element per row of the matrix `like`) broadcast
    along like's rows."""
    t = ir.RankedTensorType(like.type)
    return broadcast_to(expand_unit_dim(v, 1), [dim_of(like, 0), dim_of(like, 1)],
                        [None if t.is_dynamic_dim(d) else t.shape[d] for d in range(2)])


def _bools(like: ir.Value) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(ir.RankedTensorType(like.type).shape, ir.IntegerType.get_signless(1))
