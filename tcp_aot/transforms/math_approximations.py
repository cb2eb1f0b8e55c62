"""approximate-math: f32 transcendental math ops replaced by polynomial
approximations built from arith ops, so that they vectorize.

Lowered through convert-math-to-libm, every math.exp/tanh/... becomes one
scalar libm call per element. This pass rewrites, on f32 scalars and on
vectors of f32 (it runs after vectorization), math.exp, exp2, expm1, log,
log1p, log2, tanh, erf, sin, cos, atan, atan2, powf and rsqrt into arith ops
and nothing else: the project's memref-to-llvm pipeline runs
convert-math-to-libm before convert-math-to-llvm, and the former turns even
math.absf and math.sqrt into (scalarized) libm calls and rejects
math.copysign, so signs are handled on the bits and rsqrt's square root is
llvm.intr.sqrt (the instruction). f64 ops and every other op are left alone.

The exact ops (roundeven, round, floor, ceil, trunc, sqrt, absf; f32 and
f64) would be scalar libm calls too, one per lane: a quantizing round in an
int8 program's every epilogue. They become arith ops (rounding by the 2^23
add) and the square root instruction, bit for bit what libm returns.

Design rules, for accuracy over the whole f32 range (a few ulps, see the
table in tests/execution/test_math_approximations.py):
  * Range reduction is exact or carries an extra-precision correction
    (Cody-Waite constant splits, exact 2^n scaling from exponent bits, sin/cos
    reduced in f64, pow computed in f64).
  * Polynomials are minimax (Remez exchange) fits of the relative error on the
    reduced interval, computed with mpmath at 60 digits and rounded to the
    precision they are used in; each function's docstring names its interval
    and degree. The fitted remainder is at most a fraction of an ulp.
  * Horner steps are `arith.mulf`+`arith.addf` marked `fastmath<contract>`:
    they fuse into FMAs on targets that have them and stay two roundings
    elsewhere (no `math.fma`: without an FMA unit LLVM lowers it to a call to
    libm's fmaf). The exact steps of the range reductions carry no flag.
  * Rounding to an integer uses the 1.5 * 2^23 (f32) or 1.5 * 2^52 (f64)
    "magic number" add: math.floor/round would be libm calls on generic
    x86-64 (no SSE4.1), and fptosi of NaN or out-of-range values is poison.
  * Special values (NaN, +-inf, +-0, subnormals, overflow) are handled by
    selects at the end, as C's libm defines them.
  * Everything is straight-line code except sin/cos, whose reduction of
    arguments of 2^24 and above (Payne-Hanek style, in f64) sits in an
    scf.if taken when any lane needs it: run the pass after vectorization
    (an scf.if in a linalg.generic body stops linalg's vectorizer).
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from torch_mlir import ir
from torch_mlir.dialects import arith, llvm, scf, vector

from ..walk import collect

# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------


def approximate_math(root: ir.Operation) -> None:
    """Replace every f32 (scalar or vector) math op of APPROXIMATIONS nested
    in `root` by its approximation, and every f32 or f64 op of EXACT by its
    exact expansion."""
    def rewrite(op) -> Callable[..., ir.Value] | None:
        ftype = _element(op.results[0].type) if len(op.results) == 1 else None
        if isinstance(ftype, ir.F32Type) and op.name in APPROXIMATIONS:
            return APPROXIMATIONS[op.name]
        if isinstance(ftype, (ir.F32Type, ir.F64Type)):
            return EXACT.get(op.name)
        return None

    for op in collect(root, lambda op: rewrite(op) is not None):
        with ir.InsertionPoint(op), op.location:
            b = _Builder(op.results[0].type)
            result = rewrite(op)(b, *op.operands)
        op.results[0].replace_all_uses_with(result)
        op.erase()


def _element(t: ir.Type) -> ir.Type:
    return t.element_type if isinstance(t, ir.VectorType) else t


# ---------------------------------------------------------------------------
# Building ops on a scalar-or-vector float type
# ---------------------------------------------------------------------------

_CONTRACT = "#arith.fastmath<contract>"
_PF = arith.CmpFPredicate
_PI = arith.CmpIPredicate


class _Builder:
    """Builds ops on values of one float type (f32 or f64, scalar or vector)
    and its integer (same width) and i1 companions. Constants take the
    shape of that type (splats for vectors)."""

    def __init__(self, ftype: ir.Type):
        self.ftype = ftype
        self.shape = ftype if isinstance(ftype, ir.VectorType) else None
        elem = self.shape.element_type if self.shape else ftype
        self.bits = 64 if isinstance(elem, ir.F64Type) else 32
        self.itype = self._like(ir.IntegerType.get_signless(self.bits))
        self.btype = self._like(ir.IntegerType.get_signless(1))
        self.contract = ir.Attribute.parse(_CONTRACT)

    def _like(self, elem: ir.Type) -> ir.Type:
        if self.shape is None:
            return elem
        return ir.VectorType.get(self.shape.shape, elem, scalable=self.shape.scalable_dims)

    def wide(self) -> "_Builder":
        """The builder of the f64 type of the same shape."""
        return _Builder(self._like(ir.F64Type.get()))

    # constants
    def _const(self, t: ir.Type, attr: ir.Attribute) -> ir.Value:
        if self.shape is not None:
            attr = ir.DenseElementsAttr.get_splat(t, attr)
        return arith.ConstantOp(t, attr).result

    def f(self, value: float) -> ir.Value:
        elem = self.shape.element_type if self.shape else self.ftype
        return self._const(self.ftype, ir.FloatAttr.get(elem, value))

    def i(self, value: int) -> ir.Value:
        elem = ir.IntegerType.get_signless(self.bits)
        if value >= 2 ** (self.bits - 1):
            value -= 2 ** self.bits
        return self._const(self.itype, ir.IntegerAttr.get(elem, value))

    # float arithmetic (exact steps: no flags)
    def add(self, a, b): return arith.AddFOp(a, b).result
    def sub(self, a, b): return arith.SubFOp(a, b).result
    def mul(self, a, b): return arith.MulFOp(a, b).result
    def div(self, a, b): return arith.DivFOp(a, b).result
    def neg(self, a): return arith.NegFOp(a).result

    # Sign manipulations on the bits: math.absf/copysign would become libm
    # calls (or fail) in convert-math-to-libm, which the pipeline runs first.
    def abs(self, a):
        return self.from_bits(self.iand(self.to_bits(a), self.i(2 ** (self.bits - 1) - 1)))

    def copysign(self, a, b):
        """|a| with the sign of b."""
        sign = self.iand(self.to_bits(b), self.i(2 ** (self.bits - 1)))
        return self.from_bits(arith.OrIOp(self.to_bits(self.abs(a)), sign).result)

    def sqrt(self, a):
        """The hardware square root (llvm.intr.sqrt, what convert-math-to-llvm
        makes of math.sqrt; math.sqrt itself would become a libm call)."""
        return llvm.intr_sqrt(a)

    def fma(self, a, b, c):
        """a * b + c, fused where the target has FMA (contract flags)."""
        return arith.AddFOp(arith.MulFOp(a, b, fastmath=self.contract).result, c,
                            fastmath=self.contract).result

    def poly(self, x, coeffs: Sequence[float]):
        """coeffs[0] + coeffs[1] x + ... by Horner's rule."""
        p = self.f(coeffs[-1])
        for c in reversed(coeffs[:-1]):
            p = self.fma(p, x, self.f(c))
        return p

    # comparisons and selects
    def cmp(self, pred: str, a, b): return arith.CmpFOp(getattr(_PF, pred), a, b).result
    def icmp(self, pred: str, a, b): return arith.CmpIOp(getattr(_PI, pred), a, b).result
    def select(self, c, a, b): return arith.SelectOp(c, a, b).result
    def and_(self, a, b): return arith.AndIOp(a, b).result
    def or_(self, a, b): return arith.OrIOp(a, b).result
    def xor(self, a, b): return arith.XOrIOp(a, b).result

    def not_(self, a):
        return self.xor(a, self._const(self.btype, ir.IntegerAttr.get(ir.IntegerType.get_signless(1), -1)))

    # integers of the same width
    def iadd(self, a, b): return arith.AddIOp(a, b).result
    def isub(self, a, b): return arith.SubIOp(a, b).result
    def iand(self, a, b): return arith.AndIOp(a, b).result
    def ixor(self, a, b): return arith.XOrIOp(a, b).result
    def shl(self, a, n: int): return arith.ShLIOp(a, self.i(n)).result
    def ashr(self, a, n: int): return arith.ShRSIOp(a, self.i(n)).result
    def to_bits(self, a): return arith.BitcastOp(self.itype, a).result
    def from_bits(self, a): return arith.BitcastOp(self.ftype, a).result
    def sitofp(self, a): return arith.SIToFPOp(self.ftype, a).result

    def fptosi(self, a):
        """Only for values known to be integers in range (else poison)."""
        return arith.FPToSIOp(self.itype, a).result

    # f32 <-> f64 (this builder f32, `w` its wide() builder)
    def ext(self, a, w: "_Builder"): return arith.ExtFOp(w.ftype, a).result
    def trunc(self, a, w: "_Builder"): return arith.TruncFOp(self.ftype, a).result
    def int_from_wide(self, a, w: "_Builder"): return arith.TruncIOp(self.itype, a).result
    def int_to_wide(self, a, w: "_Builder"): return arith.ExtSIOp(w.itype, a).result

    def if_any(self, mask, then: Callable[[], list], otherwise: list) -> list:
        """`then()` where any lane of `mask` is set, else `otherwise`: an
        scf.if around a rarely needed expensive path."""
        cond = mask
        if self.shape is not None:
            if self.shape.rank > 1:  # vector.reduction takes 1-D vectors
                flat = ir.VectorType.get([math.prod(self.shape.shape)], ir.IntegerType.get_signless(1),
                                         scalable=[any(self.shape.scalable_dims)])
                mask = vector.ShapeCastOp(flat, mask).result
            cond = vector.ReductionOp(ir.IntegerType.get_signless(1), vector.CombiningKind.OR, mask).result
        op = scf.IfOp(cond, [v.type for v in otherwise], has_else=True)
        with ir.InsertionPoint(op.then_block):
            scf.YieldOp(then())
        with ir.InsertionPoint(op.else_block):
            scf.YieldOp(otherwise)
        return list(op.results)


