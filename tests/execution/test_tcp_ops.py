"""Every TCP op compiled to a shared object and run against the NumPy
interpreter (the oracle), on random inputs with edge values (NaN, +-inf,
-0.0, integer min/max), static and dynamic dims, f32 plus the other types
the op accepts.

Each op family is one TCP module (one function per case), compiled once."""

from __future__ import annotations

import functools
import zlib
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from torch_mlir import ir

from support import compile_tcp
from tcp_aot.context import make_context
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module

FLOATS = ["f32", "f64"]
INTS = ["i8", "i32", "i64"]
NP = {"f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.int8, "i16": np.int16,
      "i32": np.int32, "i64": np.int64}

FLOAT_EDGES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, -2.5, 2.5, 1e-8, -3.75]


def int_edges(dtype) -> list[int]:
    info = np.iinfo(dtype)
    return [info.min, info.max, 0, -1, 1, 7, -8, info.min + 1]


def random_array(dt: str, shape, rng, edges: bool = True, low=None, high=None) -> np.ndarray:
    dtype = NP[dt]
    n = int(np.prod(shape))
    if dt.startswith("f"):
        values = rng.standard_normal(n) * 3
        special = FLOAT_EDGES
    elif dt == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    else:
        info = np.iinfo(dtype)
        values = rng.integers(info.min if low is None else low, (info.max if high is None else high), n,
                              dtype=np.int64, endpoint=False)
        special = int_edges(dtype)
    if edges and low is None:
        k = min(n, len(special))
        values[:k] = special[:k]
    return values.astype(dtype).reshape(shape)


@dataclass
class Case:
    """One function of a family's module and how to make its inputs."""
    name: str
    body: str  # the func.func text
    inputs: callable  # rng -> list of arrays
    exact: bool = False  # compare bit for bit (no tolerance)


@dataclass
class Family:
    name: str
    cases: list[Case] = field(default_factory=list)

    def add(self, name, body, inputs, exact=False):
        self.cases.append(Case(name, body, inputs, exact))


def t(shape, dt):
    return f"tensor<{'x'.join(shape)}x{dt}>" if shape else f"tensor<{dt}>"


STATIC, DYNAMIC = (["3", "4"], (3, 4)), (["?", "?"], (5, 3))


def elementwise(family: Family, op: str, dtypes, in_dt=None, out_dt=None, attrs="", arity=1,
                inputs=None, suffix="", exact=None):
    """One case per dtype, static and dynamic. `inputs(dt, shape)` makes a
    case's input maker (default: random arrays with edge values); `exact`
    defaults to comparing bit for bit when the result is not a float."""
    for dt in dtypes:
        for kind, (dims, shape) in (("static", STATIC), ("dynamic", DYNAMIC)):
            it, ot = t(dims, in_dt or dt), t(dims, out_dt or dt)
            args = ", ".join(f"%a{i}: {it}" for i in range(arity))
            operands = ", ".join(f"%a{i}" for i in range(arity))
            types = ", ".join([it] * arity)
            name = f"{op}{suffix}_{dt}_{kind}"
            body = (f"func.func @{name}({args}) -> {ot} {{\n"
                    f"  %0 = tcp.{op} {operands} {attrs} : {types} -> {ot}\n"
                    f"  return %0 : {ot}\n}}\n")
            if inputs is None:
                make = (lambda rng, dt=in_dt or dt, shape=shape:
                        [random_array(dt, shape, rng) for _ in range(arity)])
            else:
                make = inputs(in_dt or dt, shape)
            family.add(name, body, make, exact=not (out_dt or dt).startswith("f") if exact is None else exact)


# ---------------------------------------------------------------------------
# The families
# ---------------------------------------------------------------------------

FAMILIES: dict[str, Family] = {}


def family(name: str) -> Family:
    FAMILIES[name] = Family(name)
    return FAMILIES[name]


_unary = family("unary_float")
for _op in ["tanh", "sigmoid", "ceil", "floor", "trunc", "round", "round_even", "cos", "sin", "log", "atan",
            "exp", "log1p"]:
    elementwise(_unary, _op, FLOATS)

