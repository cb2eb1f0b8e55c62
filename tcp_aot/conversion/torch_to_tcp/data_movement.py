"""Torch -> TCP: constants, shapes, broadcasting, views, concatenation,
slicing, indexing, permutations, padding, flips, embeddings and
nearest-neighbour interpolation."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, tensor

from ...dialects import tcp
from ..pattern_list import PatternList, Unsupported
from .utils import (
    DYNAMIC, TorchTensor, broadcast_like, broadcast_operands, broadcast_to, cast_to, const_int, const_ints,
    const_number, const_scalar, const_str_or_none, defining_op, dim_of, i64, index_const, is_none, list_elements,
    normalize_dim, replace, result_tensor, retype_elements, scalar_tensor, scalar_to_index, to_builtin,
)

PATTERNS = PatternList()


def _size_value(v: ir.Value) -> ir.Value | int:
    """A size from a Torch int list: a Python int if constant, else an index."""
    value = const_scalar(v)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if str(v.type) != "!torch.int":
        raise Unsupported("sizes must be integers")
    return scalar_to_index(to_builtin(v))


def _as_index(size: ir.Value | int) -> ir.Value:
    return index_const(size) if isinstance(size, int) else size


# ---------------------------------------------------------------------------
# Constants and sizes
# ---------------------------------------------------------------------------


@PATTERNS.register("torch.vtensor.literal")
def convert_literal(op, rewriter):
    t = result_tensor(op).builtin()
    value = retype_elements(op.attributes["value"], t)
    replace(rewriter, op, [tcp.ConstOp.create(t, value=value).result])


@PATTERNS.register("torch.aten.size.int")
def convert_size_int(op, rewriter):
    x = to_builtin(op.operands[0])
    rank = ir.RankedTensorType(x.type).rank
    d = normalize_dim(const_int(op.operands[1], "dim"), rank)
    size = arith.IndexCastOp(i64(), dim_of(x, d)).result
    replace(rewriter, op, [size])


def _fill(op, rewriter, value, sizes: list[ir.Value | int]) -> None:
    """A tensor of the result's type filled with `value`."""
    result = result_tensor(op)
    unit = scalar_tensor(value, result.element_type(), result.rank)
    replace(rewriter, op, [broadcast_to(unit, sizes, result.shape)])


def _sizes_of(v: ir.Value) -> list[ir.Value | int]:
    x = to_builtin(v)
    t = ir.RankedTensorType(x.type)
    return [dim_of(x, d) if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]


_FACTORY_VALUES = {"torch.aten.ones": 1, "torch.aten.zeros": 0, "torch.aten.new_ones": 1,
                   "torch.aten.new_zeros": 0}
_LIKE_VALUES = {"torch.aten.ones_like": 1, "torch.aten.zeros_like": 0}


@PATTERNS.register("torch.aten.ones", "torch.aten.zeros")
def convert_factory(op, rewriter):
    sizes = [_size_value(v) for v in list_elements(op.operands[0])]
    _fill(op, rewriter, _FACTORY_VALUES[op.name], sizes)


@PATTERNS.register("torch.aten.new_ones", "torch.aten.new_zeros")
def convert_new_factory(op, rewriter):
    sizes = [_size_value(v) for v in list_elements(op.operands[1])]
    _fill(op, rewriter, _FACTORY_VALUES[op.name], sizes)


@PATTERNS.register("torch.aten.full")
def convert_full(op, rewriter):
    sizes = [_size_value(v) for v in list_elements(op.operands[0])]
    _fill(op, rewriter, op.operands[1], sizes)


@PATTERNS.register("torch.prim.NumToTensor.Scalar")
def convert_num_to_tensor(op, rewriter):
    """A Python number (often a size) as a 0-d tensor."""
    _fill(op, rewriter, op.operands[0], [])


@PATTERNS.register("torch.aten.ones_like", "torch.aten.zeros_like")
def convert_like(op, rewriter):
    _fill(op, rewriter, _LIKE_VALUES[op.name], _sizes_of(op.operands[0]))