# ---------------------------------------------------------------------------
# Shared pieces
# ---------------------------------------------------------------------------

_MAGIC32 = 12582912.0  # 1.5 * 2^23: x + M - M rounds |x| < 2^22 to an integer
_MAGIC64 = 6755399441055744.0  # 1.5 * 2^52, the same for |x| < 2^51
_INF = float("inf")
_NAN = float("nan")
_FLT_MAX = 3.4028234663852886e38
_FLT_MIN = 1.1754943508222875e-38  # smallest normal

# ln 2 = LN2_HI + LN2_LO, LN2_HI with 9 significant bits (n * LN2_HI exact for |n| < 2^15)
_LN2_HI, _LN2_LO = 0.693359375, -2.12194440054690583e-4
_LOG2E = 1.44269504088896341
# log2(e) = _LOG2E_HI + _LOG2E_LO, _LOG2E_HI the nearest f32
_LOG2E_HI, _LOG2E_LO = 1.44269502162933350, 1.92596299112661746e-8


def _round(b: _Builder, x):
    """(n as float, n as integer) for n = x rounded to the nearest integer
    (|x| < 2^22 for f32, 2^51 for f64; other values give garbage, not poison)."""
    magic = _MAGIC32 if b.bits == 32 else _MAGIC64
    k = b.add(x, b.f(magic))
    return b.sub(k, b.f(magic)), b.isub(b.to_bits(k), b.to_bits(b.f(magic)))


