"""Helpers shared by the Torch -> TCP patterns.

Patterns run inside `with rewriter.ip, op.location:`, so the helpers here
build ops at the rewriter's insertion point with the op's location.
Tensors cross between the Torch world (`!torch.vtensor`) and builtin tensors
through torch_c casts; torch-finalizing-backend-type-conversion folds the
pairs away once every op is converted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import arith, tensor

from ...dialects import tcp
from ...dialects.tcp_base import (
    dense_array, elements_type, is_bool, is_float, is_resource_elements, numpy_dtype, resource_name,
)
from ...linalg_builders import DYNAMIC, as_index, index_const
from ...linalg_builders import dim_of as size_of
from ...walk import defining_op
from ..element_casts import convert_element
from ..pattern_list import Unsupported

# Torch dtype spelling in !torch.vtensor -> builtin element type.
_ELEMENT_TYPES: dict[str, Callable[[], ir.Type]] = {
    "f16": ir.F16Type.get, "bf16": ir.BF16Type.get, "f32": ir.F32Type.get, "f64": ir.F64Type.get,
    "i1": lambda: ir.IntegerType.get_signless(1),
    "si8": lambda: ir.IntegerType.get_signless(8), "si16": lambda: ir.IntegerType.get_signless(16),
    "si32": lambda: ir.IntegerType.get_signless(32), "si64": lambda: ir.IntegerType.get_signless(64),
}

# torch ScalarType codes used by to.dtype and friends.
TORCH_DTYPE_CODES = {0: "ui8", 1: "si8", 2: "si16", 3: "si32", 4: "si64", 5: "f16", 6: "f32",
                     7: "f64", 11: "i1", 15: "bf16"}


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TorchTensor:
    shape: tuple[int | None, ...]
    dtype: str  # torch spelling: f32, si64, i1, ...

    @property
    def rank(self) -> int:
        return len(self.shape)

    def builtin(self) -> ir.RankedTensorType:
        if self.dtype not in _ELEMENT_TYPES:
            raise Unsupported(f"dtype {self.dtype} is not supported")
        return ir.RankedTensorType.get([DYNAMIC if d is None else d for d in self.shape],
                                       _ELEMENT_TYPES[self.dtype]())

    def element_type(self) -> ir.Type:
        return self.builtin().element_type


_VTENSOR = re.compile(r"!torch\.vtensor<\[([^\]]*)\],([a-z0-9]+)>")


def torch_tensor(t: ir.Type) -> TorchTensor | None:
    """Shape and dtype of a `!torch.vtensor<[...],dtype>` type."""
    m = _VTENSOR.fullmatch(str(t))
    if m is None:
        return None
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    return TorchTensor(tuple(None if d == "?" else int(d) for d in dims), m.group(2))


def result_tensor(op: ir.Operation, index: int = 0) -> TorchTensor:
    t = torch_tensor(op.results[index].type)
    if t is None:
        raise Unsupported(f"result type {op.results[index].type} is not a value tensor")
    return t


def signedness(elem: ir.Type) -> str | None:
    """TCP signedness of an element type: Torch integers are signed, bool is
    Signless, floats have none."""
    if is_float(elem):
        return None
    return "Signless" if is_bool(elem) else "Signed"


# ---------------------------------------------------------------------------
# Crossing between Torch and builtin values
# ---------------------------------------------------------------------------


def to_builtin(v: ir.Value) -> ir.Value:
    """The builtin tensor (or i64/f64 for a scalar) behind a Torch value."""
    t = torch_tensor(v.type)
    if t is not None:
        return ir.Operation.create("torch_c.to_builtin_tensor", results=[t.builtin()], operands=[v]).result
    kind = str(v.type)
    if kind == "!torch.int":
        return ir.Operation.create("torch_c.to_i64", results=[i64()], operands=[v]).result
    if kind == "!torch.float":
        return ir.Operation.create("torch_c.to_f64", results=[ir.F64Type.get()], operands=[v]).result
    if kind == "!torch.bool":
        return ir.Operation.create("torch_c.to_i1", results=[ir.IntegerType.get_signless(1)],
                                   operands=[v]).result
    raise Unsupported(f"operand of type {v.type} cannot be converted")


def from_builtin(v: ir.Value, torch_type: ir.Type) -> ir.Value:
    if torch_tensor(torch_type) is not None:
        return ir.Operation.create("torch_c.from_builtin_tensor", results=[torch_type], operands=[v]).result
    cast = {"!torch.int": "torch_c.from_i64", "!torch.float": "torch_c.from_f64",
            "!torch.bool": "torch_c.from_i1"}.get(str(torch_type))
    if cast is None:
        raise Unsupported(f"cannot produce a value of type {torch_type}")
    return ir.Operation.create(cast, results=[torch_type], operands=[v]).result


def replace(rewriter, op: ir.Operation, values: Sequence[ir.Value]) -> None:
    """Replace `op`'s Torch results by builtin `values`."""
    rewriter.replace_op(op, [from_builtin(v, r.type) for v, r in zip(values, op.results)])