@PATTERNS.register("torch.aten.full_like")
def convert_full_like(op, rewriter):
    _fill(op, rewriter, op.operands[1], _sizes_of(op.operands[0]))


@PATTERNS.register("torch.aten.empty.memory_format")
def convert_empty(op, rewriter):
    """Uninitialised memory, as in PyTorch."""
    sizes = [_size_value(v) for v in list_elements(op.operands[0])]
    t = result_tensor(op).builtin()
    mixed = [static if static != DYNAMIC else _as_index(s) for s, static in zip(sizes, t.shape)]
    replace(rewriter, op, [tensor.EmptyOp(mixed, t.element_type).result])


_ARANGE_OPERANDS = {"torch.aten.arange": (None, 0, None), "torch.aten.arange.start": (0, 1, None),
                    "torch.aten.arange.start_step": (0, 1, 2)}


@PATTERNS.register(*_ARANGE_OPERANDS)
def convert_arange(op, rewriter):
    """arange(start, end, step) = start + step * iota(length), with constant
    start and step; the end may be a runtime size."""
    result = result_tensor(op)
    start_at, end_at, step_at = _ARANGE_OPERANDS[op.name]
    start = 0 if start_at is None else const_number(op.operands[start_at], "start")
    step = 1 if step_at is None else const_number(op.operands[step_at], "step")
    if step <= 0:
        raise Unsupported("arange needs a positive step")
    if result.shape[0] is None and not all(isinstance(v, int) for v in (start, step)):
        raise Unsupported("an arange of dynamic length needs an integer start and step")
    out = result.builtin()
    sizes = []
    if result.shape[0] is None:
        end = scalar_to_index(to_builtin(op.operands[end_at]))
        span = arith.SubIOp(end, index_const(start)).result
        length = arith.CeilDivSIOp(span, index_const(step)).result
        sizes = [arith.MaxSIOp(length, index_const(0)).result]
    x = tcp.IotaOp.create(out, size=sizes).result
    if step != 1:
        x = tcp.MulOp.create(out, in1=x, in2=broadcast_like(scalar_tensor(step, out.element_type, 1), x)).result
    if start != 0:
        x = tcp.AddOp.create(out, in1=x, in2=broadcast_like(scalar_tensor(start, out.element_type, 1), x)).result
    replace(rewriter, op, [x])


# ---------------------------------------------------------------------------
# Broadcasting and views
# ---------------------------------------------------------------------------


@PATTERNS.register("torch.aten.broadcast_to", "torch.aten.expand")
def convert_broadcast_to(op, rewriter):
    result = result_tensor(op)
    sizes_in = [_size_value(v) for v in list_elements(op.operands[1])]
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    sizes: list[ir.Value | int] = []
    for d, s in enumerate(sizes_in):
        od = d - (result.rank - t.rank)
        if isinstance(s, int) and s == -1:
            if od < 0:
                raise Unsupported("-1 is only allowed for existing dims")
            sizes.append(dim_of(x, od) if t.is_dynamic_dim(od) else t.shape[od])
        else:
            sizes.append(s)
    replace(rewriter, op, [broadcast_to(x, sizes, result.shape)])


def expand_unit_dim(x: ir.Value, d: int) -> ir.Value:
    """Insert a unit dim at position d."""
    t = ir.RankedTensorType(x.type)
    shape = list(t.shape[:d]) + [1] + list(t.shape[d:])
    groups = [[i] for i in range(t.rank)]
    if t.rank:
        if d == 0:
            groups = [[0, 1]] + [[i + 1] for i in range(1, t.rank)]
        else:
            groups = [[i] if i < d - 1 else [i, i + 1] if i == d - 1 else [i + 1] for i in range(t.rank)]
    dynamic = [dim_of(x, i if i < d else i - 1) for i, s in enumerate(shape) if s == DYNAMIC]
    return tensor.ExpandShapeOp(ir.RankedTensorType.get(shape, t.element_type), x, groups, dynamic,
                                shape).result