_signed = family("unary_signed")
for _op in ["abs", "neg"]:
    elementwise(_signed, _op, FLOATS + INTS)

_sqrt = family("sqrt")
elementwise(_sqrt, "sqrt", FLOATS)
for _dt in INTS:
    elementwise(_sqrt, "sqrt", [_dt], in_dt=_dt, out_dt="f32")

_clamp = family("clamp")
elementwise(_clamp, "clamp", FLOATS, attrs="{min_float = -0.5 : f32, max_float = 0.75 : f32}")
elementwise(_clamp, "clamp", ["f32"], attrs="{min_float = 0.0 : f32}", suffix="_min_only")
elementwise(_clamp, "clamp", INTS, attrs="{min_int = -3 : i64, max_int = 5 : i64}")
elementwise(_clamp, "clamp", ["i8"], attrs="{min_int = -1000 : i64, max_int = 100 : i64}",
            suffix="_wide_bounds")

_binary = family("binary")
for _op in ["add", "sub", "mul"]:
    elementwise(_binary, _op, FLOATS + INTS, arity=2)
for _op in ["divf", "atan2"]:
    elementwise(_binary, _op, FLOATS, arity=2)


def _float_divisor_inputs(dt, shape):
    """Edge values against edge divisors, plus quotients that floor(a / b)
    gets wrong (1 // 0.1 is 9, -7 // 0.7 is -11)."""
    def make(rng):
        a, b = random_array(dt, shape, rng), random_array(dt, shape, rng)
        b.flat[:len(FLOAT_EDGES)] = FLOAT_EDGES[::-1]
        a.flat[-4:], b.flat[-4:] = [1.0, -7.0, 7.0, 0.3], [0.1, 0.7, -0.7, 0.1]
        return [a, b]
    return make


_floatdiv = family("float_division")
for _mode in ["Trunc", "Floor"]:
    elementwise(_floatdiv, "divf", FLOATS, attrs=f"{{rounding_mode = #tcp<roundingMode {_mode}>}}", arity=2,
                inputs=_float_divisor_inputs, suffix=f"_{_mode.lower()}", exact=True)


def _divisor_inputs(dt, shape, unsigned):
    def make(rng):
        a = random_array(dt, shape, rng)
        b = random_array(dt, shape, rng, edges=False, low=-9, high=10)
        b[b == 0] = 3
        if not unsigned:
            b[(a == np.iinfo(NP[dt]).min) & (b == -1)] = 2  # INT_MIN / -1 overflows
        b.flat[:4] = [1, -1, 2, -3]
        return [a, b]
    return make


_intdiv = family("integer_division")
for _op in ["divsi", "divui"]:
    for _mode in ["Trunc", "Floor", "Ceil"]:
        elementwise(_intdiv, _op, INTS, attrs=f"{{rounding_mode = #tcp<roundingMode {_mode}>}}", arity=2,
                    inputs=lambda dt, shape, unsigned=_op == "divui": _divisor_inputs(dt, shape, unsigned),
                    suffix=f"_{_mode.lower()}")


def _cast_source(src, dst, shape):
    def make(rng):
        if src.startswith("f") and not dst.startswith("f") and dst != "i1":
            # Out-of-range float -> int conversions are undefined behaviour.
            a = rng.uniform(-100, 100, shape).astype(NP[src])
            a.flat[:4] = [-0.0, 2.5, -2.5, 99.75]
            return [a]
        return [random_array(src, shape, rng)]
    return make


_cast = family("cast")
_SIGNEDNESS = {"i1": ["Signless"], "i8": ["Signed", "Unsigned"], "i32": ["Signed", "Unsigned"],
               "i64": ["Signed", "Unsigned"]}
