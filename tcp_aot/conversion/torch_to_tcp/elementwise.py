"""Torch -> TCP: elementwise arithmetic, math and type conversion.

Every binary op follows PyTorch: operands are cast to the result's dtype
(type promotion is already resolved in the result type) and broadcast to the
result's shape, scalars become 1x...x1 tensors.
"""

from __future__ import annotations

import math

from torch_mlir import ir

from ...dialects import tcp
from ...dialects.tcp_base import is_bool, is_float
from ...element_types import LOW_PRECISION_FLOATS
from ..pattern_list import PatternList, Unsupported
from .utils import (
    broadcast_like, broadcast_operands, cast_to, const_number, const_scalar, const_str_or_none, defining_op, is_none,
    replace, result_tensor, scalar_tensor, tensor_operand, to_builtin, torch_tensor,
)

PATTERNS = PatternList()


def _alpha(alpha: ir.Value, elem: ir.Type) -> int | float:
    """The constant `alpha` of add/sub/rsub."""
    factor = const_number(alpha, "alpha")
    if not is_float(elem) and not isinstance(factor, int):
        if not float(factor).is_integer():
            raise Unsupported("a fractional alpha needs a floating-point result")
        factor = int(factor)  # torch-mlir's decompositions pass 1.0 to integer ops
    return factor


def _scaled(v: ir.Value, factor: int | float) -> ir.Value:
    """v * factor (v itself when the factor is 1)."""
    if factor == 1:
        return v
    t = ir.RankedTensorType(v.type)
    factor_t = broadcast_like(scalar_tensor(factor, t.element_type, t.rank), v)
    return tcp.MulOp.create(v.type, in1=v, in2=factor_t).result


def _binary(op, rewriter, tcp_op, lhs: ir.Value, rhs: ir.Value, alpha: ir.Value | None = None, **attrs) -> None:
    """`attrs`: tcp_op's attributes (e.g. rounding_mode)."""
    result = result_tensor(op)
    elem = result.element_type()
    # TCP has no arithmetic on i1: bools compute as 0/1 in i8, and the cast
    # back (x != 0) makes add a logical or and mul a logical and, as in PyTorch.
    compute = ir.IntegerType.get_signless(8) if is_bool(elem) else elem
    factor = 1 if alpha is None else _alpha(alpha, compute)
    a, b = tensor_operand(lhs, compute, result.rank), tensor_operand(rhs, compute, result.rank)
    a, b = broadcast_operands(result, [a, b])
    b = _scaled(b, factor)
    replace(rewriter, op, [cast_to(tcp_op.create(a.type, in1=a, in2=b, **attrs).result, elem)])


@PATTERNS.register("torch.aten.add.Tensor", "torch.aten.add.Scalar")
def convert_add(op, rewriter):
    _binary(op, rewriter, tcp.AddOp, op.operands[0], op.operands[1], alpha=op.operands[2])


@PATTERNS.register("torch.aten.sub.Tensor", "torch.aten.sub.Scalar")
def convert_sub(op, rewriter):
    _binary(op, rewriter, tcp.SubOp, op.operands[0], op.operands[1], alpha=op.operands[2])


@PATTERNS.register("torch.aten.rsub.Scalar")
def convert_rsub(op, rewriter):
    """rsub(x, y, alpha) = y - alpha * x: sub with the operands swapped."""
    _binary(op, rewriter, tcp.SubOp, op.operands[1], op.operands[0], alpha=op.operands[2])


@PATTERNS.register("torch.aten.mul.Tensor", "torch.aten.mul.Scalar")
def convert_mul(op, rewriter):
    _binary(op, rewriter, tcp.MulOp, op.operands[0], op.operands[1])