def _collapse_unit_dim(x: ir.Value, d: int) -> ir.Value:
    """Drop the static unit dim d."""
    t = ir.RankedTensorType(x.type)
    shape = list(t.shape[:d]) + list(t.shape[d + 1:])
    if not shape:
        groups = []
    elif d == 0:
        groups = [[0, 1]] + [[i] for i in range(2, t.rank)]
    else:
        groups = [[i] for i in range(d - 1)] + [[d - 1, d]] + [[i] for i in range(d + 1, t.rank)]
    return tensor.CollapseShapeOp(ir.RankedTensorType.get(shape, t.element_type), x, groups).result


@PATTERNS.register("torch.aten.unsqueeze")
def convert_unsqueeze(op, rewriter):
    x = to_builtin(op.operands[0])
    rank = ir.RankedTensorType(x.type).rank
    d = normalize_dim(const_int(op.operands[1], "dim"), rank + 1)
    replace(rewriter, op, [expand_unit_dim(x, d)])


@PATTERNS.register("torch.aten.squeeze.dim", "torch.aten.squeeze")
def convert_squeeze(op, rewriter):
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    if op.name == "torch.aten.squeeze.dim":
        dims = [normalize_dim(const_int(op.operands[1], "dim"), t.rank)] if t.rank else []
    else:
        dims = list(range(t.rank))
    dims = [d for d in dims if t.shape[d] == 1]
    if any(t.is_dynamic_dim(d) for d in range(t.rank) if d in dims):
        raise Unsupported("cannot squeeze a dynamic dim")
    for d in sorted(dims, reverse=True):
        x = _collapse_unit_dim(x, d)
    replace(rewriter, op, [x])


@PATTERNS.register("torch.aten.view", "torch.aten.reshape", "torch.aten._unsafe_view")
def convert_view(op, rewriter):
    """Any contiguous reshape: collapse to 1-D, then expand to the result."""
    result = result_tensor(op)
    sizes = [_size_value(v) for v in list_elements(op.operands[1])]
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    flat_size = None if any(t.is_dynamic_dim(d) for d in range(t.rank)) else _product(t.shape)
    if t.rank != 1:
        groups = [list(range(t.rank))] if t.rank else []
        x = tensor.CollapseShapeOp(ir.RankedTensorType.get([DYNAMIC if flat_size is None else flat_size],
                                                           t.element_type), x, groups).result
    if result.rank == 1 and result.shape[0] is not None and flat_size == result.shape[0]:
        replace(rewriter, op, [x])
        return
    out = result.builtin()
    numel = dim_of(x, 0)
    dynamic = []
    for d, static in enumerate(result.shape):
        if static is not None:
            continue
        size = sizes[d]
        if isinstance(size, int) and size == -1:
            known = index_const(1)
            for e, other in enumerate(sizes):
                if e != d:
                    known = arith.MulIOp(known, _as_index(other)).result
            size = arith.DivUIOp(numel, known).result
        dynamic.append(_as_index(size))
    if result.rank == 0:
        out_value = tensor.CollapseShapeOp(out, x, []).result
    else:
        out_value = tensor.ExpandShapeOp(out, x, [list(range(result.rank))], dynamic,
                                         list(out.shape)).result
    replace(rewriter, op, [out_value])


def _product(xs) -> int:
    p = 1
    for x in xs:
        p *= x
    return p


# ---------------------------------------------------------------------------
# Concatenation and slicing
# ---------------------------------------------------------------------------


@PATTERNS.register("torch.aten.cat")
def convert_cat(op, rewriter):
    result = result_tensor(op)
    d = normalize_dim(const_int(op.operands[1], "dim"), result.rank)
    elem = result.element_type()
    inputs = [cast_to(to_builtin(v), elem) for v in list_elements(op.operands[0])]
    out = tcp.ConcatOp.create(result.builtin(), inputs=inputs, axis=d).result
    replace(rewriter, op, [out])


