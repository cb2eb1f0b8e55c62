"""Every TCP op compiled to a shared object and run against the NumPy
interpreter (the oracle), on random inputs with edge values (NaN, +-inf,
-0.0, integer min/max), static and dynamic dims, f32 plus the other types
the op accepts.

Each op family is one TCP module (one function per case), compiled once."""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass, field

import numpy as np
import pytest
from torch_mlir import ir

from support import compile_tcp
from tcp_aot.bench.machine import machine
from tcp_aot.context import make_context
from tcp_aot.element_types import ELEMENT_TYPES, is_float_dtype
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module

FLOATS = ["f32", "f64"]
INTS = ["i8", "i32", "i64"]
NP = {e.mlir: e.numpy for e in ELEMENT_TYPES.values()}


def is_float(dt: str) -> bool:
    return dt in ("f16", "bf16", "f32", "f64")

FLOAT_EDGES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, -2.5, 2.5, 1e-8, -3.75]


def int_edges(dtype) -> list[int]:
    info = np.iinfo(dtype)
    return [info.min, info.max, 0, -1, 1, 7, -8, info.min + 1]


def random_array(dt: str, shape, rng, edges: bool = True, low=None, high=None) -> np.ndarray:
    dtype = NP[dt]
    n = int(np.prod(shape))
    if is_float(dt):
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
    tol: dict | None = None  # float tolerance when not the default of the result's type (see `tolerance`)


@dataclass
class Family:
    name: str
    cases: list[Case] = field(default_factory=list)

    def add(self, name, body, inputs, exact=False, tol=None):
        self.cases.append(Case(name, body, inputs, exact, tol))


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
            family.add(name, body, make, exact=not is_float(out_dt or dt) if exact is None else exact)


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
        if is_float(src) and not is_float(dst) and dst != "i1":
            # Out-of-range float -> int conversions are undefined behaviour.
            a = rng.uniform(-100, 100, shape).astype(NP[src])
            a.flat[:4] = [-0.0, 2.5, -2.5, 99.75]
            return [a]
        return [random_array(src, shape, rng)]
    return make


