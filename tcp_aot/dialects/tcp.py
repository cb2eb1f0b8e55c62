"""The TCP dialect ("Tensor Compute Primitives"): every op, its verifier and
its textual format, in one place.

Elementwise ops take and return ranked tensors of one shape and (unless said
otherwise) one element type; broadcasting is always explicit (tcp.broadcast).
Integers are signless: signedness lives in the ops that need it (divsi/divui,
cast). Each op carries everything the compiler asks of it (tcp_base.TcpOp):
operands, attributes, verifier and format, its shape rules, its semantics on
NumPy arrays (PyTorch's, spelled out: the interpreter's and constant
folding's), its FLOPs and its folds. To add an op: declare it here beside its
siblings, and add its lowering in conversion/tcp_to_linalg/ (see
docs/adding-an-op.md).

Ops that upstream TCP lacks and this project adds because a conversion
needs them: tcp.exp, tcp.log1p, tcp.trunc, tcp.concat and tcp.iota, and the
families upstream sent to other dialects, defined here as a few general ops
with attributes: comparisons and logic (cmp, and/or/xor/not, select), more
math (erf, expm1, rsqrt, log2, max, min, pow, rem), shapes (transpose, pad,
flip), reductions (reduce, arg_reduce, scan), contraction, convolution and
pooling.
"""

from __future__ import annotations

import itertools
import math
from typing import Iterator

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import tensor

from .tcp_base import (
    ELEMENTWISE, ISOLATED_FROM_ABOVE, PURE, TERMINATOR, AffineMapAttr, AnyType, AtMost, Attr, BoolAttr, BoolTensor,
    DimOf, ElementsAttr, Equal, F32Attr, FloatIntOrQuantizedTensor, FloatOrIntTensor, FloatTensor, I64,
    I64ArrayAttr, I64Attr, I64OrIndexAttr, Index, IntOrBoolTensor, IntTensor, InterpreterError, Operand, Result,
    StrAttr, TcpOp, Tensor, TensorOrQuantized, dense_array, element_type, elements_type, i64_array, is_bool, is_float, names,
    no_flops, no_shape_constraints, numpy_dtype, opaque_enum, opaque_enum_case, py_name, same_shape, static_dim,
    untraced,
)

ROUNDING_MODES = ("Trunc", "Floor", "Ceil")
SIGNEDNESS = ("Signed", "Unsigned", "Signless")
CMP_PREDICATES = ("Eq", "Ne", "Lt", "Le", "Gt", "Ge")
REDUCE_KINDS = ("Sum", "Prod", "Max", "Min", "Any", "All")
POOL_KINDS = ("Max", "Avg")
SCATTER_KINDS = ("Replace", "Sum", "Prod", "Max", "Min")

UNARY_FORMAT = "$in attr-dict : type($in) -> type($out)"
BINARY_FORMAT = "$in1 , $in2 attr-dict : type($in1) , type($in2) -> type($out)"


def _same_shape(op: TcpOp, *fields: str) -> Iterator[str]:
    if not same_shape([_value(op, f).type for f in fields]):
        yield "requires the same shape for all operands and results"


def _same_element_type(op: TcpOp, *fields: str) -> Iterator[str]:
    if len({str(element_type(_value(op, f).type)) for f in fields}) > 1:
        yield "requires the same element type for all operands and results"


def _all_match(op: TcpOp, what: str, key, *fields: str) -> Iterator[str]:
    if len({key(_value(op, f).type) for f in fields}) > 1:
        yield f"failed to verify that all of {names(*fields)} have same {what}"


def producer(v: ir.Value, cls: type[TcpOp]) -> TcpOp | None:
    """The op of class `cls` that defines v, if one does."""
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.operation.name != cls.OPERATION_NAME:
        return None
    return cls(owner.operation)


def _value(op: TcpOp, field: str) -> ir.Value:
    return getattr(op, py_name(field))


def _rank(t: ir.Type) -> int:
    return ir.ShapedType(t).rank


def _elem(t: ir.Type) -> str:
    return str(element_type(t))


def _shape(t: ir.Type) -> list[int | None]:
    return [static_dim(t, d) for d in range(_rank(t))]


def _fmt_shape(shape: list[int | None]) -> str:
    return "[" + ", ".join("?" if s is None else str(s) for s in shape) + "]"


def _enum(op: TcpOp, field: str, mnemonic: str) -> str | None:
    value = op.attr(field)
    return None if value is None else opaque_enum_case(value, mnemonic)


def _int(op: TcpOp, field: str, default: int | None = None) -> int | None:
    value = op.attr(field)
    return default if value is None else ir.IntegerAttr(value).value


def _ints(op: TcpOp, field: str, default: list[int] | None = None) -> list[int] | None:
    value = op.attr(field)
    return default if value is None else i64_array(value)


def _flag(op: TcpOp, field: str) -> bool:
    value = op.attr(field)
    return value is not None and ir.BoolAttr(value).value


def _dims_in_range(dims: list[int], rank: int, what: str) -> Iterator[str]:
    """`dims` are distinct dims of a rank-`rank` tensor."""
    if len(set(dims)) != len(dims):
        yield f"failed to verify that {what} has no duplicates"
    for d in dims:
        if not 0 <= d < rank:
            yield f"{what} {d} is out of range for rank {rank}"


def _shape_matches(op: TcpOp, field: str, expected: list[int | None], how: str) -> Iterator[str]:
    """Value `field` has shape `expected` (None: dynamic or unknown)."""
    actual = _shape(_value(op, field).type)
    if len(actual) != len(expected) or any(a is not None and b is not None and a != b
                                           for a, b in zip(actual, expected)):
        yield f"expected {field} of shape {_fmt_shape(expected)} ({how}), but got {_fmt_shape(actual)}"


# ---------------------------------------------------------------------------
# Elementwise ops
# ---------------------------------------------------------------------------


class ElementwiseOp(TcpOp):
    """Operands and results of one shape; each result element comes from the
    operands' elements at its position. `compute` gives the semantics on
    whole NumPy arrays."""

    TRAITS = frozenset({PURE, ELEMENTWISE})
    flops = no_flops

    def result_dim(self, result, dim):
        return tuple(DimOf(v, dim) for v in self.operation.operands)

    def shape_constraints(self):
        values = list(self.operation.operands) + list(self.operation.results)
        for d in range(_rank(values[0].type)):
            yield Equal(tuple(DimOf(v, d) for v in values))

    def evaluate(self, args, interpreter):
        return [self.compute(*args)]

    def compute(self, *args: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class UnaryElementwiseOp(ElementwiseOp):
    """in -> out, same shape and element type."""

    OPERANDS = (Operand("in", FloatTensor),)
    RESULTS = (Result("out", FloatTensor),)
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        yield from _same_element_type(self, "in", "out")


def round_half_away(x: np.ndarray) -> np.ndarray:
    whole = np.trunc(x)
    return whole + np.sign(x) * (np.abs(x - whole) >= 0.5)


def _erf(x: np.ndarray) -> np.ndarray:
    return np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype)


class TanhOp(UnaryElementwiseOp):
    """Hyperbolic tangent."""
    NAME = "tanh"
    compute = staticmethod(np.tanh)


class SigmoidOp(UnaryElementwiseOp):
    """Logistic sigmoid 1 / (1 + exp(-x))."""
    NAME = "sigmoid"

    @staticmethod
    def compute(x):
        return 1 / (1 + np.exp(-x))


class CeilOp(UnaryElementwiseOp):
    """Round towards +inf."""
    NAME = "ceil"
    compute = staticmethod(np.ceil)


class FloorOp(UnaryElementwiseOp):
    """Round towards -inf."""
    NAME = "floor"
    compute = staticmethod(np.floor)


class TruncOp(UnaryElementwiseOp):
    """Round towards zero (added: not in upstream TCP)."""
    NAME = "trunc"
    compute = staticmethod(np.trunc)


class RoundOp(UnaryElementwiseOp):
    """Round to nearest, ties away from zero."""
    NAME = "round"
    compute = staticmethod(round_half_away)


class RoundEvenOp(UnaryElementwiseOp):
    """Round to nearest, ties to even (torch.round)."""
    NAME = "round_even"
    compute = staticmethod(np.rint)


class CosOp(UnaryElementwiseOp):
    """Cosine."""
    NAME = "cos"
    compute = staticmethod(np.cos)


class SinOp(UnaryElementwiseOp):
    """Sine."""
    NAME = "sin"
    compute = staticmethod(np.sin)


class LogOp(UnaryElementwiseOp):
    """Natural logarithm."""
    NAME = "log"
    compute = staticmethod(np.log)


class AtanOp(UnaryElementwiseOp):
    """Arc tangent."""
    NAME = "atan"
    compute = staticmethod(np.arctan)


class ExpOp(UnaryElementwiseOp):
    """Exponential (added: not in upstream TCP)."""
    NAME = "exp"
    compute = staticmethod(np.exp)


class Log1pOp(UnaryElementwiseOp):
    """log(1 + x), accurate for small x (added: not in upstream TCP)."""
    NAME = "log1p"
    compute = staticmethod(np.log1p)


class AbsOp(UnaryElementwiseOp):
    """Absolute value; integers wrap like PyTorch (abs(INT_MIN) == INT_MIN)."""
    NAME = "abs"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("out", FloatOrIntTensor),)
    compute = staticmethod(np.abs)


class NegOp(UnaryElementwiseOp):
    """Negation; integers wrap like PyTorch (-INT_MIN == INT_MIN)."""
    NAME = "neg"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("out", FloatOrIntTensor),)
    compute = staticmethod(np.negative)


class SqrtOp(ElementwiseOp):
    """Square root. An integer input gives a floating-point result (as in
    PyTorch); a floating-point input keeps its type."""
    NAME = "sqrt"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("out", FloatTensor),)
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        if is_float(element_type(self.in_type)):
            yield from _same_element_type(self, "in", "out")

    @property
    def in_type(self) -> ir.Type:
        return self.in_.type

    def compute(self, x):
        return np.sqrt(x.astype(numpy_dtype(element_type(self.out.type))))