for _src in ["i1", "i8", "i32", "i64", "f32", "f64"]:
    for _dst in ["i1", "i8", "i32", "i64", "f32", "f64"]:
        if _src == _dst:
            continue
        for _sin in _SIGNEDNESS.get(_src, [None]):
            for _sout in _SIGNEDNESS.get(_dst, [None]):
                if _src.startswith("f") and _dst in ("i8",) and _sout == "Unsigned":
                    continue  # fptoui of negative values is undefined behaviour
                _attrs = [f"{side}_int_signedness = #tcp<signedness {s}>"
                          for side, s in (("in", _sin), ("out", _sout)) if s]
                _attr_text = "{" + ", ".join(_attrs) + "}" if _attrs else ""
                _name = f"cast_{_src}_{(_sin or '')[:1].lower()}_to_{_dst}_{(_sout or '')[:1].lower()}"
                _it, _ot = t(["?", "4"], _src), t(["?", "4"], _dst)
                _cast.add(_name, f"""func.func @{_name}(%a: {_it}) -> {_ot} {{
  %0 = tcp.cast %a {_attr_text} : {_it} -> {_ot}
  return %0 : {_ot}
}}
""", _cast_source(_src, _dst, (6, 4)), exact=not _dst.startswith("f"))

_data = family("data_movement")
_data.add("const_f32", """func.func @const_f32() -> tensor<2x3xf32> {
  %0 = tcp.const {value = dense<[[1.5, -2.0, 0.0], [3.25, 4.0, -1.0]]> : tensor<2x3xf32>} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
""", lambda rng: [], exact=True)
_data.add("const_i64_splat", """func.func @const_i64_splat() -> tensor<4xi64> {
  %0 = tcp.const {value = dense<-7> : tensor<4xi64>} : tensor<4xi64>
  return %0 : tensor<4xi64>
}
""", lambda rng: [], exact=True)
_data.add("const_i1", """func.func @const_i1() -> tensor<3xi1> {
  %0 = tcp.const {value = dense<[true, false, true]> : tensor<3xi1>} : tensor<3xi1>
  return %0 : tensor<3xi1>
}
""", lambda rng: [], exact=True)
for _dt in ["f32", "i32", "i1"]:
    _data.add(f"broadcast_static_{_dt}", f"""func.func @broadcast_static_{_dt}(%a: tensor<1x3x{_dt}>) -> tensor<4x3x{_dt}> {{
  %c4 = arith.constant 4 : index
  %0 = tcp.broadcast %a, %c4 {{axes = [0]}} : tensor<1x3x{_dt}>, index -> tensor<4x3x{_dt}>
  return %0 : tensor<4x3x{_dt}>
}}
""", lambda rng, dt=_dt: [random_array(dt, (1, 3), rng)], exact=True)
_data.add("broadcast_dynamic_two_axes", """func.func @broadcast_dynamic_two_axes(%a: tensor<1x3x1xf32>, %like: tensor<?x3x?xf32>) -> tensor<?x3x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %like, %c0 : tensor<?x3x?xf32>
  %d2 = tensor.dim %like, %c2 : tensor<?x3x?xf32>
  %0 = tcp.broadcast %a, %d0, %d2 {axes = [0, 2]} : tensor<1x3x1xf32>, index, index -> tensor<?x3x?xf32>
  return %0 : tensor<?x3x?xf32>
}
""", lambda rng: [random_array("f32", (1, 3, 1), rng), random_array("f32", (4, 3, 2), rng)], exact=True)
_data.add("broadcast_rank0_expanded", """func.func @broadcast_rank0_expanded(%a: tensor<i64>, %like: tensor<?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %like, %c0 : tensor<?xi64>
  %e = tensor.expand_shape %a [] output_shape [1] : tensor<i64> into tensor<1xi64>
  %0 = tcp.broadcast %e, %d {axes = [0]} : tensor<1xi64>, index -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
""", lambda rng: [np.array(-9, dtype=np.int64), random_array("i64", (5,), rng)], exact=True)
_data.add("slice_static", """func.func @slice_static(%a: tensor<6x5xf32>) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = tcp.slice %a starts(%c1, %c0) sizes(%c2, %c3) strides(%c3, %c2) : tensor<6x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
""", lambda rng: [random_array("f32", (6, 5), rng)], exact=True)
_data.add("slice_dynamic", """func.func @slice_dynamic(%a: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xi32>
  %rows = arith.subi %d0, %c1 : index
  %cols = arith.divui %d1, %c2 : index
  %0 = tcp.slice %a starts(%c1, %c0) sizes(%rows, %cols) strides(%c1, %c2) : tensor<?x?xi32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
""", lambda rng: [random_array("i32", (5, 7), rng)], exact=True)
_data.add("concat_dynamic_axis", """func.func @concat_dynamic_axis(%a: tensor<?x3xf32>, %b: tensor<2x3xf32>, %c: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = tcp.concat %a, %b, %c {axis = 0 : i64} : tensor<?x3xf32>, tensor<2x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
""", lambda rng: [random_array("f32", (4, 3), rng), random_array("f32", (2, 3), rng),
                  random_array("f32", (1, 3), rng)], exact=True)
