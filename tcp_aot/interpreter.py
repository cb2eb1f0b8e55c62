"""A NumPy reference implementation of every TCP op: an interpreter over a
TCP module. It is the oracle for TCP programs (tcp_sources/) and for the
per-op tests, so its semantics are PyTorch's, spelled out op by op.

Beyond TCP it runs what the backend contract allows around TCP ops: func,
tensor shape ops and scalar arith.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Callable

import numpy as np
from torch_mlir import ir

from .dialects import tcp
from .dialects.tcp_base import (
    element_type, i64_array, is_bool, is_float, is_resource_elements, lookup, resource_name,
)
from .weights.file import WeightsError

if TYPE_CHECKING:
    from .weights.module_weights import ModuleWeights


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


def _np_value(attr: ir.Attribute, t: ir.Type, weights: ModuleWeights | None) -> np.ndarray:
    shape = ir.RankedTensorType(t).shape if isinstance(t, ir.RankedTensorType) else ()
    dtype = numpy_dtype(element_type(t))
    if is_resource_elements(attr):
        name = resource_name(attr)
        if weights is None:
            raise InterpreterError(f"the data of weight {name} is not at hand (no weights given)")
        try:
            return weights.array(name, ir.RankedTensorType(t)).copy()
        except WeightsError as e:
            raise InterpreterError(str(e)) from None
    return np.broadcast_to(np.array(attr), shape).astype(dtype)


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
    """Signless integers convert as Unsigned ones (as upstream TCP lowers
    them)."""
    dst = numpy_dtype(element_type(view.out.type))
    if dst == np.bool_:
        return x != 0
    if x.dtype.kind == "i" and view.signedness("in") in ("Unsigned", "Signless"):
        x = x.view(_unsigned(x.dtype))
    if dst.kind == "i" and x.dtype.kind == "f" and view.signedness("out") in ("Unsigned", "Signless"):
        return x.astype(_unsigned(dst)).view(dst)
    return x.astype(dst)


def _erf(x):
    return np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype)


def _rem(view: tcp.RemOp, a, b):
    """C's fmod (Trunc) or torch.remainder (Floor: fmod, moved by one divisor
    when its sign differs from the divisor's, as c10 computes it)."""
    if a.dtype.kind == "f":
        mod = np.fmod(a, b)
        if view.mode == "Floor":
            mod = np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)
        return mod.astype(a.dtype)
    _check_divisors(b)
    safe = np.where(b == -1, 1, b)  # x % -1 is 0 (and INT_MIN % -1 must not trap)
    mod = np.fmod(a, safe)
    if view.mode == "Floor":
        mod = np.where((mod != 0) & ((safe < 0) != (mod < 0)), mod + safe, mod)
    return mod.astype(a.dtype)


_COMPARE = {"Eq": np.equal, "Ne": np.not_equal, "Lt": np.less, "Le": np.less_equal, "Gt": np.greater,
            "Ge": np.greater_equal}


def _cmp(view: tcp.CmpOp, a, b):
    return _COMPARE[view.comparison](a, b)


def _reduce(view: tcp.ReduceOp, x):
    axes = tuple(i64_array(view.axes))
    if not axes:
        return x.copy()
    kind = view.reduce_kind
    if kind == "Sum":
        return np.sum(x, axis=axes, dtype=x.dtype)
    if kind == "Prod":
        return np.prod(x, axis=axes, dtype=x.dtype)
    if kind in ("Max", "Min") and x.size == 0:
        raise InterpreterError(f"tcp.reduce {kind} of an empty tensor")
    return {"Max": np.max, "Min": np.min, "Any": np.any, "All": np.all}[kind](x, axis=axes)


def _arg_reduce(view: tcp.ArgReduceOp, x):
    """np.argmax/argmin give the first extreme element, and the first NaN."""
    axis = ir.IntegerAttr(view.axis).value
    if x.shape[axis] == 0:
        raise InterpreterError("tcp.arg_reduce of an empty dim")
    indices = (np.argmax if view.reduce_kind == "Max" else np.argmin)(x, axis=axis)
    values = np.take_along_axis(x, np.expand_dims(indices, axis), axis).squeeze(axis)
    return [values, indices.astype(np.int64)]