def _pow2(b: _Builder, n):
    """2^n as a float from the exponent bits, n integer in the normal range."""
    mantissa = 23 if b.bits == 32 else 52
    bias = 127 if b.bits == 32 else 1023
    return b.from_bits(b.shl(b.iadd(n, b.i(bias)), mantissa))


def _ldexp(b: _Builder, p, n):
    """p * 2^n for n in [-252, 254] (f32): two exact factors, so that the
    result over- or underflows (to a subnormal, rounded once) as it should."""
    half = b.ashr(n, 1)
    return b.mul(b.mul(p, _pow2(b, half)), _pow2(b, b.isub(n, half)))


def _clamp(b: _Builder, x, lo: float, hi: float):
    """min(max(x, lo), hi), NaN kept."""
    x = b.select(b.cmp("OLT", x, b.f(lo)), b.f(lo), x)
    return b.select(b.cmp("OGT", x, b.f(hi)), b.f(hi), x)


def _keep_zero(b: _Builder, x, result):
    """f(+-0) = +-0 for the odd functions whose formula loses the sign."""
    return b.select(b.cmp("OEQ", x, b.f(0.0)), x, result)


def _sign_bit(b: _Builder, x):
    return b.icmp("slt", b.to_bits(x), b.i(0))


# ---------------------------------------------------------------------------
# exp, exp2, expm1
# ---------------------------------------------------------------------------

# e^r = 1 + r + r^2 P(r), |r| <= ln2/2: minimax for relative error, 3.1e-9.
_EXP_P = [0.499999933729271, 0.16666519523717083, 0.041668401110626294,
          0.008368851100789651, 0.00138143194676925]


def _exp_reduce(b: _Builder, x):
    """x = n ln2 + r with |r| <= ln2/2 (Cody-Waite, ln2 in two parts; r is
    x itself when n = 0). x within [-160, 160]."""
    n, ni = _round(b, b.mul(x, b.f(_LOG2E)))
    r = b.sub(b.sub(x, b.mul(n, b.f(_LN2_HI))), b.mul(n, b.f(_LN2_LO)))
    return r, ni


def _zero_below(b: _Builder, x, lowest: float, f: Callable):
    """f(x), and 0 where x < lowest (f's result rounds to 0 there): those
    lanes compute f(0) instead, because a multiply whose result underflows
    takes a microcode assist of ~150 cycles. Softmax's masked scores are
    -inf: exp took 2.2 ms instead of 0.3 on TinyLlama's [32, 128, 128]."""
    tiny = b.cmp("OLT", x, b.f(lowest))
    return b.select(tiny, b.f(0.0), f(b.select(tiny, b.f(0.0), x)))


def _exp(b: _Builder, x):
    """exp(x): x = n ln2 + r (Cody-Waite), e^r = 1 + r + r^2 P(r) with P of
    degree 4 (minimax, relative 3.1e-9 on |r| <= ln2/2), times 2^n built from
    exponent bits in two factors (overflow to inf above 88.72, subnormal
    results below -87.3, rounded once). 0 below -104 and x clamped to 89,
    beyond which the result is 0 or inf anyway; NaN propagates."""
    def exp(x):
        r, n = _exp_reduce(b, _clamp(b, x, -104.0, 89.0))
        return _ldexp(b, _exp_poly(b, r), n)
    return _zero_below(b, x, -104.0, exp)


def _exp_poly(b: _Builder, r):
    """e^r for |r| <= ln2/2."""
    return b.add(b.f(1.0), b.fma(b.mul(r, r), b.poly(r, _EXP_P), r))


# 2^r = 1 + r P(r), |r| <= 1/2: minimax for relative error, 2.0e-9.
_EXP2_P = [0.6931472028809086, 0.2402264791027811, 0.055503324097071746,
           0.009618437606713767, 0.0013398900171442956, 0.0001535334101764912]


def _exp2(b: _Builder, x):
    """exp2(x): n = round(x), r = x - n exact, 2^r = 1 + r P(r) with P of
    degree 5 (minimax, relative 2.0e-9 on |r| <= 1/2), times 2^n from
    exponent bits (two factors). 0 below -150 (2^-150 rounds to 0), x
    clamped to 130."""
    def exp2(x):
        x = _clamp(b, x, -160.0, 130.0)
        n, ni = _round(b, x)
        r = b.sub(x, n)
        return _ldexp(b, b.fma(r, b.poly(r, _EXP2_P), b.f(1.0)), ni)
    return _zero_below(b, x, -150.0, exp2)


# expm1(r) = r + r^2 (1/2 + r Q(r)), |r| <= ln2/2: minimax for relative error, 4.2e-10.
_EXPM1_Q = [0.16666666666666666, 0.04166648845447806, 0.008333352604777926,
            0.001393276217687419, 0.0001985433111527174]


