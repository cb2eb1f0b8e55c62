"""The NumPy interpreter (the oracle of every TCP test) against PyTorch,
where a TCP op has a PyTorch counterpart, and against hand-computed values
where it has none."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from tcp_aot.element_types import ELEMENT_TYPES, to_numpy
from tcp_aot.interpreter import Interpreter, InterpreterError
from tcp_aot.module_io import parse_module

EDGES = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, -2.5, 2.5, 1e-8, -3.75, 7.0, 100.25],
                 dtype=np.float32)


def run(context, body: str, *args):
    """Interpret `func.func @f` whose body is `body` (uses %a, %b, %c, %d)."""
    return run_all(context, body, *args)[0]


def run_all(context, body: str, *args) -> list:
    """`run` for an op with any number of results (types after the last '->')."""
    types = ", ".join(f"%{n}: {_type(a)}" for n, a in zip("abcd", args))
    results = [r.strip() for r in body.split("->")[-1].split(",")]
    lhs = "%0" if len(results) == 1 else f"%0:{len(results)}"
    values = "%0" if len(results) == 1 else ", ".join(f"%0#{i}" for i in range(len(results)))
    module = parse_module(f"func.func @f({types}) -> ({', '.join(results)}) {{\n"
                          f"  {lhs} = {body}\n  return {values} : {', '.join(results)}\n}}")
    return [np.asarray(r) for r in Interpreter(module).run("f", list(args))]


_DT = {e.numpy: e.mlir for e in ELEMENT_TYPES.values()}


def _type(a: np.ndarray) -> str:
    return f"tensor<{''.join(f'{d}x' for d in a.shape)}{_DT[a.dtype]}>"


def t(a: np.ndarray) -> str:
    return _type(a)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("op,reference", [
    ("tanh", torch.tanh), ("sigmoid", torch.sigmoid), ("ceil", torch.ceil), ("floor", torch.floor),
    ("trunc", torch.trunc), ("round_even", torch.round), ("cos", torch.cos), ("sin", torch.sin),
    ("log", torch.log), ("atan", torch.atan), ("exp", torch.exp), ("log1p", torch.log1p), ("abs", torch.abs),
    ("neg", torch.neg), ("sqrt", torch.sqrt), ("erf", torch.erf), ("expm1", torch.expm1),
    ("rsqrt", torch.rsqrt), ("log2", torch.log2), ("tan", torch.tan), ("sinh", torch.sinh),
    ("cosh", torch.cosh), ("asin", torch.asin), ("acos", torch.acos), ("asinh", torch.asinh), ("acosh", torch.acosh),
    ("atanh", torch.atanh), ("log10", torch.log10),
])
def test_float_unary_like_pytorch(context, op, reference, dtype):
    """Within a few ulps (the libms differ), with the sign of zeros and
    infinities (erf(-0) is -0, rsqrt(-0) and log2(-0) are -inf)."""
    x = np.concatenate([EDGES, [-1e-8, 0.75, -7.0, 20.0, -20.0, 90.0, 2.0 ** -126]]).astype(dtype)
    got = run(context, f"tcp.{op} %a : {t(x)} -> {t(x)}", x)
    want = reference(torch.from_numpy(x)).numpy()
    assert got.dtype == want.dtype
    rtol, atol = (1e-6, 1e-7) if dtype == np.float32 else (1e-12, 1e-300)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    exact = (want == 0) | np.isinf(want)
    np.testing.assert_array_equal(np.signbit(got[exact]), np.signbit(want[exact]))


def test_round_is_ties_away_from_zero(context):
    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 2.4999998, 8388609.0, -0.0], np.float32)
    got = run(context, f"tcp.round %a : {t(x)} -> {t(x)}", x)
    np.testing.assert_array_equal(got, [1.0, 2.0, 3.0, -1.0, -3.0, 2.0, 8388609.0, -0.0])


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_integer_abs_and_neg_wrap_like_pytorch(context, dtype):
    info = np.iinfo(dtype)
    x = np.array([info.min, info.max, 0, -1, 5], dtype)
    for op, reference in (("abs", torch.abs), ("neg", torch.neg)):
        got = run(context, f"tcp.{op} %a : {t(x)} -> {t(x)}", x)
        np.testing.assert_array_equal(got, reference(torch.from_numpy(x)).numpy())


def test_integer_sqrt_is_float_like_pytorch(context):
    x = np.array([0, 1, 2, 9, 10**9], np.int64)
    got = run(context, f"tcp.sqrt %a : {t(x)} -> tensor<5xf32>", x)
    np.testing.assert_array_equal(got, torch.sqrt(torch.from_numpy(x)).numpy())


@pytest.mark.parametrize("mode,torch_mode", [("Trunc", "trunc"), ("Floor", "floor")])
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_signed_division_like_pytorch(context, mode, torch_mode, dtype):
    a = np.array([7, -7, 7, -7, 0, 1, -1, np.iinfo(dtype).max, np.iinfo(dtype).min], dtype)
    b = np.array([2, 2, -2, -2, 3, -3, 3, -1, 2], dtype)
    got = run(context, f"tcp.divsi %a, %b {{rounding_mode = #tcp<roundingMode {mode}>}} : {t(a)}, {t(b)} -> {t(a)}", a, b)
    want = torch.div(torch.from_numpy(a), torch.from_numpy(b), rounding_mode=torch_mode).numpy()
    np.testing.assert_array_equal(got, want)


def test_ceil_and_unsigned_division(context):
    a = np.array([7, -7, 7, -7, -1, 6], np.int8)
    b = np.array([2, 2, -2, -2, 2, 3], np.int8)
    ceil = run(context, f"tcp.divsi %a, %b {{rounding_mode = #tcp<roundingMode Ceil>}} : {t(a)}, {t(b)} -> {t(a)}", a, b)
    np.testing.assert_array_equal(ceil, [4, -3, -3, 4, 0, 2])
    unsigned = run(context, f"tcp.divui %a, %b {{rounding_mode = #tcp<roundingMode Trunc>}} : {t(a)}, {t(b)} -> {t(a)}",
                   a, b)
    # As unsigned bytes: 7/2, 249/2, 7/254, 249/254, 255/2, 6/3.
    np.testing.assert_array_equal(unsigned.view(np.uint8), [3, 124, 0, 0, 127, 2])


@pytest.mark.parametrize("mode,torch_mode", [("Trunc", "trunc"), ("Floor", "floor")])
def test_float_division_modes_like_pytorch(context, mode, torch_mode):
    """Including the quotients floor(a / b) gets wrong (1 // 0.1 is 9) and
    division by zero, NaN and infinities."""
    a = np.array([1.0, -7.0, 7.0, 0.3, 5.0, -5.0, -0.0, np.inf, np.nan, 3.0, -3.0], np.float32)
    b = np.array([0.1, 0.7, -0.7, 0.1, 0.0, -0.0, 2.0, 2.0, 1.0, np.inf, np.inf], np.float32)
    got = run(context, f"tcp.divf %a, %b {{rounding_mode = #tcp<roundingMode {mode}>}} : {t(a)}, {t(b)} -> {t(a)}",
              a, b)
    want = torch.div(torch.from_numpy(a), torch.from_numpy(b), rounding_mode=torch_mode).numpy()
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def test_division_by_zero_is_reported(context):
    a = np.array([1, 2], np.int32)
    b = np.array([1, 0], np.int32)
    with pytest.raises(InterpreterError, match="division by zero"):
        run(context, f"tcp.divsi %a, %b {{rounding_mode = #tcp<roundingMode Trunc>}} : {t(a)}, {t(b)} -> {t(a)}", a, b)


def test_clamp_like_pytorch(context):
    got = run(context, f"tcp.clamp %a {{min_float = -0.5 : f32, max_float = 2.0 : f32}} : {t(EDGES)} -> {t(EDGES)}",
              EDGES)
    np.testing.assert_array_equal(got, torch.clamp(torch.from_numpy(EDGES), -0.5, 2.0).numpy())
    x = np.array([-128, -5, 0, 5, 127], np.int8)
    got = run(context, f"tcp.clamp %a {{min_int = -3 : i64, max_int = 1000 : i64}} : {t(x)} -> {t(x)}", x)
    # PyTorch refuses a bound int8 cannot hold; TCP saturates it (bounds nothing).
    np.testing.assert_array_equal(got, torch.clamp(torch.from_numpy(x), -3, 127).numpy())


CASTS = [(np.float32, torch.int32), (np.float32, torch.bool), (np.int64, torch.float32), (np.int32, torch.int8),
         (np.int8, torch.int64), (np.bool_, torch.float32), (np.bool_, torch.int32), (np.float64, torch.float32),
         (np.int32, torch.bool)]
TORCH_TO_TCP = {torch.int32: "i32", torch.bool: "i1", torch.float32: "f32", torch.int8: "i8", torch.int64: "i64"}


@pytest.mark.parametrize("src,dst", CASTS, ids=[f"{s.__name__}-{d}" for s, d in CASTS])
def test_cast_like_pytorch(context, src, dst):
    if np.issubdtype(src, np.floating):
        x = np.array([0.0, -0.0, 2.7, -2.7, 100.5, -99.5, 1e-3], src)
        if dst == torch.bool:
            x = np.append(x, np.nan).astype(src)
    elif src == np.bool_:
        x = np.array([True, False, True])
    else:
        info = np.iinfo(src)
        x = np.array([info.min, info.max, 0, -1, 200, -200], np.int64).astype(src)
    out_dt = TORCH_TO_TCP[dst]
    attrs = []
    if src == np.bool_:
        attrs.append("in_int_signedness = #tcp<signedness Signless>")
    elif np.issubdtype(src, np.integer):
        attrs.append("in_int_signedness = #tcp<signedness Signed>")
    if dst == torch.bool:
        attrs.append("out_int_signedness = #tcp<signedness Signless>")
    elif not dst.is_floating_point:
        attrs.append("out_int_signedness = #tcp<signedness Signed>")
    attr_text = "{" + ", ".join(attrs) + "}" if attrs else ""
    got = run(context, f"tcp.cast %a {attr_text} : {t(x)} -> tensor<{x.size}x{out_dt}>", x)
    np.testing.assert_array_equal(got, torch.from_numpy(x).to(dst).numpy())


def test_unsigned_cast_reads_bits_as_unsigned(context):
    x = np.array([-1, 3], np.int8)
    got = run(context, f"tcp.cast %a {{in_int_signedness = #tcp<signedness Unsigned>, out_int_signedness = "
                       f"#tcp<signedness Signed>}} : {t(x)} -> tensor<2xi32>", x)
    np.testing.assert_array_equal(got, [255, 3])


def test_gather_like_pytorch(context):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    idx = np.array([[2, 0, 1, 1], [0, 0, 2, 1]], np.int64)
    module = parse_module("""func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
      %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
      return %0 : tensor<2x4xf32>
    }""")
    got = Interpreter(module).run("f", [x, idx])[0]
    np.testing.assert_array_equal(got, torch.gather(torch.from_numpy(x), 0, torch.from_numpy(idx)).numpy())
    with pytest.raises(InterpreterError, match="out of range"):
        Interpreter(module).run("f", [x, idx + 5])


# ---------------------------------------------------------------------------
# Elementwise: min/max, pow, rem, comparisons, logic, select
# ---------------------------------------------------------------------------

FLOATS = [np.float32, np.float64]
INTS = [np.int8, np.int32, np.int64]


def _pairs(values, dtype) -> tuple[np.ndarray, np.ndarray]:
    """Every (a, b) pair of `values`, as two flat arrays (long enough for
    PyTorch's vectorized kernels as well as their scalar tails)."""
    a, b = np.meshgrid(np.array(values, dtype), np.array(values, dtype), indexing="ij")
    return a.ravel(), b.ravel()


def _int_edges(dtype) -> list[int]:
    info = np.iinfo(dtype)
    return [info.min, info.min + 1, -7, -2, -1, 0, 1, 2, 3, 7, info.max - 1, info.max]


def _identical(got: np.ndarray, want: np.ndarray, signed_zeros: bool = True) -> None:
    """Same dtype, shape and values; for floats bit for bit up to NaN
    payloads: NaN where NaN, and (unless `signed_zeros` is off) the sign of
    every other element, so -0.0 and 0.0 differ."""
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    if signed_zeros and np.issubdtype(want.dtype, np.floating):
        numbers = ~np.isnan(want)
        np.testing.assert_array_equal(np.signbit(got[numbers]), np.signbit(want[numbers]))


def _binary(context, op: str, a: np.ndarray, b: np.ndarray, attrs: str = "") -> np.ndarray:
    out = a if op != "cmp" else a.astype(np.bool_)
    return run(context, f"tcp.{op} %a, %b {attrs} : {t(a)}, {t(b)} -> {t(out)}", a, b)


@pytest.mark.parametrize("op,reference", [("max", torch.maximum), ("min", torch.minimum)])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_max_min_like_pytorch(context, op, reference, dtype):
    """NaN wins over anything, infinities order, integers are signed. The
    sign of max(-0.0, 0.0) is not compared: PyTorch's own answer depends on
    whether the element falls in a vectorized chunk or the scalar tail."""
    values = EDGES if np.issubdtype(dtype, np.floating) else _int_edges(dtype)
    a, b = _pairs(values, dtype)
    got = _binary(context, op, a, b)
    _identical(got, reference(torch.from_numpy(a), torch.from_numpy(b)).numpy(), signed_zeros=False)


POW_BASES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.7, -8.0, 1e-8, 1e30]
POW_EXPONENTS = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 2.0, 3.0, -3.0, 0.5, -0.5, 2.5, 1e-8, 40.0]


