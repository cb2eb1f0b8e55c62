"""TCP -> linalg/tensor/arith: constants, broadcast, slices, concatenation,
gathers and scatters, transposes, padding and flips."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, linalg, scf, tensor

from ...dialects import tcp
from ...dialects.tcp_base import i64_array
from ..element_casts import convert_element
from ..pattern_list import PatternList
from ...linalg_builders import (
    DYNAMIC, as_index, combine, dim_of, elementwise, empty, generic, index_const, runtime_check, size_product,
    split_sizes, tensor_type,
)

PATTERNS = PatternList()


@PATTERNS.register(tcp.ConstOp.OPERATION_NAME)
def lower_const(op, rewriter):
    view = tcp.ConstOp(op)
    rewriter.replace_op(op, [arith.ConstantOp(view.out.type, view.value).result])


@PATTERNS.register(tcp.BroadcastOp.OPERATION_NAME)
def lower_broadcast(op, rewriter):
    """A generic reading the input at index 0 along the broadcast axes."""
    view = tcp.BroadcastOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    axes = i64_array(view.axes)
    new_sizes = dict(zip(axes, view.new_dim_sizes))
    sizes = [new_sizes[d] if d in new_sizes else dim_of(view.in_, d) for d in range(out_t.rank)]
    exprs = [ir.AffineConstantExpr.get(0) if d in axes else ir.AffineDimExpr.get(d) for d in range(out_t.rank)]
    in_map = ir.AffineMap.get(out_t.rank, 0, exprs)
    result = generic([view.in_], empty(out_t, sizes), [in_map], lambda x: x)
    rewriter.replace_op(op, [result])


@PATTERNS.register(tcp.IotaOp.OPERATION_NAME)
def lower_iota(op, rewriter):
    """A generic writing each element's index, converted to the element type."""
    view = tcp.IotaOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    init = empty(out_t, list(view.size) or [out_t.shape[0]])
    i64 = ir.IntegerType.get_signless(64)

    def body() -> ir.Value:
        index = arith.IndexCastOp(i64, linalg.IndexOp(0).result).result
        return convert_element(index, i64, out_t.element_type, unsigned_in=False, unsigned_out=False)

    rewriter.replace_op(op, [generic([], init, [], body)])


def _mixed(values: list[ir.Value], static: list[int] | None = None):
    """Operands and static list for an op taking mixed static/dynamic
    offsets, sizes or strides. Dims that `static` fixes are not operands."""
    if static is None:
        return values, [DYNAMIC] * len(values)
    operands = [v for v, s in zip(values, static) if s == DYNAMIC]
    return operands, static


@PATTERNS.register(tcp.SliceOp.OPERATION_NAME)
def lower_slice(op, rewriter):
    view = tcp.SliceOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    offsets, static_offsets = _mixed(view.starts)
    sizes, static_sizes = _mixed(view.sizes, list(out_t.shape))
    strides, static_strides = _mixed(view.strides)
    result = tensor.ExtractSliceOp(out_t, view.in_, offsets, sizes, strides,
                                   static_offsets, static_sizes, static_strides).result
    rewriter.replace_op(op, [result])


@PATTERNS.register(tcp.ConcatOp.OPERATION_NAME)
def lower_concat(op, rewriter):
    """Insert each input into an empty tensor at its running offset."""
    view = tcp.ConcatOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    axis = ir.IntegerAttr(view.axis).value
    inputs = view.inputs
    axis_sizes = [dim_of(v, axis) for v in inputs]
    total = index_const(0)
    for s in axis_sizes:
        total = arith.AddIOp(total, index_const(s) if isinstance(s, int) else s).result
    first = inputs[0]
    sizes = [total if d == axis else dim_of(first, d) for d in range(out_t.rank)]
    result = empty(out_t, sizes)
    offset: ir.Value = index_const(0)
    for v, axis_size in zip(inputs, axis_sizes):
        in_t = ir.RankedTensorType(v.type)
        offsets = [offset if d == axis else index_const(0) for d in range(out_t.rank)]
        dyn_offsets, static_offsets = _mixed(offsets)
        in_sizes = [dim_of(v, d) for d in range(in_t.rank)]
        dyn_sizes = [s for s in in_sizes if not isinstance(s, int)]
        static_sizes = [s if isinstance(s, int) else DYNAMIC for s in in_sizes]
        result = tensor.InsertSliceOp(v, result, dyn_offsets, dyn_sizes, [], static_offsets, static_sizes,
                                      [1] * out_t.rank).result
        step = index_const(axis_size) if isinstance(axis_size, int) else axis_size
        offset = arith.AddIOp(offset, step).result
    rewriter.replace_op(op, [result])