def _expm1(b: _Builder, x):
    """expm1(x): x = n ln2 + r as for exp (r = x exactly when |x| < ln2/2),
    expm1(r) = r + r^2 (1/2 + r Q(r)) with Q of degree 4 (minimax, relative
    4.2e-10), then expm1(x) = 2^n (expm1(r) + (1 - 2^-n)): the bracket has no
    cancellation for any n, and the scaling is exact. x clamped to [-88, 89]
    (expm1(-88) = -1 in f32); -0 kept."""
    r, n = _exp_reduce(b, _clamp(b, x, -88.0, 89.0))
    em = b.fma(b.mul(r, r), b.fma(r, b.poly(r, _EXPM1_Q), b.f(0.5)), r)
    # 1 - 2^-n; for n > 25 it rounds to 1 (2^-n below half an ulp of 1).
    neg_n = b.isub(b.i(0), n)
    neg_n = b.select(b.icmp("slt", neg_n, b.i(-25)), b.i(-25), neg_n)
    base = b.add(em, b.sub(b.f(1.0), _pow2(b, neg_n)))
    return _keep_zero(b, x, _ldexp(b, base, n))


# ---------------------------------------------------------------------------
# log, log1p, log2
# ---------------------------------------------------------------------------

# log1p(f) = f - f^2/2 + f^3 P(f), f in [sqrt(1/2) - 1, sqrt(2) - 1]:
# minimax for relative error, 5.9e-9.
_LOG_P = [0.3333333168246591, -0.2500082674415167, 0.2000123601972729, -0.16623145058906458,
          0.14201363959223934, -0.13161995302926283, 0.12765462539878192, -0.07634453409376943]


def _log_reduce(b: _Builder, x):
    """x = 2^e m with m in [sqrt(1/2), sqrt(2)), for positive finite x
    (subnormals scaled by 2^23 first). Returns (e as float, f = m - 1, exact)."""
    sub = b.cmp("OLT", x, b.f(_FLT_MIN))
    x = b.select(sub, b.mul(x, b.f(2.0 ** 23)), x)
    ix = b.to_bits(x)
    e = b.ashr(b.isub(ix, b.i(0x3F3504F3)), 23)  # 0x3f3504f3 = sqrt(1/2)
    m = b.from_bits(b.isub(ix, b.shl(e, 23)))
    e = b.sub(b.sitofp(e), b.select(sub, b.f(23.0), b.f(0.0)))
    return e, b.sub(m, b.f(1.0))


def _log1p_poly(b: _Builder, f):
    """log1p(f) - f = -f^2/2 + f^3 P(f) on the reduced interval."""
    z = b.mul(f, f)
    return b.fma(b.mul(f, z), b.poly(f, _LOG_P), b.mul(z, b.f(-0.5)))


def _log_specials(b: _Builder, x, core, at_zero):
    """core for x in (0, inf); at_zero for x = +-0; x itself for +inf and
    NaN; NaN for x < 0."""
    ok = b.and_(b.cmp("OGT", x, b.f(0.0)), b.cmp("OLT", x, b.f(_INF)))
    special = b.select(b.cmp("OLT", x, b.f(0.0)), b.f(_NAN), x)
    special = b.select(b.cmp("OEQ", x, b.f(0.0)), at_zero, special)
    return b.select(ok, core, special)


def _log(b: _Builder, x):
    """log(x): x = 2^e m (exponent bits, m in [sqrt(1/2), sqrt(2))), f = m - 1
    exact, log(x) = e ln2 + f - f^2/2 + f^3 P(f) with P of degree 7 (minimax,
    relative 5.9e-9), e ln2 in two parts (Cody-Waite). No cancellation: for
    e != 0 the result is at least ln2/2 in magnitude."""
    e, f = _log_reduce(b, x)
    y = b.add(_log1p_poly(b, f), b.mul(e, b.f(_LN2_LO)))
    core = b.add(b.mul(e, b.f(_LN2_HI)), b.add(f, y))
    return _log_specials(b, x, core, b.f(-_INF))


def _log2(b: _Builder, x):
    """log2(x) = e + log1p(f) log2(e), with the reduction and polynomial of
    `_log`: log1p(f) = f + y is kept as an exact sum l + l_lo (Fast2Sum,
    |y| < |f|) and log2(e) in two parts, so that l log2(e), the bulk near
    x = 1, is rounded once. Exact for powers of two."""
    e, f = _log_reduce(b, x)
    y = _log1p_poly(b, f)
    l = b.add(f, y)
    l_lo = b.sub(y, b.sub(l, f))
    t = b.fma(l, b.f(_LOG2E_LO), b.mul(l_lo, b.f(_LOG2E)))
    core = b.add(e, b.fma(l, b.f(_LOG2E_HI), t))
    return _log_specials(b, x, core, b.f(-_INF))


def _log1p(b: _Builder, x):
    """log1p(x): u = 1 + x rounded, log1p(x) = log(u) + c with the rounding
    correction c = (x - (u - 1)) / u (fdlibm's: (1 - (u - x)) / u when
    u >= 2, both numerators exact); log(u) as in `_log`. Exact x for tiny x,
    -0 kept, -1 -> -inf, below -1 NaN."""
    u = b.add(b.f(1.0), x)
    c = b.select(b.cmp("OGE", u, b.f(2.0)),
                 b.sub(b.f(1.0), b.sub(u, x)), b.sub(x, b.sub(u, b.f(1.0))))
    c = b.div(c, u)
    e, f = _log_reduce(b, u)
    y = b.add(_log1p_poly(b, f), b.add(b.mul(e, b.f(_LN2_LO)), c))
    core = b.add(b.mul(e, b.f(_LN2_HI)), b.add(f, y))
    # log1p(x) for x in (-1, inf); specials of log at u = 1 + x.
    result = _log_specials(b, u, core, b.f(-_INF))
    result = b.select(b.cmp("UNO", x, x), x, result)
    return _keep_zero(b, x, result)