@pytest.mark.parametrize("dtype", FLOATS)
def test_pow_like_pytorch(context, dtype):
    """C's special cases (pow(NaN, 0) = 1, pow(1, NaN) = 1, pow(-8, 0.5) =
    NaN, pow(-0, -3) = -inf, pow(-inf, 3) = -inf...), overflow to inf, and
    finite results within a few ulps."""
    a, b = (m.ravel() for m in np.meshgrid(np.array(POW_BASES, dtype), np.array(POW_EXPONENTS, dtype)))
    got = _binary(context, "pow", a, b)
    want = torch.pow(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    rtol = 1e-6 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(got, want, rtol=rtol, atol=0, equal_nan=True)
    exact = (want == 0) | np.isinf(want)
    np.testing.assert_array_equal(np.signbit(got[exact]), np.signbit(want[exact]))


REM_MODES = [("Trunc", torch.fmod), ("Floor", torch.remainder)]


@pytest.mark.parametrize("mode,reference", REM_MODES, ids=[m for m, _ in REM_MODES])
@pytest.mark.parametrize("dtype", FLOATS)
def test_float_rem_like_pytorch(context, mode, reference, dtype):
    """fmod is exact, so is torch.remainder's fmod-then-add: compared bit for
    bit, zeros' signs included (fmod(-4, 2) is -0.0, remainder(-4, 2) too,
    remainder(-3, inf) is inf, x rem 0 is NaN).

    Where a / b overflows the type (1e30 rem 1e-30 in f32) PyTorch disagrees
    with itself: its vectorized f32 kernel gives NaN, its scalar one (C's
    fmod) the exact remainder. TCP's is C's, so those pairs are compared
    with PyTorch on one element at a time."""
    values = [np.nan, np.inf, -np.inf, -0.0, 0.0, 0.1, -0.7, 1.0, -1.0, 2.0, -2.0, 3.0, -4.0, 5.5, -7.25, 1e30,
              -1e-30]
    a, b = _pairs(values, dtype)
    got = _binary(context, "rem", a, b, f"{{rounding_mode = #tcp<roundingMode {mode}>}}")
    want = reference(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    with np.errstate(all="ignore"):
        overflow = np.isfinite(a) & (b != 0) & (np.abs(a.astype(np.float64) / b) > np.finfo(dtype).max)
    for i in np.flatnonzero(overflow):
        want[i] = reference(torch.from_numpy(a[i:i + 1]), torch.from_numpy(b[i:i + 1])).numpy()[0]
    _identical(got, want)


@pytest.mark.parametrize("mode,reference", REM_MODES, ids=[m for m, _ in REM_MODES])
@pytest.mark.parametrize("dtype", INTS)
def test_int_rem_like_pytorch(context, mode, reference, dtype):
    """Signed, every sign combination, INT_MIN rem -1 (and anything rem -1)
    is 0; a zero divisor is an error, as in PyTorch."""
    values = _int_edges(dtype)
    a, b = _pairs(values, dtype)
    keep = b != 0
    a, b = a[keep], b[keep]
    got = _binary(context, "rem", a, b, f"{{rounding_mode = #tcp<roundingMode {mode}>}}")
    want = reference(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got[b == -1], 0)
    zero = np.array([5, 0], dtype), np.array([2, 0], dtype)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        reference(*map(torch.from_numpy, zero))
    with pytest.raises(InterpreterError, match="division by zero"):
        _binary(context, "rem", *zero, f"{{rounding_mode = #tcp<roundingMode {mode}>}}")


CMP = [("Eq", torch.eq), ("Ne", torch.ne), ("Lt", torch.lt), ("Le", torch.le), ("Gt", torch.gt), ("Ge", torch.ge)]


@pytest.mark.parametrize("predicate,reference", CMP, ids=[p for p, _ in CMP])
@pytest.mark.parametrize("dtype", FLOATS + INTS + [np.bool_])
def test_cmp_like_pytorch(context, predicate, reference, dtype):
    """NaN compares false except Ne, -0.0 == 0.0, infinities order, integers
    are signed, i1 is unsigned (false < true)."""
    if np.issubdtype(dtype, np.floating):
        values = EDGES
    elif dtype == np.bool_:
        values = [False, True]
    else:
        values = _int_edges(dtype)
    a, b = _pairs(values, dtype)
    got = _binary(context, "cmp", a, b, f"{{predicate = #tcp<cmpPredicate {predicate}>}}")
    want = reference(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    assert got.dtype == np.bool_
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("op,reference", [("and", torch.bitwise_and), ("or", torch.bitwise_or),
                                          ("xor", torch.bitwise_xor)])
@pytest.mark.parametrize("dtype", INTS + [np.bool_])
def test_bitwise_binary_like_pytorch(context, op, reference, dtype):
    values = [False, True] if dtype == np.bool_ else _int_edges(dtype) + [0x55, -0x56]
    a, b = _pairs(values, dtype)
    got = _binary(context, op, a, b)
    want = reference(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", INTS + [np.bool_])
def test_not_like_pytorch(context, dtype):
    """Bitwise on integers (~x == -x - 1), logical on i1."""
    x = np.array([False, True] if dtype == np.bool_ else _int_edges(dtype), dtype)
    got = run(context, f"tcp.not %a : {t(x)} -> {t(x)}", x)
    want = torch.bitwise_not(torch.from_numpy(x)).numpy()
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    if dtype == np.bool_:
        np.testing.assert_array_equal(got, torch.logical_not(torch.from_numpy(x)).numpy())


@pytest.mark.parametrize("dtype", FLOATS + INTS + [np.bool_])
def test_select_like_pytorch(context, dtype):
    """Picks elements bit for bit (NaN, -0.0), with the condition per element."""
    if np.issubdtype(dtype, np.floating):
        a = EDGES.astype(dtype)
    elif dtype == np.bool_:
        a = np.array([True, False] * 7)
    else:
        a = np.array(_int_edges(dtype) + [5, -5], dtype)
    b = a[::-1].copy()
    cond = np.array([True, False, False, True, True, False, True, False, False, False, True, True, False, True])
    got = run(context, f"tcp.select %a, %b, %c : {t(cond)}, {t(a)}, {t(b)} -> {t(a)}", cond, a, b)
    want = torch.where(torch.from_numpy(cond), torch.from_numpy(a), torch.from_numpy(b)).numpy()
    _identical(got, want)


# ---------------------------------------------------------------------------
# Data movement: transpose, pad, flip
# ---------------------------------------------------------------------------

def _ints(values) -> str:
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


def _sample(shape, dtype, seed: int = 0) -> np.ndarray:
    """Distinct-ish values of `dtype`; floats are small multiples of 1/8
    (so sums and products of a few are exact in f32 whatever the order)."""
    rng = np.random.default_rng(seed)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -1000), min(info.max, 1000), shape, endpoint=True).astype(dtype)
    return (rng.integers(-16, 17, shape) / 8).astype(dtype)


@pytest.mark.parametrize("shape,perm", [((2, 3, 4), (2, 0, 1)), ((2, 3, 4), (0, 2, 1)), ((2, 3, 4), (0, 1, 2)),
                                        ((2, 3, 4, 5), (3, 1, 0, 2)), ((5, 1), (1, 0)), ((0, 3), (1, 0))])
@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.int64, np.bool_])
def test_transpose_like_pytorch(context, shape, perm, dtype):
    x = _sample(shape, dtype)
    want = torch.from_numpy(x).permute(perm).numpy()
    got = run(context, f"tcp.transpose %a {{permutation = {_ints(perm)}}} : {t(x)} -> {t(want)}", x)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("low,high", [((1, 0, 2), (0, 3, 1)), ((0, 0, 0), (0, 0, 0)), ((2, 2, 2), (2, 2, 2)),
                                      ((0, 1, 0), (0, 0, 4))])