def slice_bound(v: ir.Value, default: ir.Value | int, size: ir.Value) -> ir.Value:
    """A start/end as PyTorch reads it: None is the default, negative counts
    from the end, then clamped into [0, size]."""
    if is_none(v):
        return _as_index(default)
    value = const_scalar(v)
    if isinstance(value, int) and not isinstance(value, bool):
        bound = index_const(value)
        negative = value < 0
    else:
        bound = scalar_to_index(to_builtin(v))
        negative = None
    zero = index_const(0)
    if negative is None:
        is_neg = arith.CmpIOp(arith.CmpIPredicate.slt, bound, zero).result
        bound = arith.SelectOp(is_neg, arith.AddIOp(bound, size).result, bound).result
    elif negative:
        bound = arith.AddIOp(bound, size).result
    bound = arith.MaxSIOp(bound, zero).result
    return arith.MinSIOp(bound, size).result


def slice_along(x: ir.Value, dim: ir.Value, start: ir.Value, step: ir.Value) -> tuple[int, ir.Value, int]:
    """A slice's operands (slice, slice_scatter): its dim, its first index
    in that dim (from the end when negative, clamped into the dim) and its
    step, which must be positive."""
    d = normalize_dim(const_int(dim, "dim"), ir.RankedTensorType(x.type).rank)
    step_size = const_int(step, "step")
    if step_size <= 0:
        raise Unsupported("step must be positive")
    return d, slice_bound(start, 0, dim_of(x, d)), step_size


@PATTERNS.register("torch.aten.slice.Tensor")
def convert_slice(op, rewriter):
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    d, start, step = slice_along(x, op.operands[1], op.operands[2], op.operands[4])
    size = dim_of(x, d)
    end = slice_bound(op.operands[3], size, size)
    end = arith.MaxSIOp(end, start).result
    span = arith.SubIOp(end, start).result
    step_v = index_const(step)
    length = arith.CeilDivUIOp(span, step_v).result
    starts = [start if i == d else index_const(0) for i in range(t.rank)]
    sizes = [(length if result.shape[i] is None else index_const(result.shape[i])) if i == d
             else dim_of(x, i) for i in range(t.rank)]
    strides = [step_v if i == d else index_const(1) for i in range(t.rank)]
    out = tcp.SliceOp.create(result.builtin(), in_=x, starts=starts, sizes=sizes, strides=strides).result
    replace(rewriter, op, [out])