class ClampOp(ElementwiseOp):
    """Clamp to [min, max]; either bound may be absent. Float tensors take
    min_float/max_float (f32), integer tensors min_int/max_int (i64; a bound
    beyond the element type's range bounds nothing). NaN propagates."""
    NAME = "clamp"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("out", FloatOrIntTensor),)
    ATTRS = (Attr("min_float", F32Attr, optional=True), Attr("max_float", F32Attr, optional=True),
             Attr("min_int", I64Attr, optional=True), Attr("max_int", I64Attr, optional=True))
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        yield from _same_element_type(self, "in", "out")
        floats = self.min_float is not None or self.max_float is not None
        ints = self.min_int is not None or self.max_int is not None
        if not floats and not ints:
            yield "failed to verify that at least one of min_float, max_float, min_int, max_int is set"
        elif is_float(element_type(self.in_.type)):
            if ints:
                yield "failed to verify that min_int and max_int are not set for a floating-point input"
        elif floats:
            yield "failed to verify that min_float and max_float are not set for an integer input"

    def compute(self, x):
        if is_float(element_type(self.in_.type)):
            lo, hi = self.min_float, self.max_float
            if lo is not None:
                x = np.maximum(x, x.dtype.type(ir.FloatAttr(lo).value))
            if hi is not None:
                x = np.minimum(x, x.dtype.type(ir.FloatAttr(hi).value))
            return x
        info = np.iinfo(x.dtype)
        lo, hi = self.min_int, self.max_int
        wide = x.astype(np.int64)
        if lo is not None:
            wide = np.maximum(wide, max(ir.IntegerAttr(lo).value, info.min))
        if hi is not None:
            wide = np.minimum(wide, min(ir.IntegerAttr(hi).value, info.max))
        return wide.astype(x.dtype)


class BinaryElementwiseOp(ElementwiseOp):
    """(in1, in2) -> out, all of one shape and element type."""

    OPERANDS = (Operand("in1", FloatOrIntTensor), Operand("in2", FloatOrIntTensor))
    RESULTS = (Result("out", FloatOrIntTensor),)
    FORMAT = BINARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in1", "in2", "out")
        yield from _same_element_type(self, "in1", "in2", "out")


class AddOp(BinaryElementwiseOp):
    """in1 + in2 (integers wrap). Quantized element types verify, as
    upstream, but do not lower."""
    NAME = "add"
    OPERANDS = (Operand("in1", FloatIntOrQuantizedTensor), Operand("in2", FloatIntOrQuantizedTensor))
    RESULTS = (Result("out", FloatIntOrQuantizedTensor),)
    compute = staticmethod(np.add)


class SubOp(BinaryElementwiseOp):
    """in1 - in2 (integers wrap). Quantized element types verify, as
    upstream, but do not lower."""
    NAME = "sub"
    OPERANDS = (Operand("in1", FloatIntOrQuantizedTensor), Operand("in2", FloatIntOrQuantizedTensor))
    RESULTS = (Result("out", FloatIntOrQuantizedTensor),)
    compute = staticmethod(np.subtract)


class MulOp(BinaryElementwiseOp):
    """in1 * in2 (integers wrap). Folds x * 1 (a 1 possibly broadcast) to x."""
    NAME = "mul"
    compute = staticmethod(np.multiply)

    def fold(self):
        for keep, other in ((self.in1, self.in2), (self.in2, self.in1)):
            if splat_value(other) == 1.0 and keep.type == self.out.type:
                return [keep]
        return None


def splat_value(v: ir.Value) -> float | None:
    """The value of a splat constant, looking through broadcasts."""
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return None
    op = owner.operation
    if op.name == BroadcastOp.OPERATION_NAME:
        return splat_value(op.operands[0])
    if op.name != ConstOp.OPERATION_NAME:
        return None
    attr = op.attributes["value"]
    if not isinstance(attr, ir.DenseElementsAttr) or not ir.DenseElementsAttr(attr).is_splat:
        return None
    value = dense_array(attr)
    return float(value.flat[0]) if value.size else None


class DivFOp(BinaryElementwiseOp):
    """Floating-point division (IEEE: x/0 is ±inf or NaN). An optional
    rounding_mode (#tcp<roundingMode Trunc|Floor>) rounds the quotient as
    PyTorch's div(rounding_mode=...) does: Trunc is trunc(in1 / in2); Floor is
    floor division computed from fmod (1.0 // 0.1 == 9.0, not
    floor(1.0 / 0.1) == 10.0), with x/0 as in plain division."""
    NAME = "divf"
    OPERANDS = (Operand("in1", FloatTensor), Operand("in2", FloatTensor))
    RESULTS = (Result("out", FloatTensor),)
    ATTRS = (Attr("rounding_mode", opaque_enum("roundingMode", ("Trunc", "Floor")), optional=True),)

    @property
    def mode(self) -> str | None:
        return None if self.rounding_mode is None else opaque_enum_case(self.rounding_mode, "roundingMode")

    def compute(self, a, b):
        if self.mode == "Floor":
            return np.floor_divide(a, b)  # NumPy's float floor division is PyTorch's (from fmod)
        q = np.divide(a, b)
        return np.trunc(q) if self.mode == "Trunc" else q


class Atan2Op(BinaryElementwiseOp):
    """atan2(in1, in2): the angle of the point (in2, in1)."""
    NAME = "atan2"
    OPERANDS = (Operand("in1", FloatTensor), Operand("in2", FloatTensor))
    RESULTS = (Result("out", FloatTensor),)
    compute = staticmethod(np.arctan2)


def trunc_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer division rounded toward zero (C's)."""
    q = np.floor_divide(a, b)
    inexact = (np.remainder(a, b) != 0) & ((a < 0) != (b < 0))
    return (q + inexact).astype(a.dtype)


def _ceil_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    q = np.floor_divide(a, b)
    return (q + (np.remainder(a, b) != 0)).astype(a.dtype)


def _check_divisors(b: np.ndarray) -> None:
    if np.any(b == 0):
        raise InterpreterError("integer division by zero")


def _unsigned(dtype: np.dtype) -> np.dtype:
    return np.dtype(dtype.str.replace("i", "u"))


class IntDivOp(BinaryElementwiseOp):
    """Integer division rounded as `rounding_mode` says (#tcp<roundingMode
    Trunc|Floor|Ceil>). Division by zero is an error (compiled code aborts
    with a message, as PyTorch raises)."""
    OPERANDS = (Operand("in1", IntTensor), Operand("in2", IntTensor))
    RESULTS = (Result("out", IntTensor),)
    ATTRS = (Attr("rounding_mode", opaque_enum("roundingMode", ROUNDING_MODES)),)

    @property
    def mode(self) -> str:
        return opaque_enum_case(self.rounding_mode, "roundingMode")


class DivSIOp(IntDivOp):
    """Signed integer division."""
    NAME = "divsi"

    def compute(self, a, b):
        _check_divisors(b)
        return {"Trunc": trunc_div, "Floor": np.floor_divide, "Ceil": _ceil_div}[self.mode](a, b)


class DivUIOp(IntDivOp):
    """Unsigned integer division."""
    NAME = "divui"

    def compute(self, a, b):
        _check_divisors(b)
        ua, ub = a.view(_unsigned(a.dtype)), b.view(_unsigned(b.dtype))
        q = _ceil_div(ua, ub) if self.mode == "Ceil" else np.floor_divide(ua, ub)
        return q.astype(ua.dtype).view(a.dtype)


class CastOp(ElementwiseOp):
    """Convert between integer, floating-point and i1 element types, same
    shape. An integer side names its signedness (in_int_signedness /
    out_int_signedness: #tcp<signedness Signed|Unsigned|Signless>, and
    Signless for i1); a floating-point side has none. Signless integers
    convert as Unsigned ones, as upstream TCP lowers them. Float to integer
    truncates toward zero; to i1 is `!= 0`."""
    NAME = "cast"
    OPERANDS = (Operand("in", Tensor),)
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("in_int_signedness", opaque_enum("signedness", SIGNEDNESS), optional=True),
             Attr("out_int_signedness", opaque_enum("signedness", SIGNEDNESS), optional=True))
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        for side, field in (("in", "in_int_signedness"), ("out", "out_int_signedness")):
            elem = element_type(getattr(self, py_name(side)).type)
            value = self.attr(field)
            case = opaque_enum_case(value, "signedness") if value is not None else None
            if is_float(elem):
                if value is not None:
                    yield f"failed to verify that {field} is absent for a floating-point {side}"
            elif value is None:
                yield f"failed to verify that {field} is set for an integer {side}"
            elif is_bool(elem) and case != "Signless":
                yield f"failed to verify that {field} is Signless for an i1 {side}"

    def signedness(self, side: str) -> str | None:
        value = self.attr(f"{side}_int_signedness")
        return None if value is None else opaque_enum_case(value, "signedness")

    def compute(self, x):
        dst = numpy_dtype(element_type(self.out.type))
        if dst == np.bool_:
            return x != 0
        if x.dtype.kind == "i" and self.signedness("in") in ("Unsigned", "Signless"):
            x = x.view(_unsigned(x.dtype))
        if dst.kind == "i" and x.dtype.kind == "f" and self.signedness("out") in ("Unsigned", "Signless"):
            return x.astype(_unsigned(dst)).view(dst)
        return x.astype(dst)


class ErfOp(UnaryElementwiseOp):
    """The error function."""
    NAME = "erf"
    compute = staticmethod(_erf)


class Expm1Op(UnaryElementwiseOp):
    """exp(x) - 1, accurate for small x."""
    NAME = "expm1"
    compute = staticmethod(np.expm1)


class RsqrtOp(UnaryElementwiseOp):
    """1 / sqrt(x)."""
    NAME = "rsqrt"

    @staticmethod
    def compute(x):
        return (1 / np.sqrt(x)).astype(x.dtype)


class Log2Op(UnaryElementwiseOp):
    """Base-2 logarithm."""
    NAME = "log2"
    compute = staticmethod(np.log2)


class TanOp(UnaryElementwiseOp):
    """Tangent."""
    NAME = "tan"
    compute = staticmethod(np.tan)


class SinhOp(UnaryElementwiseOp):
    """Hyperbolic sine."""
    NAME = "sinh"
    compute = staticmethod(np.sinh)


class CoshOp(UnaryElementwiseOp):
    """Hyperbolic cosine."""
    NAME = "cosh"
    compute = staticmethod(np.cosh)


class AsinOp(UnaryElementwiseOp):
    """Arc sine (NaN outside [-1, 1])."""
    NAME = "asin"
    compute = staticmethod(np.arcsin)


class AcosOp(UnaryElementwiseOp):
    """Arc cosine (NaN outside [-1, 1])."""
    NAME = "acos"
    compute = staticmethod(np.arccos)


class AsinhOp(UnaryElementwiseOp):
    """Inverse hyperbolic sine."""
    NAME = "asinh"
    compute = staticmethod(np.arcsinh)


class AcoshOp(UnaryElementwiseOp):
    """Inverse hyperbolic cosine (NaN below 1)."""
    NAME = "acosh"
    compute = staticmethod(np.arccosh)


class AtanhOp(UnaryElementwiseOp):
    """Inverse hyperbolic tangent (NaN outside [-1, 1])."""
    NAME = "atanh"
    compute = staticmethod(np.arctanh)