@pytest.mark.parametrize("dtype,value", [(np.float32, np.nan), (np.float32, -0.0), (np.float64, -np.inf),
                                         (np.int8, -128), (np.int32, 7), (np.int64, -1), (np.bool_, True)])
def test_pad_like_pytorch(context, low, high, dtype, value):
    """Asymmetric constant padding (F.pad lists the last dim first)."""
    x = _sample((2, 3, 4), dtype)
    v = np.array(value, dtype)
    torch_pad = [p for d in reversed(range(3)) for p in (low[d], high[d])]
    want = torch.nn.functional.pad(torch.from_numpy(x), torch_pad, value=value).numpy()
    got = run(context, f"tcp.pad %a, %b {{low = {_ints(low)}, high = {_ints(high)}}} : {t(x)}, {t(v)} -> {t(want)}",
              x, v)
    _identical(got, want)


@pytest.mark.parametrize("axes", [(), (0,), (1,), (2,), (0, 2), (2, 0), (0, 1, 2)])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_flip_like_pytorch(context, axes, dtype):
    x = _sample((2, 3, 4), dtype)
    got = run(context, f"tcp.flip %a {{axes = {_ints(axes)}}} : {t(x)} -> {t(x)}", x)
    np.testing.assert_array_equal(got, torch.flip(torch.from_numpy(x), axes).numpy())