@PATTERNS.register("torch.aten.div.Tensor", "torch.aten.div.Scalar")
def convert_div(op, rewriter):
    """True division. An integer result only comes from torch-mlir's own
    decompositions (fmod of integers), which mean division truncated toward
    zero, as torch-mlir lowers it."""
    if is_float(result_tensor(op).element_type()):
        _binary(op, rewriter, tcp.DivFOp, op.operands[0], op.operands[1])
        return
    if is_bool(result_tensor(op).element_type()):
        raise Unsupported("division with a bool result")
    _binary(op, rewriter, tcp.DivSIOp, op.operands[0], op.operands[1], rounding_mode="Trunc")


@PATTERNS.register("torch.aten.div.Tensor_mode", "torch.aten.div.Scalar_mode")
def convert_div_mode(op, rewriter):
    mode = const_str_or_none(op.operands[2], "rounding_mode")
    result = result_tensor(op)
    elem = result.element_type()
    if mode is None:
        return convert_div(op, rewriter)
    if mode not in ("trunc", "floor"):
        raise Unsupported(f"rounding_mode {mode!r} is not supported")
    a, b = (tensor_operand(v, elem, result.rank) for v in op.operands[:2])
    a, b = broadcast_operands(result, [a, b])
    div = tcp.DivFOp if is_float(elem) else tcp.DivSIOp
    rounding_mode = "Trunc" if mode == "trunc" else "Floor"
    replace(rewriter, op, [div.create(a.type, in1=a, in2=b, rounding_mode=rounding_mode).result])


@PATTERNS.register("torch.aten.atan2")
def convert_atan2(op, rewriter):
    _binary(op, rewriter, tcp.Atan2Op, op.operands[0], op.operands[1])


@PATTERNS.register("torch.aten.maximum", "torch.aten.minimum", "torch.aten.max.other", "torch.aten.min.other")
def convert_maximum(op, rewriter):
    larger = op.name in ("torch.aten.maximum", "torch.aten.max.other")
    _binary(op, rewriter, tcp.MaxOp if larger else tcp.MinOp, *op.operands[:2])


@PATTERNS.register("torch.aten.remainder.Tensor", "torch.aten.remainder.Scalar", "torch.aten.fmod.Tensor",
                   "torch.aten.fmod.Scalar")
def convert_remainder(op, rewriter):
    """remainder has the divisor's sign (Floor), fmod the dividend's (Trunc)."""
    if is_bool(result_tensor(op).element_type()):
        raise Unsupported("remainder of bools")
    mode = "Floor" if ".remainder." in op.name else "Trunc"
    _binary(op, rewriter, tcp.RemOp, *op.operands[:2], rounding_mode=mode)


@PATTERNS.register("torch.aten.pow.Tensor_Tensor", "torch.aten.pow.Scalar")
def convert_pow(op, rewriter):
    if not is_float(result_tensor(op).element_type()):
        raise Unsupported("pow of integers needs a constant exponent")
    _binary(op, rewriter, tcp.PowOp, *op.operands[:2])


@PATTERNS.register("torch.aten.pow.Tensor_Scalar")
def convert_pow_scalar(op, rewriter):
    """x ** c. The exponents PyTorch computes without pow (2, 3, 0.5, -0.5,
    -1, -2) are computed the same way, so that the results are the same
    bits; an integer x takes a non-negative integer c, by squaring."""
    result = result_tensor(op)
    elem = result.element_type()
    exponent = const_scalar(op.operands[1])
    x = _input(op)
    if is_float(elem):
        if not isinstance(exponent, (int, float)) or isinstance(exponent, bool) or \
                float(exponent) not in _POW_SPECIAL_CASES:
            _binary(op, rewriter, tcp.PowOp, *op.operands[:2])
            return
        replace(rewriter, op, [cast_to(_POW_SPECIAL_CASES[float(exponent)](cast_to(x, _opmath(elem))), elem)])
        return
    if not isinstance(exponent, int) or isinstance(exponent, bool) or exponent < 0:
        raise Unsupported("an integer pow needs a constant non-negative integer exponent")
    replace(rewriter, op, [_int_power(x, exponent)])