class Log10Op(UnaryElementwiseOp):
    """Base-10 logarithm."""
    NAME = "log10"
    compute = staticmethod(np.log10)


class MaxOp(BinaryElementwiseOp):
    """The larger of in1 and in2 (torch.maximum): NaN wins; integers are
    signed."""
    NAME = "max"
    compute = staticmethod(np.maximum)


class MinOp(BinaryElementwiseOp):
    """The smaller of in1 and in2 (torch.minimum): NaN wins; integers are
    signed."""
    NAME = "min"
    compute = staticmethod(np.minimum)


class PowOp(BinaryElementwiseOp):
    """in1 raised to in2 (C's pow: pow(x, 0) is 1, a negative base with a
    non-integer exponent is NaN)."""
    NAME = "pow"
    OPERANDS = (Operand("in1", FloatTensor), Operand("in2", FloatTensor))
    RESULTS = (Result("out", FloatTensor),)
    compute = staticmethod(np.power)


class RemOp(BinaryElementwiseOp):
    """The remainder of in1 / in2 for a quotient rounded as `rounding_mode`
    says: Trunc is C's fmod (the sign of in1, torch.fmod), Floor is
    torch.remainder (the sign of in2). Integers are signed; an integer
    division by zero is an error, a float one gives NaN."""
    NAME = "rem"
    ATTRS = (Attr("rounding_mode", opaque_enum("roundingMode", ("Trunc", "Floor"))),)

    @property
    def mode(self) -> str:
        return opaque_enum_case(self.rounding_mode, "roundingMode")

    def compute(self, a, b):
        """Floor moves fmod's result by one divisor when its sign differs
        from the divisor's, as c10 computes it."""
        if a.dtype.kind == "f":
            mod = np.fmod(a, b)
            if self.mode == "Floor":
                mod = np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)
            return mod.astype(a.dtype)
        _check_divisors(b)
        safe = np.where(b == -1, 1, b)  # x % -1 is 0 (and INT_MIN % -1 must not trap)
        mod = np.fmod(a, safe)
        if self.mode == "Floor":
            mod = np.where((mod != 0) & ((safe < 0) != (mod < 0)), mod + safe, mod)
        return mod.astype(a.dtype)


_COMPARE = {"Eq": np.equal, "Ne": np.not_equal, "Lt": np.less, "Le": np.less_equal, "Gt": np.greater,
            "Ge": np.greater_equal}


class CmpOp(ElementwiseOp):
    """Compare in1 and in2 element by element as `predicate` says
    (#tcp<cmpPredicate Eq|Ne|Lt|Le|Gt|Ge>), giving i1. Floats compare as IEEE
    (anything with NaN is false, except Ne); integers are signed, i1 is
    unsigned (false < true)."""
    NAME = "cmp"
    OPERANDS = (Operand("in1", Tensor), Operand("in2", Tensor))
    RESULTS = (Result("out", BoolTensor),)
    ATTRS = (Attr("predicate", opaque_enum("cmpPredicate", CMP_PREDICATES)),)
    FORMAT = BINARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in1", "in2", "out")
        yield from _all_match(self, "element type", _elem, "in1", "in2")

    @property
    def comparison(self) -> str:
        return _enum(self, "predicate", "cmpPredicate")

    def compute(self, a, b):
        return _COMPARE[self.comparison](a, b)


class BitwiseBinaryOp(BinaryElementwiseOp):
    """Bitwise on integers, logical on i1."""
    OPERANDS = (Operand("in1", IntOrBoolTensor), Operand("in2", IntOrBoolTensor))
    RESULTS = (Result("out", IntOrBoolTensor),)


class AndOp(BitwiseBinaryOp):
    """in1 & in2."""
    NAME = "and"
    compute = staticmethod(np.bitwise_and)


class OrOp(BitwiseBinaryOp):
    """in1 | in2."""
    NAME = "or"
    compute = staticmethod(np.bitwise_or)


class XorOp(BitwiseBinaryOp):
    """in1 ^ in2."""
    NAME = "xor"
    compute = staticmethod(np.bitwise_xor)


class NotOp(UnaryElementwiseOp):
    """~in: bitwise on integers, logical on i1."""
    NAME = "not"
    OPERANDS = (Operand("in", IntOrBoolTensor),)
    RESULTS = (Result("out", IntOrBoolTensor),)
    compute = staticmethod(np.invert)


class SelectOp(ElementwiseOp):
    """out = cond ? on_true : on_false, element by element (torch.where)."""
    NAME = "select"
    COMPUTES = False
    OPERANDS = (Operand("cond", BoolTensor), Operand("on_true", Tensor), Operand("on_false", Tensor))
    RESULTS = (Result("out", Tensor),)
    FORMAT = ("$cond , $on_true , $on_false attr-dict : type($cond) , type($on_true) , type($on_false) "
              "-> type($out)")

    def verify_op(self):
        yield from _same_shape(self, "cond", "on_true", "on_false", "out")
        yield from _all_match(self, "element type", _elem, "on_true", "on_false", "out")

    compute = staticmethod(np.where)


# ---------------------------------------------------------------------------
# Constants and data movement
# ---------------------------------------------------------------------------


class ConstOp(TcpOp):
    """A constant tensor: `value`'s type is the result type."""
    NAME = "const"
    COMPUTES = False
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("value", ElementsAttr),)
    TRAITS = frozenset({PURE})
    FORMAT = "attr-dict : type($out)"

    def verify_op(self):
        if elements_type(self.value) != self.out.type:
            yield "failed to verify that all of {value, out} have same type"

    result_dim = untraced  # its type is static
    shape_constraints = no_shape_constraints
    flops = no_flops

    def evaluate(self, args, interpreter):
        return [interpreter.constant(self.value, self.out.type)]


class BroadcastOp(TcpOp):
    """Replicate the size-1 dims `axes` of `in` to `new_dim_sizes` (one index
    per axis). Rank is unchanged; axes are strictly increasing."""
    NAME = "broadcast"
    COMPUTES = False
    OPERANDS = (Operand("in", TensorOrQuantized), Operand("new_dim_sizes", Index, variadic=True))
    RESULTS = (Result("out", TensorOrQuantized),)
    ATTRS = (Attr("axes", I64ArrayAttr),)
    TRAITS = frozenset({PURE})
    FORMAT = "$in , $new_dim_sizes attr-dict : type($in) , type($new_dim_sizes) -> type($out)"

    def verify_op(self):
        in_t, out_t = self.in_.type, self.out.type
        yield from _all_match(self, "rank", _rank, "in", "out")
        yield from _all_match(self, "element type", _elem, "in", "out")
        axes = i64_array(self.axes)
        rank = _rank(in_t)
        if len(set(axes)) != len(axes):
            yield "failed to verify that axes has no duplicates"
        if axes != sorted(axes):
            yield "failed to verify that axes is sorted in increasing order"
        for a in axes:
            if not 0 <= a < rank:
                yield f"axis {a} is out of range for rank {rank}"
        if len(self.new_dim_sizes) != len(axes):
            yield (f"failed to verify that new_dim_sizes has one value per axis "
                   f"(expected {len(axes)}, found {len(self.new_dim_sizes)})")
        for a in axes:
            if 0 <= a < rank and static_dim(in_t, a) != 1:
                yield f"input dim {a} is broadcast, so it must have static size 1"
        for d in range(rank):
            if d in axes:
                continue
            x, y = static_dim(in_t, d), static_dim(out_t, d)
            if x is not None and y is not None and x != y:
                yield f"dim {d} is not broadcast, so in and out must agree on it ({x} vs {y})"

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        axes = i64_array(self.axes)
        return (self.new_dim_sizes[axes.index(dim)],) if dim in axes else (DimOf(self.in_, dim),)

    def evaluate(self, args, interpreter):
        x, *sizes = args
        shape = list(x.shape)
        for axis, size in zip(i64_array(self.axes), sizes):
            shape[axis] = int(size)
        return [np.broadcast_to(x, shape).copy()]


class IotaOp(TcpOp):
    """out[i] = i, a 1-D tensor of integers or floats (added: not in the
    issue's list; torch.arange needs it). A dynamic length is the `size`
    operand; a static one has none."""
    NAME = "iota"
    OPERANDS = (Operand("size", Index, variadic=True),)
    RESULTS = (Result("out", FloatOrIntTensor),)
    TRAITS = frozenset({PURE})
    FORMAT = "$size attr-dict : type($size) -> type($out)"

    def verify_op(self):
        if _rank(self.out.type) != 1:
            yield "failed to verify that out has rank 1"
            return
        dynamic = static_dim(self.out.type, 0) is None
        if len(self.size) != int(dynamic):
            yield "expects one size operand when out's dim is dynamic, none when it is static"

    result_dim = untraced
    shape_constraints = no_shape_constraints
    flops = no_flops

    def evaluate(self, args, interpreter):
        t = ir.RankedTensorType(self.out.type)
        length = int(args[0]) if args else t.shape[0]
        return [np.arange(length).astype(numpy_dtype(t.element_type))]


class SliceOp(TcpOp):
    """Strided slice: out[i] = in[starts + i * strides] with `sizes` elements
    per dim (one index operand per dim in each list)."""
    NAME = "slice"
    COMPUTES = False
    OPERANDS = (Operand("in", TensorOrQuantized), Operand("starts", Index, variadic=True),
                Operand("sizes", Index, variadic=True), Operand("strides", Index, variadic=True))
    RESULTS = (Result("out", TensorOrQuantized),)
    TRAITS = frozenset({PURE})
    FORMAT = ("$in starts ( $starts ) sizes ( $sizes ) strides ( $strides ) attr-dict "
              ": type($in) -> type($out)")

    def verify_op(self):
        yield from _all_match(self, "rank", _rank, "in", "out")
        yield from _all_match(self, "element type", _elem, "in", "out")
        rank = _rank(self.in_.type)
        counts = [len(self.starts), len(self.sizes), len(self.strides)]
        if counts != [rank] * 3:
            yield (f"failed to verify that starts, sizes and strides have one value per dim of in "
                   f"(rank {rank}), found {counts[0]}, {counts[1]} and {counts[2]}")

    shape_constraints = no_shape_constraints  # its bounds are checked where it runs
    flops = no_flops

    def result_dim(self, result, dim):
        return (self.sizes[dim],)

    def evaluate(self, args, interpreter):
        x, *bounds = args
        rank = x.ndim
        starts, sizes, strides = (np.asarray(bounds[i * rank:(i + 1) * rank], dtype=np.int64) for i in range(3))
        out = x
        for d in range(rank):
            idx = starts[d] + strides[d] * np.arange(sizes[d])
            if idx.size and (idx.min() < 0 or idx.max() >= x.shape[d]):
                raise InterpreterError(f"tcp.slice reads outside dim {d} of size {x.shape[d]}")
            out = np.take(out, idx, axis=d)
        return [out]