# ---------------------------------------------------------------------------
# Reductions: reduce, arg_reduce, scan
# ---------------------------------------------------------------------------

def _reduction_input(dtype, seed: int = 0) -> np.ndarray:
    """[3, 4, 5]; floats have NaN, ±inf and ±0.0 in some rows (sums and
    products of the rest are exact); integers span the whole range of i8 (so
    i8 sums and products wrap) and hundreds otherwise (so i32/i64 products of
    five of them wrap too)."""
    rng = np.random.default_rng(seed)
    if dtype == np.bool_:
        x = rng.random((3, 4, 5)) < 0.5
        x[0, 0, :], x[1, 1, :] = True, False
        return x
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        x = rng.integers(max(info.min, -50000), min(info.max, 50000), (3, 4, 5), endpoint=True).astype(dtype)
        x[0, 0, :3] = [info.min, info.max, -1]
        return x
    x = (rng.choice([-2, -1, 1, 2], (3, 4, 5)) * rng.choice([0.5, 1, 1.5, 2], (3, 4, 5))).astype(dtype)
    x[0, 1, 2] = np.nan
    x[1, 2, 0] = np.inf
    x[1, 2, 3] = -np.inf
    x[2, 0, 1] = np.inf
    x[2, 3, :] = [-0.0, 0.0, -0.0, 0.0, -0.0]
    x[0, 3, :] = -0.0
    return x


def _torch_reduce(kind: str, x: torch.Tensor, axes: tuple) -> torch.Tensor:
    if kind == "Sum":
        return torch.sum(x, axes, dtype=x.dtype)
    if kind == "Prod":  # torch.prod takes one dim at a time (exact here: see _reduction_input)
        for d in sorted(axes, reverse=True):
            x = torch.prod(x, d, dtype=x.dtype)
        return x
    return {"Max": torch.amax, "Min": torch.amin, "Any": torch.any, "All": torch.all}[kind](x, axes)


REDUCE_AXES = [(0,), (1,), (2,), (0, 2), (1, 2), (0, 1, 2)]


@pytest.mark.parametrize("axes", REDUCE_AXES, ids=[_ints(a) for a in REDUCE_AXES])
@pytest.mark.parametrize("kind,dtype", [(k, d) for k in ("Sum", "Prod", "Max", "Min") for d in FLOATS + INTS] +
                         [("Any", np.bool_), ("All", np.bool_)])
def test_reduce_like_pytorch(context, kind, dtype, axes):
    """Exactly: float data whose sums and products are exact in any order,
    NaN and ±inf propagating (Max/Min: NaN wins), integer sums and products
    wrapping in the element type."""
    x = _reduction_input(dtype)
    want = _torch_reduce(kind, torch.from_numpy(x), axes).numpy()
    out = np.zeros(want.shape, dtype)
    got = run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind {kind}>, axes = {_ints(axes)}}} : {t(x)} -> {t(out)}",
              x)
    # Max/Min of -0.0 and 0.0 may be either zero in PyTorch (see test_max_min_like_pytorch).
    _identical(got, want, signed_zeros=kind not in ("Max", "Min"))


@pytest.mark.parametrize("kind", ["Sum", "Prod", "Max", "Min"])
def test_reduce_of_all_negative_zeros(context, kind):
    """sum(-0.0, -0.0) is -0.0 in IEEE arithmetic; PyTorch starts its sums
    at +0.0 (torch.sum of negative zeros is +0.0)."""
    x = np.full((2, 3), -0.0, np.float32)
    got = run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind {kind}>, axes = [1]}} : {t(x)} -> tensor<2xf32>", x)
    _identical(got, _torch_reduce(kind, torch.from_numpy(x), (1,)).numpy(), signed_zeros=kind in ("Sum", "Prod"))


@pytest.mark.parametrize("kind", ["Sum", "Prod", "Any", "All"])
def test_reduce_of_an_empty_dim_is_the_identity(context, kind):
    dtype = np.bool_ if kind in ("Any", "All") else np.float32
    x = np.zeros((3, 0, 2), dtype)
    want = _torch_reduce(kind, torch.from_numpy(x), (1,)).numpy()
    got = run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind {kind}>, axes = [1]}} : {t(x)} -> {t(want)}", x)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("kind", ["Max", "Min"])
def test_reduce_max_min_of_an_empty_dim_is_reported(context, kind):
    x = np.zeros((3, 0, 2), np.float32)
    with pytest.raises(IndexError):
        _torch_reduce(kind, torch.from_numpy(x), (1,))
    with pytest.raises(InterpreterError, match="empty"):
        run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind {kind}>, axes = [1]}} : {t(x)} -> tensor<3x2xf32>", x)


def test_reduce_over_no_axes_is_the_identity(context):
    """Unlike torch.sum(x, dim=[]), which reduces every dim."""
    x = _reduction_input(np.float32)
    got = run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind Sum>, axes = []}} : {t(x)} -> {t(x)}", x)
    _identical(got, x)


