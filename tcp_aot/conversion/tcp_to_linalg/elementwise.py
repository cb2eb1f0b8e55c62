"""TCP -> linalg: elementwise ops become a parallel linalg.generic whose
body computes one element with arith and math.

Semantics follow PyTorch: NaN propagates through clamp, max and min
(maximumf/minimumf), round_even is ties-to-even, integer ops wrap, integer
division by zero aborts with a message, casts to i1 are `!= 0` (NaN is true),
float-to-integer casts truncate toward zero, float comparisons are ordered
except `Ne`.
"""

from __future__ import annotations

from typing import Callable

from torch_mlir import ir
from torch_mlir.dialects import arith, math

from ...dialects import tcp
from ...dialects.tcp_base import TcpOp, element_type, is_float, lookup
from ..element_casts import convert_element
from ..pattern_list import PatternList
from ...linalg_builders import elementwise, runtime_check

PATTERNS = PatternList()

Body = Callable[..., ir.Value]


def _float_or_int(float_op, int_op) -> Callable[[TcpOp], Body]:
    def make(view: TcpOp) -> Body:
        elem = element_type(view.operation.results[0].type)
        op = float_op if is_float(elem) else int_op
        return lambda *args: op(*args).result
    return make


def _unary(math_op) -> Callable[[TcpOp], Body]:
    return lambda view: (lambda x: math_op(x).result)