class ConcatOp(TcpOp):
    """Concatenate along `axis` (added: not in the issue's list). Inputs
    share rank and element type and agree on every other dim."""
    NAME = "concat"
    COMPUTES = False
    OPERANDS = (Operand("inputs", Tensor, variadic=True),)
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("axis", I64Attr),)
    TRAITS = frozenset({PURE})
    FORMAT = "$inputs attr-dict : type($inputs) -> type($out)"

    def verify_op(self):
        inputs = self.inputs
        if not inputs:
            yield "failed to verify that inputs is not empty"
            return
        types = [v.type for v in inputs] + [self.out.type]
        rank = _rank(types[-1])
        if len({_rank(t) for t in types}) > 1:
            yield "failed to verify that all of {inputs, out} have same rank"
            return
        if len({_elem(t) for t in types}) > 1:
            yield "failed to verify that all of {inputs, out} have same element type"
        axis = ir.IntegerAttr(self.axis).value
        if not 0 <= axis < rank:
            yield f"axis {axis} is out of range for rank {rank}"
            return
        for d in range(rank):
            if d != axis and len({static_dim(t, d) for t in types} - {None}) > 1:
                yield f"inputs and out must agree on dim {d}"
        sizes = [static_dim(t, axis) for t in types[:-1]]
        out_size = static_dim(types[-1], axis)
        if None not in sizes and out_size is not None and sum(sizes) != out_size:
            yield f"out's dim {axis} must be the sum of the inputs' ({sum(sizes)}), but is {out_size}"

    flops = no_flops

    def result_dim(self, result, dim):
        return () if dim == _int(self, "axis") else (DimOf(self.inputs[0], dim),)

    def shape_constraints(self):
        values = list(self.inputs) + [self.out]
        for d in range(_rank(self.out.type)):
            if d != _int(self, "axis"):
                yield Equal(tuple(DimOf(v, d) for v in values))

    def evaluate(self, args, interpreter):
        return [np.concatenate(args, axis=_int(self, "axis"))]


class GatherOp(TcpOp):
    """torch.gather: out[i][j] = input[indices[i][j]][j] for dim 0, and so on.
    `indices` has input's rank and is no larger than input in any other dim
    than `dim` (i64 or, as upstream writes it, index); out is shaped like
    indices."""
    NAME = "gather"
    COMPUTES = False
    OPERANDS = (Operand("input", TensorOrQuantized), Operand("indices", IntTensor))
    RESULTS = (Result("out", TensorOrQuantized),)
    ATTRS = (Attr("dim", I64OrIndexAttr),)
    TRAITS = frozenset({PURE})
    FORMAT = "$input , $indices attr-dict : type($input) , type($indices) -> type($out)"

    def verify_op(self):
        yield from _all_match(self, "rank", _rank, "input", "indices")
        yield from _all_match(self, "element type", _elem, "input", "out")
        if not same_shape([self.indices.type, self.out.type]):
            yield "failed to verify that all of {indices, out} have same shape"
        rank = _rank(self.input.type)
        dim = ir.IntegerAttr(self.dim).value
        if not 0 <= dim < rank:
            yield f"dim {dim} is out of range for rank {rank}"
        for d, (i, n) in enumerate(zip(_shape(self.indices.type), _shape(self.input.type))):
            if d != dim and i is not None and n is not None and i > n:
                yield f"indices dim {d} ({i}) exceeds input dim {d} ({n}); only dim {dim} may be larger"

    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.indices, dim),)

    def shape_constraints(self):
        for d in range(_rank(self.out.type)):
            if d != _int(self, "dim"):
                yield AtMost(DimOf(self.indices, d), DimOf(self.input, d))

    def evaluate(self, args, interpreter):
        x, idx = args
        dim = _int(self, "dim")
        if idx.size and (idx.min() < 0 or idx.max() >= x.shape[dim]):
            raise InterpreterError(f"tcp.gather index out of range for dim {dim} of size {x.shape[dim]}")
        coords = list(np.indices(idx.shape, sparse=True))
        coords[dim] = idx
        return [x[tuple(coords)]]


class GatherNdOp(TcpOp):
    """out[i...] = input[indices[i..., 0], ..., indices[i..., K-1], ...]: the
    last dim K of indices (static) indexes input's leading K dims; out's shape
    is indices' leading dims followed by input's remaining dims."""
    NAME = "gather_nd"
    COMPUTES = False
    OPERANDS = (Operand("input", TensorOrQuantized), Operand("indices", IntTensor))
    RESULTS = (Result("out", TensorOrQuantized),)
    TRAITS = frozenset({PURE})
    FORMAT = "$input , $indices attr-dict : type($input) , type($indices) -> type($out)"

    def verify_op(self):
        yield from _all_match(self, "element type", _elem, "input", "out")
        idx_shape = _shape(self.indices.type)
        if not idx_shape:
            yield "failed to verify that indices has rank >= 1"
            return
        k = idx_shape[-1]
        if k is None:
            yield "failed to verify that the last dim of indices is static"
            return
        in_shape = _shape(self.input.type)
        if k > len(in_shape):
            yield f"the last dim of indices ({k}) exceeds the rank of input ({len(in_shape)})"
            return
        expected = idx_shape[:-1] + in_shape[k:]
        out_shape = _shape(self.out.type)
        if len(out_shape) != len(expected) or any(
                a is not None and b is not None and a != b for a, b in zip(expected, out_shape)):
            yield (f"expected out of shape {_fmt_shape(expected)} (indices' leading dims then input's "
                   f"remaining dims), but got {_fmt_shape(out_shape)}")

    result_dim = untraced
    shape_constraints = no_shape_constraints  # its indices are checked where it runs
    flops = no_flops

    def evaluate(self, args, interpreter):
        x, idx = args
        k = idx.shape[-1]
        for j in range(k):
            if idx.size and (idx[..., j].min() < 0 or idx[..., j].max() >= x.shape[j]):
                raise InterpreterError(f"tcp.gather_nd index out of range for dim {j} of size {x.shape[j]}")
        return [x[tuple(idx[..., j] for j in range(k))]]


class ScatterNdOp(TcpOp):
    """The inverse of gather_nd: out is input with, for each index position
    i... of indices, the slice input[indices[i..., 0], ..., indices[i...,
    K-1], ...] combined with updates[i..., ...] as `kind` says
    (#tcp<scatterKind Replace|Sum|Prod|Max|Min>: Replace writes the update,
    the others reduce into what is there, Max and Min propagating NaN).
    Positions are taken in row-major order of indices, so where two name
    the same element the later one's Replace wins and the sums add in that
    order. updates' shape is indices' leading dims followed by input's dims
    after the K it indexes. An index outside its dim is an error."""
    NAME = "scatter_nd"
    OPERANDS = (Operand("input", FloatOrIntTensor), Operand("indices", IntTensor),
                Operand("updates", FloatOrIntTensor))
    RESULTS = (Result("out", FloatOrIntTensor),)
    ATTRS = (Attr("kind", opaque_enum("scatterKind", SCATTER_KINDS)),)
    TRAITS = frozenset({PURE})
    FORMAT = "$input , $indices , $updates attr-dict : type($input) , type($indices) , type($updates) -> type($out)"

    def verify_op(self):
        yield from _same_element_type(self, "input", "updates", "out")
        if self.input.type != self.out.type:
            yield "failed to verify that all of {input, out} have same type"
        idx_shape = _shape(self.indices.type)
        if not idx_shape or idx_shape[-1] is None:
            yield "failed to verify that indices has rank >= 1 and a static last dim"
            return
        k, in_shape = idx_shape[-1], _shape(self.input.type)
        if k > len(in_shape):
            yield f"the last dim of indices ({k}) exceeds the rank of input ({len(in_shape)})"
            return
        yield from _shape_matches(self, "updates", idx_shape[:-1] + in_shape[k:],
                                  "indices' leading dims then input's remaining dims")

    @property
    def scatter_kind(self) -> str:
        return _enum(self, "kind", "scatterKind")

    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.input, dim),)

    def shape_constraints(self):
        leading = _rank(self.indices.type) - 1
        k = _shape(self.indices.type)[-1]
        for d in range(leading):
            yield Equal((DimOf(self.updates, d), DimOf(self.indices, d)))
        for d in range(k, _rank(self.input.type)):
            yield Equal((DimOf(self.updates, leading + d - k), DimOf(self.input, d)))

    def evaluate(self, args, interpreter):
        x, idx, updates = args
        k = idx.shape[-1]
        for j in range(k):
            if idx.size and (idx[..., j].min() < 0 or idx[..., j].max() >= x.shape[j]):
                raise InterpreterError(f"tcp.scatter_nd index out of range for dim {j} of size {x.shape[j]}")
        out = x.copy()
        where = tuple(idx[..., j] for j in range(k))
        if self.scatter_kind == "Replace":
            out[where] = updates  # NumPy assigns in order: the last one wins
        else:
            ufunc = {"Sum": np.add, "Prod": np.multiply, "Max": np.maximum, "Min": np.minimum}[self.scatter_kind]
            ufunc.at(out, where, updates)
        return [out]


class TransposeOp(TcpOp):
    """Permute dims: out's dim i is in's dim permutation[i]."""
    NAME = "transpose"
    COMPUTES = False
    OPERANDS = (Operand("in", Tensor),)
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("permutation", I64ArrayAttr),)
    TRAITS = frozenset({PURE})
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _all_match(self, "element type", _elem, "in", "out")
        perm = i64_array(self.permutation)
        rank = _rank(self.in_.type)
        if sorted(perm) != list(range(rank)):
            yield f"failed to verify that permutation is a permutation of the {rank} dims of in"
            return
        in_shape = _shape(self.in_.type)
        yield from _shape_matches(self, "out", [in_shape[d] for d in perm], "in's dims permuted")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.in_, i64_array(self.permutation)[dim]),)

    def evaluate(self, args, interpreter):
        return [np.transpose(args[0], i64_array(self.permutation)).copy()]

    def fold(self):
        perm = i64_array(self.permutation)
        return [self.in_] if perm == sorted(perm) and self.in_.type == self.out.type else None

    def canonicalize(self):
        """A transpose of a transpose is one transpose (none when they cancel):
        decompositions chain them (attention's heads moved and moved back)."""
        inner = producer(self.in_, TransposeOp)
        if inner is None:
            return False
        first = i64_array(inner.permutation)
        perm = [first[d] for d in i64_array(self.permutation)]
        with ir.InsertionPoint(self.operation), self.location:
            if perm == sorted(perm) and inner.in_.type == self.out.type:
                replacement = inner.in_
            else:
                replacement = TransposeOp.create(self.out.type, in_=inner.in_, permutation=perm).result
        self.out.replace_all_uses_with(replacement)
        self.operation.erase()
        return True