def _arg_reduce_input(dtype) -> np.ndarray:
    """[3, 4, 5] with ties everywhere; floats add NaNs (two in a row, to
    check the first one wins), ±inf and ±0.0 ties."""
    x = np.random.default_rng(1).integers(-3, 4, (3, 4, 5)).astype(dtype)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        x[0, 0, :] = [info.min, info.max, info.max, info.min, 0]
        return x
    x[0, 0, :] = [1.0, np.nan, 2.0, np.nan, -np.inf]
    x[1, :, 2] = [np.nan, 5.0, np.nan, 5.0]
    x[2, 1, :] = [-np.inf, np.inf, -np.inf, np.inf, 0.0]
    x[2, 2, :] = [-0.0, 0.0, -0.0, 0.0, -0.0]
    x[:, 3, 4] = [-np.inf, -np.inf, -np.inf]
    return x


@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("kind,reference", [("Max", torch.max), ("Min", torch.min)])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_arg_reduce_like_pytorch(context, kind, reference, axis, dtype):
    """Values and indices exactly: the first index on ties, NaN wins with its
    first index; values are the elements at those indices (so a -0.0 found
    first stays -0.0)."""
    x = _arg_reduce_input(dtype)
    want_values, want_indices = reference(torch.from_numpy(x), axis)
    want_values, want_indices = want_values.numpy(), want_indices.numpy()
    values, indices = run_all(context, f"tcp.arg_reduce %a {{kind = #tcp<reduceKind {kind}>, axis = {axis} : i64}} "
                                       f": {t(x)} -> {t(want_values)}, {t(want_indices)}", x)
    assert indices.dtype == np.int64
    np.testing.assert_array_equal(indices, want_indices)
    np.testing.assert_array_equal(indices, (torch.argmax if kind == "Max" else torch.argmin)(
        torch.from_numpy(x), axis).numpy())
    _identical(values, want_values)


def _torch_scan(kind: str, x: torch.Tensor, axis: int) -> torch.Tensor:
    if kind == "Sum":
        return torch.cumsum(x, axis, dtype=x.dtype)
    if kind == "Prod":
        return torch.cumprod(x, axis, dtype=x.dtype)
    return (torch.cummax if kind == "Max" else torch.cummin)(x, axis).values


@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("kind", ["Sum", "Prod", "Max", "Min"])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_scan_like_pytorch(context, kind, axis, dtype):
    """Exactly (the float data's partial sums and products are exact); NaN
    propagates from where it appears, integers wrap."""
    x = _reduction_input(dtype)
    got = run(context, f"tcp.scan %a {{kind = #tcp<reduceKind {kind}>, axis = {axis} : i64}} : {t(x)} -> {t(x)}", x)
    want = _torch_scan(kind, torch.from_numpy(x), axis).numpy()
    _identical(got, want, signed_zeros=kind not in ("Max", "Min"))


def test_scan_sum_starts_at_positive_zero(context):
    """torch.cumsum adds each element to a +0.0 accumulator, so a leading
    -0.0 becomes +0.0 (as torch.sum of negative zeros is +0.0)."""
    x = np.array([[-0.0, -0.0, 1.0, -1.0], [-0.0, 2.0, -0.0, -2.0]], np.float32)
    got = run(context, f"tcp.scan %a {{kind = #tcp<reduceKind Sum>, axis = 1 : i64}} : {t(x)} -> {t(x)}", x)
    want = torch.cumsum(torch.from_numpy(x), 1).numpy()
    np.testing.assert_array_equal(np.signbit(want), False)
    _identical(got, want)


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_sort_like_pytorch(context, dtype, axis, descending):
    """torch.sort(stable=True) exactly: ties (and -0.0 with 0.0) keep their
    order, NaN sorts above +inf (first when descending), integer extremes."""
    x = _arg_reduce_input(dtype)
    want_values, want_indices = torch.sort(torch.from_numpy(x), dim=axis, descending=descending, stable=True)
    flag = ", descending = true" if descending else ""
    values, indices = run_all(context, f"tcp.sort %a {{axis = {axis} : i64{flag}}} : {t(x)} -> {t(x)}, "
                                       f"{t(want_indices.numpy())}", x)
    np.testing.assert_array_equal(indices, want_indices.numpy())
    _identical(values, want_values.numpy())


def test_sort_of_empty_and_single_lines(context):
    for x in (np.zeros((3, 0), np.float32), np.array([[2.0], [np.nan]], np.float32)):
        want_values, want_indices = torch.sort(torch.from_numpy(x), dim=1, stable=True)
        values, indices = run_all(context, f"tcp.sort %a {{axis = 1 : i64}} : {t(x)} -> {t(x)}, "
                                           f"{t(want_indices.numpy())}", x)
        np.testing.assert_array_equal(indices, want_indices.numpy())
        _identical(values, want_values.numpy())


@pytest.mark.parametrize("kind,accumulate", [("Replace", False), ("Sum", True)])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_scatter_nd_like_index_put(context, kind, accumulate, dtype):
    """x.index_put((rows, cols), values) with duplicate coordinates: the
    last one written wins, or all are added."""
    x = _reduction_input(dtype)[0]
    rows, cols = np.array([[1, 0, 3], [1, 2, 1]]), np.array([[2, 4, 0], [2, 2, 2]])
    values = np.arange(1, 7, dtype=dtype).reshape(2, 3)
    want = torch.from_numpy(x).index_put((torch.from_numpy(rows), torch.from_numpy(cols)),
                                         torch.from_numpy(values), accumulate=accumulate).numpy()
    coords = np.stack([rows, cols], -1)
    got = run(context, f"tcp.scatter_nd %a, %b, %c {{kind = #tcp<scatterKind {kind}>}} "
                       f": {t(x)}, {t(coords)}, {t(values)} -> {t(x)}", x, coords, values)
    _identical(got, want)


@pytest.mark.parametrize("kind,reduce", [("Prod", "prod"), ("Max", "amax"), ("Min", "amin")])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_scatter_nd_like_scatter_reduce(context, kind, reduce, dtype):
    """Rows of updates reduced into the rows they name (NaN propagates
    through amax and amin, as in scatter_reduce)."""
    x = _reduction_input(dtype)[1]
    rows = np.array([2, 0, 2, 2])
    updates = _reduction_input(dtype, seed=1)[2, :4]
    index = np.broadcast_to(rows[:, None], updates.shape)
    want = torch.from_numpy(x).scatter_reduce(0, torch.from_numpy(index.copy()), torch.from_numpy(updates),
                                              reduce).numpy()
    coords = rows[:, None]
    got = run(context, f"tcp.scatter_nd %a, %b, %c {{kind = #tcp<scatterKind {kind}>}} "
                       f": {t(x)}, {t(coords)}, {t(updates)} -> {t(x)}", x, coords, updates)
    _identical(got, want, signed_zeros=False)


def test_scatter_nd_index_out_of_range(context):
    x, coords, values = np.zeros(3, np.float32), np.array([[3]]), np.ones(1, np.float32)
    with pytest.raises(InterpreterError, match="out of range"):
        run(context, f"tcp.scatter_nd %a, %b, %c {{kind = #tcp<scatterKind Sum>}} "
                     f": {t(x)}, {t(coords)}, {t(values)} -> {t(x)}", x, coords, values)


# ---------------------------------------------------------------------------
# Contraction, convolution, pooling
# ---------------------------------------------------------------------------