_cast = family("cast")
# Signless integers (other than i1) convert as Unsigned ones, as upstream TCP lowers them.
_INT_SIGNEDNESS = ["Signed", "Unsigned", "Signless"]
_SIGNEDNESS = {"i1": ["Signless"], "i8": _INT_SIGNEDNESS, "i32": _INT_SIGNEDNESS, "i64": _INT_SIGNEDNESS}
_SHORT = {None: "", "Signed": "s", "Unsigned": "u", "Signless": "l"}
for _src in ["i1", "i8", "i32", "i64", "f32", "f64"]:
    for _dst in ["i1", "i8", "i32", "i64", "f32", "f64"]:
        if _src == _dst:
            continue
        for _sin in _SIGNEDNESS.get(_src, [None]):
            for _sout in _SIGNEDNESS.get(_dst, [None]):
                if is_float(_src) and _dst in ("i8",) and _sout in ("Unsigned", "Signless"):
                    continue  # fptoui of negative values is undefined behaviour
                _attrs = [f"{side}_int_signedness = #tcp<signedness {s}>"
                          for side, s in (("in", _sin), ("out", _sout)) if s]
                _attr_text = "{" + ", ".join(_attrs) + "}" if _attrs else ""
                _name = f"cast_{_src}_{_SHORT[_sin]}_to_{_dst}_{_SHORT[_sout]}"
                _it, _ot = t(["?", "4"], _src), t(["?", "4"], _dst)
                _cast.add(_name, f"""func.func @{_name}(%a: {_it}) -> {_ot} {{
  %0 = tcp.cast %a {_attr_text} : {_it} -> {_ot}
  return %0 : {_ot}
}}
""", _cast_source(_src, _dst, (6, 4)), exact=not is_float(_dst))

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
for _dim, _dim_type in ((0, "i64"), (1, "i64"), (1, "index")):  # index: upstream TCP's spelling
    _name = f"gather_dim{_dim}" + ("_index" if _dim_type == "index" else "")
    _data.add(_name, f"""func.func @{_name}(%a: tensor<?x4xf32>, %i: tensor<?x3xi64>) -> tensor<?x3xf32> {{
  %0 = tcp.gather %a, %i {{dim = {_dim} : {_dim_type}}} : tensor<?x4xf32>, tensor<?x3xi64> -> tensor<?x3xf32>
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
# Math, comparison and logic, data movement, reductions, contraction,
# convolution and pooling
# ---------------------------------------------------------------------------

NAN, INF = np.nan, np.inf


def accumulated(dt: str) -> dict:
    """Tolerance of a sum of many terms: the compiled code adds in the
    element type, in its own order; the interpreter adds in another order
    (and contractions, convolutions and average pools in 64 bits)."""
    if dt in ("bf16", "f16"):  # sums in float32, each rounded once: an ulp of the result apart
        return {"rtol": 2**-7 if dt == "bf16" else 2**-10, "atol": 1e-3}
    return {"rtol": 1e-5, "atol": 1e-4} if dt == "f32" else {"rtol": 1e-12, "atol": 1e-12}


def func(name: str, params: list[tuple[str, str]], lines: list[str], results: list[tuple[str, str]]) -> str:
    """A func.func: `params` and `results` are (value, type) pairs."""
    args = ", ".join(f"%{v}: {ty}" for v, ty in params)
    types = ", ".join(ty for _, ty in results)
    values = ", ".join(f"%{v}" for v, _ in results)
    body = "".join(f"  {line}\n" for line in lines)
    return f"func.func @{name}({args}) -> ({types}) {{\n{body}  return {values} : {types}\n}}\n"


def dims(shape) -> list[str]:
    return [str(s) for s in shape]


def _dense(values: np.ndarray) -> str:
    return f"dense<{np.array2string(values, separator=', ', threshold=10**6, floatmode='unique')}>"


def dyn(shape, dynamic) -> list[str]:
    """`shape` as type dims, with the dims in `dynamic` written `?`."""
    return ["?" if d in dynamic else str(s) for d, s in enumerate(shape)]


def planted(a: np.ndarray, values: dict) -> np.ndarray:
    """a with a[index] = value for each (flat index: value)."""
    for index, value in values.items():
        a.flat[index] = value
    return a


# -- unary math, pow, max and min ------------------------------------------

def _pair_inputs(pairs):
    """Two random arrays with edge values whose first elements are `pairs`
    (floats), else each other's edges reversed, and a few equal elements."""
    def inputs(dt, shape):
        def make(rng):
            a, b = random_array(dt, shape, rng), random_array(dt, shape, rng)
            special = pairs if is_float(dt) and pairs else \
                list(zip(FLOAT_EDGES if is_float(dt) else int_edges(NP[dt]),
                         (FLOAT_EDGES if is_float(dt) else int_edges(NP[dt]))[::-1]))
            k = min(a.size - 2, len(special))
            a.flat[:k], b.flat[:k] = zip(*special[:k])
            b.flat[-2:] = a.flat[-2:]
            return [a, b]
        return make
    return inputs


_POW_PAIRS = [(NAN, 0.0), (1.0, NAN), (-2.0, 3.0), (-2.0, 0.5), (0.0, -1.0), (-0.0, -1.0), (-INF, 3.0),
              (-INF, 2.0), (2.0, INF), (0.5, INF), (-1.0, INF), (INF, -0.5), (-0.0, 0.5), (-8.0, -2.0)]
_MAX_MIN_PAIRS = [(NAN, 1.0), (1.0, NAN), (NAN, NAN), (-INF, NAN), (INF, -INF), (-0.0, 0.0), (0.0, -0.0),
                  (-2.5, -3.75), (1e-8, -1e-8), (INF, INF)]

_math = family("math")
for _op in ["erf", "expm1", "rsqrt", "log2", "tan", "sinh", "cosh", "asin", "acos", "asinh", "acosh", "atanh",
            "log10"]:
    elementwise(_math, _op, FLOATS)
for _op in ["max", "min"]:
    elementwise(_math, _op, FLOATS + INTS, arity=2, inputs=_pair_inputs(_MAX_MIN_PAIRS))
elementwise(_math, "pow", FLOATS, arity=2, inputs=_pair_inputs(_POW_PAIRS))
_math.add("max_min_chain", func("max_min_chain", [("a", "tensor<?xf32>"), ("b", "tensor<?xf32>")], [
    "%0 = tcp.max %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>",
    "%1 = tcp.min %0, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>",
    "%2 = tcp.rsqrt %1 : tensor<?xf32> -> tensor<?xf32>",
    "%3 = tcp.pow %2, %a : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>",
], [("1", "tensor<?xf32>"), ("3", "tensor<?xf32>")]),
    lambda rng: [np.abs(random_array("f32", (9,), rng)), np.abs(random_array("f32", (9,), rng, edges=False))])


_TINY = [1e-10, -1e-10, 1e-7, -3e-6, 1e-5, 1e-3, -1e-3, 1e-30, -1e-30, 1.4e-45, 0.25, -0.0]
for _dt in FLOATS:
    # "Accurate for small x": compared relative to the result (atol 0), which
    # the default tolerance's atol would not see.
    _ty = f"tensor<?x{_dt}>"
    _math.add(f"tiny_arguments_{_dt}", func(f"tiny_arguments_{_dt}", [("a", _ty)], [
        f"%expm1 = tcp.expm1 %a : {_ty} -> {_ty}", f"%erf = tcp.erf %a : {_ty} -> {_ty}",
        f"%rsqrt = tcp.rsqrt %a : {_ty} -> {_ty}", f"%log2 = tcp.log2 %a : {_ty} -> {_ty}",
    ], [(v, _ty) for v in ["expm1", "erf", "rsqrt", "log2"]]),
        lambda rng, dt=_dt: [np.array(_TINY, NP[dt])], tol={"rtol": 1e-5 if _dt == "f32" else 1e-12, "atol": 0.0})


# -- remainder ---------------------------------------------------------------

_REM_FLOAT_PAIRS = [(5.5, -2.0), (-5.5, 2.0), (5.5, 2.0), (-5.5, -2.0), (1.0, 0.0), (-1.0, -0.0), (INF, 2.0),
                    (-2.0, INF), (2.0, -INF), (NAN, 1.0), (-0.0, 3.0), (6.0, -3.0), (0.0, 0.0), (1.0, NAN),
                    (1.0, 0.1)]


def _rem_int_inputs(dt, shape):
    """Edge dividends (INT_MIN first) over small nonzero divisors, with
    INT_MIN % -1 and INT_MAX % -1 (0: no trap) and sign cases."""
    def make(rng):
        a = random_array(dt, shape, rng)
        b = random_array(dt, shape, rng, edges=False, low=-9, high=10)
        b[b == 0] = 4
        # Dividends: min, max, 0, -1, 1, 7, -8, min + 1 (int_edges).
        b.flat[:8] = [-1, -1, -3, 2, -1, -2, 3, -2]
        a.flat[8:12], b.flat[8:12] = [-7, 7, -7, 9], [2, -2, -2, 3]
        return [a, b]
    return make


_rem = family("remainder")
for _mode in ["Trunc", "Floor"]:
    _attrs = f"{{rounding_mode = #tcp<roundingMode {_mode}>}}"
    elementwise(_rem, "rem", FLOATS, attrs=_attrs, arity=2, inputs=_pair_inputs(_REM_FLOAT_PAIRS),
                suffix=f"_{_mode.lower()}", exact=True)
    elementwise(_rem, "rem", INTS, attrs=_attrs, arity=2, inputs=_rem_int_inputs, suffix=f"_{_mode.lower()}")


# -- comparisons, logic and select -------------------------------------------

_FLOAT_COMPARE_PAIRS = [(NAN, NAN), (NAN, 1.0), (1.0, NAN), (-0.0, 0.0), (INF, INF), (-INF, INF), (1.5, 1.5),
                        (1.5, -2.5), (-2.5, 1.5)]


def _compare_inputs(dt, shape):
    def make(rng):
        a, b = random_array(dt, shape, rng), random_array(dt, shape, rng)
        if dt == "i1":
            a.flat[:4], b.flat[:4] = [False, False, True, True], [False, True, False, True]
            return [a, b]
        if is_float(dt):
            pairs = _FLOAT_COMPARE_PAIRS
        else:
            info = np.iinfo(NP[dt])
            pairs = [(info.min, info.max), (info.max, info.min), (info.min, info.min), (-1, 0), (0, -1),
                     (-1, 1), (1, -1), (info.max, info.max), (-1, -1)]
        a.flat[:9], b.flat[:9] = zip(*pairs)
        b.flat[-3:] = a.flat[-3:]
        return [a, b]
    return make


_logic = family("logic")
for _dt in FLOATS + ["i1", "i8", "i16"] + INTS[1:]:
    for _kind, (_dims, _shape) in (("static", STATIC), ("dynamic", DYNAMIC)):
        _it, _ot = t(_dims, _dt), t(_dims, "i1")
        _name = f"cmp_{_dt}_{_kind}"
        _logic.add(_name, func(_name, [("a", _it), ("b", _it)], [
            f"%{_p} = tcp.cmp %a, %b {{predicate = #tcp<cmpPredicate {_p}>}} : {_it}, {_it} -> {_ot}"
            for _p in ["Eq", "Ne", "Lt", "Le", "Gt", "Ge"]],
            [(_p, _ot) for _p in ["Eq", "Ne", "Lt", "Le", "Gt", "Ge"]]), _compare_inputs(_dt, _shape), exact=True)
for _dt in ["i1", "i8", "i16", "i32", "i64"]:
    for _kind, (_dims, _shape) in (("static", STATIC), ("dynamic", DYNAMIC)):
        _it = t(_dims, _dt)
        _name = f"bitwise_{_dt}_{_kind}"
        _logic.add(_name, func(_name, [("a", _it), ("b", _it)], [
            f"%and = tcp.and %a, %b : {_it}, {_it} -> {_it}",
            f"%or = tcp.or %a, %b : {_it}, {_it} -> {_it}",
            f"%xor = tcp.xor %a, %b : {_it}, {_it} -> {_it}",
            f"%not = tcp.not %a : {_it} -> {_it}",
            f"%not_xor = tcp.not %xor : {_it} -> {_it}",
        ], [(v, _it) for v in ["and", "or", "xor", "not", "not_xor"]]), _compare_inputs(_dt, _shape), exact=True)
for _dt in FLOATS + ["i1"] + INTS:
    for _kind, (_dims, _shape) in (("static", STATIC), ("dynamic", DYNAMIC)):
        _ct, _it = t(_dims, "i1"), t(_dims, _dt)
        _name = f"select_{_dt}_{_kind}"
        _logic.add(_name, func(_name, [("c", _ct), ("a", _it), ("b", _it)], [
            f"%0 = tcp.select %c, %a, %b : {_ct}, {_it}, {_it} -> {_it}",
        ], [("0", _it)]), lambda rng, dt=_dt, shape=_shape: [random_array("i1", shape, rng),
                                                              *_compare_inputs(dt, shape)(rng)], exact=True)
_logic.add("where_greater", func("where_greater", [("a", "tensor<?x4xf32>"), ("b", "tensor<?x4xf32>")], [
    "%gt = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Gt>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>",
    "%ne = tcp.cmp %a, %a {predicate = #tcp<cmpPredicate Ne>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>",
    "%either = tcp.or %gt, %ne : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>",
    "%0 = tcp.select %either, %a, %b : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>",
], [("0", "tensor<?x4xf32>"), ("either", "tensor<?x4xi1>")]), _compare_inputs("f32", (6, 4)), exact=True)


# -- transpose, pad, flip -------------------------------------------------------

_shapes = family("shapes")


def _transpose_case(name, dt, shape, dynamic, perm):
    it = t(dyn(shape, dynamic), dt)
    ot = t([dyn(shape, dynamic)[p] for p in perm], dt)
    _shapes.add(name, func(name, [("a", it)], [
        f"%0 = tcp.transpose %a {{permutation = {list(perm)}}} : {it} -> {ot}"], [("0", ot)]),
        lambda rng: [random_array(dt, shape, rng)], exact=True)


_transpose_case("transpose_2d_dynamic_f32", "f32", (5, 3), {0, 1}, (1, 0))
_transpose_case("transpose_3d_static_i32", "i32", (2, 3, 4), set(), (2, 0, 1))
_transpose_case("transpose_4d_mixed_f64", "f64", (2, 3, 4, 5), {0, 2}, (3, 1, 0, 2))
_transpose_case("transpose_identity_i8", "i8", (3, 4), {1}, (0, 1))
_transpose_case("transpose_i1", "i1", (3, 5), {0}, (1, 0))
_transpose_case("transpose_i64_unit_dims", "i64", (1, 4, 1), {1}, (2, 1, 0))
_shapes.add("transposes_compose_and_cancel", func("transposes_compose_and_cancel", [
    ("a", "tensor<2x?x4x5xf32>")], [
    "%0 = tcp.transpose %a {permutation = [2, 0, 1, 3]} : tensor<2x?x4x5xf32> -> tensor<4x2x?x5xf32>",
    "%1 = tcp.transpose %0 {permutation = [1, 2, 0, 3]} : tensor<4x2x?x5xf32> -> tensor<2x?x4x5xf32>",
    "%2 = tcp.transpose %1 {permutation = [3, 0, 2, 1]} : tensor<2x?x4x5xf32> -> tensor<5x2x4x?xf32>",
    "%3 = tcp.transpose %0 {permutation = [3, 1, 0, 2]} : tensor<4x2x?x5xf32> -> tensor<5x2x4x?xf32>"],
    [("1", "tensor<2x?x4x5xf32>"), ("2", "tensor<5x2x4x?xf32>"), ("3", "tensor<5x2x4x?xf32>")]),
    lambda rng: [random_array("f32", (2, 3, 4, 5), rng)], exact=True)


def _pad_case(name, dt, shape, dynamic, low, high, value):
    it = t(dyn(shape, dynamic), dt)
    ot = t(["?" if d in dynamic else str(s + lo + hi) for d, (s, lo, hi) in enumerate(zip(shape, low, high))], dt)
    vt = t([], dt)
    _shapes.add(name, func(name, [("a", it), ("v", vt)], [
        f"%0 = tcp.pad %a, %v {{low = {list(low)}, high = {list(high)}}} : {it}, {vt} -> {ot}"], [("0", ot)]),
        lambda rng: [random_array(dt, shape, rng), np.array(value, NP[dt])], exact=True)


_pad_case("pad_2d_dynamic_f32", "f32", (5, 4), {0}, (0, 1), (2, 3), -INF)
_pad_case("pad_2d_all_dynamic_f64_nan", "f64", (3, 2), {0, 1}, (1, 2), (1, 0), NAN)
_pad_case("pad_3d_i64", "i64", (2, 3, 3), {1}, (1, 0, 2), (0, 2, 1), np.iinfo(np.int64).min)
_pad_case("pad_i8_high_only", "i8", (4,), set(), (0,), (3,), -7)
_pad_case("pad_i1", "i1", (3, 2), {1}, (2, 1), (0, 1), True)
_pad_case("pad_nothing_i32", "i32", (2, 3), {0}, (0, 0), (0, 0), 5)


def _flip_case(name, dt, shape, dynamic, axes):
    it = t(dyn(shape, dynamic), dt)
    _shapes.add(name, func(name, [("a", it)], [f"%0 = tcp.flip %a {{axes = {list(axes)}}} : {it} -> {it}"],
                           [("0", it)]), lambda rng: [random_array(dt, shape, rng)], exact=True)


_flip_case("flip_axis0_dynamic_f32", "f32", (5, 3), {0, 1}, (0,))
_flip_case("flip_last_axis_f64", "f64", (2, 7), {1}, (1,))
_flip_case("flip_two_axes_i32", "i32", (3, 4, 5), {2}, (2, 0))
_flip_case("flip_all_axes_i8", "i8", (2, 3, 2), set(), (0, 1, 2))
_flip_case("flip_no_axes_i64", "i64", (4, 2), {0}, ())
_flip_case("flip_i1", "i1", (6,), {0}, (0,))
_shapes.add("empty_dim", func("empty_dim", [("a", "tensor<?x3xi64>"), ("v", "tensor<i64>")], [
    "%0 = tcp.flip %a {axes = [0, 1]} : tensor<?x3xi64> -> tensor<?x3xi64>",
    "%1 = tcp.transpose %a {permutation = [1, 0]} : tensor<?x3xi64> -> tensor<3x?xi64>",
    "%2 = tcp.pad %a, %v {low = [1, 0], high = [1, 1]} : tensor<?x3xi64>, tensor<i64> -> tensor<?x4xi64>",
], [("0", "tensor<?x3xi64>"), ("1", "tensor<3x?xi64>"), ("2", "tensor<?x4xi64>")]),
    lambda rng: [np.zeros((0, 3), np.int64), np.array(7, np.int64)], exact=True)


# -- reduce ---------------------------------------------------------------------

_REDUCTIONS = [("Sum", [1]), ("Sum", [0, 2]), ("Sum", [0, 1, 2]), ("Sum", []), ("Prod", [2]), ("Prod", [0]),
               ("Max", [1]), ("Max", [0, 1, 2]), ("Min", [0, 2]), ("Min", [2])]


def _reduce_body(name, it, dt, shape_dims, reductions):
    lines, results = [], []
    for i, (kind, axes) in enumerate(reductions):
        ot = t([s for d, s in enumerate(shape_dims) if d not in axes], dt)
        lines.append(f"%r{i} = tcp.reduce %a {{kind = #tcp<reduceKind {kind}>, axes = {axes}}} : {it} -> {ot}")
        results.append((f"r{i}", ot))
    return func(name, [("a", it)], lines, results)


def _reduce_inputs(dt, shape, static):
    """Static: edge values first (NaN, +-inf, integer min/max); dynamic:
    random values with an extreme or a NaN planted inside."""
    def make(rng):
        if static:
            return [random_array(dt, shape, rng)]
        a = random_array(dt, shape, rng, edges=False)
        if is_float(dt):
            return [planted(a, {7: NAN, 20: -INF, 33: INF})]
        info = np.iinfo(NP[dt])
        return [planted(a, {7: info.min, 20: info.max, 33: info.min})]
    return make


_reduce = family("reduce")
for _dt in FLOATS + INTS:
    for _kind, _dims, _shape in (("static", ["3", "5", "4"], (3, 5, 4)), ("dynamic", ["?", "5", "?"], (4, 5, 3))):
        _name = f"reduce_{_dt}_{_kind}"
        _reduce.add(_name, _reduce_body(_name, t(_dims, _dt), _dt, _dims, _REDUCTIONS),
                    _reduce_inputs(_dt, _shape, _kind == "static"),
                    tol=accumulated(_dt) if is_float(_dt) else None)


def _bool_rows(shape):
    def make(rng):
        a = random_array("i1", shape, rng)
        a[0, :], a[1, :] = True, False
        return [a]
    return make


for _kind, _dims, _shape in (("static", ["4", "3"], (4, 3)), ("dynamic", ["?", "?"], (5, 4))):
    _name = f"reduce_i1_{_kind}"
    _reduce.add(_name, _reduce_body(_name, t(_dims, "i1"), "i1", _dims, [
        ("Any", [1]), ("All", [1]), ("Any", [0]), ("All", [0]), ("Any", [0, 1]), ("All", [0, 1]), ("Any", [])]),
        _bool_rows(_shape), exact=True)
_reduce.add("reduce_sum_long_f32", _reduce_body("reduce_sum_long_f32", "tensor<?x?xf32>", "f32", ["?", "?"], [
    ("Sum", [1]), ("Sum", [0, 1]), ("Max", [0]), ("Min", [0, 1])]),
    lambda rng: [random_array("f32", (3, 500), rng, edges=False)], tol=accumulated("f32"))
_reduce.add("reduce_empty_dim", _reduce_body("reduce_empty_dim", "tensor<?x?xf32>", "f32", ["?", "?"], [
    ("Sum", [1]), ("Prod", [1]), ("Sum", [0, 1])]), lambda rng: [np.zeros((3, 0), np.float32)], exact=True)
_reduce.add("reduce_empty_dim_i1", _reduce_body("reduce_empty_dim_i1", "tensor<?x?xi1>", "i1", ["?", "?"], [
    ("Any", [1]), ("All", [1])]), lambda rng: [np.zeros((3, 0), bool)], exact=True)
_reduce.add("reduce_after_cmp", func("reduce_after_cmp", [("a", "tensor<?x4xf32>")], [
    "%z = tcp.const {value = dense<0.0> : tensor<4xf32>} : tensor<4xf32>",
    "%c0 = arith.constant 0 : index",
    "%n = tensor.dim %a, %c0 : tensor<?x4xf32>",
    "%e = tensor.expand_shape %z [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>",
    "%zb = tcp.broadcast %e, %n {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>",
    "%pos = tcp.cmp %a, %zb {predicate = #tcp<cmpPredicate Gt>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>",
    "%any = tcp.reduce %pos {kind = #tcp<reduceKind Any>, axes = [1]} : tensor<?x4xi1> -> tensor<?xi1>",
    "%all = tcp.reduce %pos {kind = #tcp<reduceKind All>, axes = [0, 1]} : tensor<?x4xi1> -> tensor<i1>",
], [("any", "tensor<?xi1>"), ("all", "tensor<i1>")]), lambda rng: [random_array("f32", (6, 4), rng)], exact=True)


# -- arg_reduce -----------------------------------------------------------------

def _arg_inputs(dt, shape):
    """Few distinct values (ties everywhere), with NaNs (two in one line),
    infinities, -0.0 next to 0.0, integer extremes (twice in one line), and
    lines that are all one value."""
    def make(rng):
        a = rng.integers(-2, 3, shape).astype(NP[dt])
        if is_float(dt):
            a[0, 0, :] = [0.0, -0.0, 0.0, -0.0][:shape[2]] + [0.0] * max(0, shape[2] - 4)
            a[0, 1, :] = -INF
            a[0, 2, :] = INF
            planted(a, {a[0].size + 5: NAN, a[0].size + 7: NAN, a[0].size + 9: -INF, a[0].size + 11: INF, -1: NAN})
        else:
            info = np.iinfo(NP[dt])
            a[0, 1, :], a[0, 2, :] = info.min, info.max
            planted(a, {a[0].size + 5: info.max, a[0].size + 7: info.max, a[0].size + 9: info.min,
                        a[0].size + 10: info.min, -1: info.min})
        return [a]
    return make


_arg = family("arg_reduce")
for _dt in FLOATS + INTS:
    for _kind, _dims, _shape in (("static", ["3", "5", "4"], (3, 5, 4)), ("dynamic", ["?", "5", "?"], (4, 5, 3))):
        _it = t(_dims, _dt)
        _lines, _results = [], []
        for _i, (_rk, _axis) in enumerate([("Max", 0), ("Max", 1), ("Max", 2), ("Min", 0), ("Min", 1), ("Min", 2)]):
            _out = [s for d, s in enumerate(_dims) if d != _axis]
            _vt, _xt = t(_out, _dt), t(_out, "i64")
            _lines.append(f"%r{_i}:2 = tcp.arg_reduce %a {{kind = #tcp<reduceKind {_rk}>, axis = {_axis} : i64}} "
                          f": {_it} -> {_vt}, {_xt}")
            _results += [(f"r{_i}#0", _vt), (f"r{_i}#1", _xt)]
        _name = f"arg_reduce_{_dt}_{_kind}"
        _arg.add(_name, func(_name, [("a", _it)], _lines, _results), _arg_inputs(_dt, _shape), exact=True)
for _rk in ["Max", "Min"]:
    _name = f"arg_reduce_{_rk.lower()}_1d"
    _arg.add(_name, func(_name, [("a", "tensor<?xf32>")], [
        f"%r:2 = tcp.arg_reduce %a {{kind = #tcp<reduceKind {_rk}>, axis = 0 : i64}} : tensor<?xf32> -> tensor<f32>, "
        "tensor<i64>"], [("r#0", "tensor<f32>"), ("r#1", "tensor<i64>")]),
        lambda rng: [np.array([1.0, 3.0, -4.0, NAN, 3.0, NAN, -4.0], np.float32)], exact=True)
    _name = f"arg_reduce_{_rk.lower()}_all_nan"
    _arg.add(_name, func(_name, [("a", "tensor<2x3xf64>")], [
        f"%r:2 = tcp.arg_reduce %a {{kind = #tcp<reduceKind {_rk}>, axis = 1 : i64}} : tensor<2x3xf64> -> "
        "tensor<2xf64>, tensor<2xi64>"], [("r#0", "tensor<2xf64>"), ("r#1", "tensor<2xi64>")]),
        lambda rng: [np.array([[NAN, NAN, NAN], [2.0, 2.0, NAN]])], exact=True)


# -- scatter_nd -------------------------------------------------------------------

def _scatter_inputs(dt, in_shape, idx_shape, upd_shape):
    """Indices with duplicates (the first two positions, if two, name one
    place), updates with edge values."""
    def make(rng):
        k = idx_shape[-1]
        idx = np.stack([rng.integers(0, in_shape[j], idx_shape[:-1]) for j in range(k)], -1)
        if idx.size > k:
            idx.reshape(-1, k)[1] = idx.reshape(-1, k)[0]
        return [random_array(dt, in_shape, rng), idx.astype(np.int64), random_array(dt, upd_shape, rng)]
    return make


_scatter = family("scatter_nd")
for _dt in FLOATS + INTS:
    for _kind in ["Replace", "Sum", "Prod", "Max", "Min"]:
        for _case, (_in, _idx, _upd, _shapes) in {
            "rows": (["?", "4"], ["?", "1"], ["?", "4"], ((6, 4), (7, 1), (7, 4))),
            "elements": (["5", "?"], ["2", "?", "2"], ["2", "?"], ((5, 3), (2, 4, 2), (2, 4))),
            "one_slice": (["?", "3", "2"], ["1"], ["3", "2"], ((4, 3, 2), (1,), (3, 2))),
        }.items():
            _it, _xt, _ut = t(_in, _dt), t(_idx, "i64"), t(_upd, _dt)
            _name = f"scatter_nd_{_case}_{_kind.lower()}_{_dt}"
            _scatter.add(_name, func(_name, [("a", _it), ("i", _xt), ("u", _ut)], [
                f"%0 = tcp.scatter_nd %a, %i, %u {{kind = #tcp<scatterKind {_kind}>}} : {_it}, {_xt}, {_ut} -> {_it}"],
                [("0", _it)]), _scatter_inputs(_dt, *_shapes),
                exact=_kind != "Sum" or not is_float(_dt))


_scatter.add("scatter_nd_no_positions", func("scatter_nd_no_positions", [
    ("a", "tensor<?x3xf32>"), ("i", "tensor<?x1xi64>"), ("u", "tensor<?x3xf32>")], [
    "%0 = tcp.scatter_nd %a, %i, %u {kind = #tcp<scatterKind Sum>} : tensor<?x3xf32>, tensor<?x1xi64>, "
    "tensor<?x3xf32> -> tensor<?x3xf32>"], [("0", "tensor<?x3xf32>")]),
    lambda rng: [random_array("f32", (4, 3), rng), np.zeros((0, 1), np.int64), np.zeros((0, 3), np.float32)],
    exact=True)


# -- sort -------------------------------------------------------------------------

_sort = family("sort")
for _dt in FLOATS + INTS:
    for _kind, _dims, _shape in (("static", ["3", "5", "4"], (3, 5, 4)), ("dynamic", ["?", "5", "?"], (4, 5, 3))):
        _it, _xt = t(_dims, _dt), t(_dims, "i64")
        _lines, _results = [], []
        for _i, (_axis, _descending) in enumerate([(0, False), (1, True), (2, False), (2, True)]):
            _flag = ", descending = true" if _descending else ""
            _lines.append(f"%r{_i}:2 = tcp.sort %a {{axis = {_axis} : i64{_flag}}} : {_it} -> {_it}, {_xt}")
            _results += [(f"r{_i}#0", _it), (f"r{_i}#1", _xt)]
        _name = f"sort_{_dt}_{_kind}"
        _sort.add(_name, func(_name, [("a", _it)], _lines, _results), _arg_inputs(_dt, _shape), exact=True)
for _n in (0, 1, 2, 3, 1000, 1025):
    _name = f"sort_line_of_{_n}"
    _sort.add(_name, func(_name, [("a", "tensor<?xf32>")], [
        "%r:2 = tcp.sort %a {axis = 0 : i64, descending = true} : tensor<?xf32> -> tensor<?xf32>, tensor<?xi64>"],
        [("r#0", "tensor<?xf32>"), ("r#1", "tensor<?xi64>")]),
        lambda rng, n=_n: [np.round(random_array("f32", (n,), rng), 1)], exact=True)


# -- scan -------------------------------------------------------------------------

def _scan_body(name, it, kinds_axes):
    lines = [f"%s{i} = tcp.scan %a {{kind = #tcp<reduceKind {k}>, axis = {axis} : i64}} : {it} -> {it}"
             for i, (k, axis) in enumerate(kinds_axes)]
    return func(name, [("a", it)], lines, [(f"s{i}", it) for i in range(len(kinds_axes))])


_scan = family("scan")
_SCANS_2D = [(k, axis) for k in ["Sum", "Prod", "Max", "Min"] for axis in (0, 1)]
for _dt in FLOATS + INTS:
    for _kind, _dims, _shape in (("static", ["4", "5"], (4, 5)), ("dynamic", ["?", "?"], (3, 6))):
        _name = f"scan_{_dt}_{_kind}"
        _scan.add(_name, _scan_body(_name, t(_dims, _dt), _SCANS_2D),
                  lambda rng, dt=_dt, shape=_shape: [random_array(dt, shape, rng)])
_scan.add("scan_3d_each_axis_f32", _scan_body("scan_3d_each_axis_f32", "tensor<?x4x?xf32>", [
    ("Sum", 0), ("Sum", 1), ("Sum", 2), ("Max", 1), ("Min", 2), ("Prod", 1)]),
    lambda rng: [planted(random_array("f32", (3, 4, 5), rng, edges=False), {17: NAN, 40: -INF})])
_scan.add("scan_empty_axis_i32", _scan_body("scan_empty_axis_i32", "tensor<?x?xi32>", [("Sum", 1), ("Max", 0)]),
          lambda rng: [np.zeros((3, 0), np.int32)], exact=True)
_scan.add("scan_unit_axis_i32", _scan_body("scan_unit_axis_i32", "tensor<?x?xi32>", [("Sum", 0), ("Prod", 1)]),
          lambda rng: [random_array("i32", (1, 6), rng)], exact=True)


# -- contract ---------------------------------------------------------------------

def _contract_case(name, dt, lhs, rhs, lb, rb, lc, rc, dynamic=((), ()), edges=False, out_dt=None):
    """lhs, rhs: static shapes; dynamic: dims of each written `?`; out_dt:
    the result's element type when it is wider than the operands'."""
    lt, rt = t(dyn(lhs, set(dynamic[0])), dt), t(dyn(rhs, set(dynamic[1])), dt)
    ldims, rdims = dyn(lhs, set(dynamic[0])), dyn(rhs, set(dynamic[1]))
    out = [ldims[d] if ldims[d] != "?" else rdims[e] for d, e in zip(lb, rb)] + \
        [s for d, s in enumerate(ldims) if d not in lb + lc] + [s for d, s in enumerate(rdims) if d not in rb + rc]
    ot = t(out, out_dt or dt)
    _contract.add(name, func(name, [("a", lt), ("b", rt)], [
        f"%0 = tcp.contract %a, %b {{lhs_batch_dims = {lb}, rhs_batch_dims = {rb}, lhs_contracting_dims = {lc}, "
        f"rhs_contracting_dims = {rc}}} : {lt}, {rt} -> {ot}"], [("0", ot)]),
        lambda rng: [random_array(dt, lhs, rng, edges=edges), random_array(dt, rhs, rng, edges=edges)],
        tol=accumulated(dt) if is_float(dt) else None)


_contract = family("contract")
_contract_case("matmul_static_f32", "f32", (3, 4), (4, 5), [], [], [1], [0])
_contract_case("matmul_dynamic_f32", "f32", (5, 7), (7, 3), [], [], [1], [0], dynamic=((0, 1), (0, 1)))
_contract_case("matmul_edges_f32", "f32", (4, 3), (3, 4), [], [], [1], [0], dynamic=((0,), ()), edges=True)
_contract_case("matmul_f64", "f64", (6, 5), (5, 2), [], [], [1], [0], dynamic=((), (1,)))
_contract_case("matmul_i32", "i32", (3, 4), (4, 5), [], [], [1], [0], dynamic=((0,), (1,)))
_contract_case("matmul_i8_wraps", "i8", (3, 6), (6, 2), [], [], [1], [0])
_contract_case("batch_matmul_dynamic_f32", "f32", (2, 3, 4), (2, 4, 5), [0], [0], [2], [1],
               dynamic=((0, 1, 2), (0, 1, 2)))
_contract_case("batch_matmul_f64", "f64", (3, 2, 4), (3, 4, 3), [0], [0], [2], [1])
_contract_case("batch_matmul_i64", "i64", (2, 3, 4), (2, 4, 2), [0], [0], [2], [1], dynamic=((0,), ()))
_contract_case("transposed_lhs_f32", "f32", (4, 3), (4, 5), [], [], [0], [0], dynamic=((1,), ()))
_contract_case("transposed_rhs_f32", "f32", (3, 4), (5, 4), [], [], [1], [1], dynamic=((), (0,)))
_contract_case("both_transposed_f64", "f64", (4, 3), (5, 4), [], [], [0], [1])
_contract_case("two_contracting_dims_f32", "f32", (3, 4, 5), (5, 4, 2), [], [], [1, 2], [1, 0],
               dynamic=((0, 1), (2,)))
_contract_case("two_contracting_dims_i32", "i32", (3, 4, 5), (5, 4, 2), [], [], [1, 2], [1, 0])
_contract_case("batch_not_leading_f32", "f32", (3, 4, 5), (5, 4, 2), [2], [0], [1], [1], dynamic=((2,), ()))
_contract_case("two_batch_dims_f64", "f64", (2, 3, 4, 5), (3, 2, 5, 2), [0, 1], [1, 0], [3], [2])
_contract_case("matvec_f32", "f32", (5, 4), (4,), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("vecmat_i64", "i64", (4,), (4, 5), [], [], [0], [0], dynamic=((0,), (0,)))
_contract_case("batch_free_lhs_only_f32", "f32", (2, 3, 4), (2, 4), [0], [0], [2], [1], dynamic=((0, 1), (0,)))
_contract_case("outer_product_f32", "f32", (3,), (4, 2), [], [], [], [], dynamic=((), (0,)))
_contract_case("dot_f64", "f64", (7,), (7,), [], [], [0], [0], dynamic=((0,), (0,)))
# Static columns beyond whole register tiles (the micro-kernel's partial
# tiles; pad-product-columns for other types): 49 of a 7x7 image, and a
# batch of attention scores over 37 tokens.
_contract_case("matmul_49_columns_f32", "f32", (9, 16), (16, 49), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("batch_matmul_37_columns_f32", "f32", (2, 37, 8), (2, 8, 37), [0], [0], [2], [1],
               dynamic=((0,), (0,)))
# Fewer rows than a register tile (a batch of 3 through a linear layer: rows
# one at a time), and 40 columns: one tile and 8 columns, not padded.
_contract_case("matmul_3_rows_40_columns_f32", "f32", (3, 16), (16, 40), [], [], [1], [0], dynamic=((0,), ()))
# Fewer than 8 columns (the kernel's dot products of rows of A, not its
# tiles of 32 columns): K of whole 64-float blocks, a 16-float step and a tail.
_contract_case("matmul_3_columns_f32", "f32", (40, 203), (203, 3), [], [], [1], [0], dynamic=((0,), ()))
# A block's last 16 columns (a half tile, written in place) and last 9 (a
# half tile through the edge buffer), K over 2 depth blocks of 256 (the
# tiles accumulate into C after the first).
_contract_case("matmul_half_tile_columns_f32", "f32", (13, 300), (300, 48), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("matmul_9_edge_columns_f32", "f32", (13, 300), (300, 41), [], [], [1], [0], dynamic=((0,), ()))


def _constant_head_case(name: str, rows: int, k: int, columns: int):
    """A linear layer's product by a constant matrix of odd columns (a
    vocabulary): padded at compile time (pad-weight-columns), its result cut."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    w = rng.standard_normal((k, columns)).astype(np.float32)
    xt, wt, ot = t(["?", str(k)], "f32"), t(dims((k, columns)), "f32"), t(["?", str(columns)], "f32")
    _contract.add(name, func(name, [("x", xt)], [
        f"%w = tcp.const {{value = {_dense(w)} : {wt}}} : {wt}",
        f"%0 = tcp.contract %x, %w {{lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], "
        f"rhs_contracting_dims = [0]}} : {xt}, {wt} -> {ot}"], [("0", ot)]),
        lambda rng: [random_array("f32", (rows, k), rng, edges=False)], tol=accumulated("f32"))


_constant_head_case("matmul_constant_41_columns_f32", 11, 16, 41)
_contract.add("matmul_empty_contracting_dim", func("matmul_empty_contracting_dim", [
    ("a", "tensor<?x?xf32>"), ("b", "tensor<?x?xf32>")], [
    "%0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], "
    "rhs_contracting_dims = [0]} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>"], [("0", "tensor<?x?xf32>")]),
    lambda rng: [np.zeros((3, 0), np.float32), np.zeros((0, 2), np.float32)], exact=True)
_contract_case("dot_all_dims_i32", "i32", (3, 4), (3, 4), [], [], [0, 1], [0, 1])


def _attention_case(name, dt, query, keys, values, mask, dynamic=(), attrs="causal = false", planted_mask=None,
                    late_keys=False):
    """tcp.attention of query [..., L, E] over `keys` S keys and `values`
    columns, with a mask of shape `mask`; `dynamic`: the query dims (batch,
    L, E) written `?` in every operand they size. `planted_mask` puts -inf
    at those flat indices of the mask (whole rows of keys masked);
    `late_keys` makes the last keys score highest (the running maximum
    grows in a later block of keys)."""
    *batch, length, depth = query
    shapes = {"q": query, "k": (*batch, keys, depth), "v": (*batch, keys, values), "m": mask}
    seq, features = len(batch), len(batch) + 1  # the dims of L and E
    # Dim d of the query sizes dim d of the other operands but k's and v's S, v's Ev and the mask's S.
    written = {"q": set(dynamic), "k": set(dynamic) - {seq}, "v": set(dynamic) - {seq, features},
               "m": {d for d in dynamic if d != features and mask[d] != 1}}
    types = {v: t(dyn(shape, written[v]), dt) for v, shape in shapes.items()}
    ot = t(dyn((*batch, length, values), set(dynamic) - {features}), dt)

    def inputs(rng):
        q, k, v = (random_array(dt, shapes[x], rng, edges=False) for x in "qkv")
        if late_keys:
            k[..., keys - 5:, :] = q.mean(axis=-2, keepdims=True) * 4
        m = random_array(dt, mask, rng, edges=False)
        for index in planted_mask or ():
            m.flat[index] = -np.inf
        return [q, k, v, m]

    _attention.add(name, func(name, [(v, types[v]) for v in "qkvm"], [
        f"%0 = tcp.attention %q, %k, %v, %m {{{attrs}}} : {types['q']}, {types['k']}, {types['v']}, {types['m']} "
        f"-> {ot}"], [("0", ot)]), inputs, tol=accumulated(dt))


# Attention (tcp.attention, the runtime's kernel): blocks of 32 queries and
# 128 keys, so lengths beyond them, partial blocks and masked rows.
_attention = family("attention")
_attention_case("attention_heads_f32", "f32", (2, 3, 37, 20), 150, 24, (2, 1, 37, 150), dynamic=(0, 2),
                attrs="causal = false, scale = 0.3 : f32", planted_mask=[5 * 150 + j for j in range(150)])
_attention_case("attention_causal_f32", "f32", (1, 4, 70, 16), 70, 16, (1, 1, 1, 1), dynamic=(2,),
                attrs="causal = true")
_attention_case("attention_causal_more_keys_f32", "f32", (2, 40, 8), 300, 40, (1, 40, 300), dynamic=(1,),
                attrs="causal = true")
_attention_case("attention_late_keys_f32", "f32", (3, 33, 16), 290, 5, (1, 1, 290), late_keys=True,
                dynamic=(0,))
_attention_case("attention_matrix_dynamic_depth_f32", "f32", (9, 12), 7, 3, (9, 1), dynamic=(0, 1))
_attention_case("attention_heads_f64", "f64", (2, 2, 11, 6), 13, 4, (1, 2, 11, 13), dynamic=(0,),
                attrs="causal = true", planted_mask=[3 * 13 + j for j in range(13)])
_attention.add("attention_values_slice_f32", func("attention_values_slice_f32", [
    ("q", "tensor<2x20x16xf32>"), ("k", "tensor<2x45x16xf32>"), ("v", "tensor<2x50x32xf32>"),
    ("m", "tensor<1x1x1xf32>")], [
    "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index", "%c2 = arith.constant 2 : index",
    "%c32 = arith.constant 32 : index", "%c45 = arith.constant 45 : index",
    "%s = tcp.slice %v starts(%c0, %c0, %c0) sizes(%c2, %c45, %c32) strides(%c1, %c1, %c1) : tensor<2x50x32xf32> "
    "-> tensor<2x45x32xf32>",
    "%0 = tcp.attention %q, %k, %s, %m {causal = false} : tensor<2x20x16xf32>, tensor<2x45x16xf32>, "
    "tensor<2x45x32xf32>, tensor<1x1x1xf32> -> tensor<2x20x32xf32>"], [("0", "tensor<2x20x32xf32>")]),
    # The rows after the slice's, which the kernel reads in place, are NaN: it must stop at the last key.
    lambda rng: [random_array("f32", shape, rng, edges=False) for shape in ((2, 20, 16), (2, 45, 16))] +
    [np.concatenate([random_array("f32", (2, 45, 32), rng, edges=False), np.full((2, 5, 32), np.nan, np.float32)],
                    axis=1), np.zeros((1, 1, 1), np.float32)], tol=accumulated("f32"))
_attention_case("attention_heads_bf16", "bf16", (1, 2, 40, 32), 45, 32, (1, 1, 40, 45), dynamic=(2,))
_attention_case("attention_causal_late_keys_bf16", "bf16", (2, 3, 50, 16), 200, 24, (1, 1, 1, 200),
                dynamic=(0, 2), attrs="causal = true", late_keys=True)


def _transposed_heads_case(name, dt, batch, seq, heads, depth, masked_key):
    """Attention on heads split out of [batch, seq, heads, depth] by
    transposes, as models write it: the kernel reads the inputs through
    transposed views (a stride of heads x depth between a head's rows).
    Key `masked_key` of each sequence is masked (-inf)."""
    xt, mt = t(["?", "?", str(heads), str(depth)], dt), t(["?", "1", "1", "?"], dt)
    ht = t(["?", str(heads), "?", str(depth)], dt)
    lines = [f"%{x}h = tcp.transpose %{x} {{permutation = [0, 2, 1, 3]}} : {xt} -> {ht}" for x in "qkv"]
    lines.append(f"%0 = tcp.attention %qh, %kh, %vh, %m {{causal = false}} : {ht}, {ht}, {ht}, {mt} -> {ht}")

    def inputs(rng):
        q, k, v = (random_array(dt, (batch, seq, heads, depth), rng, edges=False) for _ in range(3))
        m = random_array(dt, (batch, 1, 1, seq), rng, edges=False)
        m[..., masked_key] = -np.inf
        return [q, k, v, m]

    _attention.add(name, func(name, [("q", xt), ("k", xt), ("v", xt), ("m", mt)], lines, [("0", ht)]), inputs,
                   tol=accumulated(dt))


_transposed_heads_case("attention_transposed_heads_bf16", "bf16", 2, 150, 3, 32, masked_key=7)
_transposed_heads_case("attention_transposed_heads_f32", "f32", 1, 37, 4, 20, masked_key=0)


def _broadcast_operand_case(name, side, source, operand, other, lb, rb, lc, rc, axes):
    """A contract whose operand `side` (0: lhs, 1: rhs) is `source`
    broadcast along `axes` to `operand` (dims `?` sized from `other`'s
    dim 0): tcp-simplify drops the batch pairs the broadcast makes."""
    st, ot_, xt = t(dims(source), "f32"), t(dyn(operand, set(axes)), "f32"), t(dyn(other, {0}), "f32")
    lhs_t, rhs_t = (ot_, xt) if side == 0 else (xt, ot_)
    ldims, rdims = (dyn(operand, set(axes)), dyn(other, {0}))[::1 if side == 0 else -1]
    out = t(["?" if ldims[d] == "?" or rdims[e] == "?" else ldims[d] for d, e in zip(lb, rb)]
            + [s for d, s in enumerate(ldims) if d not in lb + lc]
            + [s for d, s in enumerate(rdims) if d not in rb + rc], "f32")
    sizes = "".join(", %n" for _ in axes)
    lhs, rhs = ("%bw", "%x") if side == 0 else ("%x", "%bw")
    _contract.add(name, func(name, [("w", st), ("x", xt)], [
        "%c0 = arith.constant 0 : index",
        f"%n = tensor.dim %x, %c0 : {xt}",
        f"%bw = tcp.broadcast %w{sizes} {{axes = {list(axes)}}} : {st}{', index' * len(axes)} -> {ot_}",
        f"%0 = tcp.contract {lhs}, {rhs} {{lhs_batch_dims = {lb}, rhs_batch_dims = {rb}, lhs_contracting_dims = {lc}, "
        f"rhs_contracting_dims = {rc}}} : {lhs_t}, {rhs_t} -> {out}"], [("0", out)]),
        lambda rng: [random_array("f32", source, rng, edges=False), random_array("f32", other, rng, edges=False)],
        tol=accumulated("f32"))


# A linear layer's weight broadcast along the batch by a 3-D matmul's decomposition.
_broadcast_operand_case("broadcast_rhs_batch_f32", 1, (1, 4, 5), (3, 4, 5), (3, 2, 4), [0], [0], [2], [1], [0])
# The broadcast operand on the left: the product's dims come out transposed.
_broadcast_operand_case("broadcast_lhs_batch_f32", 0, (1, 5, 4), (3, 5, 4), (3, 4, 2), [0], [0], [2], [1], [0])
# Two batch pairs, both broadcast, the batch dims of the other operand not leading.
_broadcast_operand_case("broadcast_rhs_two_batch_dims_f32", 1, (1, 1, 4, 5), (3, 3, 4, 5), (3, 2, 3, 4),
                        [0, 2], [0, 1], [3], [2], [0, 1])


# -- conv -------------------------------------------------------------------------

def _conv_case(name, dt, inp, weight, stride=None, dilation=None, input_dilation=None, low=None, high=None,
               groups=1, dynamic=(), edges=False, small_ints=True, into=None, out_dt=None):
    """out_dt: the result's element type when it is wider than the operands'."""
    spatial = len(inp) - 2
    ones, zeros = [1] * spatial, [0] * spatial
    stride, dilation, input_dilation = stride or ones, dilation or ones, input_dilation or ones
    low, high = low or zeros, high or zeros
    from tcp_aot.dialects.tcp import conv_output_size
    out = [inp[0], weight[0]] + [conv_output_size(inp[2 + d], weight[2 + d], stride[d], dilation[d],
                                                  input_dilation[d], low[d], high[d]) for d in range(spatial)]
    it, wt = t(dyn(inp, set(dynamic)), dt), t(dims(weight), dt)
    ot = t(dyn(out, set(dynamic) - {1}), out_dt or dt)
    attrs = (f"stride = {stride}, dilation = {dilation}, input_dilation = {input_dilation}, padding_low = {low}, "
             f"padding_high = {high}, groups = {groups} : i64")

    def make(rng):
        if dt.startswith("i") and small_ints:
            return [random_array(dt, inp, rng, low=-9, high=10), random_array(dt, weight, rng, low=-9, high=10)]
        return [random_array(dt, inp, rng, edges=edges), random_array(dt, weight, rng, edges=False)]
    (into or _conv).add(name, func(name, [("x", it), ("w", wt)], [
        f"%0 = tcp.conv %x, %w {{{attrs}}} : {it}, {wt} -> {ot}"], [("0", ot)]), make,
        tol=accumulated(out_dt or dt) if is_float(dt) else None)


def _scaled_input_case(name, batch, channels, filters, height, width):
    """A squeeze-and-excitation gate times an image, then a 1 x 1
    convolution: with fewer filters than positions, the gate scales the
    weight image by image (conv-to-matmul) and the convolution reads the
    image."""
    xt, gt = t(["?", str(channels), str(height), str(width)], "f32"), t(["?", str(channels), "1", "1"], "f32")
    wt, ot = t([str(filters), str(channels), "1", "1"], "f32"), t(["?", str(filters), str(height), str(width)], "f32")
    _conv.add(name, func(name, [("x", xt), ("g", gt), ("w", wt)], [
        f"%ch = arith.constant {height} : index",
        f"%cw = arith.constant {width} : index",
        f"%s = tcp.sigmoid %g : {gt} -> {gt}",
        f"%b = tcp.broadcast %s, %ch, %cw {{axes = [2, 3]}} : {gt}, index, index -> {xt}",
        f"%m = tcp.mul %b, %x : {xt}, {xt} -> {xt}",
        "%0 = tcp.conv %m, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], "
        f"padding_high = [0, 0], groups = 1 : i64}} : {xt}, {wt} -> {ot}"], [("0", ot)]),
        lambda rng: [random_array("f32", (batch, channels, height, width), rng),
                     random_array("f32", (batch, channels, 1, 1), rng),
                     random_array("f32", (filters, channels, 1, 1), rng)], tol=accumulated("f32"))


_conv = family("conv")
_conv_case("conv2d_same_f32", "f32", (2, 3, 8, 8), (6, 3, 3, 3), low=[1, 1], high=[1, 1])
# Products of fewer than 8 columns: a 2 x 2 image (each kernel offset's
# product added to the last), and a squeeze-and-excitation's one pixel.
_conv_case("conv2d_tiny_image_f32", "f32", (2, 8, 4, 4), (6, 8, 3, 3), dynamic=(0,))
_conv_case("conv2d_1x1_one_pixel_f32", "f32", (2, 96, 1, 1), (24, 96, 1, 1), dynamic=(0,))
_conv_case("conv2d_dynamic_batch_f32", "f32", (3, 3, 8, 8), (6, 3, 3, 3), low=[1, 1], high=[1, 1], dynamic=(0,))
_scaled_input_case("conv2d_1x1_scaled_input_f32", 3, 16, 4, 6, 7)
# More filters than positions: the multiply stays.
_scaled_input_case("conv2d_1x1_scaled_input_kept_f32", 2, 16, 24, 3, 4)
_conv_case("conv2d_stride_asymmetric_padding_f32", "f32", (2, 3, 8, 8), (6, 3, 3, 3), stride=[2, 3],
           low=[2, 0], high=[0, 1])
_conv_case("conv2d_dilation_f64", "f64", (1, 2, 9, 7), (3, 2, 3, 2), dilation=[2, 3], stride=[1, 2], low=[1, 0],
           high=[2, 1])
_conv_case("conv2d_dynamic_spatial_f32", "f32", (2, 2, 7, 6), (4, 2, 3, 3), stride=[2, 1], low=[1, 1],
           high=[0, 1], dynamic=(0, 2, 3))
_conv_case("conv2d_dynamic_spatial_dilation_f64", "f64", (2, 2, 9, 8), (3, 2, 3, 2), stride=[1, 2],
           dilation=[2, 3], low=[0, 2], high=[1, 0], dynamic=(2, 3))
_conv_case("conv2d_input_dilation_f32", "f32", (2, 2, 4, 3), (3, 2, 3, 3), input_dilation=[2, 3], low=[2, 2],
           high=[2, 1])
_conv_case("conv2d_transposed_grouped_f32", "f32", (2, 4, 5, 5), (8, 2, 3, 3), input_dilation=[2, 2],
           low=[2, 2], high=[2, 2], groups=2, dynamic=(0,))
_conv_case("conv2d_groups_f64", "f64", (2, 6, 6, 5), (9, 2, 2, 3), groups=3, stride=[2, 1], low=[0, 1],
           high=[1, 1], dynamic=(0,))
_conv_case("conv2d_input_dilation_dynamic_f32", "f32", (2, 2, 3, 4), (3, 2, 3, 2), input_dilation=[2, 3],
           stride=[2, 1], low=[1, 2], high=[2, 0], dynamic=(0, 2, 3))
_conv_case("conv2d_depthwise_f32", "f32", (2, 3, 7, 6), (3, 1, 3, 3), groups=3, low=[1, 1], high=[1, 1],
           dynamic=(0, 2, 3))
_conv_case("conv2d_depthwise_multiplier_f32", "f32", (1, 3, 6, 6), (6, 1, 3, 3), groups=3, stride=[2, 2],
           dilation=[1, 2], low=[1, 2], high=[1, 2])
# Strided: read from the input's phases, padded to whole strides (odd and
# dynamic sizes), as EfficientNet's 5 x 5 convolutions of stride 2.
_conv_case("conv2d_depthwise_strided_dynamic_f32", "f32", (2, 4, 9, 7), (4, 1, 5, 5), groups=4, stride=[2, 2],
           low=[2, 2], high=[2, 2], dynamic=(0, 2, 3))
_conv_case("conv2d_depthwise_stride_3_f32", "f32", (1, 2, 10, 8), (2, 1, 3, 2), groups=2, stride=[3, 2],
           low=[1, 0], high=[0, 1])
# Static widths: register tiles reading every other element of x's rows in
# place (deinterleave-strided-reads), the last tile of a row masked (20 =
# 16 + 4 columns, 7 of 8 lanes), bf16 into f32 likewise.
_conv_case("conv2d_depthwise_stride_2_in_place_f32", "f32", (2, 3, 21, 39), (3, 1, 3, 3), groups=3, stride=[2, 2],
           low=[1, 1], high=[1, 1], dynamic=(0,))
_conv_case("conv2d_depthwise_stride_2_in_place_bf16_into_f32", "bf16", (1, 4, 14, 13), (4, 1, 5, 5), groups=4,
           stride=[2, 2], low=[2, 2], high=[2, 2], out_dt="f32")
# Depthwise in 1-D and 3-D, on integers, and with more kernel offsets than
# MAX_DEPTHWISE_TAPS (a reduction loop then, like other grouped convolutions).
_conv_case("conv1d_depthwise_i32", "i32", (2, 4, 9), (8, 1, 3), groups=4, stride=[2], low=[1], high=[2],
           dynamic=(0, 2))
_conv_case("conv3d_depthwise_f64", "f64", (1, 2, 4, 5, 6), (2, 1, 2, 3, 2), groups=2, dilation=[1, 1, 2],
           low=[1, 1, 0], high=[0, 1, 1], dynamic=(0, 3))
_conv_case("conv1d_depthwise_long_kernel_f32", "f32", (1, 2, 80), (2, 1, 65), groups=2, low=[3], high=[3])
_conv_case("conv2d_edges_f32", "f32", (1, 2, 4, 4), (2, 2, 2, 2), edges=True)
_conv_case("conv2d_i32", "i32", (1, 2, 5, 5), (2, 2, 2, 2), dynamic=(0,))
_conv_case("conv2d_i32_wraps", "i32", (1, 2, 5, 5), (2, 2, 2, 2), small_ints=False)
_conv_case("conv2d_grouped_i64", "i64", (2, 4, 4, 4), (4, 2, 3, 3), groups=2, low=[1, 1], high=[1, 1],
           input_dilation=[1, 2])
_conv_case("conv1d_strided_dilated_f64", "f64", (1, 2, 10), (4, 2, 3), stride=[2], dilation=[2], low=[1], high=[0])
_conv_case("conv1d_dynamic_f32", "f32", (3, 4, 11), (5, 4, 4), stride=[3], low=[2], high=[1], dynamic=(0, 2))
_conv_case("conv1d_grouped_f32", "f32", (2, 4, 9), (6, 2, 3), groups=2, dilation=[3], dynamic=(0,))
_conv_case("conv1d_transposed_f32", "f32", (1, 1, 4), (1, 1, 3), input_dilation=[3], stride=[2], low=[2], high=[1])
_conv_case("conv1d_i8", "i8", (2, 3, 6), (2, 3, 2), low=[1], high=[1])
# int8 into int32 (quantized programs): im2col products on the int8 micro-kernel
# (a 1x1 convolution reads the image as it is), and a grouped one.
_conv_case("conv2d_i8_into_i32", "i8", (2, 16, 9, 9), (40, 16, 3, 3), low=[1, 1], high=[1, 1], dynamic=(0,),
           small_ints=False, out_dt="i32")
_conv_case("conv2d_strided_i8_into_i32", "i8", (1, 8, 12, 12), (36, 8, 3, 3), stride=[2, 2], low=[1, 1], high=[1, 1],
           small_ints=False, out_dt="i32")
_conv_case("conv2d_1x1_i8_into_i32", "i8", (2, 64, 7, 7), (48, 64, 1, 1), dynamic=(0,), small_ints=False,
           out_dt="i32")
# bfloat16 into float32 (widened bf16 convolutions, precision: bf16) likewise.
_conv_case("conv2d_bf16_into_f32", "bf16", (2, 16, 9, 9), (40, 16, 3, 3), low=[1, 1], high=[1, 1], dynamic=(0,),
           out_dt="f32")
_conv_case("conv2d_1x1_bf16_into_f32", "bf16", (2, 64, 7, 7), (48, 64, 1, 1), dynamic=(0,), out_dt="f32")
_conv_case("conv2d_depthwise_bf16_into_f32", "bf16", (2, 4, 6, 6), (4, 1, 3, 3), groups=4, low=[1, 1], high=[1, 1],
           out_dt="f32")
_conv_case("conv2d_grouped_i8_into_i32", "i8", (2, 4, 6, 6), (6, 2, 3, 3), groups=2, small_ints=False, out_dt="i32")
_conv_case("conv2d_depthwise_i8_into_i32", "i8", (2, 4, 6, 6), (4, 1, 3, 3), groups=4, low=[1, 1], high=[1, 1],
           small_ints=False, out_dt="i32")
_conv_case("conv3d_f32", "f32", (1, 2, 4, 5, 6), (3, 2, 2, 2, 2))
_conv_case("conv3d_strided_padded_f64", "f64", (2, 2, 5, 5, 5), (4, 2, 3, 3, 3), stride=[2, 1, 2],
           dilation=[1, 2, 1], low=[1, 0, 1], high=[0, 1, 1], dynamic=(0,))
_conv_case("conv3d_grouped_dynamic_f32", "f32", (2, 4, 3, 4, 5), (4, 2, 2, 3, 2), groups=2, low=[1, 1, 0],
           high=[0, 1, 1], input_dilation=[2, 1, 1], dynamic=(0, 3))
# Stride 1 with at least conv-to-matmul's shifted-min-channels channels: one
# product per kernel offset on shifted views of the padded image, where the
# image is dynamic or its type has no micro-kernel; for float32, where it
# makes too few blocks of rows and its im2col copy would exceed
# im2col-max-bytes (3 rows of 2000: 5.2 MB; smaller, im2col; 32 rows of 32,
# blocks of 4 rows).
_conv_case("conv2d_shifted_f32", "f32", (1, 24, 3, 2000), (5, 24, 3, 3), low=[1, 1], high=[1, 1])
_conv_case("conv2d_small_im2col_f32", "f32", (2, 8, 6, 7), (5, 8, 3, 3), low=[1, 1], high=[1, 1])
_conv_case("conv2d_3x3_row_blocks_f32", "f32", (1, 8, 32, 32), (5, 8, 3, 3), low=[1, 1], high=[1, 1])
_conv_case("conv2d_shifted_dilated_dynamic_f32", "f32", (2, 9, 8, 7), (4, 9, 2, 3), dilation=[2, 1], low=[0, 2],
           high=[1, 0], dynamic=(0, 2, 3))
_conv_case("conv1d_shifted_f64", "f64", (2, 8, 9), (3, 8, 4), dilation=[2], low=[2], high=[1])
_conv_case("conv3d_shifted_f32", "f32", (1, 8, 3, 4, 5), (2, 8, 2, 2, 3), low=[0, 1, 1], high=[1, 0, 1])
_conv_case("conv2d_shifted_i32", "i32", (1, 8, 4, 5), (3, 8, 2, 2), dynamic=(0,))


def _conv_batch_norm_case(name, weight, groups=1, residual=False):
    """A convolution of constant weights, then an eval-mode batch norm as
    torch decomposes it ((y - mean) * (1 / sqrt(var + eps)) * gamma + beta)
    and a ReLU: fold-conv-affine makes it a convolution of scaled weights
    and one bias add. With `residual`, the normalized value is also added to
    the input (a second reader stops the fold at the batch norm's end)."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    channels = weight[0]
    xt, yt, ct = "tensor<?x4x6x5xf32>", f"tensor<?x{channels}x6x5xf32>", f"tensor<1x{channels}x1x1xf32>"
    w = rng.standard_normal(weight).astype(np.float32)
    mean, gamma, beta = (rng.standard_normal((1, channels, 1, 1)).astype(np.float32) for _ in range(3))
    var = rng.uniform(0.1, 2.0, (1, channels, 1, 1)).astype(np.float32)
    lines = ["%c0 = arith.constant 0 : index", "%c5 = arith.constant 5 : index", "%c6 = arith.constant 6 : index",
             f"%w = tcp.const {{value = {_dense(w)} : {t(dims(weight), 'f32')}}} : {t(dims(weight), 'f32')}",
             f"%y = tcp.conv %x, %w {{stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], "
             f"padding_low = [1, 1], padding_high = [1, 1], groups = {groups} : i64}} : {xt}, "
             f"{t(dims(weight), 'f32')} -> {yt}",
             f"%n = tensor.dim %y, %c0 : {yt}",
             f"%eps = tcp.const {{value = dense<1.0e-5> : {ct}}} : {ct}",
             f"%var = tcp.const {{value = {_dense(var)} : {ct}}} : {ct}",
             f"%one = tcp.const {{value = dense<1.0> : {ct}}} : {ct}",
             f"%v = tcp.add %var, %eps : {ct}, {ct} -> {ct}",
             f"%sd = tcp.sqrt %v : {ct} -> {ct}",
             f"%inv = tcp.divf %one, %sd : {ct}, {ct} -> {ct}"]
    value = "%y"
    for i, (kind, c) in enumerate([("sub", mean), ("mul", None), ("mul", gamma), ("add", beta)]):
        if c is None:
            constant = "%inv"
        else:
            constant = f"%k{i}"
            lines.append(f"{constant} = tcp.const {{value = {_dense(c)} : {ct}}} : {ct}")
        lines += [f"%b{i} = tcp.broadcast {constant}, %n, %c6, %c5 {{axes = [0, 2, 3]}} : {ct}, index, index, "
                  f"index -> {yt}",
                  f"%s{i} = tcp.{kind} {value}, %b{i} : {yt}, {yt} -> {yt}"]
        value = f"%s{i}"
    results = []
    if residual:
        lines.append(f"%r = tcp.add {value}, %x : {yt}, {xt} -> {yt}")
        results.append(("r", yt))
    lines.append(f"%out = tcp.clamp {value} {{min_float = 0.0 : f32}} : {yt} -> {yt}")
    _conv.add(name, func(name, [("x", xt)], lines, results + [("out", yt)]),
              lambda rng: [random_array("f32", (2, 4, 6, 5), rng, edges=False)], tol=accumulated("f32"))


# Batch norms of eval mode folded into the convolution before them (fold-conv-affine).
_conv_batch_norm_case("conv2d_batch_norm_relu_f32", (6, 4, 3, 3))
_conv_batch_norm_case("conv2d_depthwise_batch_norm_relu_f32", (4, 1, 3, 3), groups=4, residual=True)


def _conv_epilogue_case(name, kernel, stride, padding, inp=(3, 8, 5, 6), filters=6, groups=1):
    """A convolution of constant weights, its bias add, a residual add and a
    ReLU, on a dynamic batch: conv-to-matmul runs them on each image after
    its product (1x1 and strided: the product's epilogue, in its tiles or
    in its blocks of filters); a depthwise one (groups = channels) has them
    fused into its sum over the kernel's offsets."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    spatial = len(inp) - 2
    w = rng.standard_normal((filters, inp[1] // groups, *[kernel] * spatial)).astype(np.float32)
    bias = rng.standard_normal((1, filters, *[1] * spatial)).astype(np.float32)
    size = [(n + 2 * padding - kernel) // stride + 1 for n in inp[2:]]
    xt, yt = t(dyn(inp, {0}), "f32"), t(dyn([inp[0], filters, *size], {0}), "f32")
    bt, wt = t(dims(bias.shape), "f32"), t(dims(w.shape), "f32")
    each = lambda v: f"[{', '.join([str(v)] * spatial)}]"  # noqa: E731
    lines = ["%c0 = arith.constant 0 : index",
             f"%w = tcp.const {{value = {_dense(w)} : {wt}}} : {wt}",
             f"%b = tcp.const {{value = {_dense(bias)} : {bt}}} : {bt}",
             f"%y = tcp.conv %x, %w {{stride = {each(stride)}, dilation = {each(1)}, input_dilation = {each(1)}, "
             f"padding_low = {each(padding)}, padding_high = {each(padding)}, groups = {groups} : i64}} : {xt}, "
             f"{wt} -> {yt}",
             f"%n = tensor.dim %y, %c0 : {yt}"]
    lines += [f"%s{d} = arith.constant {n} : index" for d, n in enumerate(size)]
    lines += [f"%bb = tcp.broadcast %b, %n, {', '.join(f'%s{d}' for d in range(spatial))} "
              f"{{axes = {[0] + list(range(2, 2 + spatial))}}} : {bt}, {', '.join(['index'] * (1 + spatial))} -> {yt}",
              f"%s = tcp.add %y, %bb : {yt}, {yt} -> {yt}",
              f"%r = tcp.add %s, %res : {yt}, {yt} -> {yt}",
              f"%out = tcp.clamp %r {{min_float = 0.0 : f32}} : {yt} -> {yt}"]
    _conv.add(name, func(name, [("x", xt), ("res", yt)], lines, [("out", yt)]),
              lambda rng: [random_array("f32", inp, rng, edges=False),
                           random_array("f32", (inp[0], filters, *size), rng, edges=False)], tol=accumulated("f32"))


_conv_epilogue_case("conv2d_1x1_bias_residual_relu_f32", 1, 1, 0)
# A projection to 160 filters of a 7 x 7 image: 2 blocks of 80 filters,
# each computed where it goes and finished by its part of the epilogue.
_conv_epilogue_case("conv2d_1x1_filter_blocks_residual_relu_f32", 1, 1, 0, inp=(2, 96, 7, 7), filters=160)
_conv_epilogue_case("conv2d_strided_bias_residual_relu_f32", 3, 2, 1)
# A 3 x 3 convolution of a 32 x 32 image (not padded after): 8 blocks of 4
# rows, each copying its windows and finishing its rows with the epilogue.
_conv_epilogue_case("conv2d_3x3_row_blocks_residual_relu_f32", 3, 1, 1, inp=(2, 16, 32, 32), filters=24)
# A 1-D convolution (Whisper's encoder's) as one im2col product per image,
# [F, positions] already its [F, W]: the epilogue reads the product as it is.
_conv_epilogue_case("conv1d_im2col_residual_relu_f32", 3, 1, 1, inp=(2, 16, 34), filters=64)
# Depthwise, its epilogue in the same loop nest: rows of 7, 28 and 70 (a
# stride 2 read through the image's phases), as MobileNetV3's and
# EfficientNet's, with a residual input beside the windows.
_conv_epilogue_case("conv2d_depthwise_residual_relu_f32", 3, 1, 1, inp=(2, 8, 7, 7), filters=8, groups=8)
_conv_epilogue_case("conv2d_depthwise_rows_of_28_residual_relu_f32", 3, 1, 1, inp=(2, 4, 5, 28), filters=4,
                    groups=4)
_conv_epilogue_case("conv2d_depthwise_strided_wide_residual_relu_f32", 5, 2, 2, inp=(1, 3, 9, 140), filters=3,
                    groups=3)


def _padded_conv_case(name, inp, filters, kernel, stride, depthwise=3, depthwise_stride=1, also_read=False,
                      residual=False):
    """A convolution of constant weights, its bias add and ReLU, then a
    depthwise convolution (`depthwise` x `depthwise`) that pads it (an
    inverted residual block): conv-to-matmul computes the first by blocks
    of rows or of filters, in threads, into the padded tensor, borders
    included (with a depthwise stride, into the padded tensor's phases).
    `also_read`: the ReLU's result is an output too (read from the padded
    tensor's interior; the phases are then copied from the padded tensor).
    `residual`: the output is then a 1 x 1 convolution of the depthwise
    one's plus the ReLU's result, read from the padded tensor's interior
    (MobileNetV3's first block), by blocks of rows too."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    w = rng.standard_normal((filters, inp[1], kernel, kernel)).astype(np.float32)
    dw = rng.standard_normal((filters, 1, depthwise, depthwise)).astype(np.float32)
    half = depthwise // 2
    bias = rng.standard_normal((1, filters, 1, 1)).astype(np.float32)
    size = [(n + 2 * (kernel // 2) - kernel) // stride + 1 for n in inp[2:]]
    xt, yt, bt = t(dyn(inp, {0}), "f32"), t(dyn([inp[0], filters, *size], {0}), "f32"), f"tensor<1x{filters}x1x1xf32>"
    wt, dwt = t(dims(w.shape), "f32"), t(dims(dw.shape), "f32")
    out_size = [(n + 2 * half - depthwise) // depthwise_stride + 1 for n in size]
    out_t = t(dyn([inp[0], filters, *out_size], {0}), "f32")
    conv = "dilation = [1, 1], input_dilation = [1, 1]"
    lines = ["%c0 = arith.constant 0 : index",
             f"%w = tcp.const {{value = {_dense(w)} : {wt}}} : {wt}",
             f"%dw = tcp.const {{value = {_dense(dw)} : {dwt}}} : {dwt}",
             f"%b = tcp.const {{value = {_dense(bias)} : {bt}}} : {bt}",
             f"%y = tcp.conv %x, %w {{stride = [{stride}, {stride}], {conv}, padding_low = [{kernel // 2}, "
             f"{kernel // 2}], padding_high = [{kernel // 2}, {kernel // 2}], groups = 1 : i64}} : {xt}, {wt} -> {yt}",
             f"%n = tensor.dim %y, %c0 : {yt}",
             f"%h = arith.constant {size[0]} : index", f"%v = arith.constant {size[1]} : index",
             f"%bb = tcp.broadcast %b, %n, %h, %v {{axes = [0, 2, 3]}} : {bt}, index, index, index -> {yt}",
             f"%s = tcp.add %y, %bb : {yt}, {yt} -> {yt}",
             f"%r = tcp.clamp %s {{min_float = 0.0 : f32}} : {yt} -> {yt}",
             f"%out = tcp.conv %r, %dw {{stride = [{depthwise_stride}, {depthwise_stride}], {conv}, "
             f"padding_low = [{half}, {half}], padding_high = [{half}, {half}], groups = {filters} : i64}} : "
             f"{yt}, {dwt} -> {out_t}"]
    outputs = [("out", out_t)] + ([("r", yt)] if also_read else [])
    if residual:
        pw = rng.standard_normal((filters, filters, 1, 1)).astype(np.float32)
        pwt = t(dims(pw.shape), "f32")
        lines += [f"%pw = tcp.const {{value = {_dense(pw)} : {pwt}}} : {pwt}",
                  f"%p = tcp.conv %out, %pw {{stride = [1, 1], {conv}, padding_low = [0, 0], padding_high = [0, 0], "
                  f"groups = 1 : i64}} : {out_t}, {pwt} -> {out_t}",
                  f"%sum = tcp.add %p, %r : {out_t}, {yt} -> {out_t}"]
        outputs = [("sum", out_t)]
    _conv.add(name, func(name, [("x", xt)], lines, outputs),
              lambda rng: [random_array("f32", inp, rng, edges=False)], tol=accumulated("f32"))


# Blocks of 4 rows of 32 (copied into the padded interior), of one row of
# 160 (computed there), and of the rows of a strided convolution's columns;
# blocks of filters (2 of 64, 2 of 32) of a 7 x 7 image, bordered by 2 for
# a 5 x 5 depthwise convolution, and of a strided one's.
_padded_conv_case("conv2d_1x1_into_padding_f32", (2, 16, 32, 32), 32, 1, 1)
_padded_conv_case("conv2d_1x1_wide_rows_into_padding_f32", (2, 8, 8, 160), 32, 1, 1)
_padded_conv_case("conv2d_strided_into_padding_f32", (1, 3, 64, 64), 32, 3, 2)
_padded_conv_case("conv2d_1x1_filter_blocks_into_padding_f32", (2, 64, 7, 7), 128, 1, 1, depthwise=5)
_padded_conv_case("conv2d_strided_filter_blocks_into_padding_f32", (1, 16, 14, 14), 64, 3, 2)
# A depthwise convolution of stride 2 reads its padded input's phases,
# which the blocks write: rows of 4, of 1, whole planes (padded by 2 for
# 5 x 5), and planes of 7 x 7 padded to whole strides (1 above, 2 below).
_padded_conv_case("conv2d_1x1_into_phases_f32", (2, 16, 32, 32), 32, 1, 1, depthwise_stride=2)
_padded_conv_case("conv2d_1x1_wide_rows_into_phases_f32", (2, 8, 8, 160), 32, 1, 1, depthwise_stride=2)
_padded_conv_case("conv2d_1x1_filter_blocks_into_phases_f32", (2, 64, 14, 14), 128, 1, 1, depthwise=5,
                  depthwise_stride=2)
_padded_conv_case("conv2d_1x1_odd_filter_blocks_into_phases_f32", (2, 64, 7, 7), 128, 1, 1, depthwise_stride=2)
# Padded and read as it is (MobileNetV3's stem, read by a residual add too).
_padded_conv_case("conv2d_strided_into_padding_and_read_f32", (1, 3, 64, 64), 32, 3, 2, also_read=True)
_padded_conv_case("conv2d_1x1_filter_blocks_into_padding_and_read_f32", (2, 64, 7, 7), 128, 1, 1, also_read=True)
_padded_conv_case("conv2d_1x1_into_phases_and_read_f32", (2, 16, 32, 32), 32, 1, 1, depthwise_stride=2,
                  also_read=True)
# The 1 x 1 convolution after the depthwise one by blocks of 4 rows of 32,
# and of one row of 160.
_padded_conv_case("conv2d_1x1_residual_from_padding_f32", (2, 16, 32, 32), 32, 1, 1, residual=True)
_padded_conv_case("conv2d_1x1_wide_rows_residual_from_padding_f32", (2, 8, 8, 160), 32, 1, 1, residual=True)


# An input smaller than the (dilated) kernel: no window fits, the output's
# spatial dim is 0 (tcp.conv_output_size). Families of their own, so that a
# failure here does not hide the other convolutions.
_small = family("conv_small_input")
_conv_case("conv1d_small_input_dynamic_strided", "f32", (1, 1, 2), (1, 1, 3), stride=[2], dynamic=(2,), into=_small)
_conv_case("conv1d_small_input_dynamic", "f32", (1, 1, 1), (1, 1, 4), dynamic=(2,), into=_small)
_conv_case("conv1d_small_input_dynamic_grouped", "f32", (1, 2, 1), (2, 1, 4), groups=2, dynamic=(2,), into=_small)
_conv_case("conv2d_small_input_dynamic", "f32", (1, 1, 1, 5), (1, 1, 3, 3), dynamic=(2, 3), into=_small)
_conv_case("conv1d_small_input_static", "f32", (1, 1, 1), (1, 1, 3), into=family("conv_small_input_static"))


# -- pool -------------------------------------------------------------------------

def _pool_case(name, kind, dt, inp, kernel, stride=None, padding=None, dilation=None, ceil_mode=None,
               count_include_pad=None, divisor_override=None, dynamic=(), edges=True, into=None):
    spatial = len(inp) - 2
    stride, padding, dilation = stride or kernel, padding or [0] * spatial, dilation or [1] * spatial
    from tcp_aot.dialects.tcp import pool_output_size
    out = list(inp[:2]) + [pool_output_size(inp[2 + d], kernel[d], stride[d], padding[d], dilation[d],
                                            bool(ceil_mode)) for d in range(spatial)]
    it, ot = t(dyn(inp, set(dynamic)), dt), t(dyn(out, set(dynamic)), dt)
    attrs = [f"kind = #tcp<poolKind {kind}>", f"kernel_size = {kernel}", f"stride = {stride}",
             f"padding = {padding}", f"dilation = {dilation}"]
    if ceil_mode is not None:
        attrs.append(f"ceil_mode = {str(ceil_mode).lower()}")
    if count_include_pad is not None:
        attrs.append(f"count_include_pad = {str(count_include_pad).lower()}")
    if divisor_override is not None:
        attrs.append(f"divisor_override = {divisor_override} : i64")
    (into or _pool).add(name, func(name, [("x", it)], [f"%0 = tcp.pool %x {{{', '.join(attrs)}}} : {it} -> {ot}"],
                         [("0", ot)]), lambda rng: [random_array(dt, inp, rng, edges=edges)],
              tol=accumulated(dt) if kind == "Avg" else None)


_pool = family("pool")
# Max.
_pool_case("max2d_ceil_f32", "Max", "f32", (2, 3, 8, 8), [3, 3], stride=[2, 2], padding=[1, 1], ceil_mode=True)
_pool_case("max2d_dilation_f32", "Max", "f32", (2, 3, 8, 8), [2, 3], stride=[1, 2], padding=[0, 1], dilation=[2, 1])
_pool_case("max2d_dilation_ceil_f64", "Max", "f64", (1, 2, 9, 8), [3, 2], stride=[2, 3], padding=[1, 1],
           dilation=[2, 2], ceil_mode=True)
_pool_case("max2d_dynamic_f32", "Max", "f32", (2, 3, 9, 7), [3, 3], stride=[2, 2], padding=[1, 1], ceil_mode=True,
           dynamic=(0, 2))
# ceil_mode drops the last window when it would start in the high padding
# (H = 5), keeps it otherwise (W = 6); H dynamic, W static.
_pool_case("max2d_ceil_dropped_window_f32", "Max", "f32", (3, 2, 5, 6), [2, 2], stride=[2, 2], padding=[1, 1],
           ceil_mode=True, dynamic=(0, 2))
_pool_case("max2d_ceil_false_f32", "Max", "f32", (1, 2, 7, 7), [2, 2], ceil_mode=False, dynamic=(3,))
_pool_case("max1d_f64", "Max", "f64", (1, 2, 9), [3], stride=[3], padding=[1])
_pool_case("max1d_dilation_ceil_dynamic_f32", "Max", "f32", (2, 3, 10), [2], stride=[3], dilation=[2],
           padding=[1], ceil_mode=True, dynamic=(0, 2))
_pool_case("max3d_f32", "Max", "f32", (1, 2, 4, 5, 6), [2, 2, 2])
_pool_case("max3d_padded_dilated_dynamic_f64", "Max", "f64", (2, 2, 5, 6, 5), [3, 2, 2], stride=[2, 2, 1],
           padding=[1, 1, 0], dilation=[1, 2, 2], ceil_mode=True, dynamic=(0, 3))
# Avg.
_pool_case("avg2d_include_pad_f32", "Avg", "f32", (2, 3, 8, 8), [3, 3], stride=[2, 2], padding=[1, 1],
           ceil_mode=False, count_include_pad=True, edges=False)
_pool_case("avg2d_exclude_pad_ceil_dynamic_f32", "Avg", "f32", (2, 3, 9, 7), [3, 3], stride=[2, 2],
           padding=[1, 1], ceil_mode=True, count_include_pad=False, dynamic=(0, 2), edges=False)
# The last ceil_mode window ends past the padded input: its divisor is clipped.
_pool_case("avg2d_include_pad_ceil_f64", "Avg", "f64", (1, 2, 6, 6), [3, 3], stride=[2, 2], padding=[1, 1],
           ceil_mode=True, count_include_pad=True, edges=False)
_pool_case("avg2d_include_pad_ceil_dynamic_f32", "Avg", "f32", (2, 2, 6, 7), [3, 2], stride=[2, 2],
           padding=[1, 1], ceil_mode=True, count_include_pad=True, dynamic=(0, 2, 3), edges=False)
_pool_case("avg2d_default_attrs_f32", "Avg", "f32", (2, 3, 6, 6), [2, 2], padding=[1, 1], edges=False)
_pool_case("avg2d_divisor_override_f32", "Avg", "f32", (2, 3, 8, 8), [2, 2], stride=[2, 2], divisor_override=5,
           edges=False)
_pool_case("avg2d_divisor_override_padded_ceil_f64", "Avg", "f64", (1, 2, 7, 7), [3, 3], stride=[2, 2],
           padding=[1, 1], ceil_mode=True, count_include_pad=False, divisor_override=3, dynamic=(0, 2),
           edges=False)
_pool_case("avg2d_edges_f32", "Avg", "f32", (1, 2, 4, 4), [2, 2], edges=True)
_pool_case("avg1d_include_pad_f64", "Avg", "f64", (1, 2, 9), [4], stride=[2], padding=[2], count_include_pad=True,
           edges=False)
_pool_case("avg1d_exclude_pad_ceil_dynamic_f32", "Avg", "f32", (3, 2, 10), [3], stride=[2], padding=[1],
           ceil_mode=True, count_include_pad=False, dynamic=(0, 2), edges=False)
_pool_case("avg3d_exclude_pad_ceil_f32", "Avg", "f32", (1, 2, 4, 5, 6), [3, 2, 3], stride=[2, 2, 2],
           padding=[1, 0, 1], ceil_mode=True, count_include_pad=False, edges=False)
_pool_case("avg3d_include_pad_dynamic_f64", "Avg", "f64", (2, 2, 5, 4, 6), [2, 3, 2], stride=[2, 1, 2],
           padding=[1, 1, 0], count_include_pad=True, dynamic=(0, 4), edges=False)
_pool_case("avg2d_empty_batch_f32", "Avg", "f32", (0, 2, 5, 4), [2, 2], stride=[2, 2], padding=[1, 1],
           ceil_mode=True, dynamic=(0, 2))
_pool_case("avg2d_ceil_dropped_window_f32", "Avg", "f32", (3, 2, 5, 6), [2, 2], stride=[2, 2], padding=[1, 1],
           ceil_mode=True, count_include_pad=True, dynamic=(0, 2), edges=False)
_pool_case("avg3d_divisor_override_f32", "Avg", "f32", (1, 1, 4, 4, 4), [2, 2, 2], divisor_override=3, edges=False)


# -- bfloat16 and float16 ------------------------------------------------------
# Ops that compute do so in float32 and round once (widen-16-bit-floats); ops
# that move values keep the 16-bit type.

SIXTEEN = ["bf16", "f16"]
_sixteen = family("sixteen_bit_floats")
for _op in ["exp", "tanh", "sigmoid", "log1p", "neg", "floor"]:
    elementwise(_sixteen, _op, SIXTEEN, exact=False)
for _op in ["add", "mul", "divf", "max"]:
    elementwise(_sixteen, _op, SIXTEEN, arity=2, exact=False)
elementwise(_sixteen, "cmp", SIXTEEN, out_dt="i1", arity=2, attrs="{predicate = #tcp<cmpPredicate Lt>}")
for _src, _dst, _attrs in (("bf16", "f32", ""), ("f32", "bf16", ""), ("bf16", "f16", ""), ("f16", "bf16", ""),
                           ("bf16", "i32", "{out_int_signedness = #tcp<signedness Signed>}"),
                           ("i64", "bf16", "{in_int_signedness = #tcp<signedness Signed>}")):
    _name = f"cast_{_src}_to_{_dst}"
    _it, _ot = t(["?", "4"], _src), t(["?", "4"], _dst)
    _sixteen.add(_name, func(_name, [("a", _it)], [f"%0 = tcp.cast %a {_attrs} : {_it} -> {_ot}"], [("0", _ot)]),
                 _cast_source(_src, _dst, (6, 4)), exact=True)
_sixteen.add("const_and_select_bf16", func("const_and_select_bf16", [("c", "tensor<2x3xi1>")], [
    "%a = tcp.const {value = dense<[[1.5, -2.0, 0.0], [3.25, 0x7FC0, -1.0e+30]]> : tensor<2x3xbf16>} : "
    "tensor<2x3xbf16>",
    "%b = tcp.const {value = dense<0.3> : tensor<2x3xbf16>} : tensor<2x3xbf16>",
    "%0 = tcp.select %c, %a, %b : tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16> -> tensor<2x3xbf16>",
    "%1 = tcp.add %a, %b : tensor<2x3xbf16>, tensor<2x3xbf16> -> tensor<2x3xbf16>"],
    [("0", "tensor<2x3xbf16>"), ("1", "tensor<2x3xbf16>")]),
    lambda rng: [random_array("i1", (2, 3), rng)], exact=True)
for _dt in SIXTEEN:
    _name = f"reduce_{_dt}"
    _sixteen.add(_name, _reduce_body(_name, t(["?", "5", "?"], _dt), _dt, ["?", "5", "?"], _REDUCTIONS),
                 _reduce_inputs(_dt, (4, 5, 3), False), tol=accumulated(_dt))
    _name = f"transpose_{_dt}"
    _it, _ot = t(["?", "3"], _dt), t(["3", "?"], _dt)
    _sixteen.add(_name, func(_name, [("a", _it)], [f"%0 = tcp.transpose %a {{permutation = [1, 0]}} : {_it} -> {_ot}"],
                             [("0", _ot)]), lambda rng, dt=_dt: [random_array(dt, (5, 3), rng)], exact=True)
    _contract_case(f"matmul_{_dt}", _dt, (5, 24), (24, 7), [], [], [1], [0], dynamic=((0,), ()))
    _contract_case(f"batch_matmul_{_dt}", _dt, (2, 3, 16), (2, 16, 40), [0], [0], [2], [1], dynamic=((0,), (0,)))
    _conv_case(f"conv2d_{_dt}", _dt, (2, 3, 8, 8), (6, 3, 3, 3), low=[1, 1], high=[1, 1], dynamic=(0,),
               into=_sixteen)
    _pool_case(f"max2d_{_dt}", "Max", _dt, (2, 3, 6, 6), [2, 2], stride=[2, 2], into=_sixteen)
    _pool_case(f"avg2d_{_dt}", "Avg", _dt, (2, 3, 6, 6), [3, 3], stride=[1, 1], padding=[1, 1], edges=False,
               into=_sixteen)
# bfloat16 products go to the runtime's micro-kernel (transforms/microkernels.py):
# AMX tiles of 32 x 32 with partial blocks of M, N and K, an odd K, fewer
# rows than the kernel takes to AMX, transposed keys and a 4-D batch; K of
# several depth blocks of packed B (512 bytes on AMX, 2048 on the dot
# products), the last one partial.
_contract_case("matmul_blocks_bf16", "bf16", (70, 200), (200, 45), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("matmul_depth_blocks_bf16", "bf16", (40, 1100), (1100, 150), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("matmul_odd_k_bf16", "bf16", (33, 31), (31, 33), [], [], [1], [0], dynamic=((0,), (1,)))
_contract_case("matmul_2_rows_bf16", "bf16", (2, 64), (64, 40), [], [], [1], [0], dynamic=((0,), ()))
_contract_case("transposed_keys_bf16", "bf16", (40, 64), (48, 64), [], [], [1], [1], dynamic=((0,), (0,)))
_contract_case("batch_4d_bf16", "bf16", (2, 3, 20, 16), (2, 3, 16, 36), [0, 1], [0, 1], [3], [2],
               dynamic=((2,), ()))
# int8 products into int32 (quantized programs, transforms/int8_products.py)
# likewise, with whole 64 x 64 blocks too (B packed 4 rows at a time).
_contract_case("matmul_i8_into_i32", "i8", (5, 24), (24, 7), [], [], [1], [0], dynamic=((0,), ()), out_dt="i32")
_contract_case("matmul_whole_tiles_i8", "i8", (64, 128), (128, 64), [], [], [1], [0], dynamic=((0,), ()),
               out_dt="i32")
_contract_case("matmul_blocks_i8", "i8", (70, 200), (200, 45), [], [], [1], [0], dynamic=((0,), ()), out_dt="i32")
_contract_case("matmul_depth_blocks_i8", "i8", (40, 2200), (2200, 150), [], [], [1], [0], dynamic=((0,), ()),
               out_dt="i32")
_contract_case("matmul_odd_k_i8", "i8", (33, 31), (31, 33), [], [], [1], [0], dynamic=((0,), (1,)), out_dt="i32")
_contract_case("matmul_2_rows_i8", "i8", (2, 64), (64, 40), [], [], [1], [0], dynamic=((0,), ()), out_dt="i32")
_contract_case("transposed_keys_i8", "i8", (40, 64), (48, 64), [], [], [1], [1], dynamic=((0,), (0,)), out_dt="i32")
_contract_case("batch_4d_i8", "i8", (2, 3, 20, 16), (2, 3, 16, 36), [0, 1], [0, 1], [3], [2], dynamic=((2,), ()),
               out_dt="i32")
MICROKERNEL_PRODUCTS = ["matmul_bf16", "batch_matmul_bf16", "matmul_blocks_bf16", "matmul_depth_blocks_bf16",
                        "matmul_odd_k_bf16", "matmul_2_rows_bf16", "transposed_keys_bf16", "batch_4d_bf16",
                        "matmul_i8_into_i32", "matmul_whole_tiles_i8", "matmul_blocks_i8", "matmul_depth_blocks_i8",
                        "matmul_odd_k_i8", "matmul_2_rows_i8",
                        "transposed_keys_i8", "batch_4d_i8", "conv2d_i8_into_i32", "conv2d_strided_i8_into_i32",
                        "conv2d_1x1_i8_into_i32", "conv2d_bf16_into_f32", "conv2d_1x1_bf16_into_f32"]


# ---------------------------------------------------------------------------
# The test
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """Each family's module compiled once, on first use (under pytest's
    temporary directory), and its interpreter."""
    @functools.cache
    def family(family_name: str):
        text = "\n".join(case.body for case in FAMILIES[family_name].cases)
        library = compile_tcp(text, tmp_path_factory.mktemp(f"tcp_ops_{family_name}"), family_name)
        context = make_context()
        with context, ir.Location.unknown():
            module = parse_module(text, f"{family_name}.mlir")
        return library, Interpreter(module), context, module
    return family


def tolerance(dtype: np.dtype) -> dict:
    """Elementwise results: an ulp or so (16-bit floats: the compiled code's
    float32 math and NumPy's can round to neighbouring 16-bit values)."""
    return {np.dtype(np.float32): {"rtol": 1e-5, "atol": 1e-6}, NP["bf16"]: {"rtol": 2**-7, "atol": 1e-30},
            NP["f16"]: {"rtol": 2**-10, "atol": 1e-30}}.get(dtype, {"rtol": 1e-12, "atol": 1e-14})


ALL_CASES = [(f.name, c) for f in FAMILIES.values() for c in f.cases]


def _comparable(a: np.ndarray) -> np.ndarray:
    """bfloat16 as its bits (NumPy's comparisons do not know its NaNs)."""
    return a.view(np.uint16) if a.dtype == NP["bf16"] else a


@pytest.mark.parametrize("family_name,case", ALL_CASES, ids=[c.name for _, c in ALL_CASES])
def test_compiled_matches_interpreter(family_name: str, case: Case, compiled):
    library, interpreter, context, _ = compiled(family_name)
    rng = np.random.default_rng(zlib.crc32(case.name.encode()))
    inputs = case.inputs(rng)
    with context:
        want = interpreter.run(case.name, [a.copy() for a in inputs])
    before = [a.copy() for a in inputs]
    got = library.call(case.name, *inputs)
    for a, b in zip(inputs, before):
        np.testing.assert_array_equal(_comparable(a), _comparable(b), err_msg="the compiled function wrote to an input")
    assert len(got) == len(want)
    _check(case, got, want)


def _check(case: Case, got: list[np.ndarray], want: list[np.ndarray]) -> None:
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype
        if case.exact or not is_float_dtype(g.dtype):
            np.testing.assert_array_equal(_comparable(g), _comparable(w))
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), equal_nan=True,
                                       **(case.tol or tolerance(g.dtype)))
            np.testing.assert_array_equal(np.isnan(g), np.isnan(w))


# The instructions each capped choice of the micro-kernel runs on, and the
# CPU flag they need (/proc/cpuinfo's name) by operand type.
_ENGINE_FLAGS = {"dot": {"bf16": "avx512_bf16", "i8": "avx512_vnni"}, "portable": {}}


@pytest.mark.parametrize("engine", sorted(_ENGINE_FLAGS))
@pytest.mark.parametrize("name", MICROKERNEL_PRODUCTS)
def test_microkernel_products_on_each_engine(name: str, engine: str, monkeypatch, compiled):
    """The micro-kernel's AVX-512 dot products (a CPU without AMX) and its
    portable loop (one without those either) give the same products."""
    family_name, case = next((f, c) for f, c in ALL_CASES if c.name == name)
    operands = "bf16" if "bf16" in name else "i8"
    flag = _ENGINE_FLAGS[engine].get(operands)
    if flag and flag not in machine()["simd_flags"]:
        pytest.skip(f"this CPU has no {flag}")
    library, interpreter, context, _ = compiled(family_name)
    inputs = case.inputs(np.random.default_rng(zlib.crc32(name.encode())))
    with context:
        want = interpreter.run(name, [a.copy() for a in inputs])
    monkeypatch.setenv("TCP_AOT_PRODUCTS", engine)
    _check(case, library.call(name, *inputs), want)