_data.add("concat_static_int", """func.func @concat_static_int(%a: tensor<2x1xi64>, %b: tensor<2x3xi64>) -> tensor<2x4xi64> {
  %0 = tcp.concat %a, %b {axis = 1 : i64} : tensor<2x1xi64>, tensor<2x3xi64> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}
""", lambda rng: [random_array("i64", (2, 1), rng), random_array("i64", (2, 3), rng)], exact=True)
for _dim in (0, 1):
    _data.add(f"gather_dim{_dim}", f"""func.func @gather_dim{_dim}(%a: tensor<?x4xf32>, %i: tensor<?x3xi64>) -> tensor<?x3xf32> {{
  %0 = tcp.gather %a, %i {{dim = {_dim} : i64}} : tensor<?x4xf32>, tensor<?x3xi64> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}}
""", lambda rng, dim=_dim: [random_array("f32", (5, 4), rng),
                             rng.integers(0, (5, 4)[dim], (2, 3)).astype(np.int64)], exact=True)
_data.add("gather_i32_indices", """func.func @gather_i32_indices(%a: tensor<6xi8>, %i: tensor<4xi32>) -> tensor<4xi8> {
  %0 = tcp.gather %a, %i {dim = 0 : i64} : tensor<6xi8>, tensor<4xi32> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
""", lambda rng: [random_array("i8", (6,), rng), np.array([5, 0, 0, 3], np.int32)], exact=True)
_data.add("iota_static_i64", """func.func @iota_static_i64() -> tensor<5xi64> {
  %0 = tcp.iota : -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
""", lambda rng: [], exact=True)
_data.add("iota_dynamic_f32", """func.func @iota_dynamic_f32(%like: tensor<?xi8>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %like, %c0 : tensor<?xi8>
  %0 = tcp.iota %n : index -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
""", lambda rng: [random_array("i8", (7,), rng)], exact=True)
for _dt in ["i1", "i32"]:
    _data.add(f"slice_concat_gather_{_dt}", f"""func.func @slice_concat_gather_{_dt}(%a: tensor<?x4x{_dt}>, %i: tensor<2x4xi64>) -> (tensor<?x2x{_dt}>, tensor<?x4x{_dt}>, tensor<2x4x{_dt}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %a, %c0 : tensor<?x4x{_dt}>
  %0 = tcp.slice %a starts(%c0, %c1) sizes(%n, %c2) strides(%c1, %c2) : tensor<?x4x{_dt}> -> tensor<?x2x{_dt}>
  %1 = tcp.concat %a, %a {{axis = 0 : i64}} : tensor<?x4x{_dt}>, tensor<?x4x{_dt}> -> tensor<?x4x{_dt}>
  %2 = tcp.gather %a, %i {{dim = 0 : i64}} : tensor<?x4x{_dt}>, tensor<2x4xi64> -> tensor<2x4x{_dt}>
  return %0, %1, %2 : tensor<?x2x{_dt}>, tensor<?x4x{_dt}>, tensor<2x4x{_dt}>
}}
""", lambda rng, dt=_dt: [random_array(dt, (3, 4), rng), rng.integers(0, 3, (2, 4)).astype(np.int64)], exact=True)
_data.add("gather_nd_leading", """func.func @gather_nd_leading(%a: tensor<?x4xf32>, %i: tensor<?x1xi64>) -> tensor<?x4xf32> {
  %0 = tcp.gather_nd %a, %i : tensor<?x4xf32>, tensor<?x1xi64> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
""", lambda rng: [random_array("f32", (5, 4), rng), rng.integers(0, 5, (3, 1)).astype(np.int64)], exact=True)
_data.add("gather_nd_points", """func.func @gather_nd_points(%a: tensor<3x4xi32>, %i: tensor<2x2x2xi64>) -> tensor<2x2xi32> {
  %0 = tcp.gather_nd %a, %i : tensor<3x4xi32>, tensor<2x2x2xi64> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
""", lambda rng: [random_array("i32", (3, 4), rng),
                  np.array([[[0, 0], [2, 3]], [[1, 2], [2, 0]]], np.int64)], exact=True)