def _scan(view: tcp.ScanOp, x):
    axis = ir.IntegerAttr(view.axis).value
    kind = view.reduce_kind
    if kind in ("Sum", "Prod"):
        # PyTorch accumulates floats in f64, and its sums start from +0.0 (a
        # leading -0.0 becomes +0.0).
        acc = np.float64 if x.dtype.kind == "f" else x.dtype
        start = x.astype(acc) + acc(0) if kind == "Sum" and x.dtype.kind == "f" else x.astype(acc)
        scan = np.cumsum if kind == "Sum" else np.cumprod
        return scan(start, axis=axis, dtype=acc).astype(x.dtype)
    return (np.maximum if kind == "Max" else np.minimum).accumulate(x, axis=axis)


def _contract(view: tcp.ContractOp, a, b):
    lb, rb, lc, rc = view.dims()
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    lhs = [None] * a.ndim
    rhs = [None] * b.ndim
    for d, e in zip(lb + lc, rb + rc):
        lhs[d] = rhs[e] = next(letters)
    lhs = [x or next(letters) for x in lhs]
    rhs = [x or next(letters) for x in rhs]
    out = [lhs[d] for d in lb] + [x for d, x in enumerate(lhs) if d not in lb + lc] + \
        [x for d, x in enumerate(rhs) if d not in rb + rc]
    wide = np.float64 if a.dtype.kind == "f" else np.int64
    result = np.einsum(f"{''.join(lhs)},{''.join(rhs)}->{''.join(out)}", a.astype(wide), b.astype(wide))
    return result.astype(a.dtype)


