"""The NumPy interpreter (the oracle of every TCP test) against PyTorch,
where a TCP op has a PyTorch counterpart, and against hand-computed values
where it has none."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from tcp_aot.interpreter import Interpreter, InterpreterError
from tcp_aot.module_io import parse_module

EDGES = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, -2.5, 2.5, 1e-8, -3.75, 7.0, 100.25],
                 dtype=np.float32)


def run(context, body: str, *args):
    """Interpret `func.func @f` whose body is `body` (uses %a, %b)."""
    types = ", ".join(f"%{n}: {_type(a)}" for n, a in zip("ab", args))
    module = parse_module(f"func.func @f({types}) -> {body.split('->')[-1].strip()} {{\n"
                          f"  %0 = {body}\n  return %0 : {body.split('->')[-1].strip()}\n}}")
    return Interpreter(module).run("f", list(args))[0]


_DT = {np.float32: "f32", np.float64: "f64", np.int8: "i8", np.int32: "i32", np.int64: "i64", np.bool_: "i1"}


def _type(a: np.ndarray) -> str:
    return f"tensor<{a.size}x{_DT[a.dtype.type]}>"


def t(a: np.ndarray) -> str:
    return _type(a)


@pytest.mark.parametrize("op,reference", [
    ("tanh", torch.tanh), ("sigmoid", torch.sigmoid), ("ceil", torch.ceil), ("floor", torch.floor),
    ("trunc", torch.trunc), ("round_even", torch.round), ("cos", torch.cos), ("sin", torch.sin),
    ("log", torch.log), ("atan", torch.atan), ("exp", torch.exp), ("log1p", torch.log1p), ("abs", torch.abs),
    ("neg", torch.neg), ("sqrt", torch.sqrt),
])
def test_float_unary_like_pytorch(context, op, reference):
    got = run(context, f"tcp.{op} %a : {t(EDGES)} -> {t(EDGES)}", EDGES)
    want = reference(torch.from_numpy(EDGES)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7, equal_nan=True)


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