def _mul(a: ir.Value, b: ir.Value) -> ir.Value:
    return tcp.MulOp.create(a.type, in1=a, in2=b).result


def _reciprocal(x: ir.Value) -> ir.Value:
    t = ir.RankedTensorType(x.type)
    one = broadcast_like(scalar_tensor(1.0, t.element_type, t.rank), x)
    return tcp.DivFOp.create(x.type, in1=one, in2=x).result


_POW_SPECIAL_CASES = {
    1.0: lambda x: x,
    2.0: lambda x: _mul(x, x),
    3.0: lambda x: _mul(_mul(x, x), x),
    0.5: lambda x: tcp.SqrtOp.create(x.type, in_=x).result,
    -0.5: lambda x: tcp.RsqrtOp.create(x.type, in_=x).result,
    -1.0: _reciprocal,
    -2.0: lambda x: _reciprocal(_mul(x, x)),
}


def _int_power(x: ir.Value, n: int) -> ir.Value:
    """x ** n for n >= 0 by repeated squaring (integers wrap, as in PyTorch)."""
    result, square = None, x
    while n:
        if n & 1:
            result = square if result is None else _mul(result, square)
        n >>= 1
        if n:
            square = _mul(square, square)
    if result is None:  # x ** 0
        t = ir.RankedTensorType(x.type)
        return broadcast_like(scalar_tensor(1, t.element_type, t.rank), x)
    return result


@PATTERNS.register("torch.aten.gelu")
def convert_gelu(op, rewriter):
    """x * Phi(x): exactly 0.5 * x * (1 + erf(x / sqrt(2))), or with
    approximate="tanh" 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))),
    in float32 for 16-bit floats (_opmath)."""
    approximate = const_str_or_none(op.operands[1], "approximate") or "none"
    x = _input(op)
    elem = ir.RankedTensorType(x.type).element_type
    if not is_float(elem):
        raise Unsupported("expected a floating-point result")
    x = cast_to(x, _opmath(elem))
    t = ir.RankedTensorType(x.type)
    const = lambda c: broadcast_like(scalar_tensor(c, t.element_type, t.rank), x)  # noqa: E731
    if approximate == "none":
        inner = tcp.ErfOp.create(x.type, in_=_mul(x, const(math.sqrt(0.5)))).result
    elif approximate == "tanh":
        cube = _mul(_mul(x, x), x)
        poly = tcp.AddOp.create(x.type, in1=x, in2=_mul(cube, const(0.044715))).result
        inner = tcp.TanhOp.create(x.type, in_=_mul(poly, const(math.sqrt(2 / math.pi)))).result
    else:
        raise Unsupported(f"gelu approximate={approximate!r}")
    one_plus = tcp.AddOp.create(x.type, in1=const(1.0), in2=inner).result
    replace(rewriter, op, [cast_to(_mul(_mul(x, const(0.5)), one_plus), elem)])


def _opmath(elem: ir.Type) -> ir.Type:
    """The type an op made of several TCP ops computes in: PyTorch's CPU
    kernels compute a 16-bit float op in float32 and round its result once."""
    return ir.F32Type.get() if str(elem) in LOW_PRECISION_FLOATS else elem


# ---------------------------------------------------------------------------
# Unary ops
# ---------------------------------------------------------------------------