def _conv(view: tcp.ConvOp, x, w):
    """Sum over kernel offsets of strided windows of the dilated, padded
    input, per group, accumulated in 64 bits."""
    spatial = x.ndim - 2
    groups = ir.IntegerAttr(view.groups).value
    wide = np.float64 if x.dtype.kind == "f" else np.int64
    x = x.astype(wide)
    for d, factor in enumerate(view.input_dilation_()):
        if factor > 1 and x.shape[2 + d] > 0:
            shape = list(x.shape)
            shape[2 + d] = (shape[2 + d] - 1) * factor + 1
            dilated = np.zeros(shape, wide)
            index = [slice(None)] * x.ndim
            index[2 + d] = slice(None, None, factor)
            dilated[tuple(index)] = x
            x = dilated
    x = np.pad(x, [(0, 0), (0, 0)] + list(zip(view.padding_low_(), view.padding_high_())))
    n, c = x.shape[:2]
    o, kernel = w.shape[0], w.shape[2:]
    stride, dilation = view.stride_(), view.dilation_()
    out_sizes = [max(0, (x.shape[2 + d] - dilation[d] * (kernel[d] - 1) - 1) // stride[d] + 1)
                 for d in range(spatial)]
    xg = x.reshape(n, groups, c // groups, *x.shape[2:])
    wg = w.astype(wide).reshape(groups, o // groups, c // groups, *kernel)
    out = np.zeros((n, groups, o // groups, *out_sizes), wide)
    for offsets in itertools.product(*(range(k) for k in kernel)):
        window = [slice(None)] * 3 + [
            slice(k * dilation[d], k * dilation[d] + (out_sizes[d] - 1) * stride[d] + 1, stride[d])
            for d, k in enumerate(offsets)]
        out += np.einsum("ngc...,goc->ngo...", xg[tuple(window)], wg[(Ellipsis,) + offsets])
    return out.reshape(n, o, *out_sizes).astype(w.dtype)


def _pool(view: tcp.PoolOp, x):
    """Windows over the input padded with -inf (Max) or 0 (Avg), up to the
    end of the last window; Avg divides as torch does."""
    kernel, stride, padding, dilation = view.window()
    spatial = x.ndim - 2
    ceil_mode = view.attr("ceil_mode") is not None and ir.BoolAttr(view.ceil_mode).value
    out_sizes = [tcp.pool_output_size(x.shape[2 + d], kernel[d], stride[d], padding[d], dilation[d], ceil_mode)
                 for d in range(spatial)]
    high = [max(padding[d], (out_sizes[d] - 1) * stride[d] + dilation[d] * (kernel[d] - 1) + 1
                - x.shape[2 + d] - padding[d]) for d in range(spatial)]
    is_max = view.pool_kind == "Max"
    wide = x.astype(np.float64)
    padded = np.pad(wide, [(0, 0), (0, 0)] + list(zip(padding, high)),
                    constant_values=-np.inf if is_max else 0.0)
    out = np.full(x.shape[:2] + tuple(out_sizes), -np.inf if is_max else 0.0)
    for offsets in itertools.product(*(range(k) for k in kernel)):
        window = padded[(slice(None), slice(None)) + tuple(
            slice(k * dilation[d], k * dilation[d] + (out_sizes[d] - 1) * stride[d] + 1, stride[d])
            for d, k in enumerate(offsets))]
        out = np.maximum(out, window) if is_max else out + window
    if not is_max:
        out = out / _avg_divisor(view, x.shape[2:], out_sizes, kernel, stride, padding)
    return out.astype(x.dtype)


def _avg_divisor(view: tcp.PoolOp, sizes, out_sizes, kernel, stride, padding) -> np.ndarray:
    """torch's divisor of each average window: divisor_override, or the
    window clipped to the padded input (count_include_pad) or to the input."""
    if view.attr("divisor_override") is not None:
        return np.float64(ir.IntegerAttr(view.divisor_override).value)
    include_pad = view.attr("count_include_pad") is not None and ir.BoolAttr(view.count_include_pad).value
    divisor = np.ones(out_sizes)
    for d, (size, k, s, p) in enumerate(zip(sizes, kernel, stride, padding)):
        start = np.arange(out_sizes[d]) * s - p
        end = np.minimum(start + k, size + p)
        count = end - start if include_pad else np.minimum(end, size) - np.maximum(start, 0)
        shape = [1] * len(out_sizes)
        shape[d] = out_sizes[d]
        divisor = divisor * count.reshape(shape)
    return divisor


def _pad(view: tcp.PadOp, x, value):
    return np.pad(x, list(zip(i64_array(view.low), i64_array(view.high))), constant_values=value)


_UNARY: dict[type, Callable] = {
    tcp.TanhOp: np.tanh, tcp.SigmoidOp: lambda x: 1 / (1 + np.exp(-x)), tcp.CeilOp: np.ceil,
    tcp.FloorOp: np.floor, tcp.TruncOp: np.trunc, tcp.RoundOp: round_half_away, tcp.RoundEvenOp: np.rint,
    tcp.CosOp: np.cos, tcp.SinOp: np.sin, tcp.LogOp: np.log, tcp.AtanOp: np.arctan, tcp.ExpOp: np.exp,
    tcp.Log1pOp: np.log1p, tcp.AbsOp: np.abs, tcp.NegOp: np.negative, tcp.ErfOp: _erf, tcp.Expm1Op: np.expm1,
    tcp.RsqrtOp: lambda x: (1 / np.sqrt(x)).astype(x.dtype), tcp.Log2Op: np.log2, tcp.NotOp: np.invert,
}
_BINARY: dict[type, Callable] = {
    tcp.AddOp: np.add, tcp.SubOp: np.subtract, tcp.MulOp: np.multiply, tcp.Atan2Op: np.arctan2,
    tcp.MaxOp: np.maximum, tcp.MinOp: np.minimum, tcp.PowOp: np.power, tcp.AndOp: np.bitwise_and,
    tcp.OrOp: np.bitwise_or, tcp.XorOp: np.bitwise_xor,
}
_WITH_VIEW: dict[type, Callable] = {
    tcp.SqrtOp: _sqrt, tcp.ClampOp: _clamp, tcp.CastOp: _cast, tcp.DivFOp: _divf, tcp.DivSIOp: _divsi,
    tcp.DivUIOp: _divui, tcp.RemOp: _rem, tcp.CmpOp: _cmp, tcp.SelectOp: lambda view, c, a, b: np.where(c, a, b),
    tcp.ReduceOp: _reduce, tcp.ScanOp: _scan, tcp.ContractOp: _contract, tcp.ConvOp: _conv, tcp.PoolOp: _pool,
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


def _const(view: tcp.ConstOp, weights: ModuleWeights | None):
    return _np_value(view.value, view.out.type, weights)


_DATA_MOVEMENT: dict[type, Callable] = {
    tcp.BroadcastOp: _broadcast, tcp.SliceOp: _slice, tcp.GatherOp: _gather, tcp.GatherNdOp: _gather_nd,
    tcp.ConcatOp: _concat, tcp.IotaOp: _iota, tcp.PadOp: _pad,
    tcp.TransposeOp: lambda view, x: np.transpose(x, i64_array(view.permutation)).copy(),
    tcp.FlipOp: lambda view, x: np.flip(x, tuple(i64_array(view.axes))).copy(),
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
_ARITH_FLOAT = {"arith.addf": np.add, "arith.subf": np.subtract, "arith.mulf": np.multiply,
                "arith.divf": np.divide}
# arith.cmpf predicates by number (ordered ones false on NaN; une true on NaN).
_CMPF = {1: np.equal, 2: np.greater, 3: np.greater_equal, 4: np.less, 5: np.less_equal, 14: np.not_equal}


class Interpreter:
    """Runs a module's functions. `weights` holds the data of its
    dense_resource constants."""

    def __init__(self, module: ir.Module | None, weights: ModuleWeights | None = None):
        self.weights = weights
        self.functions = {}
        for op in module.body.operations if module is not None else []:
            if op.operation.name == "func.func":
                self.functions[ir.StringAttr(op.attributes["sym_name"]).value] = op.operation
        self.observe: Callable[[ir.Operation, list, list], None] | None = None

    def run(self, name: str, args: list[np.ndarray],
            observe: Callable[[ir.Operation, list, list], None] | None = None) -> list[np.ndarray]:
        """The function's results for `args`; `observe(op, operands, results)`
        is called after every op it runs."""
        f = self.functions[name]
        block = f.regions[0].blocks[0]
        env = {arg: np.asarray(value) for arg, value in zip(block.arguments, args)}
        self.observe = observe
        try:
            with np.errstate(all="ignore"):
                return self._block(block, env)
        finally:
            self.observe = None

    def evaluate(self, op: ir.Operation, env: dict) -> list:
        """The results of one op whose operands' values `env` holds."""
        with np.errstate(all="ignore"):
            return self._op(op, env)

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
            if self.observe is not None:
                self.observe(op, [env[v] for v in op.operands], values)
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
                return [_np_value(attr, t, self.weights)]
            return [numpy_dtype(t).type(ir.FloatAttr(attr).value if is_float(t) else ir.IntegerAttr(attr).value)]
        if name in _ARITH_BINARY:
            return [_ARITH_BINARY[name](int(args[0]), int(args[1]))]
        if name in _ARITH_FLOAT:
            return [_ARITH_FLOAT[name](args[0], args[1])]
        if name == "arith.sitofp":
            return [numpy_dtype(op.results[0].type).type(int(args[0]))]
        if name == "arith.cmpf":
            predicate = ir.IntegerAttr(op.attributes["predicate"]).value
            if predicate not in _CMPF:
                raise InterpreterError(f"the interpreter does not know arith.cmpf predicate {predicate}")
            return [bool(_CMPF[predicate](args[0], args[1]))]
        if name == "cf.assert":
            if not args[0]:
                raise InterpreterError(ir.StringAttr(op.attributes["msg"]).value)
            return []
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
            elif name == "tensor.collapse_shape":
                groups = [[ir.IntegerAttr(d).value for d in group] for group in op.attributes["reassociation"]]
                shape = [math.prod(args[0].shape[d] for d in group) for group in groups]
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
        if cls is tcp.ArgReduceOp:
            return _arg_reduce(view, *args)
        if cls is tcp.ConstOp:
            return [_const(view, self.weights)]
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