_structure = family("structure")
_structure.add("groups", """func.func @groups(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0:2 = tcp.group {
    %s = tcp.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    %t = tcp.tanh %s : tensor<?xf32> -> tensor<?xf32>
    tcp.yield %s, %t : tensor<?xf32>, tensor<?xf32>
  } : tensor<?xf32>, tensor<?xf32>
  %1 = tcp.isolated_group %0#0, %0#1 {
  ^bb0(%x: tensor<?xf32>, %y: tensor<?xf32>):
    %m = tcp.mul %x, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    tcp.yield %m : tensor<?xf32>
  } : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0#1, %1 : tensor<?xf32>, tensor<?xf32>
}
""", lambda rng: [random_array("f32", (7,), rng), random_array("f32", (7,), rng)])
_structure.add("symbolic_shapes", """func.func @symbolic_shapes(%a: tensor<?xf32>) -> tensor<?xf32> {
  %s = tcp.symbolic_int "s0" {min_val = 2, max_val = 100} : i64
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0] -> (s0)> : tensor<?xf32>
  %0 = tcp.exp %a : tensor<?xf32> -> tensor<?xf32>
  tcp.bind_symbolic_shape %0, [%s], affine_map<()[s0] -> (s0)> : tensor<?xf32>
  return %0 : tensor<?xf32>
}
""", lambda rng: [random_array("f32", (6,), rng)])
_structure.add("result_is_argument", """func.func @result_is_argument(%a: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) {
  %0 = tcp.const {value = dense<[1, 2, 3]> : tensor<3xi64>} : tensor<3xi64>
  return %a, %0, %a : tensor<3xi64>, tensor<3xi64>, tensor<3xi64>
}
""", lambda rng: [random_array("i64", (3,), rng)], exact=True)


# ---------------------------------------------------------------------------
# The test
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def compiled(family_name: str):
    """The family's module compiled once, and its interpreter."""
    text = "\n".join(case.body for case in FAMILIES[family_name].cases)
    workdir = Path(tempfile.mkdtemp(prefix=f"tcp_ops_{family_name}_"))
    library = compile_tcp(text, workdir, family_name)
    context = make_context()
    with context, ir.Location.unknown():
        module = parse_module(text, f"{family_name}.mlir")
    return library, Interpreter(module), context, module


def tolerance(dtype: np.dtype) -> dict:
    return {"rtol": 1e-5, "atol": 1e-6} if dtype == np.float32 else {"rtol": 1e-12, "atol": 1e-14}


ALL_CASES = [(f.name, c) for f in FAMILIES.values() for c in f.cases]


@pytest.mark.parametrize("family_name,case", ALL_CASES, ids=[c.name for _, c in ALL_CASES])
def test_compiled_matches_interpreter(family_name: str, case: Case):
    library, interpreter, context, _ = compiled(family_name)
    rng = np.random.default_rng(zlib.crc32(case.name.encode()))
    inputs = case.inputs(rng)
    with context:
        want = interpreter.run(case.name, [a.copy() for a in inputs])
    before = [a.copy() for a in inputs]
    got = library.call(case.name, *inputs)
    for a, b in zip(inputs, before):
        np.testing.assert_array_equal(a, b, err_msg="the compiled function wrote to an input")
    assert len(got) == len(want)
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype
        if case.exact or g.dtype.kind != "f":
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(g, w, equal_nan=True, **tolerance(g.dtype))
            np.testing.assert_array_equal(np.isnan(g), np.isnan(w))