# ---------------------------------------------------------------------------
# tanh, erf
# ---------------------------------------------------------------------------

# tanh(x) = x + x^3 P(x^2), |x| <= 0.625: minimax for relative error, 4.4e-9.
_TANH_P = [-0.3333328194201277, 0.13331442198175808, -0.05373971508582496,
           0.020639087244729175, -0.005704986993455203]


def _tanh(b: _Builder, x):
    """tanh(x): for |x| < 0.625 the odd polynomial x + x^3 P(x^2), P of
    degree 4 (minimax, relative 4.4e-9); above, 1 - 2 / (e + 1) with
    e = e^t, t = min(2|x|, 20) (tanh is 1 in f32 from t = 18.03 on): e^r as
    in `_exp` for t = n ln2 + r, and e + 1 = 2^n e^r + 1 rounded once (2^n
    from exponent bits, n in [0, 29]: the product is exact). No
    cancellation: the result is above 0.55. The sign is copied from x (tanh(-0) = -0)."""
    a = b.abs(x)
    z = b.mul(a, a)
    small = b.fma(b.mul(a, z), b.poly(z, _TANH_P), a)
    t = b.add(a, a)
    r, n = _exp_reduce(b, b.select(b.cmp("OGT", t, b.f(20.0)), b.f(20.0), t))
    e_plus_1 = b.fma(_pow2(b, n), _exp_poly(b, r), b.f(1.0))
    large = b.sub(b.f(1.0), b.div(b.f(2.0), e_plus_1))
    return b.copysign(b.select(b.cmp("OLT", a, b.f(0.625)), small, large), x)


# erf(x) = x (1 + Q(x^2)), |x| <= 0.9: minimax for relative error, 2.9e-10.
_ERF_SMALL_Q = [0.128379166764367, -0.3761263497985703, 0.1128371503287404, -0.026860508463194207,
                0.005203859158760654, -0.0008175639274189786, 8.513103984306401e-05]
# erfc(a) = exp(G(a)), a in [0.9, 4]: minimax of G for the error of
# 1 - exp(G) relative to erf, 1.7e-9.
_ERF_LARGE_G = [-0.0001664479866249195, -1.127797240856699, -0.6369760865685498, -0.10411367536403242,
                0.02231521118037, -0.003065489748620026, 0.0001982195890588612]


def _erf(b: _Builder, x):
    """erf(x): for |x| < 0.9, x + x Q(x^2) with Q of degree 6 (minimax,
    relative 2.9e-10); above, 1 - exp(G(|x|)) where G approximates
    log(erfc) on [0.9, 4] by a degree 6 polynomial (minimax for the error
    relative to erf, 1.7e-9; the form after N. Juffa's erff). |x| is clamped
    to 4, where erf rounds to 1 already. Sign copied from x."""
    a = b.abs(x)
    small = b.fma(a, b.poly(b.mul(a, a), _ERF_SMALL_Q), a)
    g = b.poly(_clamp(b, a, 0.0, 4.0), _ERF_LARGE_G)
    large = b.sub(b.f(1.0), _exp(b, g))
    return b.copysign(b.select(b.cmp("OLT", a, b.f(0.9)), small, large), x)


# ---------------------------------------------------------------------------
# sin, cos
# ---------------------------------------------------------------------------

# sin(r) = r + r^3 S(r^2), cos(r) = 1 - r^2/2 + r^4 C(r^2), |r| <= pi/4:
# minimax for relative error, 5.2e-12 and 1.2e-10.
_SIN_S = [-0.16666666640588162, 0.008333329280521575, -0.00019839304414809362, 2.718046466462808e-06]
_COS_C = [0.04166664555445491, -0.0013887309866096752, 2.4432412935023963e-05]

# pi/2 = _PIO2_1 + _PIO2_2 + _PIO2_3, the first two with 29 significant bits
# (their products with an integer below 2^24 are exact in f64).
_PIO2_1 = float.fromhex("0x1.921fb54000000p+0")
_PIO2_2 = float.fromhex("0x1.10b4611000000p-30")
_PIO2_3 = float.fromhex("0x1.4c4c6628b80dcp-59")
_PIO2 = float.fromhex("0x1.921fb54442d18p+0")
_TWO_OVER_PI = float.fromhex("0x1.45f306dc9c883p-1")

# 2/pi to 320 bits: the integer floor(2/pi * 2^320).
_TWO_OVER_PI_BITS = int("a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e0", 16)


def _large_reduction_table() -> list[tuple[float, ...]]:
    """For |x| = M 2^E (M a 24-bit integer, E in [1, 104]), grouped by
    a = (E - 1) >> 3: the scale 2^-(8a + 1) and T_a = 2^(8a + 1) (2/pi) mod 4
    in four parts, the first three exact binary chunks of T_a's bits
    [2^1, 2^-27], [2^-28, 2^-52], [2^-53, 2^-81] and the fourth the rest
    rounded to f64. With P = |x| 2^-(8a + 1) = M 2^b (an integer below
    2^31 with 24 significant bits), the products P * chunk are exact in f64
    and P T_a = |x| 2/pi (mod 4)."""
    table = []
    for a in range(13):
        shift = 8 * a + 1
        frac_bits = 320 - shift  # T_a = w / 2^frac_bits
        w = _TWO_OVER_PI_BITS % (1 << (frac_bits + 2))
        # w cut after the bits of weight 2^-27, 2^-52 and 2^-81
        cuts = [w >> (frac_bits - lsb) << (frac_bits - lsb) for lsb in (27, 52, 81)]
        chunks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], w - cuts[2]]
        table.append((2.0 ** -shift, *(c / 2 ** frac_bits for c in chunks)))
    return table