class PadOp(TcpOp):
    """Pad with `value` (a 0-d tensor of the element type): `low[d]`
    elements before dim d and `high[d]` after it."""
    NAME = "pad"
    COMPUTES = False
    FOLD_GROWTH = 2  # a weight padded to whole register tiles (pad-weight-columns)
    OPERANDS = (Operand("in", Tensor), Operand("value", Tensor))
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("low", I64ArrayAttr), Attr("high", I64ArrayAttr))
    TRAITS = frozenset({PURE})
    FORMAT = "$in , $value attr-dict : type($in) , type($value) -> type($out)"

    def verify_op(self):
        yield from _all_match(self, "element type", _elem, "in", "value", "out")
        if _rank(self.value.type) != 0:
            yield "failed to verify that value is a 0-d tensor"
        rank = _rank(self.in_.type)
        low, high = i64_array(self.low), i64_array(self.high)
        if len(low) != rank or len(high) != rank:
            yield f"failed to verify that low and high have one entry per dim of in (rank {rank})"
            return
        if min(low + high, default=0) < 0:
            yield "failed to verify that low and high are not negative"
        in_shape = _shape(self.in_.type)
        expected = [None if s is None else s + lo + hi for s, lo, hi in zip(in_shape, low, high)]
        yield from _shape_matches(self, "out", expected, "in's dims plus low and high")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        padded = i64_array(self.low)[dim] + i64_array(self.high)[dim]
        return (DimOf(self.in_, dim),) if padded == 0 else ()

    def evaluate(self, args, interpreter):
        x, value = args
        return [np.pad(x, list(zip(i64_array(self.low), i64_array(self.high))), constant_values=value)]


class FlipOp(TcpOp):
    """Reverse the order of the elements along `axes`."""
    NAME = "flip"
    COMPUTES = False
    OPERANDS = (Operand("in", Tensor),)
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("axes", I64ArrayAttr),)
    TRAITS = frozenset({PURE})
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        yield from _same_element_type(self, "in", "out")
        yield from _dims_in_range(i64_array(self.axes), _rank(self.in_.type), "axis")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.in_, dim),)

    def evaluate(self, args, interpreter):
        return [np.flip(args[0], tuple(i64_array(self.axes))).copy()]


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


class ReduceOp(TcpOp):
    """Reduce `axes` (removed from the result) with `kind`
    (#tcp<reduceKind Sum|Prod|Max|Min|Any|All>). Max and Min propagate NaN;
    Any and All take i1. The sum of floats is in an unspecified order."""
    NAME = "reduce"
    OPERANDS = (Operand("in", Tensor),)
    RESULTS = (Result("out", Tensor),)
    ATTRS = (Attr("kind", opaque_enum("reduceKind", REDUCE_KINDS)), Attr("axes", I64ArrayAttr))
    TRAITS = frozenset({PURE})
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_element_type(self, "in", "out")
        yield from _reduction_kind(self.reduce_kind, element_type(self.in_.type), REDUCE_KINDS)
        axes = i64_array(self.axes)
        rank = _rank(self.in_.type)
        yield from _dims_in_range(axes, rank, "axis")
        if axes != sorted(axes):
            yield "failed to verify that axes is sorted in increasing order"
        in_shape = _shape(self.in_.type)
        yield from _shape_matches(self, "out", [s for d, s in enumerate(in_shape) if d not in axes],
                                  "in's dims without axes")

    @property
    def reduce_kind(self) -> str:
        return _enum(self, "kind", "reduceKind")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        axes = i64_array(self.axes)
        return (DimOf(self.in_, [k for k in range(_rank(self.in_.type)) if k not in axes][dim]),)

    def evaluate(self, args, interpreter):
        x = args[0]
        axes = tuple(i64_array(self.axes))
        if not axes:
            return [x.copy()]
        kind = self.reduce_kind
        if kind == "Sum":
            return [np.sum(x, axis=axes, dtype=x.dtype)]
        if kind == "Prod":
            return [np.prod(x, axis=axes, dtype=x.dtype)]
        if kind in ("Max", "Min") and x.size == 0:
            raise InterpreterError(f"tcp.reduce {kind} of an empty tensor")
        return [{"Max": np.max, "Min": np.min, "Any": np.any, "All": np.all}[kind](x, axis=axes)]


def _reduction_kind(kind: str, elem: ir.Type, allowed: tuple[str, ...]) -> Iterator[str]:
    if kind not in allowed:
        yield f"failed to verify that kind is one of {', '.join(allowed)}"
    elif kind in ("Any", "All") and not is_bool(elem):
        yield f"failed to verify that a {kind} reduction takes i1"
    elif kind not in ("Any", "All") and is_bool(elem):
        yield f"failed to verify that a {kind} reduction takes integers or floats"


class ArgReduceOp(TcpOp):
    """The largest (kind Max) or smallest (Min) element along `axis` and its
    index (i64), the axis removed from both: the first one on ties, and the
    first NaN when there is one (torch.max(x, dim))."""
    NAME = "arg_reduce"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("values", FloatOrIntTensor), Result("indices", IntTensor))
    ATTRS = (Attr("kind", opaque_enum("reduceKind", ("Max", "Min"))), Attr("axis", I64Attr))
    TRAITS = frozenset({PURE})
    FORMAT = "$in attr-dict : type($in) -> type($values) , type($indices)"

    def verify_op(self):
        yield from _same_element_type(self, "in", "values")
        if str(element_type(self.indices.type)) != "i64":
            yield "failed to verify that indices has element type i64"
        rank = _rank(self.in_.type)
        axis = _int(self, "axis")
        if not 0 <= axis < rank:
            yield f"axis {axis} is out of range for rank {rank}"
            return
        expected = [s for d, s in enumerate(_shape(self.in_.type)) if d != axis]
        yield from _shape_matches(self, "values", expected, "in's dims without axis")
        yield from _shape_matches(self, "indices", expected, "in's dims without axis")

    @property
    def reduce_kind(self) -> str:
        return _enum(self, "kind", "reduceKind")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        axis = _int(self, "axis")
        return (DimOf(self.in_, [k for k in range(_rank(self.in_.type)) if k != axis][dim]),)

    def evaluate(self, args, interpreter):
        """np.argmax/argmin give the first extreme element, and the first NaN."""
        x = args[0]
        axis = _int(self, "axis")
        if x.shape[axis] == 0:
            raise InterpreterError("tcp.arg_reduce of an empty dim")
        indices = (np.argmax if self.reduce_kind == "Max" else np.argmin)(x, axis=axis)
        values = np.take_along_axis(x, np.expand_dims(indices, axis), axis).squeeze(axis)
        return [values, indices.astype(np.int64)]

    def canonicalize(self):
        """Without readers of its indices, a tcp.reduce."""
        if list(self.indices.uses):
            return False
        with ir.InsertionPoint(self.operation), self.location:
            reduced = ReduceOp.create(self.values.type, in_=self.in_, kind=self.kind,
                                      axes=[_int(self, "axis")]).result
        self.values.replace_all_uses_with(reduced)
        self.operation.erase()
        return True


class ScanOp(TcpOp):
    """Inclusive scan along `axis`: out[..., i, ...] is the `kind`
    (#tcp<reduceKind Sum|Prod|Max|Min>) of in[..., 0..i, ...] (torch.cumsum,
    torch.cumprod)."""
    NAME = "scan"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("out", FloatOrIntTensor),)
    ATTRS = (Attr("kind", opaque_enum("reduceKind", ("Sum", "Prod", "Max", "Min"))), Attr("axis", I64Attr))
    TRAITS = frozenset({PURE})
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_shape(self, "in", "out")
        yield from _same_element_type(self, "in", "out")
        rank = _rank(self.in_.type)
        axis = _int(self, "axis")
        if not 0 <= axis < rank:
            yield f"axis {axis} is out of range for rank {rank}"

    @property
    def reduce_kind(self) -> str:
        return _enum(self, "kind", "reduceKind")

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.in_, dim),)

    def evaluate(self, args, interpreter):
        x = args[0]
        axis = _int(self, "axis")
        kind = self.reduce_kind
        if kind in ("Sum", "Prod"):
            # PyTorch accumulates floats in f64, and its sums start from +0.0 (a
            # leading -0.0 becomes +0.0).
            acc = np.float64 if x.dtype.kind == "f" else x.dtype
            start = x.astype(acc) + acc(0) if kind == "Sum" and x.dtype.kind == "f" else x.astype(acc)
            scan = np.cumsum if kind == "Sum" else np.cumprod
            return [scan(start, axis=axis, dtype=acc).astype(x.dtype)]
        return [(np.maximum if kind == "Max" else np.minimum).accumulate(x, axis=axis)]


class SortOp(TcpOp):
    """Sort along `axis`, stably: `values` holds in's elements in ascending
    order (descending when `descending` is set), `indices` (i64) where each
    one was along the axis, equal elements in their original order. NaN
    sorts above every number (first when descending), -0.0 equals 0.0, as in
    torch.sort(stable=True)."""
    NAME = "sort"
    OPERANDS = (Operand("in", FloatOrIntTensor),)
    RESULTS = (Result("values", FloatOrIntTensor), Result("indices", IntTensor))
    ATTRS = (Attr("axis", I64Attr), Attr("descending", BoolAttr, optional=True))
    TRAITS = frozenset({PURE})
    FORMAT = "$in attr-dict : type($in) -> type($values) , type($indices)"

    def verify_op(self):
        yield from _same_element_type(self, "in", "values")
        if str(element_type(self.indices.type)) != "i64":
            yield "failed to verify that indices has element type i64"
        if not same_shape([self.in_.type, self.values.type, self.indices.type]):
            yield "failed to verify that all of {in, values, indices} have same shape"
        rank = _rank(self.in_.type)
        axis = _int(self, "axis")
        if not 0 <= axis < rank:
            yield f"axis {axis} is out of range for rank {rank}"

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.in_, dim),)

    def evaluate(self, args, interpreter):
        """A stable argsort of each element's rank among all (np.unique
        ranks NaN above every number, and -0.0 with 0.0), negated when
        descending."""
        x = args[0]
        axis = _int(self, "axis")
        _, rank = np.unique(x.ravel(), return_inverse=True, equal_nan=True)
        key = rank.reshape(x.shape).astype(np.int64)
        indices = np.argsort(-key if _flag(self, "descending") else key, axis=axis, kind="stable")
        return [np.take_along_axis(x, indices, axis), indices.astype(np.int64)]


