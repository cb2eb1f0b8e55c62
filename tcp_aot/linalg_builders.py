"""Builders of linalg, tensor and arith IR: shared by the TCP -> linalg
patterns (conversion/tcp_to_linalg) and the passes that rewrite linalg
(transforms/), which import no conversion."""

from __future__ import annotations

from typing import Callable, Sequence

from torch_mlir import ir
from torch_mlir.dialects import arith, cf, func, linalg, tensor

from .diagnostics import format_location
from .dialects.tcp_base import is_float

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


PARALLEL = "parallel"
REDUCTION = "reduction"


def structured(inputs: Sequence[ir.Value], inits: Sequence[ir.Value], maps: Sequence[ir.AffineMap],
               iterators: Sequence[str], body: Callable[..., Sequence[ir.Value]]) -> list[ir.Value]:
    """A linalg.generic: `maps` has one map per input then per init,
    `iterators` one "parallel"/"reduction" per loop; `body(*inputs
    elements, *init elements)` returns the values to yield."""
    out_types = [v.type for v in inits]
    maps_attr = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])
    iterators_attr = ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{i}>") for i in iterators])
    op = linalg.GenericOp(out_types, list(inputs), list(inits), maps_attr, iterators_attr)
    arg_types = [ir.RankedTensorType(v.type).element_type for v in list(inputs) + list(inits)]
    block = op.regions[0].blocks.append(*arg_types)
    with ir.InsertionPoint(block):
        linalg.YieldOp(list(body(*block.arguments)))
    return list(op.results)


# The attribute of stride_phases' copy, by which conv-to-matmul finds a
# convolution's result copied into phases, to write the phases itself.
PHASES = "tcp_aot.stride_phases"


def depthwise_register_tiles(result: ir.RankedTensorType, windows: int) -> bool:
    """Whether a depthwise convolution's generic of this result and this
    many windows (kernel offsets) gets register tiles from
    mark-depthwise-convolutions: [N, C, H, W] of floats, of static width,
    with several windows. tcp-to-linalg reads a stride-2 convolution's
    windows in place, not from its phases, for these only."""
    return (result.rank == 4 and isinstance(result.element_type, ir.FloatType) and windows >= 2
            and not ir.ShapedType.is_dynamic_size(result.shape[3]))


def stride_phases(x: ir.Value, stride: Sequence[int], init: ir.Value | None = None) -> ir.Value:
    """x [N, C, S...] (each S a multiple of its stride s) as its phases
    [N, C, s..., S / s...]: phases[n, c, p..., i...] = x[n, c, i * s + p...]
    (into `init` when given): a strided convolution's windows are then
    contiguous slices of the phases."""
    t = ir.RankedTensorType(x.type)
    spatial = len(stride)
    sizes = [dim_of(x, d) for d in range(t.rank)]
    shape = sizes[:2] + list(stride) + [size_floordiv(n, s) for n, s in zip(sizes[2:], stride)]
    d = ir.AffineDimExpr.get
    loops = 2 + 2 * spatial
    # Loops [n, c, p..., i..., p_last]: the last dim's phase innermost, so
    # that a row of x is read contiguously and split into its phases (vector
    # shuffles); with that phase outside, each element was read alone, its
    # neighbour `s` floats away.
    phase = [2 + i for i in range(spatial - 1)] + [loops - 1]
    index = [2 + spatial - 1 + i for i in range(spatial)]
    x_map = ir.AffineMap.get(loops, 0, [d(0), d(1)] + [d(index[i]) * stride[i] + d(phase[i]) for i in range(spatial)])
    out_map = ir.AffineMap.get(loops, 0, [d(0), d(1)] + [d(p) for p in phase] + [d(i) for i in index])
    if init is None:
        init = empty(tensor_type(shape, t.element_type), shape)
    result = structured([x], [init], [x_map, out_map], [PARALLEL] * loops, lambda v, _: [v])[0]
    result.owner.attributes[PHASES] = ir.UnitAttr.get()
    return result


def generic(inputs: Sequence[ir.Value], init: ir.Value, input_maps: Sequence[ir.AffineMap],
            body: Callable[..., ir.Value]) -> ir.Value:
    """A parallel linalg.generic writing `init`; `body(*input elements)`
    returns the element to store (the block's output argument is not passed)."""
    rank = ir.RankedTensorType(init.type).rank
    identity = ir.AffineMap.get_identity(rank)
    return structured(inputs, [init], list(input_maps) + [identity], [PARALLEL] * rank,
                      lambda *args: [body(*args[:len(inputs)])])[0]