_LARGE_TABLE = _large_reduction_table()
_LARGE_THRESHOLD = 2.0 ** 24


def _floor_f64(w: _Builder, v):
    """floor(v) for |v| < 2^51."""
    rn, _ = _round(w, v)
    return w.sub(rn, w.select(w.cmp("OGT", rn, v), w.f(1.0), w.f(0.0)))


def _mod4_f64(w: _Builder, v):
    return w.sub(v, w.mul(w.f(4.0), _floor_f64(w, w.mul(v, w.f(0.25)))))


def _reduce_large(w: _Builder, xd, ibits):
    """Payne-Hanek style reduction of |x| >= 2^24 in f64, table of 13 groups
    (see `_large_reduction_table`): returns (r, n) with |x| = n pi/2 + r
    (mod 2 pi), |r| <= pi/4 (plus 2^-21), r relative error ~2^-50.
    `ibits` is the f32 bit pattern of |x|, as i64."""
    group = w.ashr(w.isub(w.ashr(ibits, 23), w.i(151)), 3)  # (E - 1) >> 3
    entries = [w.f(v) for v in _LARGE_TABLE[0]]
    for a, row in enumerate(_LARGE_TABLE[1:], 1):
        hit = w.icmp("eq", group, w.i(a))
        entries = [w.select(hit, w.f(v), e) for v, e in zip(row, entries)]
    scale, c1, c2, c3, c4 = entries
    p = w.mul(xd, scale)  # exact: an integer below 2^31
    f1 = _mod4_f64(w, w.mul(p, c1))  # exact, multiple of 2^-27
    s2 = w.mul(p, c2)  # exact, below 2^4
    i2, _ = _round(w, s2)
    f2 = w.sub(s2, i2)  # exact, in [-1/2, 1/2], multiple of 2^-52
    g = w.add(f1, _mod4_f64(w, i2))  # exact, in [0, 8)
    g = w.select(w.cmp("OGE", g, w.f(4.0)), w.sub(g, w.f(4.0)), g)
    n, ni = _round(w, w.add(g, f2))
    u = w.add(w.sub(g, n), f2)  # exact: |u| <= 1/2 + ..., multiple of 2^-52
    t = w.add(u, w.add(w.mul(p, c3), w.mul(p, c4)))
    return w.mul(t, w.f(_PIO2)), ni


def _sincos_reduce(b: _Builder, x):
    """|x| = n pi/2 + r, returned as r = r_hi + r_lo (f32 pair) and n (i32).
    In f64: Cody-Waite with pi/2 in three parts (error below 2^-75 for
    |x| < 2^24); for |x| >= 2^24 (finite), `_reduce_large`, under an scf.if
    taken only when some lane needs it."""
    w = b.wide()
    a = b.abs(x)
    xd = b.ext(a, w)
    n, ni = _round(w, w.mul(xd, w.f(_TWO_OVER_PI)))
    r = w.sub(w.sub(w.sub(xd, w.mul(n, w.f(_PIO2_1))), w.mul(n, w.f(_PIO2_2))), w.mul(n, w.f(_PIO2_3)))
    large = b.and_(b.cmp("OGE", a, b.f(_LARGE_THRESHOLD)), b.cmp("OLE", a, b.f(_FLT_MAX)))

    def reduce_large():
        ibits = b.int_to_wide(b.to_bits(a), w)
        r2, n2 = _reduce_large(w, xd, ibits)
        return [w.select(large, r2, r), w.select(large, n2, ni)]

    r, ni = b.if_any(large, reduce_large, [r, ni])
    r_hi = b.trunc(r, w)
    r_lo = b.trunc(w.sub(r, b.ext(r_hi, w)), w)
    return r_hi, r_lo, b.int_from_wide(ni, w)


def _sin_poly(b: _Builder, r, r_lo):
    z = b.mul(r, r)
    return b.add(r, b.fma(b.mul(r, z), b.poly(z, _SIN_S), r_lo))


def _cos_poly(b: _Builder, r, r_lo):
    z = b.mul(r, r)
    tail = b.fma(b.mul(z, z), b.poly(z, _COS_C), b.neg(b.mul(r, r_lo)))
    return b.add(b.f(1.0), b.fma(z, b.f(-0.5), tail))


def _sincos(b: _Builder, x, is_cos: bool):
    """sin or cos of x = sign * (n pi/2 + r): polynomial of r by quadrant,
    r carried as an f32 pair; sign and quadrant applied by flipping the sign
    bit. NaN for +-inf and NaN."""
    r, r_lo, n = _sincos_reduce(b, x)
    if is_cos:
        n = b.iadd(n, b.i(1))  # cos(y) = sin(y + pi/2)
    odd = b.icmp("ne", b.iand(n, b.i(1)), b.i(0))
    value = b.select(odd, _cos_poly(b, r, r_lo), _sin_poly(b, r, r_lo))
    sign = b.shl(b.iand(n, b.i(2)), 30)
    if not is_cos:
        sign = b.ixor(sign, b.iand(b.to_bits(x), b.i(0x80000000)))  # sin(-x) = -sin(x)
    value = b.from_bits(b.ixor(b.to_bits(value), sign))
    finite = b.cmp("OLE", b.abs(x), b.f(_FLT_MAX))
    return b.select(finite, value, b.sub(x, x))


def _sin(b: _Builder, x):
    """sin(x): see `_sincos` and `_sincos_reduce`; sin(-0) = -0."""
    return _sincos(b, x, False)


def _cos(b: _Builder, x):
    """cos(x): see `_sincos` and `_sincos_reduce`."""
    return _sincos(b, x, True)