# ---------------------------------------------------------------------------
# Contraction, convolution and pooling
# ---------------------------------------------------------------------------


class ContractOp(TcpOp):
    """A tensor contraction (as einsum or StableHLO's dot_general): the dims
    `lhs_contracting_dims` of lhs and `rhs_contracting_dims` of rhs are
    summed over pairwise, the batch dims pair up, and out's dims are the batch
    dims, then lhs's remaining dims, then rhs's, each in order. matmul is
    contracting [1] x [0]; batch matmul adds batch [0] x [0]."""
    NAME = "contract"
    OPERANDS = (Operand("lhs", FloatOrIntTensor), Operand("rhs", FloatOrIntTensor))
    RESULTS = (Result("out", FloatOrIntTensor),)
    ATTRS = (Attr("lhs_batch_dims", I64ArrayAttr), Attr("rhs_batch_dims", I64ArrayAttr),
             Attr("lhs_contracting_dims", I64ArrayAttr), Attr("rhs_contracting_dims", I64ArrayAttr))
    TRAITS = frozenset({PURE})
    FORMAT = "$lhs , $rhs attr-dict : type($lhs) , type($rhs) -> type($out)"

    def verify_op(self):
        if self.accumulates_bf16_in_f32() or self.accumulates_i8_in_i32():
            yield from _same_element_type(self, "lhs", "rhs")
        else:
            yield from _same_element_type(self, "lhs", "rhs", "out")
        lhs, rhs = _shape(self.lhs.type), _shape(self.rhs.type)
        lb, rb = i64_array(self.lhs_batch_dims), i64_array(self.rhs_batch_dims)
        lc, rc = i64_array(self.lhs_contracting_dims), i64_array(self.rhs_contracting_dims)
        if len(lb) != len(rb) or len(lc) != len(rc):
            yield "failed to verify that lhs and rhs have as many batch dims, and as many contracting dims"
            return
        errors = list(_dims_in_range(lb + lc, len(lhs), "lhs dim")) + \
            list(_dims_in_range(rb + rc, len(rhs), "rhs dim"))
        if errors:
            yield from errors
            return
        for a, b in zip(lb + lc, rb + rc):
            if lhs[a] is not None and rhs[b] is not None and lhs[a] != rhs[b]:
                yield f"lhs dim {a} ({lhs[a]}) and rhs dim {b} ({rhs[b]}) are paired, so they must be equal"
        expected = [lhs[d] if lhs[d] is not None else rhs[e] for d, e in zip(lb, rb)] + \
            [s for d, s in enumerate(lhs) if d not in lb + lc] + [s for d, s in enumerate(rhs) if d not in rb + rc]
        yield from _shape_matches(self, "out", expected, "batch dims, then lhs's and rhs's other dims")

    def accumulates_bf16_in_f32(self) -> bool:
        """A product of bfloat16 operands with a float32 result: its terms
        summed in float32, unrounded (widen-16-bit-floats makes one of each
        bfloat16 product, for the tile unit's bf16 dot products)."""
        return _bf16_into_f32(self.lhs, self.rhs, self.out)

    def accumulates_i8_in_i32(self) -> bool:
        """A product of int8 operands with an int32 result (int8-products
        makes one of each product of quantized operands, for the tile unit's
        int8 dot products): exact, as long as K < 2^17."""
        return _int8_into_int32(self.lhs, self.rhs, self.out)

    def dims(self) -> tuple[list[int], list[int], list[int], list[int]]:
        return (i64_array(self.lhs_batch_dims), i64_array(self.rhs_batch_dims),
                i64_array(self.lhs_contracting_dims), i64_array(self.rhs_contracting_dims))

    def canonicalize(self):
        """Batch dims along which one operand is only a broadcast pair
        nothing: that operand is read unbroadcast, and the other's batch
        dims become free dims of its own (a linear layer's weight,
        broadcast along the batch by the decomposition of a 3-D matmul,
        meets one product instead of a batch of copies). A transpose puts
        the result's dims back in their order when they move."""
        lb, rb, lc, rc = self.dims()
        for side in (1, 0):
            operand = (self.lhs, self.rhs)[side]
            batch = (lb, rb)[side]
            broadcast = producer(operand, BroadcastOp)
            if broadcast is None:
                continue
            axes = i64_array(broadcast.axes)
            dropped = [i for i, d in enumerate(batch) if d in axes]
            if not dropped or sorted(axes) != sorted(batch[i] for i in dropped):
                continue
            self._unbatch(side, broadcast.in_, dropped)
            return True
        return False

    def _unbatch(self, side: int, source: ir.Value, dropped: list[int]) -> None:
        """Replace this op by one reading `source` (operand `side`, 0 for lhs
        or 1 for rhs, before its broadcast: unit dims at the batch dims
        `dropped`) for that operand, the batch pairs `dropped` gone."""
        lb, rb, lc, rc = self.dims()
        gone = [(lb, rb)[side][i] for i in dropped]
        other = ("l", "r")[1 - side]  # the side whose batch dims become free dims
        # The output dims by what they are: a batch pair, or a free dim of lhs or rhs.
        lhs_free = [d for d in range(_rank(self.lhs.type)) if d not in lb + lc]
        rhs_free = [d for d in range(_rank(self.rhs.type)) if d not in rb + rc]
        old = [("b", i) for i in range(len(lb))] + [("l", d) for d in lhs_free] + [("r", d) for d in rhs_free]
        freed = {("b", i): (other, (lb, rb)[1 - side][i]) for i in dropped}
        kept = [i for i in range(len(lb)) if i not in dropped]
        free = sorted([k for k in old if k[0] != "b"] + list(freed.values()))  # lhs's then rhs's, in order
        new = [("b", i) for i in kept] + free
        order = [new.index(freed.get(k, k)) for k in old]  # old output dim k is new output dim order[k]
        out_shape = [_shape(self.out.type)[order.index(n)] for n in range(len(new))]
        out_t = ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size() if s is None else s for s in out_shape],
                                        element_type(self.out.type))

        def renumbered(ds: list[int], of_side: int) -> list[int]:
            return [d - sum(g < d for g in gone) for d in ds] if of_side == side else ds

        with ir.InsertionPoint(self.operation), self.location:
            unbroadcast = _without_unit_dims(source, sorted(gone))
            lhs, rhs = (unbroadcast, self.rhs) if side == 0 else (self.lhs, unbroadcast)
            product = ContractOp.create(
                out_t, lhs=lhs, rhs=rhs, lhs_batch_dims=renumbered([lb[i] for i in kept], 0),
                rhs_batch_dims=renumbered([rb[i] for i in kept], 1), lhs_contracting_dims=renumbered(lc, 0),
                rhs_contracting_dims=renumbered(rc, 1)).result
            if order != sorted(order):
                product = TransposeOp.create(self.out.type, in_=product, permutation=order).result
        self.out.replace_all_uses_with(product)
        self.operation.erase()

    def result_dim(self, result, dim):
        """Out's dims: the batch dims, lhs's other dims, rhs's other dims."""
        lb, rb, lc, rc = self.dims()
        lhs_free = [k for k in range(_rank(self.lhs.type)) if k not in lb + lc]
        rhs_free = [k for k in range(_rank(self.rhs.type)) if k not in rb + rc]
        if dim < len(lb):
            return (DimOf(self.lhs, lb[dim]), DimOf(self.rhs, rb[dim]))
        dim -= len(lb)
        if dim < len(lhs_free):
            return (DimOf(self.lhs, lhs_free[dim]),)
        return (DimOf(self.rhs, rhs_free[dim - len(lhs_free)]),)

    def shape_constraints(self):
        """Paired batch and contracting dims are read together."""
        lb, rb, lc, rc = self.dims()
        for a, b in zip(lb + lc, rb + rc):
            yield Equal((DimOf(self.lhs, a), DimOf(self.rhs, b)))

    def flops(self, operands, results):
        """lhs's dims (batch, free and contracting) times rhs's free dims."""
        lhs, rhs = operands
        _, rb, _, rc = self.dims()
        return 2 * math.prod(lhs) * math.prod(s for d, s in enumerate(rhs) if d not in rb + rc)

    def evaluate(self, args, interpreter):
        a, b = args
        lb, rb, lc, rc = self.dims()
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
        return [result.astype(numpy_dtype(element_type(self.out.type)))]


class AttentionOp(TcpOp):
    """Scaled dot-product attention, as torch's
    scaled_dot_product_attention: out = softmax(query x key^T x scale + mask)
    x value, with query [..., L, E], key [..., S, E], value [..., S, Ev]
    and out [..., L, Ev] over the same leading (batch, head) dims. The mask
    is added to the scores: [..., L, S], each dim 1 (broadcast) or the
    scores'. `scale` is 1/sqrt(E) when absent. `causal` masks the keys
    after each query (key j > query i, as torch's is_causal). A query whose keys are all masked (-inf) gets
    zeros, as PyTorch's CPU kernel gives. One op, so that the [L, S]
    scores need not go to memory (the .so's runtime computes it a block of
    queries at a time, conversion/tcp_to_linalg/attention.py)."""
    NAME = "attention"
    OPERANDS = (Operand("query", FloatTensor), Operand("key", FloatTensor), Operand("value", FloatTensor),
                Operand("mask", FloatTensor))
    RESULTS = (Result("out", FloatTensor),)
    ATTRS = (Attr("scale", F32Attr, optional=True), Attr("causal", BoolAttr))
    TRAITS = frozenset({PURE})
    FORMAT = ("$query , $key , $value , $mask attr-dict : type($query) , type($key) , type($value) , type($mask) "
              "-> type($out)")

    def verify_op(self):
        yield from _same_element_type(self, "query", "key", "value", "mask", "out")
        q, k, v, mask = (_shape(x.type) for x in (self.query, self.key, self.value, self.mask))
        if len(q) < 2 or not len(q) == len(k) == len(v) == len(mask):
            yield "failed to verify that query, key, value and mask have one rank, at least 2 ([..., L, E])"
            return
        for name, shape in (("key", k), ("value", v)):
            for d in range(len(q) - 2):
                if q[d] is not None and shape[d] is not None and q[d] != shape[d]:
                    yield f"{name} dim {d} ({shape[d]}) must equal query's ({q[d]}): the batch dims pair up"
        if q[-1] is not None and k[-1] is not None and q[-1] != k[-1]:
            yield f"query and key must have one feature size (E), but got {q[-1]} and {k[-1]}"
        if k[-2] is not None and v[-2] is not None and k[-2] != v[-2]:
            yield f"key and value must have one sequence length (S), but got {k[-2]} and {v[-2]}"
        scores = q[:-1] + [k[-2]]
        for d, (m, s) in enumerate(zip(mask, scores)):
            if m is not None and m != 1 and s is not None and m != s:
                yield f"mask dim {d} ({m}) must be 1 or the scores' ({s})"
        yield from _shape_matches(self, "out", q[:-1] + [v[-1]], "query's dims, then value's last")

    def result_dim(self, result, dim):
        rank = _rank(self.query.type)
        return (DimOf(self.value, dim),) if dim == rank - 1 else (DimOf(self.query, dim),)

    def shape_constraints(self):
        """The batch dims pair up, E and S match, and a mask dim that is not
        a static 1 is the scores' dim."""
        rank = _rank(self.query.type)
        for d in range(rank - 2):
            yield Equal((DimOf(self.query, d), DimOf(self.key, d), DimOf(self.value, d)))
        yield Equal((DimOf(self.query, rank - 1), DimOf(self.key, rank - 1)))
        yield Equal((DimOf(self.key, rank - 2), DimOf(self.value, rank - 2)))
        scores = [DimOf(self.query, d) for d in range(rank - 1)] + [DimOf(self.key, rank - 2)]
        for d, dim in enumerate(scores):
            if static_dim(self.mask.type, d) != 1:
                yield Equal((DimOf(self.mask, d), dim))

    def flops(self, operands, results):
        """The two products: scores (L x S x E) and out (L x S x Ev) per batch."""
        query, key, value, _ = operands
        return 2 * math.prod(query[:-1]) * key[-2] * (query[-1] + value[-1])

    def evaluate(self, args, interpreter):
        q, k, v, mask = (a.astype(np.float64) for a in args)
        scale = 1 / math.sqrt(q.shape[-1]) if self.scale is None else ir.FloatAttr(self.scale).value
        scores = q @ np.swapaxes(k, -1, -2) * scale + mask
        if _flag(self, "causal"):
            length, keys = scores.shape[-2:]
            scores = np.where(np.tril(np.ones((length, keys), dtype=bool)), scores, -np.inf)
        top = scores.max(axis=-1, keepdims=True, initial=-np.inf)
        with np.errstate(invalid="ignore"):
            weights = np.exp(scores - np.where(np.isneginf(top), 0.0, top))
        total = weights.sum(axis=-1, keepdims=True)
        out = np.where(total > 0, (weights / np.where(total > 0, total, 1.0)) @ v, 0.0)
        return [out.astype(numpy_dtype(element_type(self.out.type)))]