def filled(t: ir.RankedTensorType, sizes: Sequence[ir.Value | int], value: ir.Value) -> ir.Value:
    """A tensor of type t (dims from `sizes` where dynamic) filled with the
    scalar `value`."""
    return linalg.fill(value, outs=[empty(t, sizes)])


def as_index(size: ir.Value | int) -> ir.Value:
    return index_const(size) if isinstance(size, int) else size


def affine_dims(*positions: int) -> list[ir.AffineExpr]:
    return [ir.AffineDimExpr.get(p) for p in positions]


def elementwise(inputs: Sequence[ir.Value], out_t: ir.RankedTensorType,
                body: Callable[..., ir.Value]) -> ir.Value:
    """A linalg.generic applying `body` to same-shaped inputs."""
    identity = ir.AffineMap.get_identity(out_t.rank)
    init = empty_like(out_t, inputs[0])
    return generic(inputs, init, [identity] * len(inputs), body)


# Sizes that are Python ints when static and index values when not, so that
# shape arithmetic folds at compile time whenever it can.
Size = ir.Value | int


def tensor_type(sizes: Sequence[Size], elem: ir.Type) -> ir.RankedTensorType:
    """The tensor type of these sizes: dynamic where a size is a value."""
    return ir.RankedTensorType.get([s if isinstance(s, int) else DYNAMIC for s in sizes], elem)


def split_sizes(values: Sequence[Size]) -> tuple[list[ir.Value], list[int]]:
    """Mixed sizes or offsets as the (dynamic values, static list with
    DYNAMIC) pair that tensor ops take."""
    return ([as_index(v) for v in values if not isinstance(v, int)],
            [v if isinstance(v, int) else DYNAMIC for v in values])


def pad(x: ir.Value, low: Sequence[Size], high: Sequence[Size], value: ir.Value) -> ir.Value:
    """tensor.pad of x with the scalar `value`: low[d] before and high[d]
    after its elements along each dim d."""
    sizes = [dim_of(x, d) for d in range(ir.RankedTensorType(x.type).rank)]
    out_t = tensor_type([size_add(size_add(s, lo), hi) for s, lo, hi in zip(sizes, low, high)],
                        ir.RankedTensorType(x.type).element_type)
    (dyn_low, static_low), (dyn_high, static_high) = split_sizes(low), split_sizes(high)
    op = tensor.PadOp(out_t, x, dyn_low, dyn_high, static_low, static_high)
    block = op.regions[0].blocks.append(*[ir.IndexType.get()] * out_t.rank)
    with ir.InsertionPoint(block):
        tensor.YieldOp(value)
    return op.result


def _size_op(a: Size, b: Size, static, dynamic) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return static(a, b)
    return dynamic(as_index(a), as_index(b)).result


def size_add(a: Size, b: Size) -> Size:
    return _size_op(a, b, lambda x, y: x + y, arith.AddIOp)


def size_sub(a: Size, b: Size) -> Size:
    return _size_op(a, b, lambda x, y: x - y, arith.SubIOp)


def size_mul(a: Size, b: Size) -> Size:
    return _size_op(a, b, lambda x, y: x * y, arith.MulIOp)


def size_product(sizes: Sequence[Size]) -> Size:
    total: Size = sizes[0] if sizes else 1
    for s in sizes[1:]:
        total = size_mul(total, s)
    return total