# ---------------------------------------------------------------------------
# atan, atan2
# ---------------------------------------------------------------------------

# atan(t) = t + t^3 P(t^2), |t| <= 1: minimax for relative error, 2.6e-9.
_ATAN_P = [-0.3333329908973116, 0.19998548296660426, -0.14264241760805302, 0.10952185967163945,
           -0.08403450347184799, 0.057957586484259256, -0.03117783280136527, 0.01091459606019322,
           -0.0017936190283977446]
_PIO2_HI, _PIO2_LO = 1.57079637050628662, -4.37113900018624283e-8  # f32 pi/2 and the rest
_PI_HI, _PI_LO = 3.14159274101257324, -8.74227800037248566e-8
_PIO4_F32 = 0.785398185253143311


def _atan_unit(b: _Builder, t):
    """atan(t) for |t| <= 1: t + t^3 P(t^2) with P of degree 8 (minimax,
    relative 2.6e-9); atan(+-1) is +-pi/4 rounded (the polynomial's value
    there is an ulp low, and atan2(+-inf, +-inf) relies on it)."""
    z = b.mul(t, t)
    p = b.fma(b.mul(t, z), b.poly(z, _ATAN_P), t)
    return b.select(b.cmp("OEQ", z, b.f(1.0)), b.copysign(b.f(_PIO4_F32), t), p)


def _atan(b: _Builder, x):
    """atan(x): for |x| > 1, atan(|x|) = pi/2 - atan(1/|x|) (pi/2 in two
    parts), so one polynomial on [0, 1] (`_atan_unit`); sign copied from x,
    atan(+-inf) = +-pi/2."""
    a = b.abs(x)
    big = b.cmp("OGT", a, b.f(1.0))
    p = _atan_unit(b, b.select(big, b.div(b.f(1.0), a), a))
    return b.copysign(b.select(big, b.add(b.f(_PIO2_HI), b.sub(b.f(_PIO2_LO), p)), p), x)


def _atan2(b: _Builder, y, x):
    """atan2(y, x): t = min(|x|, |y|) / max(|x|, |y|) in [0, 1] (one
    rounding), `_atan_unit`, then by octant: atan(t), pi/2 - atan(t), pi - atan(t) or
    pi/2 + atan(t) (constants in two parts), sign of y copied. C's special
    cases: both zero -> 0 or pi by the sign of x (-0 counts as negative),
    both infinite -> pi/4 or 3pi/4, NaN -> NaN."""
    ax, ay = b.abs(x), b.abs(y)
    swap = b.cmp("OGT", ay, ax)
    num, den = b.select(swap, ax, ay), b.select(swap, ay, ax)
    both_zero = b.and_(b.cmp("OEQ", num, b.f(0.0)), b.cmp("OEQ", den, b.f(0.0)))
    both_inf = b.and_(b.cmp("OEQ", num, b.f(_INF)), b.cmp("OEQ", den, b.f(_INF)))
    num = b.select(both_zero, b.f(0.0), b.select(both_inf, b.f(1.0), num))
    den = b.select(both_zero, b.f(1.0), b.select(both_inf, b.f(1.0), den))
    theta = _atan_unit(b, b.div(num, den))
    negative_x = _sign_bit(b, x)
    # offset + sign * theta
    hi = b.select(negative_x, b.select(swap, b.f(_PIO2_HI), b.f(_PI_HI)),
                  b.select(swap, b.f(_PIO2_HI), b.f(0.0)))
    lo = b.select(negative_x, b.select(swap, b.f(_PIO2_LO), b.f(_PI_LO)),
                  b.select(swap, b.f(_PIO2_LO), b.f(0.0)))
    subtract = b.xor(swap, negative_x)
    signed = b.select(subtract, b.neg(theta), theta)
    return b.copysign(b.add(hi, b.add(lo, signed)), y)


# ---------------------------------------------------------------------------
# pow
# ---------------------------------------------------------------------------

# log(m) = 2s + s^3 R(s^2), s = (m - 1)/(m + 1), m in [sqrt(1/2), sqrt(2)):
# minimax for relative error, 3.0e-14.
_LOG_F64_R = [0.66666666675861658, 0.39999995597067648, 0.28572112185697832,
              0.22176046619376231, 0.19586405943823501]
# e^u = 1 + u + u^2 P(u), |u| <= ln2/2: minimax for relative error, 1.2e-12.
_EXP_F64_P = [0.50000000004337106, 0.1666666678585396, 0.0416666643776634, 0.0083332813963227851,
              0.0013889199622560246, 0.00019909209183825802, 2.4707907853701605e-5]
_LN2_F64 = 0.693147180559945286


def _log2_f64(w: _Builder, x):
    """log2(x) in f64 for positive normal x: x = 2^e m (exponent bits, m in
    [sqrt(1/2), sqrt(2))), s = (m - 1)/(m + 1), log(m) = 2s + s^3 R(s^2) with
    R of degree 4 (relative 3.0e-14), log2(x) = e + log(m) log2(e): exactly e
    for powers of two."""
    ix = w.to_bits(x)
    e = w.ashr(w.isub(ix, w.i(0x3FE6A09E667F3BCD)), 52)  # sqrt(1/2)
    m = w.from_bits(w.isub(ix, w.shl(e, 52)))
    f = w.sub(m, w.f(1.0))
    s = w.div(f, w.add(f, w.f(2.0)))
    z = w.mul(s, s)
    log_m = w.fma(w.mul(s, z), w.poly(z, _LOG_F64_R), w.add(s, s))
    return w.add(w.sitofp(e), w.mul(log_m, w.f(_LOG2E)))