CONTRACTIONS = [  # lhs shape, rhs shape, lhs batch, rhs batch, lhs contracting, rhs contracting, einsum
    ((3, 4), (4, 5), [], [], [1], [0], "ik,kj->ij"),                            # matmul
    ((2, 3, 4), (2, 4, 5), [0], [0], [2], [1], "bik,bkj->bij"),                 # bmm
    ((4,), (4,), [], [], [0], [0], "k,k->"),                                    # dot
    ((3,), (4,), [], [], [], [], "i,j->ij"),                                    # outer
    ((3, 4), (5, 4), [], [], [1], [1], "ik,jk->ij"),                            # x @ w.T (linear)
    ((4, 3, 2, 5), (5, 2, 4, 6), [2], [1], [0, 3], [2, 0], "kibl,lbkj->bij"),   # batch and contracting dims inside
    ((2, 3, 4, 5), (2, 3, 5, 6), [0, 1], [0, 1], [3], [2], "abik,abkj->abij"),  # two batch dims (4-D matmul)
    ((2, 3), (3, 2), [], [], [0, 1], [1, 0], "ij,ji->"),                        # trace of a product
]


@pytest.mark.parametrize("case", CONTRACTIONS, ids=[c[-1] for c in CONTRACTIONS])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_contract_like_pytorch(context, case, dtype):
    """Against torch.einsum, exactly: float operands are multiples of 1/8
    whose products and sums are exact; i8 values span the whole range so the
    sums wrap (PyTorch accumulates i8 matmuls in i8: the same modulo 256)."""
    ls, rs, lb, rb, lc, rc, equation = case
    a = _sample(ls, dtype, seed=2) if dtype != np.int8 else \
        np.random.default_rng(2).integers(-128, 128, ls).astype(np.int8)
    b = _sample(rs, dtype, seed=3) if dtype != np.int8 else \
        np.random.default_rng(3).integers(-128, 128, rs).astype(np.int8)
    want = torch.einsum(equation, torch.from_numpy(a), torch.from_numpy(b)).numpy()
    got = run(context, f"tcp.contract %a, %b {{lhs_batch_dims = {_ints(lb)}, rhs_batch_dims = {_ints(rb)}, "
                       f"lhs_contracting_dims = {_ints(lc)}, rhs_contracting_dims = {_ints(rc)}}} "
                       f": {t(a)}, {t(b)} -> {t(want)}", a, b)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    if equation in ("ik,kj->ij", "bik,bkj->bij", "abik,abkj->abij") and dtype != np.int8:
        np.testing.assert_array_equal(got, torch.matmul(torch.from_numpy(a), torch.from_numpy(b)).numpy())


def test_contract_propagates_nan_and_inf(context):
    a = np.array([[1.0, np.nan], [np.inf, 1.0], [np.inf, -np.inf], [0.0, 2.0]], np.float32)
    b = np.array([[1.0, 0.0, 2.0], [0.5, 1.0, 0.0]], np.float32)
    got = run(context, f"tcp.contract %a, %b {{lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], "
                       f"rhs_contracting_dims = [0]}} : {t(a)}, {t(b)} -> tensor<4x3xf32>", a, b)
    _identical(got, torch.matmul(torch.from_numpy(a), torch.from_numpy(b)).numpy(), signed_zeros=False)


ATTENTIONS = [  # query, key, value and mask shapes, causal, scale
    ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 4), (2, 1, 5, 7), False, None),
    ((4, 6), (9, 6), (9, 3), (1, 9), True, 0.3),
    ((2, 6, 5), (2, 4, 5), (2, 4, 2), (1, 1, 1), True, None),  # causal with more queries than keys
]


@pytest.mark.parametrize("case", ATTENTIONS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_attention_like_pytorch(context, case, dtype):
    """Against torch's scaled_dot_product_attention, its causal mask added
    to ours; a query whose keys are all masked gets zeros, as on CPU."""
    qs, ks, vs, ms, causal, scale = case
    rng = np.random.default_rng(4)
    q, k, v, mask = (rng.standard_normal(shape).astype(dtype) for shape in (qs, ks, vs, ms))
    if ms[-2] > 1:
        mask[..., 1, :] = -np.inf
    full = torch.from_numpy(mask).expand(*qs[:-1], ks[-2]).clone()
    if causal:
        full = full.masked_fill(~torch.ones(qs[-2], ks[-2], dtype=torch.bool).tril(), -torch.inf)
    want = torch.nn.functional.scaled_dot_product_attention(
        torch.from_numpy(q), torch.from_numpy(k), torch.from_numpy(v), attn_mask=full, scale=scale).numpy()
    attrs = f"causal = {str(causal).lower()}" + ("" if scale is None else f", scale = {scale} : f32")
    got = run(context, f"tcp.attention %a, %b, %c, %d {{{attrs}}} : {t(q)}, {t(k)}, {t(v)}, {t(mask)} -> {t(want)}",
              q, k, v, mask)
    assert got.dtype == want.dtype and got.shape == want.shape
    if ms[-2] > 1:
        assert not got[..., 1, :].any()
    np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == np.float32 else 1e-12, atol=1e-6)


CONVS = [  # input shape, weight shape, stride, dilation, padding low, padding high, groups
    ((2, 4, 7, 6), (6, 2, 3, 2), (2, 1), (1, 2), (1, 1), (1, 1), 2),
    ((1, 3, 9, 8), (4, 3, 3, 3), (1, 1), (1, 1), (0, 0), (0, 0), 1),
    ((2, 3, 8, 7), (5, 3, 2, 3), (3, 2), (2, 1), (1, 0), (2, 3), 1),        # asymmetric padding
    ((1, 4, 6, 6), (4, 1, 3, 3), (1, 2), (1, 1), (1, 1), (1, 1), 4),        # depthwise
    ((1, 3, 6, 5), (6, 1, 3, 3), (2, 2), (2, 1), (2, 0), (1, 2), 3),        # depthwise, channel multiplier 2
    ((2, 6, 5, 5), (4, 3, 5, 5), (1, 1), (1, 1), (2, 2), (2, 2), 2),        # kernel as large as the input
    ((2, 3, 11), (4, 3, 3), (3,), (2,), (2,), (0,), 1),                      # 1-D
    ((1, 4, 10), (8, 2, 4), (1,), (1,), (0,), (3,), 2),                      # 1-D, grouped
    ((1, 2, 5, 6, 4), (3, 2, 3, 2, 2), (1, 2, 1), (1, 1, 2), (1, 0, 1), (1, 1, 0), 1),  # 3-D
    ((1, 4, 4, 5, 3), (4, 1, 2, 3, 2), (2, 1, 1), (1, 2, 1), (0, 2, 1), (1, 2, 1), 4),  # 3-D depthwise
]