@PATTERNS.register("torch.aten.select.int")
def convert_select(op, rewriter):
    """x.select(dim, i): a size-1 slice, then the dim dropped."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    d = normalize_dim(const_int(op.operands[1], "dim"), t.rank)
    size = dim_of(x, d)
    index = const_int(op.operands[2], "index")
    start = index_const(index) if index >= 0 else arith.AddIOp(index_const(index), size).result
    starts = [start if i == d else index_const(0) for i in range(t.rank)]
    sizes = [index_const(1) if i == d else dim_of(x, i) for i in range(t.rank)]
    strides = [index_const(1)] * t.rank
    shape = [1 if i == d else t.shape[i] for i in range(t.rank)]
    sliced = tcp.SliceOp.create(ir.RankedTensorType.get(shape, t.element_type), in_=x, starts=starts, sizes=sizes,
                                strides=strides).result
    replace(rewriter, op, [_collapse_unit_dim(sliced, d)])


# ---------------------------------------------------------------------------
# Gathers and indexing
# ---------------------------------------------------------------------------


def stack_last(columns: list[ir.Value]) -> ir.Value:
    """Tensors of one shape stacked along a new last dim."""
    t = ir.RankedTensorType(columns[0].type)
    columns = [expand_unit_dim(v, t.rank) for v in columns]
    if len(columns) == 1:
        return columns[0]
    stacked_t = ir.RankedTensorType.get(list(t.shape) + [len(columns)], t.element_type)
    return tcp.ConcatOp.create(stacked_t, inputs=columns, axis=t.rank).result


def index_tensor(v: ir.Value) -> ir.Value:
    return cast_to(to_builtin(v), i64())


# Ops whose result holds the values of their first operand.
_SAME_VALUES = ("torch_c.from_builtin_tensor", "torch_c.to_builtin_tensor", "tensor.expand_shape",
                "tensor.collapse_shape")


def _known_non_negative(v: ir.Value) -> bool:
    """Whether Torch tensor v is, by construction, free of negative values:
    an integer constant without any, or an iota, possibly reshaped (looked
    at after their own conversion, or before it for a literal)."""
    op = defining_op(v)
    while op is not None and op.name in _SAME_VALUES:
        op = defining_op(op.operands[0])
    if op is None:
        return False
    if op.name == tcp.IotaOp.OPERATION_NAME:
        return True
    if op.name not in ("torch.vtensor.literal", tcp.ConstOp.OPERATION_NAME):
        return False
    try:
        attr = ir.DenseIntElementsAttr(op.attributes["value"])
    except ValueError:
        return False
    values = [ir.IntegerAttr(attr.get_splat_value()).value] if attr.is_splat else list(attr)
    return min(values, default=0) >= 0


def wrapped_index(v: ir.Value, x: ir.Value, d: int) -> ir.Value:
    """Index tensor v for dim d of x as advanced indexing reads it: a
    negative i means size + i. clamp(i, -1, 0) is -1 exactly where i < 0, so
    i - clamp(i, -1, 0) * size wraps without a select; an index still out of
    range fails in the gather, as in PyTorch."""
    index = index_tensor(v)
    if _known_non_negative(v):
        return index
    t = ir.RankedTensorType(index.type)
    x_t = ir.RankedTensorType(x.type)
    if x_t.is_dynamic_dim(d):
        size = arith.IndexCastOp(i64(), dim_of(x, d)).result
        unit = tensor.FromElementsOp(ir.RankedTensorType.get([1] * t.rank, i64()), [size]).result
    else:
        unit = scalar_tensor(x_t.shape[d], i64(), t.rank)
    negative = tcp.ClampOp.create(t, in_=index, min_int=-1, max_int=0).result
    shift = tcp.MulOp.create(t, in1=negative, in2=broadcast_like(unit, index)).result
    return tcp.SubOp.create(t, in1=index, in2=shift).result


@PATTERNS.register("torch.aten.gather")
def convert_gather(op, rewriter):
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    d = normalize_dim(const_int(op.operands[1], "dim"), ir.RankedTensorType(x.type).rank)
    out = tcp.GatherOp.create(result.builtin(), input=x, indices=index_tensor(op.operands[2]), dim=d).result
    replace(rewriter, op, [out])


def _select_along(x: ir.Value, d: int, index: ir.Value, result: TorchTensor) -> ir.Value:
    """x indexed by the 1-D `index` along dim d, as a tcp.gather whose
    indices are `index` laid along d and broadcast to the result's shape."""
    t = ir.RankedTensorType(x.type)
    idx_t = ir.RankedTensorType(index.type)
    shape = [1] * t.rank
    shape[d] = idx_t.shape[0]
    dynamic = [dim_of(index, 0)] if idx_t.is_dynamic_dim(0) else []
    laid = tensor.ExpandShapeOp(ir.RankedTensorType.get(shape, idx_t.element_type), index,
                                [list(range(t.rank))], dynamic, shape).result
    sizes = [dim_of(index, 0) if i == d else (dim_of(x, i) if t.is_dynamic_dim(i) else t.shape[i])
             for i in range(t.rank)]
    indices = broadcast_to(laid, sizes, result.shape)
    return tcp.GatherOp.create(result.builtin(), input=x, indices=indices, dim=d).result


@PATTERNS.register("torch.aten.index_select")
def convert_index_select(op, rewriter):
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    d = normalize_dim(const_int(op.operands[1], "dim"), ir.RankedTensorType(x.type).rank)
    index = index_tensor(op.operands[2])
    if ir.RankedTensorType(index.type).rank != 1:
        raise Unsupported("index must be 1-D")
    replace(rewriter, op, [_select_along(x, d, index, result)])