def _exp2_f64(w: _Builder, t):
    """2^t in f64 for t clamped to [-300, 300] (NaN kept): n = round(t),
    r = t - n exact, 2^r = e^u with u = r ln2, 1 + u + u^2 P(u), P of
    degree 6 (relative 1.2e-12), times 2^n from exponent bits: exact when t
    is an integer."""
    t = _clamp(w, t, -300.0, 300.0)
    n, ni = _round(w, t)
    u = w.mul(w.sub(t, n), w.f(_LN2_F64))
    p = w.add(w.f(1.0), w.fma(w.mul(u, u), w.poly(u, _EXP_F64_P), u))
    return w.mul(p, _pow2(w, ni))


def _powf(b: _Builder, x, y):
    """pow(x, y) = 2^(y log2|x|) computed in f64 (relative error ~1e-12
    before the single rounding to f32, which also gives overflow and
    subnormal results; exact powers of two stay exact), with C's special
    cases: pow(x, +-0) = 1 and pow(1, y) = 1 even for NaN, pow(-1, +-inf) = 1,
    negative x to an odd integer power is negative, to a non-integer power
    NaN; +-0 and +-inf as C99 F.9.4.4."""
    w = b.wide()
    ax = b.abs(x)
    axd = b.ext(ax, w)
    positive_finite = b.and_(b.cmp("OGT", ax, b.f(0.0)), b.cmp("OLT", ax, b.f(_INF)))
    # log2|x|: -inf at 0, +inf at inf, NaN at NaN.
    log_ax = w.select(positive_finite, _log2_f64(w, axd),
                      w.select(w.cmp("OEQ", axd, w.f(0.0)), w.f(-_INF), axd))
    result = b.trunc(_exp2_f64(w, w.mul(b.ext(y, w), log_ax)), w)

    # y an integer (all finite |y| >= 2^24 are, and inf counts as even), odd.
    ay = b.abs(y)
    small_y = b.cmp("OLT", ay, b.f(2.0 ** 24))
    yi = b.fptosi(b.select(small_y, y, b.f(0.0)))
    integer = b.or_(b.cmp("OGE", ay, b.f(2.0 ** 24)), b.cmp("OEQ", b.sitofp(yi), y))
    odd = b.and_(b.and_(small_y, integer), b.icmp("ne", b.iand(yi, b.i(1)), b.i(0)))

    result = b.select(b.and_(_sign_bit(b, x), odd), b.neg(result), result)
    negative_finite = b.and_(b.cmp("OLT", x, b.f(0.0)), b.cmp("OGT", x, b.f(-_INF)))
    result = b.select(b.and_(negative_finite, b.not_(integer)), b.f(_NAN), result)
    one = b.or_(b.or_(b.cmp("OEQ", y, b.f(0.0)), b.cmp("OEQ", x, b.f(1.0))),
                b.and_(b.cmp("OEQ", ax, b.f(1.0)), b.cmp("OEQ", ay, b.f(_INF))))
    return b.select(one, b.f(1.0), result)


# ---------------------------------------------------------------------------
# rsqrt
# ---------------------------------------------------------------------------


def _rsqrt(b: _Builder, x):
    """1 / sqrt(x): two correctly rounded operations (math.sqrt is the
    hardware instruction)."""
    return b.div(b.f(1.0), b.sqrt(x))


# ---------------------------------------------------------------------------
# Exact ops: rounding to integers, square root, absolute value
# ---------------------------------------------------------------------------


def _roundeven(b: _Builder, x):
    """Ties to even, as the FPU rounds: |x| + 2^23 (f32) has no fraction bits
    left, so the add rounds, and subtracting 2^23 back is exact. |x| >= 2^23
    is already an integer (or inf); NaN fails the compare and stays."""
    big = 2.0 ** (23 if b.bits == 32 else 52)
    ax = b.abs(x)
    rounded = b.copysign(b.sub(b.add(ax, b.f(big)), b.f(big)), x)
    return b.select(b.cmp("OLT", ax, b.f(big)), rounded, x)


def _floor(b: _Builder, x):
    r = _roundeven(b, x)
    return b.copysign(b.select(b.cmp("OGT", r, x), b.sub(r, b.f(1.0)), r), x)


def _ceil(b: _Builder, x):
    r = _roundeven(b, x)
    return b.copysign(b.select(b.cmp("OLT", r, x), b.add(r, b.f(1.0)), r), x)


def _trunc(b: _Builder, x):
    return b.copysign(_floor(b, b.abs(x)), x)


def _round_half_away(b: _Builder, x):
    """Ties away from zero: x - trunc(x) is exact, and decides."""
    t = _trunc(b, x)
    away = b.cmp("OGE", b.abs(b.sub(x, t)), b.f(0.5))
    return b.select(away, b.add(t, b.copysign(b.f(1.0), x)), t)


EXACT: dict[str, Callable[..., ir.Value]] = {
    "math.roundeven": _roundeven,
    "math.round": _round_half_away,
    "math.floor": _floor,
    "math.ceil": _ceil,
    "math.trunc": _trunc,
    "math.sqrt": lambda b, x: b.sqrt(x),
    "math.absf": lambda b, x: b.abs(x),
}

APPROXIMATIONS: dict[str, Callable[..., ir.Value]] = {
    "math.exp": _exp,
    "math.exp2": _exp2,
    "math.expm1": _expm1,
    "math.log": _log,
    "math.log1p": _log1p,
    "math.log2": _log2,
    "math.tanh": _tanh,
    "math.erf": _erf,
    "math.sin": _sin,
    "math.cos": _cos,
    "math.atan": _atan,
    "math.atan2": _atan2,
    "math.powf": _powf,
    "math.rsqrt": _rsqrt,
}