def _sigmoid(view: TcpOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        one = arith.ConstantOp(x.type, 1.0).result
        e = math.ExpOp(arith.NegFOp(x).result).result
        return arith.DivFOp(one, arith.AddFOp(one, e).result).result
    return body


def _abs(view: TcpOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        if is_float(x.type):
            return math.AbsFOp(x).result
        # max(x, -x): abs(INT_MIN) wraps to INT_MIN, as in PyTorch.
        negated = arith.SubIOp(arith.ConstantOp(x.type, 0).result, x).result
        return arith.MaxSIOp(x, negated).result
    return body


def _neg(view: TcpOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        if is_float(x.type):
            return arith.NegFOp(x).result
        return arith.SubIOp(arith.ConstantOp(x.type, 0).result, x).result
    return body


def _sqrt(view: TcpOp) -> Body:
    out = element_type(view.out.type)

    def body(x: ir.Value) -> ir.Value:
        if not is_float(x.type):
            x = arith.SIToFPOp(out, x).result
        return math.SqrtOp(x).result
    return body


def _clamp(view: tcp.ClampOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        if is_float(x.type):
            lo, hi, mx, mn = view.min_float, view.max_float, arith.MaximumFOp, arith.MinimumFOp
            make = lambda a: arith.ConstantOp(x.type, ir.FloatAttr(a).value).result  # noqa: E731
        else:
            lo, hi, mx, mn = view.min_int, view.max_int, arith.MaxSIOp, arith.MinSIOp
            width = ir.IntegerType(x.type).width
            low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
            # A bound beyond the type's range bounds nothing: saturate it.
            make = lambda a: arith.ConstantOp(  # noqa: E731
                x.type, min(max(ir.IntegerAttr(a).value, low), high)).result
        if lo is not None:
            x = mx(x, make(lo)).result
        if hi is not None:
            x = mn(x, make(hi)).result
        return x
    return body


def _divf(view: tcp.DivFOp) -> Body:
    def body(a: ir.Value, b: ir.Value) -> ir.Value:
        quotient = arith.DivFOp(a, b).result
        if view.mode == "Trunc":
            return math.TruncOp(quotient).result
        if view.mode == "Floor":
            return _floor_div(a, b, quotient)
        return quotient
    return body


def _floor_div(a: ir.Value, b: ir.Value, quotient: ir.Value) -> ir.Value:
    """PyTorch's float floor division (c10's div_floor_floating), built from
    fmod so that it is exact where floor(a / b) is not: 1.0 // 0.1 == 9."""
    pred = arith.CmpFPredicate
    const = lambda x: arith.ConstantOp(a.type, x).result  # noqa: E731
    cmp = lambda p, x, y: arith.CmpFOp(p, x, y).result  # noqa: E731
    select = lambda c, x, y: arith.SelectOp(c, x, y).result  # noqa: E731
    zero, one = const(0.0), const(1.0)
    mod = arith.RemFOp(a, b).result
    div = arith.DivFOp(arith.SubFOp(a, mod).result, b).result
    # A remainder whose sign differs from the divisor's: one step lower.
    signs_differ = arith.XOrIOp(cmp(pred.OLT, b, zero), cmp(pred.OLT, mod, zero)).result
    lower = arith.AndIOp(cmp(pred.UNE, mod, zero), signs_differ).result
    div = select(lower, arith.SubFOp(div, one).result, div)
    floor = math.FloorOp(div).result
    # (a - mod) / b may land just below an integer: round to the nearest.
    floor = select(cmp(pred.OGT, arith.SubFOp(div, floor).result, const(0.5)),
                   arith.AddFOp(floor, one).result, floor)
    # A zero keeps the sign of a / b (finite here, so a / b * 0 is that zero).
    floor = select(cmp(pred.UNE, div, zero), floor, arith.MulFOp(quotient, zero).result)
    return select(cmp(pred.OEQ, b, zero), quotient, floor)


_SIGNED_DIV = {"Trunc": arith.DivSIOp, "Floor": arith.FloorDivSIOp, "Ceil": arith.CeilDivSIOp}
_UNSIGNED_DIV = {"Trunc": arith.DivUIOp, "Floor": arith.DivUIOp, "Ceil": arith.CeilDivUIOp}


def _int_div(table) -> Callable[[tcp.IntDivOp], Body]:
    """Division by zero aborts with a message, as PyTorch raises, instead of
    trapping in the hardware."""
    def make(view: tcp.IntDivOp) -> Body:
        def body(a: ir.Value, b: ir.Value) -> ir.Value:
            nonzero = arith.CmpIOp(arith.CmpIPredicate.ne, b, arith.ConstantOp(b.type, 0).result).result
            runtime_check(nonzero, "integer division by zero", view.operation)
            return table[view.mode](a, b).result
        return body
    return make


def _rsqrt(view: TcpOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        one = arith.ConstantOp(x.type, 1.0).result
        return arith.DivFOp(one, math.SqrtOp(x).result).result
    return body


def _rem(view: tcp.RemOp) -> Body:
    """fmod (Trunc) or torch.remainder (Floor: fmod plus the divisor when the
    signs differ). For integers, x % -1 is 0 without dividing (INT_MIN % -1
    traps on x86) and a zero divisor aborts."""
    def body(a: ir.Value, b: ir.Value) -> ir.Value:
        const = lambda v: arith.ConstantOp(a.type, v).result  # noqa: E731
        if is_float(a.type):
            mod = arith.RemFOp(a, b).result
            zero, pred, cmp, add = const(0.0), arith.CmpFPredicate, arith.CmpFOp, arith.AddFOp
            nonzero, negative = pred.UNE, pred.OLT
        else:
            nonzero_divisor = arith.CmpIOp(arith.CmpIPredicate.ne, b, const(0)).result
            runtime_check(nonzero_divisor, "integer remainder by zero", view.operation)
            minus_one = arith.CmpIOp(arith.CmpIPredicate.eq, b, const(-1)).result
            b = arith.SelectOp(minus_one, const(1), b).result
            mod = arith.RemSIOp(a, b).result
            zero, pred, cmp, add = const(0), arith.CmpIPredicate, arith.CmpIOp, arith.AddIOp
            nonzero, negative = pred.ne, pred.slt
        if view.mode == "Trunc":
            return mod
        signs_differ = arith.XOrIOp(cmp(negative, b, zero).result, cmp(negative, mod, zero).result).result
        adjust = arith.AndIOp(cmp(nonzero, mod, zero).result, signs_differ).result
        return arith.SelectOp(adjust, add(mod, b).result, mod).result
    return body


_FLOAT_PREDICATES = {"Eq": "OEQ", "Ne": "UNE", "Lt": "OLT", "Le": "OLE", "Gt": "OGT", "Ge": "OGE"}
_SIGNED_PREDICATES = {"Eq": "eq", "Ne": "ne", "Lt": "slt", "Le": "sle", "Gt": "sgt", "Ge": "sge"}
_UNSIGNED_PREDICATES = {"Eq": "eq", "Ne": "ne", "Lt": "ult", "Le": "ule", "Gt": "ugt", "Ge": "uge"}


def _cmp(view: tcp.CmpOp) -> Body:
    def body(a: ir.Value, b: ir.Value) -> ir.Value:
        if is_float(a.type):
            return arith.CmpFOp(getattr(arith.CmpFPredicate, _FLOAT_PREDICATES[view.comparison]), a, b).result
        table = _UNSIGNED_PREDICATES if ir.IntegerType(a.type).width == 1 else _SIGNED_PREDICATES
        return arith.CmpIOp(getattr(arith.CmpIPredicate, table[view.comparison]), a, b).result
    return body


def _not(view: TcpOp) -> Body:
    def body(x: ir.Value) -> ir.Value:
        return arith.XOrIOp(x, arith.ConstantOp(x.type, -1).result).result
    return body


def _select(view: TcpOp) -> Body:
    return lambda cond, a, b: arith.SelectOp(cond, a, b).result


def _cast(view: tcp.CastOp) -> Body:
    """Signless integers convert as Unsigned ones, on either side, as in
    upstream TCP's lowering (uitofp, extui, fptoui)."""
    src, dst = element_type(view.in_.type), element_type(view.out.type)
    unsigned_in = view.signedness("in") in ("Unsigned", "Signless")
    unsigned_out = view.signedness("out") in ("Unsigned", "Signless")

    def body(x: ir.Value) -> ir.Value:
        return convert_element(x, src, dst, unsigned_in, unsigned_out)
    return body


BODIES: dict[type[TcpOp], Callable[[TcpOp], Body]] = {
    tcp.TanhOp: _unary(math.TanhOp), tcp.SigmoidOp: _sigmoid, tcp.CeilOp: _unary(math.CeilOp),
    tcp.FloorOp: _unary(math.FloorOp), tcp.TruncOp: _unary(math.TruncOp), tcp.RoundOp: _unary(math.RoundOp),
    tcp.RoundEvenOp: _unary(math.RoundEvenOp), tcp.CosOp: _unary(math.CosOp), tcp.SinOp: _unary(math.SinOp),
    tcp.LogOp: _unary(math.LogOp), tcp.AtanOp: _unary(math.AtanOp), tcp.ExpOp: _unary(math.ExpOp),
    tcp.Log1pOp: _unary(math.Log1pOp), tcp.AbsOp: _abs,
    tcp.NegOp: _neg, tcp.SqrtOp: _sqrt, tcp.ClampOp: _clamp,
    tcp.AddOp: _float_or_int(arith.AddFOp, arith.AddIOp), tcp.SubOp: _float_or_int(arith.SubFOp, arith.SubIOp),
    tcp.MulOp: _float_or_int(arith.MulFOp, arith.MulIOp), tcp.DivFOp: _divf,
    tcp.Atan2Op: _float_or_int(math.Atan2Op, None), tcp.DivSIOp: _int_div(_SIGNED_DIV),
    tcp.DivUIOp: _int_div(_UNSIGNED_DIV), tcp.CastOp: _cast,
    tcp.ErfOp: _unary(math.ErfOp), tcp.Expm1Op: _unary(math.ExpM1Op), tcp.RsqrtOp: _rsqrt,
    tcp.Log2Op: _unary(math.Log2Op), tcp.TanOp: _unary(math.TanOp), tcp.SinhOp: _unary(math.SinhOp),
    tcp.CoshOp: _unary(math.CoshOp), tcp.AsinOp: _unary(math.AsinOp), tcp.AcosOp: _unary(math.AcosOp),
    tcp.AsinhOp: _unary(math.AsinhOp), tcp.AcoshOp: _unary(math.AcoshOp), tcp.AtanhOp: _unary(math.AtanhOp),
    tcp.Log10Op: _unary(math.Log10Op),
    tcp.MaxOp: _float_or_int(arith.MaximumFOp, arith.MaxSIOp),
    tcp.MinOp: _float_or_int(arith.MinimumFOp, arith.MinSIOp), tcp.PowOp: _float_or_int(math.PowFOp, None),
    tcp.RemOp: _rem, tcp.CmpOp: _cmp, tcp.AndOp: _float_or_int(None, arith.AndIOp),
    tcp.OrOp: _float_or_int(None, arith.OrIOp), tcp.XorOp: _float_or_int(None, arith.XOrIOp), tcp.NotOp: _not,
    tcp.SelectOp: _select,
}


@PATTERNS.register(*(cls.OPERATION_NAME for cls in BODIES))
def lower_elementwise(op, rewriter):
    cls = lookup(op.name)
    view = cls(op)
    out_t = ir.RankedTensorType(op.results[0].type)
    result = elementwise(list(op.operands), out_t, BODIES[cls](view))
    rewriter.replace_op(op, [result])