def _torch_conv(x: torch.Tensor, w: torch.Tensor, stride, dilation, low, high, groups) -> torch.Tensor:
    """Asymmetric padding as an explicit F.pad (last dim first), then conv."""
    pad = [p for d in reversed(range(len(low))) for p in (low[d], high[d])]
    conv = {1: torch.nn.functional.conv1d, 2: torch.nn.functional.conv2d, 3: torch.nn.functional.conv3d}[len(low)]
    return conv(torch.nn.functional.pad(x, pad), w, stride=stride, dilation=dilation, groups=groups)


def _conv_text(x, w, out, stride, dilation, input_dilation, low, high, groups) -> str:
    return (f"tcp.conv %a, %b {{stride = {_ints(stride)}, dilation = {_ints(dilation)}, "
            f"input_dilation = {_ints(input_dilation)}, padding_low = {_ints(low)}, padding_high = {_ints(high)}, "
            f"groups = {groups} : i64}} : {t(x)}, {t(w)} -> {t(out)}")


@pytest.mark.parametrize("case", CONVS, ids=[f"{len(c[0]) - 2}d-g{c[-1]}-{i}" for i, c in enumerate(CONVS)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_conv_like_pytorch(context, case, dtype):
    """Exactly: operands are multiples of 1/8 in [-2, 2], so every partial
    sum is exact in f32 whatever order PyTorch (oneDNN) sums in."""
    xs, ws, stride, dilation, low, high, groups = case
    x, w = _sample(xs, dtype, seed=4), _sample(ws, dtype, seed=5)
    want = _torch_conv(torch.from_numpy(x), torch.from_numpy(w), stride, dilation, low, high, groups).numpy()
    got = run(context, _conv_text(x, w, want, stride, dilation, [1] * len(stride), low, high, groups), x, w)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", INTS)
def test_integer_conv_wraps(context, dtype):
    """PyTorch has no integer convolution: the reference is the f64 one
    (exact for these values), wrapped to the element type."""
    xs, ws, stride, dilation, low, high, groups = CONVS[2]
    rng = np.random.default_rng(6)
    x = rng.integers(-128, 128, xs).astype(dtype)
    w = rng.integers(-128, 128, ws).astype(dtype)
    exact = _torch_conv(torch.from_numpy(x).double(), torch.from_numpy(w).double(), stride, dilation, low, high,
                        groups).numpy()
    want = exact.astype(np.int64).astype(dtype)
    got = run(context, _conv_text(x, w, want, stride, dilation, [1, 1], low, high, groups), x, w)
    np.testing.assert_array_equal(got, want)


CONV_TRANSPOSES = [  # input shape, weight shape [C_in, C_out / groups, k...], stride, padding, output_padding,
    # dilation, groups
    ((2, 4, 5, 4), (4, 3, 3, 2), (2, 3), (1, 0), (1, 2), (2, 1), 2),
    ((1, 3, 4, 4), (3, 2, 3, 3), (2, 2), (1, 1), (1, 0), (1, 1), 1),
    ((1, 2, 3, 5), (2, 1, 4, 1), (1, 2), (2, 0), (0, 1), (1, 1), 2),   # depthwise-like, stride 1 in a dim
    ((1, 3, 6), (3, 4, 3), (3,), (1,), (2,), (1,), 1),                # 1-D
    ((1, 2, 3, 2, 3), (2, 2, 2, 3, 2), (2, 1, 3), (0, 1, 1), (1, 0, 0), (1, 2, 1), 1),  # 3-D
]


@pytest.mark.parametrize("case", CONV_TRANSPOSES, ids=[f"{len(c[0]) - 2}d-{i}" for i, c in enumerate(CONV_TRANSPOSES)])
def test_conv_with_input_dilation_is_conv_transpose(context, case):
    """A transposed convolution is tcp.conv of the input dilated by the
    stride, padded dilation * (k - 1) - padding low and that plus
    output_padding high, with the weight flipped spatially and its in/out
    channels swapped per group."""
    xs, ws, stride, padding, output_padding, dilation, groups = case
    x, w = _sample(xs, np.float32, seed=7), _sample(ws, np.float32, seed=8)
    spatial = len(xs) - 2
    conv_transpose = {1: torch.nn.functional.conv_transpose1d, 2: torch.nn.functional.conv_transpose2d,
                      3: torch.nn.functional.conv_transpose3d}[spatial]
    want = conv_transpose(torch.from_numpy(x), torch.from_numpy(w), stride=stride, padding=padding,
                          output_padding=output_padding, groups=groups, dilation=dilation).numpy()
    c_in, c_out_per_group, kernel = ws[0], ws[1], ws[2:]
    flipped = w.reshape(groups, c_in // groups, c_out_per_group, *kernel).swapaxes(1, 2)
    flipped = np.flip(flipped.reshape(groups * c_out_per_group, c_in // groups, *kernel),
                      tuple(range(2, 2 + spatial))).copy()
    low = [d * (k - 1) - p for d, k, p in zip(dilation, kernel, padding)]
    high = [lo + op for lo, op in zip(low, output_padding)]
    got = run(context, _conv_text(x, flipped, want, [1] * spatial, dilation, stride, low, high, groups), x, flipped)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


POOLS = [  # kind, input shape, kernel, stride, padding, dilation, ceil_mode, count_include_pad, divisor_override
    ("Max", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), False, None, None),
    ("Max", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), True, None, None),        # partial last window
    ("Max", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (2, 2), True, None, None),        # dilated
    ("Max", (1, 2, 9, 7), (2, 3), (3, 2), (1, 0), (2, 1), True, None, None),
    ("Max", (1, 2, 7, 7), (2, 2), (2, 2), (1, 1), (1, 1), True, None, None),        # a window in the padding: dropped
    ("Max", (2, 3, 10), (3,), (2,), (1,), (3,), True, None, None),                  # 1-D
    ("Max", (1, 2, 5, 6, 7), (2, 3, 2), (2, 2, 3), (1, 1, 0), (1, 2, 1), True, None, None),  # 3-D
    ("Avg", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), False, True, None),
    ("Avg", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), False, False, None),
    ("Avg", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), True, True, None),        # partial window past the padding
    ("Avg", (2, 3, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), True, False, None),
    ("Avg", (1, 2, 7, 7), (2, 2), (2, 2), (1, 1), (1, 1), True, True, None),        # a window in the padding: dropped
    ("Avg", (1, 2, 10, 8), (3, 2), (2, 3), (1, 1), (1, 1), True, True, 5),          # divisor_override
    ("Avg", (1, 2, 9, 7), (3, 2), (2, 3), (1, 0), (1, 1), False, False, 4),
    ("Avg", (2, 3, 10), (3,), (2,), (1,), (1,), True, True, None),                  # 1-D
    ("Avg", (2, 3, 11), (4,), (3,), (2,), (1,), True, False, None),
    ("Avg", (1, 2, 5, 6, 7), (2, 3, 2), (2, 2, 3), (1, 1, 0), (1, 1, 1), True, False, None),  # 3-D
    ("Avg", (1, 2, 5, 6, 7), (3, 3, 2), (2, 2, 3), (1, 1, 1), (1, 1, 1), True, True, 7),
]