def size_floordiv(a: Size, b: Size) -> Size:
    return _size_op(a, b, lambda x, y: x // y, arith.FloorDivSIOp)


def size_mod(a: Size, b: Size) -> Size:
    """a mod b, for a >= 0 and b > 0."""
    return _size_op(a, b, lambda x, y: x % y, arith.RemUIOp)


def size_max(a: Size, b: Size) -> Size:
    return _size_op(a, b, max, arith.MaxSIOp)


def size_min(a: Size, b: Size) -> Size:
    return _size_op(a, b, min, arith.MinSIOp)


def zero(elem: ir.Type) -> ir.Value:
    return arith.ConstantOp(elem, 0.0 if is_float(elem) else 0).result


def multiply(a: ir.Value, b: ir.Value) -> ir.Value:
    return (arith.MulFOp(a, b) if is_float(a.type) else arith.MulIOp(a, b)).result


def multiply_add(a: ir.Value, b: ir.Value, acc: ir.Value, contract: bool = False) -> ir.Value:
    """acc + a * b; `contract` lets LLVM make a float one FMA (one rounding,
    half the instructions)."""
    if not is_float(a.type):
        return arith.AddIOp(acc, multiply(a, b)).result
    flags = ir.Attribute.parse("#arith.fastmath<contract>") if contract else None
    return arith.AddFOp(acc, arith.MulFOp(a, b, fastmath=flags).result, fastmath=flags).result


def widened_multiply_add(a: ir.Value, b: ir.Value, acc: ir.Value, contract: bool = False) -> ir.Value:
    """acc + a * b, with bfloat16 (int8) a and b extended to the float32
    (int32) acc that a product of them sums in."""
    return multiply_add(widened(a, acc.type), widened(b, acc.type), acc, contract)


def widened(x: ir.Value, t: ir.Type) -> ir.Value:
    """A bfloat16 (int8) element extended to float32 (int32) t."""
    if x.type == t:
        return x
    return (arith.ExtFOp(t, x) if is_float(t) else arith.ExtSIOp(t, x)).result


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


def extract_slice(v: ir.Value, offsets: list[Size], sizes: list[Size], t: ir.RankedTensorType) -> ir.Value:
    """v[offsets : offsets + sizes] (unit strides), with the unit dims that
    `t` lacks dropped."""
    dyn_offsets, static_offsets = split_sizes(offsets)
    dyn_sizes, static_sizes = split_sizes(sizes)
    return tensor.ExtractSliceOp(t, v, dyn_offsets, dyn_sizes, [], static_offsets, static_sizes,
                                 [1] * len(sizes)).result


def insert_slice(value: ir.Value, into: ir.Value, offsets: list[Size], sizes: list[Size]) -> ir.Value:
    """`into` with value at offsets (unit strides; sizes are value's, with
    the unit dims it lacks)."""
    dyn_offsets, static_offsets = split_sizes(offsets)
    dyn_sizes, static_sizes = split_sizes(sizes)
    return tensor.InsertSliceOp(value, into, dyn_offsets, dyn_sizes, [], static_offsets, static_sizes,
                                [1] * len(sizes)).result


def batch_element(x: ir.Value, n: ir.Value) -> ir.Value:
    """x[n]: its n-th element along its first dim, without that dim."""
    t = ir.RankedTensorType(x.type)
    sizes = [dim_of(x, d) for d in range(1, t.rank)]
    return extract_slice(x, [n] + [0] * len(sizes), [1] + sizes, tensor_type(sizes, t.element_type))


def insert_batch_element(value: ir.Value, into: ir.Value, n: ir.Value) -> ir.Value:
    """`into` with its n-th element along its first dim replaced by `value`
    (which lacks that dim)."""
    sizes = [dim_of(value, d) for d in range(ir.RankedTensorType(value.type).rank)]
    return insert_slice(value, into, [n] + [0] * len(sizes), [1] + sizes)


# The name of every function of the .so's runtime that compiled code calls
# (c_interface/tcp_aot_microkernels.c).
KERNEL_PREFIX = "__tcp_aot_"


def any_strides(shape: Sequence[int], element: ir.Type) -> ir.MemRefType:
    """A buffer of `shape` with any strides and offset (a kernel's operand,
    a view of any buffer)."""
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    return ir.MemRefType.get(list(shape), element, ir.StridedLayoutAttr.get(dynamic, [dynamic] * len(shape)))


def declare_kernel(root: ir.Operation, name: str, arg_types: list[ir.Type]) -> ir.FunctionType:
    """The runtime's function `name`, declared once in module `root`, its
    buffers passed as pointers to their descriptors (llvm.emit_c_interface)."""
    kernel_type = ir.FunctionType.get(arg_types, [])
    for op in root.regions[0].blocks[0].operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.operation.attributes["sym_name"]).value == name:
            return kernel_type
    with ir.InsertionPoint.at_block_begin(root.regions[0].blocks[0]), root.location:
        declaration = func.FuncOp(name, kernel_type, visibility="private")
    declaration.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
    return kernel_type
