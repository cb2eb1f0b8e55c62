"""A NumPy reference implementation of every TCP op: an interpreter over a
TCP module. It is the oracle for TCP programs (tcp_sources/) and for the
per-op tests, so its semantics are PyTorch's, spelled out op by op.

Beyond TCP it runs what the backend contract allows around TCP ops: func,
tensor shape ops and scalar arith.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from torch_mlir import ir

from .dialects import tcp
from .dialects.tcp_base import element_type, i64_array, is_bool, is_float, is_resource_elements, lookup


class InterpreterError(Exception):
    pass


def numpy_dtype(t: ir.Type) -> np.dtype:
    if isinstance(t, ir.IndexType):
        return np.dtype(np.int64)
    if is_float(t):
        return np.dtype({"f16": np.float16, "f32": np.float32, "f64": np.float64}[str(t)])
    if is_bool(t):
        return np.dtype(np.bool_)
    if isinstance(t, ir.IntegerType):
        return np.dtype({8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[ir.IntegerType(t).width])
    raise InterpreterError(f"no NumPy type for {t}")


def _unsigned(dtype: np.dtype) -> np.dtype:
    return np.dtype(dtype.str.replace("i", "u"))


def _np_value(attr: ir.Attribute, t: ir.Type) -> np.ndarray:
    if is_resource_elements(attr):
        raise InterpreterError("dense_resource constants are not supported by the interpreter")
    shape = ir.RankedTensorType(t).shape if isinstance(t, ir.RankedTensorType) else ()
    return np.broadcast_to(np.array(attr), shape).astype(numpy_dtype(element_type(t)))


# ---------------------------------------------------------------------------
# TCP op semantics
# ---------------------------------------------------------------------------


def round_half_away(x: np.ndarray) -> np.ndarray:
    whole = np.trunc(x)
    return whole + np.sign(x) * (np.abs(x - whole) >= 0.5)


def _trunc_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    q = np.floor_divide(a, b)
    inexact = (np.remainder(a, b) != 0) & ((a < 0) != (b < 0))
    return (q + inexact).astype(a.dtype)


def _ceil_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    q = np.floor_divide(a, b)
    return (q + (np.remainder(a, b) != 0)).astype(a.dtype)


def _check_divisors(b: np.ndarray) -> None:
    if np.any(b == 0):
        raise InterpreterError("integer division by zero")


def _divsi(view: tcp.DivSIOp, a, b):
    _check_divisors(b)
    return {"Trunc": _trunc_div, "Floor": np.floor_divide, "Ceil": _ceil_div}[view.mode](a, b)


def _divf(view: tcp.DivFOp, a, b):
    if view.mode == "Floor":
        return np.floor_divide(a, b)  # NumPy's float floor division is PyTorch's (from fmod)
    q = np.divide(a, b)
    return np.trunc(q) if view.mode == "Trunc" else q


def _divui(view: tcp.DivUIOp, a, b):
    _check_divisors(b)
    ua, ub = a.view(_unsigned(a.dtype)), b.view(_unsigned(b.dtype))
    q = _ceil_div(ua, ub) if view.mode == "Ceil" else np.floor_divide(ua, ub)
    return q.astype(ua.dtype).view(a.dtype)


def _sqrt(view: tcp.SqrtOp, x):
    return np.sqrt(x.astype(numpy_dtype(element_type(view.out.type))))


def _clamp(view: tcp.ClampOp, x):
    if is_float(element_type(view.in_.type)):
        lo, hi = view.min_float, view.max_float
        if lo is not None:
            x = np.maximum(x, x.dtype.type(ir.FloatAttr(lo).value))
        if hi is not None:
            x = np.minimum(x, x.dtype.type(ir.FloatAttr(hi).value))
        return x
    info = np.iinfo(x.dtype)
    lo, hi = view.min_int, view.max_int
    wide = x.astype(np.int64)
    if lo is not None:
        wide = np.maximum(wide, max(ir.IntegerAttr(lo).value, info.min))
    if hi is not None:
        wide = np.minimum(wide, min(ir.IntegerAttr(hi).value, info.max))
    return wide.astype(x.dtype)


def _cast(view: tcp.CastOp, x):
    dst = numpy_dtype(element_type(view.out.type))
    if dst == np.bool_:
        return x != 0
    if x.dtype.kind == "i" and view.signedness("in") == "Unsigned":
        x = x.view(_unsigned(x.dtype))
    if dst.kind == "i" and x.dtype.kind == "f" and view.signedness("out") == "Unsigned":
        return x.astype(_unsigned(dst)).view(dst)
    return x.astype(dst)


_UNARY: dict[type, Callable] = {
    tcp.TanhOp: np.tanh, tcp.SigmoidOp: lambda x: 1 / (1 + np.exp(-x)), tcp.CeilOp: np.ceil,
    tcp.FloorOp: np.floor, tcp.TruncOp: np.trunc, tcp.RoundOp: round_half_away, tcp.RoundEvenOp: np.rint,
    tcp.CosOp: np.cos, tcp.SinOp: np.sin, tcp.LogOp: np.log, tcp.AtanOp: np.arctan, tcp.ExpOp: np.exp,
    tcp.Log1pOp: np.log1p, tcp.AbsOp: np.abs, tcp.NegOp: np.negative,
}
_BINARY: dict[type, Callable] = {
    tcp.AddOp: np.add, tcp.SubOp: np.subtract, tcp.MulOp: np.multiply, tcp.Atan2Op: np.arctan2,
}
_WITH_VIEW: dict[type, Callable] = {
    tcp.SqrtOp: _sqrt, tcp.ClampOp: _clamp, tcp.CastOp: _cast, tcp.DivFOp: _divf, tcp.DivSIOp: _divsi,
    tcp.DivUIOp: _divui,
}


def _broadcast(view: tcp.BroadcastOp, x, *sizes):
    shape = list(x.shape)
    for axis, size in zip(i64_array(view.axes), sizes):
        shape[axis] = int(size)
    return np.broadcast_to(x, shape).copy()


def _slice(view: tcp.SliceOp, x, *bounds):
    rank = x.ndim
    starts, sizes, strides = (np.asarray(bounds[i * rank:(i + 1) * rank], dtype=np.int64) for i in range(3))
    out = x
    for d in range(rank):
        idx = starts[d] + strides[d] * np.arange(sizes[d])
        if idx.size and (idx.min() < 0 or idx.max() >= x.shape[d]):
            raise InterpreterError(f"tcp.slice reads outside dim {d} of size {x.shape[d]}")
        out = np.take(out, idx, axis=d)
    return out


def _gather(view: tcp.GatherOp, x, idx):
    dim = ir.IntegerAttr(view.dim).value
    if idx.size and (idx.min() < 0 or idx.max() >= x.shape[dim]):
        raise InterpreterError(f"tcp.gather index out of range for dim {dim} of size {x.shape[dim]}")
    coords = list(np.indices(idx.shape, sparse=True))
    coords[dim] = idx
    return x[tuple(coords)]


def _gather_nd(view: tcp.GatherNdOp, x, idx):
    k = idx.shape[-1]
    for j in range(k):
        if idx.size and (idx[..., j].min() < 0 or idx[..., j].max() >= x.shape[j]):
            raise InterpreterError(f"tcp.gather_nd index out of range for dim {j} of size {x.shape[j]}")
    return x[tuple(idx[..., j] for j in range(k))]


def _concat(view: tcp.ConcatOp, *xs):
    return np.concatenate(xs, axis=ir.IntegerAttr(view.axis).value)


def _iota(view: tcp.IotaOp, *size):
    t = ir.RankedTensorType(view.out.type)
    length = int(size[0]) if size else t.shape[0]
    return np.arange(length).astype(numpy_dtype(t.element_type))


def _const(view: tcp.ConstOp):
    return _np_value(view.value, view.out.type)


_DATA_MOVEMENT: dict[type, Callable] = {
    tcp.BroadcastOp: _broadcast, tcp.SliceOp: _slice, tcp.GatherOp: _gather, tcp.GatherNdOp: _gather_nd,
    tcp.ConcatOp: _concat, tcp.ConstOp: _const, tcp.IotaOp: _iota,
}

# ---------------------------------------------------------------------------
# Other dialects allowed around TCP
# ---------------------------------------------------------------------------

_ARITH_BINARY: dict[str, Callable] = {
    "arith.addi": lambda a, b: a + b, "arith.subi": lambda a, b: a - b, "arith.muli": lambda a, b: a * b,
    "arith.divsi": lambda a, b: _trunc_div(np.asarray(a), np.asarray(b)),
    "arith.divui": lambda a, b: a // b, "arith.ceildivui": lambda a, b: -(-a // b),
    "arith.floordivsi": lambda a, b: a // b, "arith.maxsi": max, "arith.minsi": min,
}
_CMPI = {0: np.equal, 1: np.not_equal, 2: np.less, 3: np.less_equal, 4: np.greater, 5: np.greater_equal}


class Interpreter:
    def __init__(self, module: ir.Module):
        self.functions = {}
        for op in module.body.operations:
            if op.operation.name == "func.func":
                self.functions[ir.StringAttr(op.attributes["sym_name"]).value] = op.operation

    def run(self, name: str, args: list[np.ndarray]) -> list[np.ndarray]:
        f = self.functions[name]
        block = f.regions[0].blocks[0]
        env = {arg: np.asarray(value) for arg, value in zip(block.arguments, args)}
        with np.errstate(all="ignore"):
            return self._block(block, env)

    def _block(self, block: ir.Block, env: dict) -> list[np.ndarray]:
        for op in block.operations:
            op = op.operation
            if op.name in ("func.return", "tcp.yield"):
                return [env[v] for v in op.operands]
            try:
                values = self._op(op, env)
            except InterpreterError:
                raise
            except Exception as e:
                raise InterpreterError(f"{op.name} at {op.location}: {type(e).__name__}: {e}") from None
            for result, value in zip(op.results, values):
                env[result] = value
        raise InterpreterError("block has no terminator")

    def _op(self, op: ir.Operation, env: dict) -> list:
        args = [env[v] for v in op.operands]
        cls = lookup(op.name)
        if cls is not None:
            return self._tcp(cls, op, args, env)
        name = op.name
        if name == "arith.constant":
            attr = op.attributes["value"]
            t = op.results[0].type
            if isinstance(t, ir.RankedTensorType):
                return [_np_value(attr, t)]
            return [numpy_dtype(t).type(ir.FloatAttr(attr).value if is_float(t) else ir.IntegerAttr(attr).value)]
        if name in _ARITH_BINARY:
            return [_ARITH_BINARY[name](int(args[0]), int(args[1]))]
        if name == "arith.index_cast":
            return [numpy_dtype(op.results[0].type).type(int(args[0]))]
        if name == "arith.cmpi":
            predicate = ir.IntegerAttr(op.attributes["predicate"]).value
            return [bool(_CMPI[predicate](args[0], args[1]))]
        if name == "arith.select":
            return [args[1] if args[0] else args[2]]
        if name == "tensor.dim":
            return [np.int64(args[0].shape[int(args[1])])]
        if name in ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast"):
            shape = ir.RankedTensorType(op.results[0].type).shape
            if name == "tensor.expand_shape":
                shape = list(_static_or(shape, args[1:]))
            elif any(s == ir.ShapedType.get_dynamic_size() for s in shape):
                shape = [-1 if s == ir.ShapedType.get_dynamic_size() else s for s in shape]
            return [args[0].reshape(shape)]
        if name == "tensor.from_elements":
            t = ir.RankedTensorType(op.results[0].type)
            return [np.array(args, dtype=numpy_dtype(t.element_type)).reshape(t.shape)]
        if name == "tensor.empty":
            t = ir.RankedTensorType(op.results[0].type)
            return [np.zeros(list(_static_or(t.shape, args)), dtype=numpy_dtype(t.element_type))]
        raise InterpreterError(f"the interpreter does not know '{name}'")

    def _tcp(self, cls, op: ir.Operation, args: list, env: dict) -> list:
        view = cls(op)
        if cls in _UNARY:
            return [_UNARY[cls](args[0])]
        if cls in _BINARY:
            return [_BINARY[cls](args[0], args[1])]
        if cls in _WITH_VIEW:
            return [_WITH_VIEW[cls](view, *args)]
        if cls in _DATA_MOVEMENT:
            return [_DATA_MOVEMENT[cls](view, *args)]
        if cls in (tcp.GroupOp, tcp.IsolatedGroupOp):
            block = op.regions[0].blocks[0]
            inner = dict(env) if cls is tcp.GroupOp else {}
            inner.update(zip(block.arguments, args))
            return self._block(block, inner)
        if cls in (tcp.SymbolicIntOp,):
            return [None]
        if cls is tcp.BindSymbolicShapeOp:
            return []
        raise InterpreterError(f"the interpreter has no semantics for '{op.name}'")


def _static_or(shape, dynamic_values):
    values = iter(dynamic_values)
    for s in shape:
        yield int(next(values)) if s == ir.ShapedType.get_dynamic_size() else s