@PATTERNS.register("torch.aten.index.Tensor", "torch.aten.index.Tensor_hacked_twin")
def convert_index_tensor(op, rewriter):
    """Advanced indexing x[i0, i1, ...] with tensors for the leading dims:
    the index tensors are broadcast together, stacked along a new last dim
    and fed to tcp.gather_nd. A single 1-D index after `:` dims is a
    tcp.gather along its dim."""
    result = result_tensor(op)
    entries = list_elements(op.operands[1])
    present = [i for i, v in enumerate(entries) if not is_none(v)]
    x = to_builtin(op.operands[0])
    rank = ir.RankedTensorType(x.type).rank
    if len(present) == 1 and present[0] > 0:
        index = wrapped_index(entries[present[0]], x, present[0])
        if ir.RankedTensorType(index.type).rank != 1:
            raise Unsupported("an index after ':' dims must be 1-D")
        replace(rewriter, op, [_select_along(x, present[0], index, result)])
        return
    if present != list(range(len(entries))):
        raise Unsupported("index tensors must index the leading dims")
    k = len(entries)
    batch = TorchTensor(result.shape[:result.rank - (rank - k)], "si64")
    indices = broadcast_operands(batch, [wrapped_index(v, x, d) for d, v in enumerate(entries)])
    out = tcp.GatherNdOp.create(result.builtin(), input=x, indices=stack_last(indices)).result
    replace(rewriter, op, [out])



# ---------------------------------------------------------------------------
# Permutations, padding, flips, embeddings, interpolation
# ---------------------------------------------------------------------------


@PATTERNS.register("torch.aten.permute")
def convert_permute(op, rewriter):
    result = result_tensor(op)
    perm = [normalize_dim(d, result.rank) for d in const_ints(op.operands[1], "dims")]
    x = to_builtin(op.operands[0])
    replace(rewriter, op, [tcp.TransposeOp.create(result.builtin(), in_=x, permutation=perm).result])


@PATTERNS.register("torch.aten.transpose.int")
def convert_transpose(op, rewriter):
    result = result_tensor(op)
    a, b = (normalize_dim(const_int(v, "dim"), result.rank) for v in op.operands[1:3])
    perm = list(range(result.rank))
    perm[a], perm[b] = perm[b], perm[a]
    x = to_builtin(op.operands[0])
    replace(rewriter, op, [tcp.TransposeOp.create(result.builtin(), in_=x, permutation=perm).result])