_FLOAT_UNARY = {
    "torch.aten.tanh": tcp.TanhOp, "torch.aten.sigmoid": tcp.SigmoidOp, "torch.aten.log": tcp.LogOp,
    "torch.aten.sin": tcp.SinOp, "torch.aten.cos": tcp.CosOp, "torch.aten.atan": tcp.AtanOp,
    "torch.aten.exp": tcp.ExpOp, "torch.aten.log1p": tcp.Log1pOp, "torch.aten.erf": tcp.ErfOp,
    "torch.aten.expm1": tcp.Expm1Op, "torch.aten.rsqrt": tcp.RsqrtOp, "torch.aten.log2": tcp.Log2Op,
    "torch.aten.tan": tcp.TanOp, "torch.aten.sinh": tcp.SinhOp, "torch.aten.cosh": tcp.CoshOp,
    "torch.aten.asin": tcp.AsinOp, "torch.aten.acos": tcp.AcosOp, "torch.aten.asinh": tcp.AsinhOp,
    "torch.aten.acosh": tcp.AcoshOp, "torch.aten.atanh": tcp.AtanhOp, "torch.aten.log10": tcp.Log10Op,
}
# Rounding ops leave integers as they are.
_ROUNDING = {"torch.aten.ceil": tcp.CeilOp, "torch.aten.floor": tcp.FloorOp,
             "torch.aten.round": tcp.RoundEvenOp, "torch.aten.trunc": tcp.TruncOp}


def _input(op) -> ir.Value:
    """The first operand, cast to the result's element type."""
    return cast_to(to_builtin(op.operands[0]), result_tensor(op).element_type())


@PATTERNS.register(*_FLOAT_UNARY)
def convert_float_unary(op, rewriter):
    if not is_float(result_tensor(op).element_type()):
        raise Unsupported("expected a floating-point result")
    x = _input(op)
    replace(rewriter, op, [_FLOAT_UNARY[op.name].create(x.type, in_=x).result])


@PATTERNS.register(*_ROUNDING)
def convert_rounding(op, rewriter):
    x = _input(op)
    if is_float(ir.RankedTensorType(x.type).element_type):
        x = _ROUNDING[op.name].create(x.type, in_=x).result
    replace(rewriter, op, [x])


@PATTERNS.register("torch.aten.neg")
def convert_neg(op, rewriter):
    x = _input(op)
    replace(rewriter, op, [tcp.NegOp.create(x.type, in_=x).result])


@PATTERNS.register("torch.aten.abs")
def convert_abs(op, rewriter):
    x = _input(op)
    replace(rewriter, op, [tcp.AbsOp.create(x.type, in_=x).result])


@PATTERNS.register("torch.aten.sqrt")
def convert_sqrt(op, rewriter):
    x = to_builtin(op.operands[0])
    out = result_tensor(op).builtin()
    elem = ir.RankedTensorType(x.type).element_type
    if is_float(elem) or is_bool(elem):  # tcp.sqrt takes integers, but not i1
        x = cast_to(x, out.element_type)
    replace(rewriter, op, [tcp.SqrtOp.create(out, in_=x).result])


@PATTERNS.register("torch.aten.reciprocal")
def convert_reciprocal(op, rewriter):
    x = _input(op)
    if not is_float(ir.RankedTensorType(x.type).element_type):
        raise Unsupported("expected a floating-point result")
    replace(rewriter, op, [_reciprocal(x)])


def _clamp_attrs(elem: ir.Type, lo, hi) -> dict[str, float | int]:
    """tcp.clamp's bounds: min_float/max_float (f32) of a float, else min_int/max_int."""
    if is_float(elem):
        make, names = float, ("min_float", "max_float")
    else:
        if any(isinstance(v, float) for v in (lo, hi)):
            raise Unsupported("float bounds need a floating-point result")
        make, names = int, ("min_int", "max_int")
    return {name: make(v) for name, v in zip(names, (lo, hi)) if v is not None}


def _clamp(op, rewriter, lo, hi) -> None:
    x = _input(op)
    attrs = _clamp_attrs(ir.RankedTensorType(x.type).element_type, lo, hi)
    replace(rewriter, op, [tcp.ClampOp.create(x.type, in_=x, **attrs).result])


def _bound(v: ir.Value, what: str):
    if is_none(v):
        return None
    return const_number(v, what)