# ---------------------------------------------------------------------------
# Constant operands
# ---------------------------------------------------------------------------


def const_scalar(v: ir.Value) -> int | float | bool | str | None:
    """The value of a torch.constant.{int,float,bool,str}, else None."""
    op = defining_op(v)
    if op is None or not op.name.startswith("torch.constant.") or op.name == "torch.constant.none":
        return None
    attr = op.attributes["value"]
    if isinstance(attr, ir.IntegerAttr):
        value = attr.value
        return bool(value) if op.name == "torch.constant.bool" else value
    if isinstance(attr, ir.BoolAttr):
        return attr.value
    if isinstance(attr, ir.FloatAttr):
        return attr.value
    if isinstance(attr, ir.StringAttr):
        return attr.value
    return None


def is_none(v: ir.Value) -> bool:
    op = defining_op(v)
    return op is not None and op.name == "torch.constant.none"


def list_elements(v: ir.Value) -> list[ir.Value]:
    op = defining_op(v)
    if op is None or op.name != "torch.prim.ListConstruct":
        raise Unsupported("list operand is not a torch.prim.ListConstruct")
    return list(op.operands)


def const_int(v: ir.Value, what: str) -> int:
    value = const_scalar(v)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Unsupported(f"{what} must be a constant integer")
    return value


def const_number(v: ir.Value, what: str) -> int | float:
    value = const_scalar(v)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise Unsupported(f"{what} must be a constant number")
    return value


def const_str_or_none(v: ir.Value, what: str) -> str | None:
    if is_none(v):
        return None
    value = const_scalar(v)
    if not isinstance(value, str):
        raise Unsupported(f"{what} must be a constant string")
    return value


def normalize_dim(dim: int, rank: int) -> int:
    if not -max(rank, 1) <= dim < max(rank, 1):
        raise Unsupported(f"dim {dim} is out of range for rank {rank}")
    return dim % max(rank, 1)


# ---------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------


def i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def dim_of(v: ir.Value, d: int) -> ir.Value:
    """Size of dim d of builtin tensor v, as an index (a constant if static)."""
    return as_index(size_of(v, d))


def scalar_to_index(v: ir.Value) -> ir.Value:
    """A builtin i64 scalar as an index."""
    return arith.IndexCastOp(ir.IndexType.get(), v).result


def dense_value(value: np.ndarray | int | float | bool, t: ir.RankedTensorType) -> ir.Attribute:
    elem = t.element_type
    if is_float(elem):
        dtype = numpy_dtype(elem)
    elif is_bool(elem):
        dtype = np.bool_
    else:
        dtype = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[ir.IntegerType(elem).width]
    array = np.broadcast_to(np.asarray(value, dtype=dtype), t.shape)
    # np.array, not np.ascontiguousarray: that one turns a 0-d array into a 1-d one.
    return ir.DenseElementsAttr.get(np.array(array, order="C"), type=elem)


def const_tensor(value, t: ir.RankedTensorType) -> ir.Value:
    return tcp.ConstOp.create(t, value=dense_value(value, t)).result


def scalar_tensor(v: ir.Value | int | float | bool, elem: ir.Type, rank: int) -> ir.Value:
    """A tensor<1x...x1xelem> holding a Python constant or a runtime torch
    scalar (converted with Torch's rules: float to int truncates)."""
    t = ir.RankedTensorType.get([1] * rank, elem)
    if not isinstance(v, ir.Value):
        return const_tensor(v, t)
    constant = const_scalar(v)
    if constant is not None and not isinstance(constant, str):
        return const_tensor(constant, t)
    scalar = to_builtin(v)
    scalar = convert_element(scalar, scalar.type, elem, unsigned_in=is_bool(scalar.type), unsigned_out=False)
    return tensor.FromElementsOp(t, [scalar]).result