@PATTERNS.register("torch.aten.constant_pad_nd")
def convert_constant_pad(op, rewriter):
    """`pad` lists (low, high) pairs from the last dim backwards; negative
    amounts crop (a slice)."""
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    pairs = const_ints(op.operands[1], "pad")
    if len(pairs) % 2 or len(pairs) // 2 > t.rank:
        raise Unsupported("pad must hold (low, high) pairs for at most every dim")
    low, high = [0] * t.rank, [0] * t.rank
    for i in range(len(pairs) // 2):
        low[t.rank - 1 - i], high[t.rank - 1 - i] = pairs[2 * i], pairs[2 * i + 1]
    if min(low + high) < 0:
        x = _crop(x, [max(-v, 0) for v in low], [max(-v, 0) for v in high])
        low, high = [max(v, 0) for v in low], [max(v, 0) for v in high]
    value = scalar_tensor(op.operands[2], t.element_type, 0)
    replace(rewriter, op, [tcp.PadOp.create(result.builtin(), in_=x, value=value, low=low, high=high).result])


def _crop(x: ir.Value, low: list[int], high: list[int]) -> ir.Value:
    """x without `low` elements at the start and `high` at the end of each dim."""
    t = ir.RankedTensorType(x.type)
    sizes = [arith.SubIOp(dim_of(x, d), index_const(lo + hi)).result for d, (lo, hi) in enumerate(zip(low, high))]
    shape = [DYNAMIC if t.is_dynamic_dim(d) else t.shape[d] - lo - hi for d, (lo, hi) in enumerate(zip(low, high))]
    out = ir.RankedTensorType.get(shape, t.element_type)
    return tcp.SliceOp.create(out, in_=x, starts=[index_const(v) for v in low], sizes=sizes,
                              strides=[index_const(1)] * t.rank).result


@PATTERNS.register("torch.aten.flip")
def convert_flip(op, rewriter):
    result = result_tensor(op)
    axes = sorted({normalize_dim(d, result.rank) for d in const_ints(op.operands[1], "dims")})
    x = to_builtin(op.operands[0])
    replace(rewriter, op, [tcp.FlipOp.create(x.type, in_=x, axes=axes).result])


@PATTERNS.register("torch.aten.embedding")
def convert_embedding(op, rewriter):
    """weight[ids]: a gather_nd of the ids as one-element index vectors
    (an id outside the table aborts, as PyTorch raises)."""
    result = result_tensor(op)
    weight = to_builtin(op.operands[0])
    ids = index_tensor(op.operands[1])
    ids = expand_unit_dim(ids, ir.RankedTensorType(ids.type).rank)
    replace(rewriter, op, [tcp.GatherNdOp.create(result.builtin(), input=weight, indices=ids).result])


@PATTERNS.register("torch.aten.__interpolate.size_list_scale_list")
def convert_interpolate(op, rewriter):
    """Nearest-neighbour resizing of the spatial dims (mode "nearest"): out
    index i reads input index min(floor(i * scale), size - 1), where scale is
    1 / scale_factor when one is given, else in_size / out_size (computed in
    f32, as PyTorch does); one gather per resized dim. Bilinear resizing
    arrives decomposed (index arithmetic and index.Tensor)."""
    mode = const_str_or_none(op.operands[3], "mode")
    if mode != "nearest":
        raise Unsupported(f"interpolate mode {mode!r} (only 'nearest' arrives undecomposed)")
    if not is_none(op.operands[5]) and const_scalar(op.operands[5]):
        raise Unsupported("recompute_scale_factor=True")
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    spatial = result.rank - 2
    scales = None if is_none(op.operands[2]) else [float(const_number(v, "scale_factor"))
                                                   for v in list_elements(op.operands[2])]
    if scales is not None and len(scales) == 1:
        scales = scales * spatial
    for d in range(spatial):
        axis = 2 + d
        out_size = result.shape[axis]
        if out_size is None:
            raise Unsupported("interpolating to a dynamic size")
        in_size = ir.RankedTensorType(x.type).shape[axis]
        scale = 1.0 / scales[d] if scales is not None else None
        if scale is None and in_size == DYNAMIC:
            raise Unsupported("interpolating a dynamic dim to a given size")
        source = _nearest_indices(out_size, scale if scale is not None else in_size / out_size, x, axis)
        shape = list(ir.RankedTensorType(x.type).shape)
        shape[axis] = out_size
        x = _select_along(x, axis, source, TorchTensor(tuple(None if s == DYNAMIC else s for s in shape), result.dtype))
    replace(rewriter, op, [x])


def _nearest_indices(out_size: int, scale: float, x: ir.Value, axis: int) -> ir.Value:
    """min(floor(i * scale), size - 1) for i in [0, out_size), as i64 (f32
    arithmetic, like PyTorch's nearest_idx)."""
    f32 = ir.F32Type.get()
    index_t = ir.RankedTensorType.get([out_size], i64())
    iota = tcp.IotaOp.create(ir.RankedTensorType.get([out_size], f32), size=[]).result
    scaled = tcp.MulOp.create(iota.type, in1=iota, in2=broadcast_like(scalar_tensor(scale, f32, 1), iota)).result
    floored = tcp.FloorOp.create(iota.type, in_=scaled).result
    source = cast_to(floored, i64())
    size = arith.IndexCastOp(i64(), dim_of(x, axis)).result
    last = arith.SubIOp(size, arith.ConstantOp(i64(), 1).result).result
    bound = tensor.FromElementsOp(ir.RankedTensorType.get([1], i64()), [last]).result
    return tcp.MinOp.create(index_t, in1=source, in2=broadcast_like(bound, source)).result