@PATTERNS.register("torch.aten.clamp")
def convert_clamp(op, rewriter):
    """Constant bounds are tcp.clamp's; a bound computed at run time (from a
    size, as in grid_sample's decomposition) makes it clamp.Tensor's max
    and min."""
    if is_none(op.operands[1]) and is_none(op.operands[2]):
        raise Unsupported("clamp needs a min or a max")
    if any(not is_none(v) and const_scalar(v) is None for v in op.operands[1:3]):
        convert_clamp_tensor(op, rewriter)
        return
    _clamp(op, rewriter, _bound(op.operands[1], "clamp min"), _bound(op.operands[2], "clamp max"))


@PATTERNS.register("torch.aten.clamp_min")
def convert_clamp_min(op, rewriter):
    _clamp(op, rewriter, const_number(op.operands[1], "clamp min"), None)


@PATTERNS.register("torch.aten.clamp_max")
def convert_clamp_max(op, rewriter):
    _clamp(op, rewriter, None, const_number(op.operands[1], "clamp max"))


@PATTERNS.register("torch.aten.clamp.Tensor")
def convert_clamp_tensor(op, rewriter):
    """clamp with tensor (or run-time scalar) bounds: max with the lower
    bound, then min with the upper one (NaN propagates, as in PyTorch)."""
    result = result_tensor(op)
    elem = result.element_type()
    operands = [v for v in op.operands[:3] if not is_none(v)]
    x, *bounds = broadcast_operands(result, [tensor_operand(v, elem, result.rank) for v in operands])
    lo = None if is_none(op.operands[1]) else bounds.pop(0)
    hi = None if is_none(op.operands[2]) else bounds.pop(0)
    if lo is not None:
        x = tcp.MaxOp.create(x.type, in1=x, in2=lo).result
    if hi is not None:
        x = tcp.MinOp.create(x.type, in1=x, in2=hi).result
    replace(rewriter, op, [x])


@PATTERNS.register("torch.aten.relu")
def convert_relu(op, rewriter):
    _clamp(op, rewriter, 0, None)


# ---------------------------------------------------------------------------
# Type conversion
# ---------------------------------------------------------------------------


_CONVERSIONS = ("torch.aten.to.dtype", "torch.aten._to_copy", "torch.prims.convert_element_type",
                "torch.aten.to.dtype_layout")


@PATTERNS.register(*_CONVERSIONS, "torch.aten.clone", "torch.aten.detach", "torch.aten.alias",
                   "torch.aten.contiguous")
def convert_to_dtype(op, rewriter):
    """Type conversions and copies: value semantics make a copy the identity.
    TCP's integers are signless: a uint8 tensor (dynamic quantization's, see
    frontend.py) is held as i8 when only conversions to float read it, its
    casts unsigned on both sides."""
    source, target = torch_tensor(op.operands[0].type), result_tensor(op)
    if target.dtype == "ui8":
        _check_read_as_float(op)
        x = to_builtin(op.operands[0])
        i8 = ir.RankedTensorType.get(ir.RankedTensorType(x.type).shape, ir.IntegerType.get_signless(8))
        replace(rewriter, op, [tcp.CastOp.create(i8, in_=x, out_int_signedness="Unsigned").result])
    elif source is not None and source.dtype == "ui8":
        producer = defining_op(op.operands[0])
        if producer is None or producer.name != "torch_c.from_builtin_tensor":
            raise Unsupported("its uint8 operand is not a conversion to uint8")
        t = ir.RankedTensorType.get(ir.RankedTensorType(producer.operands[0].type).shape, target.element_type())
        replace(rewriter, op, [tcp.CastOp.create(t, in_=producer.operands[0], in_int_signedness="Unsigned").result])
    else:
        replace(rewriter, op, [_input(op)])


def _check_read_as_float(op) -> None:
    for use in op.results[0].uses:
        reader = use.owner
        result = torch_tensor(reader.results[0].type) if len(reader.results) == 1 else None
        if reader.name not in _CONVERSIONS or result is None or not result.dtype.startswith(("f", "bf")):
            name = "the function's return" if reader.name == "torch_c.to_builtin_tensor" else reader.name
            raise Unsupported(f"its uint8 result is read by {name}; only conversions to float can read it")