def _to_index(x: ir.Value) -> ir.Value:
    return arith.IndexCastOp(ir.IndexType.get(), x).result


def _checked_index(x: ir.Value, size: ir.Value | int, op: ir.Operation) -> ir.Value:
    """x as an index, asserting 0 <= x < size (an unsigned compare also
    catches negative indices): an out-of-range index aborts with a message
    instead of reading outside the tensor, as PyTorch raises."""
    index = _to_index(x)
    bound = index_const(size) if isinstance(size, int) else size
    in_range = arith.CmpIOp(arith.CmpIPredicate.ult, index, bound).result
    runtime_check(in_range, "index out of range", op)
    return index


@PATTERNS.register(tcp.GatherOp.OPERATION_NAME)
def lower_gather(op, rewriter):
    """out[i...] = input[i... with dim replaced by indices[i...]]."""
    view = tcp.GatherOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    dim = ir.IntegerAttr(view.dim).value
    init = empty(out_t, [dim_of(view.indices, d) for d in range(out_t.rank)])
    identity = ir.AffineMap.get_identity(out_t.rank)

    dim_size = dim_of(view.input, dim)

    def body(index: ir.Value) -> ir.Value:
        coords = [_checked_index(index, dim_size, op) if d == dim else linalg.IndexOp(d).result
                  for d in range(out_t.rank)]
        return tensor.ExtractOp(view.input, coords).result

    rewriter.replace_op(op, [generic([view.indices], init, [identity], body)])


@PATTERNS.register(tcp.GatherNdOp.OPERATION_NAME)
def lower_gather_nd(op, rewriter):
    """out[b..., r...] = input[indices[b..., 0], ..., indices[b..., K-1], r...]."""
    view = tcp.GatherNdOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    idx_t = ir.RankedTensorType(view.indices.type)
    batch = idx_t.rank - 1
    k = idx_t.shape[-1]
    sizes = [dim_of(view.indices, d) for d in range(batch)] + \
            [dim_of(view.input, d) for d in range(k, ir.RankedTensorType(view.input.type).rank)]
    init = empty(out_t, sizes)
    bounds = [dim_of(view.input, j) for j in range(k)]

    def body() -> ir.Value:
        loops = [linalg.IndexOp(d).result for d in range(out_t.rank)]
        coords = [_checked_index(tensor.ExtractOp(view.indices, loops[:batch] + [index_const(j)]).result,
                                 bounds[j], op)
                  for j in range(k)]
        return tensor.ExtractOp(view.input, coords + loops[batch:]).result

    rewriter.replace_op(op, [generic([], init, [], body)])


@PATTERNS.register(tcp.ScatterNdOp.OPERATION_NAME)
def lower_scatter_nd(op, rewriter):
    """A loop over the index positions in row-major order, from the input:
    each reads its K coordinates (checked against their dims) and combines
    its updates with the element, or the slice of the remaining dims, they
    name (a linalg.generic over the slice)."""
    view = tcp.ScatterNdOp(op)
    in_t = ir.RankedTensorType(view.input.type)
    k = ir.RankedTensorType(view.indices.type).shape[-1]
    rest = [dim_of(view.input, d) for d in range(k, in_t.rank)]
    indices = _leading_flattened(view.indices, 1)
    updates = _leading_flattened(view.updates, len(rest))
    kind = view.scatter_kind
    one = index_const(1)
    loop = scf.ForOp(index_const(0), as_index(dim_of(indices, 0)), one, [view.input])
    with ir.InsertionPoint(loop.body):
        n, out = loop.induction_variable, loop.inner_iter_args[0]
        coords = [_checked_index(tensor.ExtractOp(indices, [n, index_const(j)]).result, dim_of(view.input, j), op)
                  for j in range(k)]
        if not rest:
            update = tensor.ExtractOp(updates, [n]).result
            if kind != "Replace":
                update = combine(kind, tensor.ExtractOp(out, coords).result, update)
            scf.YieldOp([tensor.InsertOp(update, out, coords).result])
        else:
            rest_t = tensor_type(rest, in_t.element_type)
            zeros = [index_const(0)] * len(rest)
            update = _slice(updates, rest_t, [n] + zeros, [1] + rest)
            if kind != "Replace":
                target = _slice(out, rest_t, coords + zeros, [1] * k + rest)
                update = elementwise([target, update], rest_t, lambda a, b: combine(kind, a, b))
            dynamic, static = split_sizes([1] * k + rest)
            scf.YieldOp([tensor.InsertSliceOp(update, out, coords + zeros, dynamic, [], [DYNAMIC] * in_t.rank,
                                              static, [1] * in_t.rank).result])
    rewriter.replace_op(op, [loop.results[0]])