def _torch_pool(x: torch.Tensor, kind, kernel, stride, padding, dilation, ceil_mode, count_include_pad,
                divisor_override) -> torch.Tensor:
    spatial = len(kernel)
    F = torch.nn.functional
    if kind == "Max":
        pool = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}[spatial]
        return pool(x, kernel, stride, padding, dilation, ceil_mode=ceil_mode)
    if spatial == 1:
        assert divisor_override is None
        return F.avg_pool1d(x, kernel, stride, padding, ceil_mode=ceil_mode, count_include_pad=count_include_pad)
    pool = {2: F.avg_pool2d, 3: F.avg_pool3d}[spatial]
    return pool(x, kernel, stride, padding, ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                divisor_override=divisor_override)


@pytest.mark.parametrize("case", POOLS, ids=[f"{c[0]}-{len(c[1]) - 2}d-{i}" for i, c in enumerate(POOLS)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_pool_like_pytorch(context, case, dtype):
    """Max exactly (NaN wins, -inf inputs survive -inf padding); Avg within
    1e-6 relative (the window sums are exact, the division is rounded once
    by the interpreter but PyTorch may divide differently, e.g. through a
    reciprocal, off by one ulp)."""
    kind, shape, kernel, stride, padding, dilation, ceil_mode, count_include_pad, divisor_override = case
    x = _sample(shape, dtype, seed=9)
    if kind == "Max":
        x.reshape(-1)[::7] = -np.inf
        x.reshape(-1)[5::29] = np.nan
    want = _torch_pool(torch.from_numpy(x), kind, kernel, stride, padding, dilation, ceil_mode, count_include_pad,
                       divisor_override).numpy()
    attrs = [f"kind = #tcp<poolKind {kind}>", f"kernel_size = {_ints(kernel)}", f"stride = {_ints(stride)}",
             f"padding = {_ints(padding)}", f"dilation = {_ints(dilation)}", f"ceil_mode = {str(ceil_mode).lower()}"]
    if count_include_pad is not None:
        attrs.append(f"count_include_pad = {str(count_include_pad).lower()}")
    if divisor_override is not None:
        attrs.append(f"divisor_override = {divisor_override} : i64")
    got = run(context, f"tcp.pool %a {{{', '.join(attrs)}}} : {t(x)} -> {t(want)}", x)
    assert got.dtype == want.dtype and got.shape == want.shape
    if kind == "Max":
        _identical(got, want, signed_zeros=False)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-6 if dtype == np.float32 else 1e-14, atol=0)


def test_pool_ceil_mode_cases_are_partial():
    """Each ceil_mode case of POOLS ends on a partial window in some dim, but
    the ones whose extra window would start in the padding (dropped)."""
    from tcp_aot.dialects.tcp import pool_output_size
    for i, (kind, shape, kernel, stride, padding, dilation, ceil_mode, *_) in enumerate(POOLS):
        sizes = [[pool_output_size(n, k, s, p, d, c) for n, k, s, p, d in zip(shape[2:], kernel, stride, padding,
                                                                                dilation)] for c in (False, True)]
        dropped = shape[2:] == (7, 7) and kernel == (2, 2)
        if ceil_mode:
            assert (sizes[0] != sizes[1]) == (not dropped), (i, sizes)
    assert pool_output_size(7, 2, 2, 1, 1, True) == pool_output_size(7, 2, 2, 1, 1, False) == 4


def test_collapse_shape_of_several_dynamic_dims(context):
    """Each result dim is the product of its group of input dims, even when
    more than one of them is dynamic."""
    module = parse_module("""
    func.func @f(%a: tensor<?x?x4x?xf32>) -> tensor<?x?xf32> {
      %0 = tensor.collapse_shape %a [[0, 1], [2, 3]] : tensor<?x?x4x?xf32> into tensor<?x?xf32>
      return %0 : tensor<?x?xf32>
    }""")
    x = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)
    got = Interpreter(module).run("f", [x])[0]
    np.testing.assert_array_equal(got, x.reshape(6, 20))


# -- bfloat16 and float16: each op computes in float32 and rounds once ------------

def _sixteen(values, torch_dtype) -> tuple[np.ndarray, torch.Tensor]:
    t = torch.tensor(values, dtype=torch.float32).to(torch_dtype)
    return to_numpy(t), t


@pytest.mark.parametrize("torch_dtype", [torch.bfloat16, torch.float16], ids=["bf16", "f16"])
@pytest.mark.parametrize("op, reference", [("add", torch.add), ("sub", torch.sub), ("mul", torch.mul),
                                           ("divf", torch.div), ("max", torch.maximum)])
def test_16_bit_float_binary_like_pytorch_bit_for_bit(context, op, reference, torch_dtype):
    rng = np.random.default_rng(0)
    a, ta = _sixteen(np.concatenate([EDGES, rng.standard_normal(50) * 100]), torch_dtype)
    b, tb = _sixteen(np.concatenate([EDGES[::-1], rng.standard_normal(50)]), torch_dtype)
    ty = _type(a)
    got = run(context, f"tcp.{op} %a, %b : {ty}, {ty} -> {ty}", a, b)
    want = to_numpy(reference(ta, tb))
    assert got.dtype == a.dtype
    nan = np.isnan(want.astype(np.float32))
    np.testing.assert_array_equal(np.isnan(got.astype(np.float32)), nan)
    np.testing.assert_array_equal(got.view(np.uint16)[~nan], want.view(np.uint16)[~nan])


@pytest.mark.parametrize("torch_dtype", [torch.bfloat16, torch.float16], ids=["bf16", "f16"])
def test_16_bit_float_contract_and_reduce_like_pytorch(context, torch_dtype):
    """Sums in float32 rounded once: within an ulp of PyTorch's (which adds
    in its own order)."""
    rng = np.random.default_rng(1)
    a, ta = _sixteen(rng.standard_normal((5, 64)), torch_dtype)
    b, tb = _sixteen(rng.standard_normal((64, 3)), torch_dtype)
    product = run(context, f"tcp.contract %a, %b {{lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], "
                           f"rhs_contracting_dims = [0]}} : {_type(a)}, {_type(b)} -> {_type(np.zeros((5, 3), a.dtype))}",
                  a, b)
    total = run(context, f"tcp.reduce %a {{kind = #tcp<reduceKind Sum>, axes = [1]}} : {_type(a)} -> "
                         f"{_type(np.zeros(5, a.dtype))}", a)
    ulp = 2**-7 if torch_dtype == torch.bfloat16 else 2**-10
    for got, want in ((product, ta @ tb), (total, ta.sum(1))):
        assert got.dtype == a.dtype
        np.testing.assert_allclose(got.astype(np.float32), want.float().numpy(), rtol=ulp, atol=1e-3)


def test_16_bit_float_ops_that_only_move_values_keep_their_bits(context):
    a = to_numpy(torch.tensor([[np.nan, -0.0], [1e30, -3.5]]).to(torch.bfloat16))
    got = run(context, f"tcp.transpose %a {{permutation = [1, 0]}} : {_type(a)} -> {_type(a)}", a)
    np.testing.assert_array_equal(got.view(np.uint16), a.T.view(np.uint16))