def _bf16_into_f32(a: ir.Value, b: ir.Value, out: ir.Value) -> bool:
    return [str(element_type(v.type)) for v in (a, b, out)] == ["bf16", "bf16", "f32"]


def _int8_into_int32(a: ir.Value, b: ir.Value, out: ir.Value) -> bool:
    return [str(element_type(v.type)) for v in (a, b, out)] == ["i8", "i8", "i32"]


def _window_attrs_match(op: TcpOp, spatial: int, fields: tuple[str, ...]) -> Iterator[str]:
    for name in fields:
        values = _ints(op, name)
        if values is not None and len(values) != spatial:
            yield f"failed to verify that {name} has one entry per spatial dim ({spatial})"


class ConvOp(TcpOp):
    """N-d convolution (cross-correlation, as torch's conv) of input
    [N, C, spatial...] with weight [O, C / groups, kernel...], giving
    [N, O, spatial'...]. Per spatial dim: `stride`, `dilation` of the kernel,
    `input_dilation` (holes between input elements: a transposed convolution
    is a convolution of the input so dilated), and zero padding
    `padding_low`/`padding_high`. Channels split into `groups`; O is a
    multiple of groups. Bias is a separate add. bfloat16 input and weight
    may give a float32 result (their products summed in float32, as
    contract's), int8 ones an int32 result (a quantized convolution,
    int8-products), summed exactly."""
    NAME = "conv"
    OPERANDS = (Operand("input", FloatOrIntTensor), Operand("weight", FloatOrIntTensor))
    RESULTS = (Result("out", FloatOrIntTensor),)
    ATTRS = (Attr("stride", I64ArrayAttr), Attr("dilation", I64ArrayAttr), Attr("input_dilation", I64ArrayAttr),
             Attr("padding_low", I64ArrayAttr), Attr("padding_high", I64ArrayAttr), Attr("groups", I64Attr))
    TRAITS = frozenset({PURE})
    FORMAT = "$input , $weight attr-dict : type($input) , type($weight) -> type($out)"

    def verify_op(self):
        if self.accumulates_bf16_in_f32() or self.accumulates_i8_in_i32():
            yield from _same_element_type(self, "input", "weight")
        else:
            yield from _same_element_type(self, "input", "weight", "out")
        inp, w = _shape(self.input.type), _shape(self.weight.type)
        if len(inp) < 3 or len(w) != len(inp):
            yield "failed to verify that input and weight have the same rank, at least 3"
            return
        spatial = len(inp) - 2
        errors = list(_window_attrs_match(self, spatial, ("stride", "dilation", "input_dilation",
                                                          "padding_low", "padding_high")))
        if errors:
            yield from errors
            return
        groups = _int(self, "groups")
        if groups < 1 or any(v < 1 for v in self.stride_() + self.dilation_() + self.input_dilation_()):
            yield "failed to verify that groups, stride, dilation and input_dilation are positive"
            return
        if min(self.padding_low_() + self.padding_high_()) < 0:
            yield "failed to verify that padding_low and padding_high are not negative"
            return
        if inp[1] is not None and w[1] is not None and inp[1] != w[1] * groups:
            yield f"input has {inp[1]} channels, but weight takes {w[1]} per group in {groups} groups"
        if w[0] is not None and w[0] % groups:
            yield f"weight's {w[0]} output channels do not split into {groups} groups"
        expected = [inp[0], w[0]] + [conv_output_size(inp[2 + d], w[2 + d], self.stride_()[d], self.dilation_()[d],
                                                      self.input_dilation_()[d], self.padding_low_()[d],
                                                      self.padding_high_()[d]) for d in range(spatial)]
        yield from _shape_matches(self, "out", expected, "the convolution's output shape")

    def accumulates_bf16_in_f32(self) -> bool:
        return _bf16_into_f32(self.input, self.weight, self.out)

    def accumulates_i8_in_i32(self) -> bool:
        return _int8_into_int32(self.input, self.weight, self.out)

    def stride_(self) -> list[int]:
        return _ints(self, "stride")

    def dilation_(self) -> list[int]:
        return _ints(self, "dilation")

    def input_dilation_(self) -> list[int]:
        return _ints(self, "input_dilation")

    def padding_low_(self) -> list[int]:
        return _ints(self, "padding_low")

    def padding_high_(self) -> list[int]:
        return _ints(self, "padding_high")

    def result_dim(self, result, dim):
        """N from the input, O from the weight; the spatial dims are computed."""
        return (DimOf(self.operation.operands[dim], 0),) if dim < 2 else ()

    def shape_constraints(self):
        if _int(self, "groups") == 1:
            yield Equal((DimOf(self.input, 1), DimOf(self.weight, 1)))  # the channels

    def flops(self, operands, results):
        """Each output element sums (C / groups) x kernel products."""
        return 2 * math.prod(results[0]) * math.prod(operands[1][1:])

    def evaluate(self, args, interpreter):
        """Sum over kernel offsets of strided windows of the dilated, padded
        input, per group, accumulated in 64 bits."""
        x, w = args
        spatial = x.ndim - 2
        groups = _int(self, "groups")
        wide = np.float64 if x.dtype.kind == "f" else np.int64
        x = x.astype(wide)
        for d, factor in enumerate(self.input_dilation_()):
            if factor > 1 and x.shape[2 + d] > 0:
                shape = list(x.shape)
                shape[2 + d] = (shape[2 + d] - 1) * factor + 1
                dilated = np.zeros(shape, wide)
                index = [slice(None)] * x.ndim
                index[2 + d] = slice(None, None, factor)
                dilated[tuple(index)] = x
                x = dilated
        x = np.pad(x, [(0, 0), (0, 0)] + list(zip(self.padding_low_(), self.padding_high_())))
        n, c = x.shape[:2]
        o, kernel = w.shape[0], w.shape[2:]
        stride, dilation = self.stride_(), self.dilation_()
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
        return [out.reshape(n, o, *out_sizes).astype(numpy_dtype(element_type(self.out.type)))]


def _without_unit_dims(v: ir.Value, dims: list[int]) -> ir.Value:
    """v without its unit dims `dims` (a tensor.collapse_shape joining each
    to the next dim kept, or to the last one before it)."""
    t = ir.RankedTensorType(v.type)
    kept = [d for d in range(t.rank) if d not in dims]
    groups: list[list[int]] = [[] for _ in kept]
    for d in range(t.rank):
        later = [i for i, k in enumerate(kept) if k >= d]
        groups[later[0] if later else len(kept) - 1].append(d)
    out_t = ir.RankedTensorType.get([t.shape[d] for d in kept], t.element_type)
    return tensor.CollapseShapeOp(out_t, v, groups).result


def conv_output_size(size: int | None, kernel: int | None, stride: int, dilation: int, input_dilation: int,
                     low: int, high: int) -> int | None:
    """One spatial dim of a convolution's output (None when unknown; 0 when
    no window fits: PyTorch raises there)."""
    if size is None or kernel is None:
        return None
    dilated = (size - 1) * input_dilation + 1 if size > 0 else 0
    span = dilated + low + high - dilation * (kernel - 1) - 1
    return span // stride + 1 if span >= 0 else 0