def cast_to(v: ir.Value, elem: ir.Type) -> ir.Value:
    """tcp.cast of builtin tensor v to element type `elem` (no-op if equal)."""
    t = ir.RankedTensorType(v.type)
    if t.element_type == elem:
        return v
    out = ir.RankedTensorType.get(t.shape, elem)
    return tcp.CastOp.create(out, in_=v, in_int_signedness=signedness(t.element_type),
                             out_int_signedness=signedness(elem)).result


def tensor_operand(v: ir.Value, elem: ir.Type, rank: int) -> ir.Value:
    """A Torch tensor operand cast to `elem`, or a scalar as a 1x...x1 tensor."""
    if torch_tensor(v.type) is not None:
        return cast_to(to_builtin(v), elem)
    return scalar_tensor(v, elem, rank)


def expand_rank(v: ir.Value, rank: int) -> ir.Value:
    """Prepend unit dims so that v has `rank` dims (numpy-style alignment)."""
    t = ir.RankedTensorType(v.type)
    missing = rank - t.rank
    if missing <= 0:
        return v
    shape = [1] * missing + list(t.shape)
    if t.rank == 0:
        reassociation = []
    else:
        reassociation = [list(range(missing + 1))] + [[missing + i] for i in range(1, t.rank)]
    out = ir.RankedTensorType.get(shape, t.element_type)
    dynamic = [dim_of(v, d - missing) for d, s in enumerate(shape) if s == DYNAMIC]
    return tensor.ExpandShapeOp(out, v, reassociation, dynamic, shape).result


def broadcast_to(v: ir.Value, sizes: Sequence[ir.Value | int], result_shape: Sequence[int | None]) -> ir.Value:
    """Broadcast builtin tensor v to a shape of the given rank, following
    Torch's rules: v is aligned to the right; its unit dims grow to `sizes`.

    `sizes[d]` is the target size of dim d (an int when static, else an
    index value); `result_shape` is the static view of the same shape."""
    rank = len(result_shape)
    v = expand_rank(v, rank)
    t = ir.RankedTensorType(v.type)
    axes, new_sizes = [], []
    for d in range(rank):
        target = result_shape[d]
        if t.shape[d] == 1 and target != 1:
            axes.append(d)
            size = sizes[d]
            new_sizes.append(as_index(size))
    if not axes:
        return v
    out_shape = [t.shape[d] if d not in axes else DYNAMIC if result_shape[d] is None else result_shape[d]
                 for d in range(rank)]
    out = ir.RankedTensorType.get(out_shape, t.element_type)
    return tcp.BroadcastOp.create(out, in_=v, new_dim_sizes=new_sizes, axes=axes).result


def broadcast_like(unit: ir.Value, like: ir.Value) -> ir.Value:
    """Broadcast the 1x...x1 tensor `unit` to the shape of `like`."""
    t = ir.RankedTensorType(like.type)
    sizes = [dim_of(like, d) if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]
    shape = [None if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]
    return broadcast_to(unit, sizes, shape)


def result_sizes(result: TorchTensor, operands: Sequence[ir.Value]) -> list[ir.Value | int]:
    """Sizes of a broadcast result: static dims from the result type, each
    dynamic dim from an operand (right-aligned) that is dynamic there.
    Torch's export assumes such dims equal; the runtime guards check it."""
    sizes: list[ir.Value | int] = []
    for d, s in enumerate(result.shape):
        if s is not None:
            sizes.append(s)
            continue
        for v in operands:
            t = ir.RankedTensorType(v.type)
            od = d - (result.rank - t.rank)
            if od >= 0 and t.is_dynamic_dim(od):
                sizes.append(dim_of(v, od))
                break
        else:
            raise Unsupported(f"cannot find the size of dynamic result dim {d}")
    return sizes


def broadcast_operands(result: TorchTensor, operands: Sequence[ir.Value]) -> list[ir.Value]:
    """Bring builtin operands to the result's shape (Torch broadcasting)."""
    sizes = result_sizes(result, operands)
    return [broadcast_to(v, sizes, result.shape) for v in operands]