def _leading_flattened(x: ir.Value, kept: int) -> ir.Value:
    """x with all but its last `kept` dims collapsed into one (a new unit dim
    when there are none)."""
    t = ir.RankedTensorType(x.type)
    lead = t.rank - kept
    sizes = [dim_of(x, d) for d in range(t.rank)]
    if lead == 1:
        return x
    if lead == 0:  # the first dim (if any) becomes [1, dim]
        dynamic, static = split_sizes([1] + sizes)
        groups = [[0, 1]] + [[d + 1] for d in range(1, t.rank)] if t.rank else []
        return tensor.ExpandShapeOp(tensor_type([1] + sizes, t.element_type), x, groups, dynamic, static).result
    return tensor.CollapseShapeOp(tensor_type([size_product(sizes[:lead])] + sizes[lead:], t.element_type), x,
                                  [list(range(lead))] + [[d] for d in range(lead, t.rank)]).result


def _slice(x: ir.Value, t: ir.RankedTensorType, offsets: list[ir.Value], sizes: list) -> ir.Value:
    """The slice of x at `offsets` of `sizes`, its unit dims dropped to type t."""
    dynamic, static = split_sizes(sizes)
    return tensor.ExtractSliceOp(t, x, offsets, dynamic, [], [DYNAMIC] * len(offsets), static,
                                 [1] * len(offsets)).result


@PATTERNS.register(tcp.TransposeOp.OPERATION_NAME)
def lower_transpose(op, rewriter):
    view = tcp.TransposeOp(op)
    perm = i64_array(view.permutation)
    init = empty(ir.RankedTensorType(view.out.type), [dim_of(view.in_, d) for d in perm])
    rewriter.replace_op(op, [linalg.transpose(view.in_, outs=[init], permutation=perm).results[0]])


@PATTERNS.register(tcp.PadOp.OPERATION_NAME)
def lower_pad(op, rewriter):
    """tensor.pad yielding the 0-d value tensor's element."""
    view = tcp.PadOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    low, high = i64_array(view.low), i64_array(view.high)
    value = tensor.ExtractOp(view.value, []).result
    pad = tensor.PadOp(out_t, view.in_, [], [], low, high)
    block = pad.regions[0].blocks.append(*[ir.IndexType.get()] * out_t.rank)
    with ir.InsertionPoint(block):
        tensor.YieldOp(value)
    rewriter.replace_op(op, [pad.result])


@PATTERNS.register(tcp.FlipOp.OPERATION_NAME)
def lower_flip(op, rewriter):
    """out[..., i, ...] = in[..., size - 1 - i, ...] along the flipped axes."""
    view = tcp.FlipOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    axes = i64_array(view.axes)
    sizes = [dim_of(view.in_, d) for d in range(out_t.rank)]
    last = {d: arith.SubIOp(as_index(sizes[d]), index_const(1)).result for d in axes}

    def body() -> ir.Value:
        coords = [linalg.IndexOp(d).result for d in range(out_t.rank)]
        coords = [arith.SubIOp(last[d], c).result if d in last else c for d, c in enumerate(coords)]
        return tensor.ExtractOp(view.in_, coords).result

    rewriter.replace_op(op, [generic([], empty(out_t, sizes), [], body)])