class PoolOp(TcpOp):
    """Max or average pooling (kind #tcp<poolKind Max|Avg>) over the spatial
    dims of [N, C, spatial...], with torch's attributes per spatial dim:
    `kernel_size`, `stride`, `padding` (both sides), `dilation` (Max only) and
    `ceil_mode` (a partial window at the end when it starts inside the input
    or the low padding). Padding is -inf for Max; for Avg the divisor is
    `divisor_override` when set, else the window's size clipped to the padded
    input (`count_include_pad`) or to the input."""
    NAME = "pool"
    OPERANDS = (Operand("in", FloatTensor),)
    RESULTS = (Result("out", FloatTensor),)
    ATTRS = (Attr("kind", opaque_enum("poolKind", POOL_KINDS)), Attr("kernel_size", I64ArrayAttr),
             Attr("stride", I64ArrayAttr), Attr("padding", I64ArrayAttr), Attr("dilation", I64ArrayAttr),
             Attr("ceil_mode", BoolAttr, optional=True), Attr("count_include_pad", BoolAttr, optional=True),
             Attr("divisor_override", I64Attr, optional=True))
    TRAITS = frozenset({PURE})
    FORMAT = UNARY_FORMAT

    def verify_op(self):
        yield from _same_element_type(self, "in", "out")
        shape = _shape(self.in_.type)
        if len(shape) < 3:
            yield "failed to verify that in has rank at least 3 ([N, C, spatial...])"
            return
        spatial = len(shape) - 2
        errors = list(_window_attrs_match(self, spatial, ("kernel_size", "stride", "padding", "dilation")))
        if errors:
            yield from errors
            return
        kernel, stride, padding, dilation = self.window()
        if min(kernel + stride + dilation) < 1 or min(padding) < 0:
            yield "failed to verify that kernel_size, stride and dilation are positive and padding is not negative"
            return
        if any(2 * p > k for p, k in zip(padding, kernel)):
            yield "failed to verify that padding is at most half of kernel_size"
        if self.pool_kind == "Avg" and any(d != 1 for d in dilation):
            yield "failed to verify that an average pool has dilation 1"
        if self.pool_kind == "Max" and (self.attr("count_include_pad") is not None or
                                   self.attr("divisor_override") is not None):
            yield "failed to verify that count_include_pad and divisor_override are only set for Avg"
        override = _int(self, "divisor_override")
        if override is not None and override < 1:
            yield "failed to verify that divisor_override is positive"
        expected = shape[:2] + [pool_output_size(shape[2 + d], kernel[d], stride[d], padding[d], dilation[d],
                                                 _flag(self, "ceil_mode")) for d in range(spatial)]
        yield from _shape_matches(self, "out", expected, "the pooling's output shape")

    @property
    def pool_kind(self) -> str:
        return _enum(self, "kind", "poolKind")

    def window(self) -> tuple[list[int], list[int], list[int], list[int]]:
        return (_ints(self, "kernel_size"), _ints(self, "stride"), _ints(self, "padding"),
                _ints(self, "dilation"))

    shape_constraints = no_shape_constraints
    flops = no_flops

    def result_dim(self, result, dim):
        return (DimOf(self.in_, dim),) if dim < 2 else ()

    def evaluate(self, args, interpreter):
        """Windows over the input padded with -inf (Max) or 0 (Avg), up to the
        end of the last window; Avg divides as torch does."""
        x = args[0]
        kernel, stride, padding, dilation = self.window()
        spatial = x.ndim - 2
        out_sizes = [pool_output_size(x.shape[2 + d], kernel[d], stride[d], padding[d], dilation[d],
                                      _flag(self, "ceil_mode")) for d in range(spatial)]
        high = [max(padding[d], (out_sizes[d] - 1) * stride[d] + dilation[d] * (kernel[d] - 1) + 1
                    - x.shape[2 + d] - padding[d]) for d in range(spatial)]
        is_max = self.pool_kind == "Max"
        padded = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + list(zip(padding, high)),
                        constant_values=-np.inf if is_max else 0.0)
        out = np.full(x.shape[:2] + tuple(out_sizes), -np.inf if is_max else 0.0)
        for offsets in itertools.product(*(range(k) for k in kernel)):
            window = padded[(slice(None), slice(None)) + tuple(
                slice(k * dilation[d], k * dilation[d] + (out_sizes[d] - 1) * stride[d] + 1, stride[d])
                for d, k in enumerate(offsets))]
            out = np.maximum(out, window) if is_max else out + window
        if not is_max:
            out = out / self._avg_divisor(x.shape[2:], out_sizes)
        return [out.astype(x.dtype)]

    def _avg_divisor(self, sizes, out_sizes) -> np.ndarray:
        """torch's divisor of each average window: divisor_override, or the
        window clipped to the padded input (count_include_pad) or to the input."""
        if self.attr("divisor_override") is not None:
            return np.float64(_int(self, "divisor_override"))
        kernel, stride, padding, _ = self.window()
        divisor = np.ones(out_sizes)
        for d, (size, k, s, p) in enumerate(zip(sizes, kernel, stride, padding)):
            start = np.arange(out_sizes[d]) * s - p
            end = np.minimum(start + k, size + p)
            count = end - start if _flag(self, "count_include_pad") else np.minimum(end, size) - np.maximum(start, 0)
            shape = [1] * len(out_sizes)
            shape[d] = out_sizes[d]
            divisor = divisor * count.reshape(shape)
        return divisor


def pool_output_size(size: int | None, kernel: int, stride: int, padding: int, dilation: int,
                     ceil_mode: bool) -> int | None:
    """One spatial dim of a pooling's output, as torch computes it (0 when
    no window fits: PyTorch raises there)."""
    if size is None:
        return None
    span = size + 2 * padding - dilation * (kernel - 1) - 1
    out = (span + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + padding:
        out -= 1
    return max(out, 0)


# ---------------------------------------------------------------------------
# Structure
# ---------------------------------------------------------------------------


def _check_yield(op: TcpOp) -> Iterator[str]:
    block = op.operation.regions[0].blocks[0]
    yielded = [v.type for v in list(block.operations)[-1].operands]
    if yielded != [r.type for r in op.operation.results]:
        yield "failed to verify that the types of the yielded values match the results"


class GroupOp(TcpOp):
    """A region of ops, not isolated from above; yields its results."""
    NAME = "group"
    COMPUTES = False
    RESULTS = (Result("outs", AnyType, variadic=True),)
    REGIONS = 1
    FORMAT = "attr-dict-with-keyword $body : type($outs)"

    def verify_op(self):
        yield from _check_yield(self)

    result_dim = untraced  # computed in its region
    shape_constraints = no_shape_constraints  # its region's ops have theirs
    flops = no_flops

    def evaluate(self, args, interpreter):
        return interpreter.run_region(self.operation, args)


class IsolatedGroupOp(TcpOp):
    """A region isolated from above: its block arguments stand for `ins`."""
    NAME = "isolated_group"
    COMPUTES = False
    OPERANDS = (Operand("ins", AnyType, variadic=True),)
    RESULTS = (Result("outs", AnyType, variadic=True),)
    REGIONS = 1
    TRAITS = frozenset({ISOLATED_FROM_ABOVE})
    FORMAT = "$ins attr-dict-with-keyword $body : type($ins) -> type($outs)"

    def verify_op(self):
        block = self.operation.regions[0].blocks[0]
        if [a.type for a in block.arguments] != [v.type for v in self.ins]:
            yield "failed to verify that the body's arguments match ins"
        yield from _check_yield(self)
        outside = _values_from_above(self.operation)
        if outside:
            yield f"is isolated from above, but its body uses {outside[0].get_name()}, defined outside"

    result_dim = untraced  # computed in its region
    shape_constraints = no_shape_constraints  # its region's ops have theirs
    flops = no_flops

    def evaluate(self, args, interpreter):
        return interpreter.run_region(self.operation, args)


def _values_from_above(op: ir.Operation) -> list[ir.Value]:
    inside: set = set()
    used: list[ir.Value] = []

    def walk(o: ir.Operation):
        for region in o.regions:
            for block in region.blocks:
                inside.update(block.arguments)
                for child in block.operations:
                    inside.update(child.results)
                    used.extend(child.operands)
                    walk(child)

    walk(op)
    return [v for v in used if v not in inside]


class YieldOp(TcpOp):
    """Terminates a group's region with the values it yields."""
    NAME = "yield"
    COMPUTES = False
    OPERANDS = (Operand("ins", AnyType, variadic=True),)
    TRAITS = frozenset({PURE, TERMINATOR})
    FORMAT = "$ins attr-dict : type($ins)"

    result_dim = untraced  # no results
    shape_constraints = no_shape_constraints
    flops = no_flops

    def evaluate(self, args, interpreter):
        return list(args)


class CustomOp(TcpOp):
    """An op TCP cannot express, carried by name with its attributes (for
    example an unconverted torch op). Lowering it needs a registered
    implementation; none is registered by default."""
    NAME = "custom_op"
    COMPUTES = False
    OPERANDS = (Operand("inputs", AnyType, variadic=True),)
    RESULTS = (Result("outputs", AnyType, variadic=True),)
    ATTRS = (Attr("op_name", StrAttr),)
    FORMAT = "( $op_name ) $inputs attr-dict : type($inputs) -> type($outputs)"
    FORMAT_ATTRS = ("op_name",)

    result_dim = untraced
    shape_constraints = no_shape_constraints  # its registered lowering's business
    flops = no_flops
    # No semantics: the interpreter cannot run it (TcpOp.evaluate says so).


class SymbolicIntOp(TcpOp):
    """A symbolic dim from torch.export (torch.export.Dim) with its bounds."""
    NAME = "symbolic_int"
    COMPUTES = False
    RESULTS = (Result("out", I64),)
    ATTRS = (Attr("symbol_name", StrAttr), Attr("min_val", I64Attr), Attr("max_val", I64Attr))
    TRAITS = frozenset({PURE})
    FORMAT = "$symbol_name attr-dict : type($out)"
    FORMAT_ATTRS = ("symbol_name",)

    def verify_op(self):
        if ir.IntegerAttr(self.min_val).value > ir.IntegerAttr(self.max_val).value:
            yield "failed to verify that min_val <= max_val"

    result_dim = untraced  # an i64
    shape_constraints = no_shape_constraints
    flops = no_flops

    def evaluate(self, args, interpreter):
        return [None]  # a name for a dim, with no value of its own


class BindSymbolicShapeOp(TcpOp):
    """Binds `operand`'s shape to affine expressions of symbolic ints."""
    NAME = "bind_symbolic_shape"
    COMPUTES = False
    OPERANDS = (Operand("operand", TensorOrQuantized), Operand("shape_symbols", I64, variadic=True))
    ATTRS = (Attr("shape_expressions", AffineMapAttr),)
    FORMAT = "$operand , [ $shape_symbols ] , $shape_expressions attr-dict : type($operand)"
    FORMAT_ATTRS = ("shape_expressions",)

    def verify_op(self):
        for i, symbol in enumerate(self.shape_symbols):
            if isinstance(symbol.owner, ir.Block) or symbol.owner.operation.name != SymbolicIntOp.OPERATION_NAME:
                yield f"failed to verify that shape symbol #{i} is the result of a tcp.symbolic_int"
        amap = ir.AffineMapAttr(self.shape_expressions).value
        if amap.n_symbols != len(self.shape_symbols):
            yield (f"failed to verify that shape_expressions has one symbol per shape symbol "
                   f"({amap.n_symbols} vs {len(self.shape_symbols)})")
        if len(amap.results) != _rank(self.operand.type):
            yield "failed to verify that shape_expressions has one result per dim of operand"

    result_dim = untraced  # no results
    shape_constraints = no_shape_constraints  # the symbols' bounds are checked at entry (symbolic_shapes)
    flops = no_flops

    def evaluate(self, args, interpreter):
        return []