def retype_elements(attr: ir.Attribute, t: ir.RankedTensorType) -> ir.Attribute:
    """The same constant data with signless element type `t` (Torch literals
    carry si64 and friends; weights are typed signless when imported, and
    foreign ones inlined, see inline_signed_resources)."""
    if elements_type(attr) == t:
        return attr
    if is_resource_elements(attr):
        raise Unsupported(f"constant {resource_name(attr)} of type {elements_type(attr)} cannot be retyped")
    return dense_value(dense_array(attr), t)


# ---------------------------------------------------------------------------
# Type promotion, dims and constant lists
# ---------------------------------------------------------------------------


def _category(elem: ir.Type) -> int:
    return 0 if is_bool(elem) else 2 if is_float(elem) else 1


def _promote(a: ir.Type | None, b: ir.Type | None) -> ir.Type | None:
    """PyTorch's promotion of two dtypes: the higher category (bool <
    integer < float) wins, else the wider type."""
    if a is None or b is None:
        return a if b is None else b
    if _category(a) != _category(b):
        return a if _category(a) > _category(b) else b
    width = lambda t: ir.FloatType(t).width if is_float(t) else ir.IntegerType(t).width  # noqa: E731
    return a if width(a) >= width(b) else b


def _combine_categories(higher: ir.Type | None, lower: ir.Type | None) -> ir.Type | None:
    """c10's combine_categories: a lower-priority operand only matters when
    it is of a higher category."""
    if higher is None:
        return lower
    if is_float(higher):
        return higher
    if is_bool(higher) or (lower is not None and is_float(lower)):
        return _promote(higher, lower)
    return higher


def promoted_type(values: Sequence[ir.Value]) -> ir.Type:
    """torch.result_type of tensor and scalar operands: tensors with dims
    first, then 0-d tensors, then Python scalars (a float scalar counts as
    the default dtype f32, an int as i64), each only raising the category."""
    dims = zero_dim = scalars = None
    for v in values:
        t = torch_tensor(v.type)
        if t is not None:
            if t.rank:
                dims = _promote(dims, t.element_type())
            else:
                zero_dim = _promote(zero_dim, t.element_type())
            continue
        value = const_scalar(v)
        if str(v.type) == "!torch.float" or isinstance(value, float):
            scalars = _promote(scalars, ir.F32Type.get())
        elif str(v.type) == "!torch.bool" or isinstance(value, bool):
            scalars = _promote(scalars, ir.IntegerType.get_signless(1))
        else:
            scalars = _promote(scalars, i64())
    return _combine_categories(dims, _combine_categories(zero_dim, scalars))


def const_ints(v: ir.Value, what: str) -> list[int]:
    """A constant int list (torch.prim.ListConstruct of constants)."""
    return [const_int(x, what) for x in list_elements(v)]


def reduced_dims(v: ir.Value, rank: int) -> list[int]:
    """The dims a reduction's `dim` operand names (None or [] is every dim),
    normalized and sorted."""
    if is_none(v):
        return list(range(rank))
    value = const_scalar(v)
    dims = [value] if isinstance(value, int) and not isinstance(value, bool) else const_ints(v, "dim")
    return sorted({normalize_dim(d, rank) for d in dims}) if dims else list(range(rank))


def const_bool(v: ir.Value, what: str) -> bool:
    value = const_scalar(v)
    if not isinstance(value, bool):
        raise Unsupported(f"{what} must be a constant bool")
    return value


def with_unit_dims(v: ir.Value, dims: Sequence[int]) -> ir.Value:
    """v with size-1 dims inserted at the positions `dims` of the result
    (keepdim=True of a reduction over `dims`)."""
    t = ir.RankedTensorType(v.type)
    rank = t.rank + len(dims)
    kept = [d for d in range(rank) if d not in dims]
    shape = [1 if d in dims else t.shape[kept.index(d)] for d in range(rank)]
    if not kept:
        reassociation: list[list[int]] = []
    else:
        # Each source dim takes the unit dims before it; the last one also those after it.
        reassociation, start = [], 0
        for i, d in enumerate(kept):
            end = d + 1 if i < len(kept) - 1 else rank
            reassociation.append(list(range(start, end)))
            start = end
    dynamic = [dim_of(v, kept.index(d)) for d in range(rank) if shape[d] == DYNAMIC]
    out = ir.RankedTensorType.get(shape, t.element_type)
    return tensor.ExpandShapeOp(out, v, reassociation, dynamic, shape).result
