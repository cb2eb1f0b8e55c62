"""approximate-math (tcp_aot/transforms/math_approximations.py), compiled and
run: every f32 math op it replaces, against libm (NumPy / Python in f64)
and eager PyTorch f32, over the whole f32 range.

Inputs per op: dense sweeps of the typical range, log-spaced magnitudes from
1e-45 to 3.4e38 of both signs, random bit patterns (every float class), the
special values (+-0, +-inf, NaN, subnormals, FLT_MIN, FLT_MAX, overflow and
underflow thresholds) and, for sin/cos, the floats closest to multiples of
pi/2 (the hardest range reductions, found by a search over all f32).

Programs:
  * TCP programs (tcp.exp, ..., tcp.pow) through tcp-to-linalg,
    approximate-math, linalg-to-memref and memref-to-llvm: scalar f32 code;
    also with llc targeting FMA (`-mattr=+fma`), where the polynomial steps
    contract into FMAs, when the CPU has FMA;
  * a vector<16xf32> loop per math op (the pass runs after vectorization),
    which must give the scalar code's bits exactly;
  * an f64 program, whose transcendental math ops must stay libm calls;
  * the exact ops (rounding, sqrt, abs) in f32 and f64, bit for bit NumPy's.
No libm symbol may remain in the f32 shared objects (`nm -u`).

Errors are measured in ulps of the f64 reference (an error of at most 0.5 is
correct rounding) and relative; the table is printed at the end of the run.
An overflowing f64 reference counts as 2^128 (inf is then the right f32
answer, FLT_MAX one ulp off).
"""

from __future__ import annotations

import ctypes
import math
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import torch
from torch_mlir import ir

import support
from tcp_aot import pipelines
from tcp_aot.context import make_context
from tcp_aot.module_io import parse_module
from tcp_aot.runtime.library import Library
from tcp_aot.compiler.signature import signatures
from tcp_aot.stages import ll, shared_object
from tcp_aot.toolchain import DEFAULT_TOOLS

PASSES = (pipelines.expand(["tcp-to-linalg"]) + ["approximate-math"]
          + pipelines.expand(["linalg-to-memref", "memref-to-llvm"]))
F32_MAX = float(np.finfo(np.float32).max)
F32_TINY = float(np.finfo(np.float32).tiny)
TWO_128 = 2.0 ** 128
TOL_ABS, TOL_REL = 1e-6, 1e-5  # the project's f32 tolerance against eager PyTorch

# Functions of libm and friends that must not be called by f32 code.
LIBM_NAMES = {f + s for f in ("exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "tanh", "erf",
                              "sin", "cos", "tan", "atan", "atan2", "pow", "sqrt", "fabs", "copysign",
                              "fma", "floor", "ceil", "round", "trunc", "rint", "nearbyint", "sinh",
                              "cosh", "asin", "acos", "erfc", "cbrt") for s in ("", "f")}


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

SPECIALS = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
                     1e-45, -1e-45, 1e-40, -1e-40, F32_TINY, -F32_TINY, F32_MAX, -F32_MAX,
                     88.72283, 88.72284, 89.0, -87.33655, -103.27893, -103.97208, -104.0, -150.0,
                     0.625, -0.625, 0.9, 3.92, 4.0, 1e-30, -1e-30, 1e30, -1e30, 2.0 ** 24, -(2.0 ** 24),
                     np.pi / 2, np.pi, 1e-8, -1e-8, 16777215.0, 0.41421357, 2.4142137],
                    dtype=np.float32)

# Floats nearest to multiples of pi/2 (|x mod pi/2| down to 1.6e-9), from a
# search over every f32 exponent.
HARD_SINCOS = np.array([7.729178919452902e+28, 21999384576.0, 1.5458357838905804e+29, 43998769152.0,
                        252.89820861816406, 3.0916715677811608e+29, 4.638183382783466e+25,
                        1522788990976.0, 8.11762663906456e+22, 87997538304.0, 1641439.875,
                        48729247744000.0, 6.638631e19, 5.55075e17], dtype=np.float32)


def magnitudes(rng, n: int) -> np.ndarray:
    """Log-spaced magnitudes over the whole f32 range, both signs."""
    return (np.where(rng.random(n) < 0.5, -1.0, 1.0) * 10.0 ** rng.uniform(-45.5, 38.53, n))


def random_bits(rng, n: int) -> np.ndarray:
    return rng.integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)


def subnormals(rng, n: int) -> np.ndarray:
    bits = rng.integers(1, 2 ** 23, n, dtype=np.uint64).astype(np.uint32)
    return bits.view(np.float32)


def f32(values) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        return np.concatenate([np.asarray(v, np.float64).ravel() for v in values]).astype(np.float32)


N = 100_000  # per sweep


def unary_inputs(op: str, rng) -> np.ndarray:
    u = lambda lo, hi: rng.uniform(lo, hi, N)  # noqa: E731
    common = [magnitudes(rng, N), random_bits(rng, N), subnormals(rng, 2000), -subnormals(rng, 2000), SPECIALS]
    dense = {
        "exp": [u(-104, 89), u(-1, 1), u(-104, -87), u(88, 89)],
        "exp2": [u(-151, 129), u(-1, 1), u(-151, -125)],
        "expm1": [u(-20, 20), u(-1, 1), u(-1e-3, 1e-3), u(-1e-7, 1e-7), u(-90, 90)],
        "log": [u(0, 10), u(0.5, 2), u(0.99, 1.01), u(0, 1e-30)],
        "log2": [u(0, 10), u(0.5, 2), u(0.99, 1.01), 2.0 ** np.arange(-149, 128)],
        "log1p": [u(-1, 3), u(-1e-3, 1e-3), u(-1e-7, 1e-7), u(-1, -0.99), u(0, 1e6)],
        "tanh": [u(-10, 10), u(-1, 1), u(0.55, 0.7), u(-1e-3, 1e-3)],
        "erf": [u(-5, 5), u(-1, 1), u(0.85, 0.95), u(3.5, 4.5)],
        "sin": [u(-10, 10), u(-1e5, 1e5), u(-1e8, 1e8), HARD_SINCOS, -HARD_SINCOS],
        "cos": [u(-10, 10), u(-1e5, 1e5), u(-1e8, 1e8), HARD_SINCOS, -HARD_SINCOS],
        "atan": [u(-10, 10), u(-1, 1), u(-1e4, 1e4)],
        "sigmoid": [u(-100, 100), u(-10, 10)],
        "rsqrt": [u(0, 10), u(0, 1e-30)],
    }[op]
    return f32(dense + common)


def binary_inputs(op: str, rng) -> tuple[np.ndarray, np.ndarray]:
    specials = SPECIALS
    grid_a, grid_b = (g.ravel() for g in np.meshgrid(specials, specials))
    u = lambda lo, hi: rng.uniform(lo, hi, N)  # noqa: E731
    if op == "atan2":
        a = [u(-10, 10), magnitudes(rng, N), random_bits(rng, N), grid_a]
        b = [u(-10, 10), magnitudes(rng, N), random_bits(rng, N), grid_b]
    else:  # pow: base, exponent
        ints = rng.integers(-40, 41, N)
        a = [u(0, 4), u(0.9, 1.1), -rng.integers(1, 20, N), u(-4, 0), magnitudes(rng, N), random_bits(rng, N),
             grid_a]
        b = [u(-80, 80), u(-2000, 2000), ints, ints, rng.standard_normal(N) * 3, random_bits(rng, N), grid_b]
    return f32(a), f32(b)


# ---------------------------------------------------------------------------
# References and errors
# ---------------------------------------------------------------------------

_erf64 = np.frompyfunc(math.erf, 1, 1)


def _sigmoid64(x):
    return 1.0 / (1.0 + np.exp(-x))


LIBM64 = {  # libm in f64 (NumPy, Python's math.erf)
    "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1, "log": np.log, "log2": np.log2, "log1p": np.log1p,
    "tanh": np.tanh, "erf": lambda x: _erf64(x).astype(np.float64), "sin": np.sin, "cos": np.cos,
    "atan": np.arctan, "sigmoid": _sigmoid64, "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "atan2": np.arctan2, "pow": np.power,
}
TORCH32 = {
    "exp": torch.exp, "exp2": torch.exp2, "expm1": torch.expm1, "log": torch.log, "log2": torch.log2,
    "log1p": torch.log1p, "tanh": torch.tanh, "erf": torch.erf, "sin": torch.sin, "cos": torch.cos,
    "atan": torch.atan, "sigmoid": torch.sigmoid, "rsqrt": torch.rsqrt, "atan2": torch.atan2, "pow": torch.pow,
}
# Bound on the max error in ulps of the f64 reference, per op.
MAX_ULPS = {"exp": 1.5, "exp2": 1.5, "expm1": 2.0, "log": 1.5, "log2": 1.5, "log1p": 1.5, "tanh": 2.0,
            "erf": 2.0, "sin": 1.5, "cos": 1.5, "atan": 2.0, "sigmoid": 2.5, "rsqrt": 1.5, "atan2": 2.0,
            "pow": 1.0}


def reference(op: str, *inputs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(libm in f64, eager torch in f32) for f32 inputs."""
    with np.errstate(all="ignore"):
        want64 = np.asarray(LIBM64[op](*(a.astype(np.float64) for a in inputs)), np.float64)
    want32 = TORCH32[op](*(torch.from_numpy(a) for a in inputs)).numpy()
    return want64, want32


def _effective(got: np.ndarray, want64: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Values to subtract: where the f64 result is finite, +-inf stands for
    +-2^128 in both (the value f32 rounds to inf from), so that an overflow
    to inf is exact and FLT_MAX instead is one ulp off."""
    got = got.astype(np.float64)
    finite = np.isfinite(want64)
    got = np.where(finite & np.isinf(got), np.copysign(TWO_128, got), got)
    want = np.where(finite, np.clip(want64, -TWO_128, TWO_128), want64)
    return got, want


def ulp_of(want: np.ndarray) -> np.ndarray:
    """The f32 ulp at |want| (2^-149 for subnormals, 2^104 from FLT_MAX up)."""
    with np.errstate(all="ignore"):
        a = np.minimum(np.abs(want), F32_MAX).astype(np.float32)
        return np.maximum(np.spacing(a).astype(np.float64), 2.0 ** -149)


@dataclass
class Errors:
    op: str
    variant: str
    count: int
    max_ulp: float
    worst_input: str
    max_rel: float  # over results of normal magnitude
    tol_libm_fails: int  # |got - f32(libm)| > 1e-6 + 1e-5 |f32(libm)|
    tol_torch_fails: int  # the same against eager torch f32, where torch is within it of libm
    torch_off: int  # inputs where eager torch itself is not (its error, not ours: not asserted)
    special_fails: list  # inputs where NaN-ness, an infinity or a zero's sign differ

    def row(self) -> str:
        return (f"{self.op:8s} {self.variant:7s} {self.count:7d} {self.max_ulp:8.3f}  {self.max_rel:9.2e}  "
                f"{self.tol_libm_fails:5d} {self.tol_torch_fails:5d} {self.torch_off:6d} {len(self.special_fails):5d}  "
                f"{self.worst_input}")


HEADER = (f"{'op':8s} {'variant':7s} {'inputs':>7s} {'max ulp':>8s}  {'max rel':>9s}  "
          f"{'!libm':>5s} {'!torch':>5s} {'torch!':>6s} {'!spec':>5s}  worst input")


def measure(op: str, variant: str, inputs: tuple, got: np.ndarray, ulp_mask=None) -> Errors:
    want64, want32 = reference(op, *inputs)
    g, w = _effective(got, want64)
    with np.errstate(all="ignore"):
        err = np.abs(g - w)
        ulps = np.where(np.isnan(g) & np.isnan(w), 0.0, np.where(g == w, 0.0, err / ulp_of(w)))
        ulps = np.where(np.isnan(ulps), np.inf, ulps)  # NaN on one side only
        if ulp_mask is not None:
            ulps = np.where(ulp_mask(w), ulps, 0.0)
        normal = np.isfinite(w) & (np.abs(w) >= F32_TINY) & (np.abs(w) <= F32_MAX)
        rel = np.where(normal, err / np.abs(np.where(normal, w, 1.0)), 0.0)

        def out_of_tolerance(have: np.ndarray, want: np.ndarray) -> np.ndarray:
            hh, ww = _effective(have, np.where(np.isfinite(want64), want, want64))
            return ~((np.abs(hh - ww) <= TOL_ABS + TOL_REL * np.abs(ww)) | (hh == ww) | (np.isnan(hh) & np.isnan(ww)))

        want64_as32 = want64.astype(np.float32).astype(np.float64)
        torch64 = want32.astype(np.float64)
        # Eager torch's exp & co. come from MKL, whose code path depends on the
        # CPU: where torch misses libm, libm alone judges our result.
        torch_off = out_of_tolerance(torch64, want64_as32)
        tol_libm = int(np.sum(out_of_tolerance(got, want64_as32)))
        tol_torch = int(np.sum(out_of_tolerance(got, torch64) & ~torch_off))
    exact = np.isnan(want64) | np.isinf(want64) | (want64 == 0)  # NaN, true infinities, zeros
    bad = exact & ~((np.isnan(got) & np.isnan(want64))
                    | ((got == want64) & (np.signbit(got) == np.signbit(want64))))
    i = int(np.argmax(ulps))
    where = ", ".join(f"{float(a.ravel()[i]):.9g}" for a in inputs)
    worst = f"{op}({where}) = {float(got.ravel()[i]):.9g}, libm {float(want64.ravel()[i]):.17g}"
    special = [tuple(float(a.ravel()[j]) for a in inputs) + (float(got.ravel()[j]), float(want64.ravel()[j]))
               for j in np.flatnonzero(bad)[:10]]
    return Errors(op, variant, got.size, float(ulps[i]), worst, float(np.max(rel)), tol_libm, tol_torch,
                  int(np.sum(torch_off)), special)


RESULTS: list[Errors] = []


@pytest.fixture(scope="module", autouse=True)
def error_table(request):
    """Print every measured row at the end of the module (also under -q)."""
    yield
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if reporter is None or not RESULTS:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        reporter.write_line("approximate-math: max error against libm (f64), per op and build "
                            "(!libm, !torch: tolerance failures; !spec: special-value mismatches)")
        reporter.write_line(HEADER)
        for row in RESULTS:
            reporter.write_line(row.row())


def check(errors: Errors) -> None:
    RESULTS.append(errors)
    message = f"\n{HEADER}\n{errors.row()}\nspecial-value mismatches (inputs, got, libm): {errors.special_fails}"
    assert errors.max_ulp <= MAX_ULPS[errors.op], message
    assert errors.tol_libm_fails == 0 and errors.tol_torch_fails == 0, message
    assert not errors.special_fails, message


# ---------------------------------------------------------------------------
# Building programs
# ---------------------------------------------------------------------------

UNARY_TCP = ["exp", "expm1", "log", "log1p", "log2", "tanh", "erf", "sin", "cos", "atan", "sigmoid"]
BINARY_TCP = {"atan2": "atan2", "pow": "pow"}


def tcp_program(element: str = "f32", ops=UNARY_TCP, binary=BINARY_TCP) -> str:
    t = f"tensor<?x{element}>"
    fns = [f"""func.func @approx_{op}(%x: {t}) -> {t} {{
  %0 = tcp.{op} %x : {t} -> {t}
  return %0 : {t}
}}""" for op in ops]
    fns += [f"""func.func @approx_{name}(%x: {t}, %y: {t}) -> {t} {{
  %0 = tcp.{op} %x, %y : {t}, {t} -> {t}
  return %0 : {t}
}}""" for name, op in binary.items()]
    return "\n".join(fns)


VECTOR_UNARY = ["exp", "exp2", "expm1", "log", "log2", "log1p", "tanh", "erf", "sin", "cos", "atan", "rsqrt"]
VECTOR_BINARY = {"atan2": "atan2", "pow": "powf"}


def vector_program(width: int = 16) -> str:
    """One function per math op: a loop over memref<?xf32> (length a
    multiple of `width`) applying the op to vector<width x f32>; and scalar
    loops for the ops without a TCP counterpart (exp2, rsqrt)."""
    v = f"vector<{width}xf32>"

    def loop(name, body, args, step, load, store, t):
        params = ", ".join(f"%{a}: memref<?xf32>" for a in args)
        loads = "\n".join(f"    %{a}v = {load.format(a=a)}" for a in args[:-1])
        return f"""func.func @{name}({params}) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %step = arith.constant {step} : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %step {{
{loads}
    %r = {body} : {t}
    {store}
  }}
  return
}}"""

    fns = []
    vload = f"vector.load %{{a}}[%i] : memref<?xf32>, {v}"
    vstore = f"vector.store %r, %out[%i] : memref<?xf32>, {v}"
    sload, sstore = "memref.load %{a}[%i] : memref<?xf32>", "memref.store %r, %out[%i] : memref<?xf32>"
    for op in VECTOR_UNARY:
        fns.append(loop(f"vec_{op}", f"math.{op} %xv", ["x", "out"], width, vload, vstore, v))
    for name, op in VECTOR_BINARY.items():
        fns.append(loop(f"vec_{name}", f"math.{op} %xv, %yv", ["x", "y", "out"], width, vload, vstore, v))
    for op in ("exp2", "rsqrt"):
        fns.append(loop(f"scalar_{op}", f"math.{op} %xv", ["x", "out"], 1, sload, sstore, "f32"))
    return "\n".join(fns)


def _link(llvm_mlir: Path, workdir: Path, name: str, llc_flags: list[str]) -> Path:
    """The workflow's ll, assemble (llc, here with extra flags) and so stages."""
    llvm_ir, asm, so = (workdir / f"{name}.{ext}" for ext in ("ll", "S", "so"))
    ll.run(llvm_mlir, llvm_ir)
    tools = support.toolchain_json(workdir)
    subprocess.run([DEFAULT_TOOLS["llc"], "-O2", "--relocation-model=pic", *llc_flags, str(llvm_ir),
                    "-o", str(asm)], check=True)
    shared_object.run(asm, so, tools, support.signature_json(workdir, name))
    return so


def build(text: str, workdir: Path, name: str, names: list[str], llc_flags=(), parse=parse_module):
    with make_context(), ir.Location.unknown():
        module = parse(text, f"{name}.mlir")
        sigs = signatures(module) if parse is parse_module else None
        pipelines.run(module, names)
        llvm_mlir = workdir / f"{name}.llvm.mlir"
        llvm_mlir.write_text(module.operation.get_asm())
    return _link(llvm_mlir, workdir, name, list(llc_flags)), sigs


def has_fma() -> bool:
    try:
        return " fma " in f" {Path('/proc/cpuinfo').read_text().replace(chr(10), ' ')} "
    except OSError:
        return False


VARIANTS = {"generic": [], "fma": ["-mattr=+fma"]}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("math_approximations")


@pytest.fixture(scope="module")
def tcp_libraries(workdir) -> dict[str, tuple[Library, Path]]:
    """The TCP program built per variant: (loaded library, .so path)."""
    libs = {}
    for variant, flags in VARIANTS.items():
        so, sigs = build(tcp_program(), workdir, f"tcp_{variant}", PASSES, flags)
        libs[variant] = (Library(so, sigs), so)
    return libs


def _parse_plain(text: str, filename: str) -> ir.Module:
    return ir.Module.parse(text)


@pytest.fixture(scope="module")
def vector_library(workdir) -> tuple[ctypes.CDLL, Path]:
    """vector_program() through approximate-math and memref-to-llvm (plus
    convert-vector-to-llvm for the vector ops)."""
    names = ["approximate-math"] + pipelines.expand(["memref-to-llvm"])
    at = next(i for i, name in enumerate(names) if name.startswith("finalize-memref-to-llvm"))
    names[at:at] = ["convert-vector-to-llvm"]
    so, _ = build(vector_program(), workdir, "vector", names, parse=_parse_plain)
    return ctypes.CDLL(str(so)), so


class _MemRef1(ctypes.Structure):
    _fields_ = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64),
                ("size", ctypes.c_int64), ("stride", ctypes.c_int64)]


def _memref(a: np.ndarray) -> _MemRef1:
    return _MemRef1(a.ctypes.data, a.ctypes.data, 0, a.size, 1)


def call_vector(lib: ctypes.CDLL, name: str, *inputs: np.ndarray, width: int = 16) -> np.ndarray:
    n = inputs[0].size
    padded = -(-n // width) * width
    args = [np.zeros(padded, np.float32) for _ in inputs]
    for dst, src in zip(args, inputs):
        dst[:n] = src
    out = np.zeros(padded, np.float32)
    descs = [_memref(a) for a in (*args, out)]
    fn = getattr(lib, f"_mlir_ciface_{name}")
    fn.restype = None
    fn(*(ctypes.byref(d) for d in descs))
    return out[:n]


def libm_symbols() -> set[str]:
    """LIBM_NAMES and every function the process's libm exports."""
    names = set(LIBM_NAMES)
    maps = Path("/proc/self/maps")
    paths = {line.split()[-1] for line in maps.read_text().splitlines()
             if "/libm.so" in line or "/libm-" in line} if maps.exists() else set()
    for path in paths:
        out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True).stdout
        names |= {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}
    return names


def undefined_symbols(so: Path) -> set[str]:
    out = subprocess.run(["nm", "-u", str(so)], capture_output=True, text=True, check=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------


def _seed(op: str) -> int:
    return sum(ord(c) << (8 * i) for i, c in enumerate(op))


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("op", UNARY_TCP + list(BINARY_TCP))
def test_tcp_op_accuracy(tcp_libraries, op, variant):
    if variant == "fma" and not has_fma():
        pytest.skip("the CPU has no FMA")
    lib, _ = tcp_libraries[variant]
    rng = np.random.default_rng(_seed(op))
    inputs = binary_inputs(op, rng) if op in BINARY_TCP else (unary_inputs(op, rng),)
    got = lib.call(f"approx_{op}", *inputs)[0]
    # sigmoid is 1 / (1 + exp(-x)) (the TCP lowering): below 1e-38 it
    # underflows to 0 with exp(-x) overflowing, ulps counted on normal results.
    mask = (lambda w: np.abs(w) >= F32_TINY) if op == "sigmoid" else None
    check(measure(op, variant, inputs, got, mask))


@pytest.mark.parametrize("op", VECTOR_UNARY + list(VECTOR_BINARY))
def test_vector_op(vector_library, tcp_libraries, op):
    """vector<16xf32> code: accurate, and bit for bit the scalar code."""
    lib, _ = vector_library
    rng = np.random.default_rng(_seed(op))
    inputs = binary_inputs(op, rng) if op in VECTOR_BINARY else (unary_inputs(op, rng),)
    got = call_vector(lib, f"vec_{op}", *inputs)
    if op in ("exp2", "rsqrt"):
        scalar = call_vector(lib, f"scalar_{op}", *inputs, width=1)
    else:
        scalar = tcp_libraries["generic"][0].call(f"approx_{op}", *inputs)[0]
    same = (got.view(np.uint32) == scalar.view(np.uint32)) | (np.isnan(got) & np.isnan(scalar))
    assert same.all(), [(tuple(a[i] for a in inputs), got[i], scalar[i]) for i in np.flatnonzero(~same)[:5]]
    check(measure(op, "vector", inputs, got))


INF, NAN = np.inf, np.nan
PI32, PIO2_32, PIO4_32 = (float(np.float32(v)) for v in (np.pi, np.pi / 2, np.pi / 4))
# op -> [(inputs, expected)]: compared bit for bit (the sign of zeros too), NaN as any NaN.
SPECIAL_CASES = {
    "exp": [(-INF, 0.0), (INF, INF), (NAN, NAN), (0.0, 1.0), (-0.0, 1.0), (89.0, INF), (-104.0, 0.0),
            (-1000.0, 0.0), (1000.0, INF), (-103.9, 1e-45)],
    "exp2": [(-INF, 0.0), (INF, INF), (NAN, NAN), (0.0, 1.0), (-0.0, 1.0), (10.0, 1024.0), (-1.0, 0.5),
             (127.0, 2.0 ** 127), (128.0, INF), (-126.0, 2.0 ** -126), (-149.0, 2.0 ** -149), (-151.0, 0.0)],
    "expm1": [(-0.0, -0.0), (0.0, 0.0), (-INF, -1.0), (INF, INF), (NAN, NAN), (89.0, INF), (-88.0, -1.0),
              (-1e-30, -1e-30), (1e-45, 1e-45), (-1e-40, -1e-40)],
    "log": [(0.0, -INF), (-0.0, -INF), (-1.0, NAN), (-1e-45, NAN), (-INF, NAN), (INF, INF), (NAN, NAN),
            (1.0, 0.0)],
    "log2": [(0.0, -INF), (-0.0, -INF), (-1.0, NAN), (-INF, NAN), (INF, INF), (NAN, NAN), (1.0, 0.0),
             (8.0, 3.0), (0.125, -3.0), (2.0 ** -149, -149.0), (2.0 ** -130, -130.0), (2.0 ** 127, 127.0)],
    "log1p": [(-1.0, -INF), (-2.0, NAN), (-INF, NAN), (-0.0, -0.0), (0.0, 0.0), (INF, INF), (NAN, NAN),
              (1e-30, 1e-30), (-1e-40, -1e-40)],
    "tanh": [(-0.0, -0.0), (0.0, 0.0), (INF, 1.0), (-INF, -1.0), (NAN, NAN), (20.0, 1.0), (-20.0, -1.0),
             (1e-30, 1e-30), (-1e-45, -1e-45), (F32_MAX, 1.0)],
    "erf": [(-0.0, -0.0), (0.0, 0.0), (INF, 1.0), (-INF, -1.0), (NAN, NAN), (4.0, 1.0), (-5.0, -1.0),
            (F32_MAX, 1.0)],
    "sin": [(-0.0, -0.0), (0.0, 0.0), (INF, NAN), (-INF, NAN), (NAN, NAN), (1e-30, 1e-30), (-1e-45, -1e-45)],
    "cos": [(-0.0, 1.0), (0.0, 1.0), (INF, NAN), (-INF, NAN), (NAN, NAN), (1e-30, 1.0)],
    "atan": [(-0.0, -0.0), (0.0, 0.0), (INF, PIO2_32), (-INF, -PIO2_32), (NAN, NAN), (1.0, PIO4_32),
             (-1e-30, -1e-30), (F32_MAX, PIO2_32)],
    "sigmoid": [(INF, 1.0), (-INF, 0.0), (0.0, 0.5), (-0.0, 0.5), (NAN, NAN)],
    "rsqrt": [(0.0, INF), (-0.0, -INF), (INF, 0.0), (-1.0, NAN), (4.0, 0.5), (NAN, NAN)],
    "atan2": [((0.0, 0.0), 0.0), ((-0.0, 0.0), -0.0), ((0.0, -0.0), PI32), ((-0.0, -0.0), -PI32),
              ((0.0, -1.0), PI32), ((-0.0, -1.0), -PI32), ((0.0, 1.0), 0.0), ((-0.0, 1.0), -0.0),
              ((1.0, 0.0), PIO2_32), ((-1.0, -0.0), -PIO2_32), ((INF, INF), PIO4_32),
              ((INF, -INF), float(np.float32(3 * np.pi / 4))), ((-INF, INF), -PIO4_32), ((1.0, -INF), PI32),
              ((-1.0, -INF), -PI32), ((1.0, INF), 0.0), ((-1.0, INF), -0.0), ((INF, 1.0), PIO2_32),
              ((-INF, -5.0), -PIO2_32), ((NAN, 1.0), NAN), ((1.0, NAN), NAN), ((NAN, 0.0), NAN),
              ((INF, NAN), NAN), ((1.0, 1.0), PIO4_32)],
    "pow": [((NAN, 0.0), 1.0), ((INF, -0.0), 1.0), ((-INF, 0.0), 1.0), ((0.0, 0.0), 1.0), ((-3.0, 0.0), 1.0),
            ((1.0, NAN), 1.0), ((1.0, INF), 1.0), ((1.0, -INF), 1.0), ((-1.0, INF), 1.0), ((-1.0, -INF), 1.0),
            ((-2.0, 3.0), -8.0), ((-2.0, 2.0), 4.0), ((-2.0, 0.5), NAN), ((-8.0, 1 / 3), NAN),
            ((-2.0, -1.0), -0.5), ((-0.0, 3.0), -0.0), ((-0.0, -3.0), -INF), ((0.0, -3.0), INF),
            ((-0.0, -2.0), INF), ((-0.0, 2.0), 0.0), ((-0.0, 0.5), 0.0), ((0.0, -INF), INF), ((-0.0, INF), 0.0),
            ((0.5, INF), 0.0), ((0.5, -INF), INF), ((2.0, INF), INF), ((2.0, -INF), 0.0), ((-0.5, INF), 0.0),
            ((-2.0, INF), INF), ((-INF, 3.0), -INF), ((-INF, 2.0), INF), ((-INF, -3.0), -0.0),
            ((-INF, -2.0), 0.0), ((-INF, 0.5), INF), ((INF, -1.0), 0.0), ((INF, 0.5), INF), ((NAN, 1.0), NAN),
            ((2.0, NAN), NAN), ((-1.0, NAN), NAN), ((2.0, 128.0), INF), ((2.0, -149.0), 2.0 ** -149),
            ((2.0, -150.0), 0.0), ((-2.0, 127.0), -(2.0 ** 127)), ((-2.0, -149.0), -(2.0 ** -149)),
            ((10.0, 38.0), 1e38), ((-3.0, 16777217.0), INF)],
}


@pytest.mark.parametrize("op", list(SPECIAL_CASES))
def test_special_values(tcp_libraries, vector_library, op):
    cases = SPECIAL_CASES[op]
    inputs = [f32([c[0][k] if isinstance(c[0], tuple) else c[0] for c in cases])
              for k in range(len(cases[0][0]) if isinstance(cases[0][0], tuple) else 1)]
    expected = f32([c[1] for c in cases])
    results = {}
    if op in VECTOR_UNARY or op in VECTOR_BINARY:
        results["vector"] = call_vector(vector_library[0], f"vec_{op}", *inputs)
    if op in UNARY_TCP or op in BINARY_TCP:
        results["scalar"] = tcp_libraries["generic"][0].call(f"approx_{op}", *inputs)[0]
    for kind, got in results.items():
        ok = (got.view(np.uint32) == expected.view(np.uint32)) | (np.isnan(got) & np.isnan(expected))
        assert ok.all(), [(kind, tuple(float(a[i]) for a in inputs), float(got[i]), float(expected[i]))
                          for i in np.flatnonzero(~ok)]


def test_no_libm_calls_in_f32_code(tcp_libraries, vector_library):
    libm = libm_symbols()
    assert {"expf", "tanhf", "powf"} <= libm
    for so in [so for _, so in tcp_libraries.values()] + [vector_library[1]]:
        assert not undefined_symbols(so) & libm, (so, undefined_symbols(so) & libm)


def test_fma_build_uses_fma(tcp_libraries, workdir):
    """The contract flags of the polynomial steps do fuse (the point of the
    fma variant), and the generic build has no FMA instruction."""
    if not has_fma():
        pytest.skip("the CPU has no FMA")
    assert "vfmadd" in (workdir / "tcp_fma.S").read_text()
    assert "vfmadd" not in (workdir / "tcp_generic.S").read_text()


EXACT_TCP = {"round_even": np.rint, "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc, "sqrt": np.sqrt,
             "abs": np.abs,
             "round": lambda x: np.where(np.abs(x - np.trunc(x)) >= 0.5, np.trunc(x) + np.sign(x), np.trunc(x))}


def exact_inputs(dtype) -> np.ndarray:
    """Ties and their neighbours, every magnitude up to and past the last
    fraction bit, random bit patterns and the special values."""
    info = np.finfo(dtype)
    halves = np.arange(-20, 21, dtype=dtype) + dtype(0.5)
    big = dtype(2.0 ** (info.nmant - 1))
    near = np.concatenate([halves, np.nextafter(halves, dtype(-np.inf)), np.nextafter(halves, dtype(np.inf)),
                           big + np.arange(-3, 4, dtype=dtype) * dtype(0.5), 2 * big + np.arange(-3, 4, dtype=dtype)])
    rng = np.random.default_rng(7)
    scales = (10.0 ** rng.uniform(-8, 20, 4000)).astype(dtype)
    bits = rng.integers(0, 2 ** info.bits, 4000, dtype=np.uint64).astype(f"u{info.bits // 8}").view(dtype)
    special = np.array([0.0, np.inf, np.nan, info.tiny, info.smallest_subnormal, info.max], dtype)
    values = np.concatenate([near, scales * rng.uniform(-1, 1, 4000).astype(dtype), bits, special])
    return np.concatenate([values, -values])


@pytest.mark.parametrize("element", ["f32", "f64"])
def test_exact_ops_are_bit_exact_without_libm(workdir, element):
    """roundeven, round, floor, ceil, trunc, sqrt and abs: NumPy's bits, the
    sign of zeros and NaNs included, and no libm call left."""
    so, sigs = build(tcp_program(element, list(EXACT_TCP), {}), workdir, f"exact_{element}", PASSES)
    assert not undefined_symbols(so) & libm_symbols(), undefined_symbols(so) & libm_symbols()
    lib = Library(so, sigs)
    dtype = np.float32 if element == "f32" else np.float64
    x = exact_inputs(dtype)
    ints = f"u{np.dtype(dtype).itemsize}"
    for op, reference in EXACT_TCP.items():
        with np.errstate(invalid="ignore"):
            expected = reference(x).astype(dtype)
        got = lib.call(f"approx_{op}", x)[0]
        same = (got.view(ints) == expected.view(ints)) | (np.isnan(got) & np.isnan(expected))
        assert same.all(), (op, [(x[i], got[i], expected[i]) for i in np.flatnonzero(~same)[:5]])


def test_f64_ops_stay_libm(workdir):
    ops = ["exp", "tanh", "sin"]
    so, sigs = build(tcp_program("f64", ops, {"pow": "pow"}), workdir, "f64", PASSES)
    assert {"exp", "tanh", "sin", "pow"} <= undefined_symbols(so)
    lib = Library(so, sigs)
    x = np.linspace(-3, 3, 101)
    for op in ops:  # bit for bit libm's (Python's math calls it; NumPy has its own exp)
        np.testing.assert_array_equal(lib.call(f"approx_{op}", x)[0], [getattr(math, op)(v) for v in x])
    np.testing.assert_array_equal(lib.call("approx_pow", np.abs(x), x)[0], [math.pow(abs(v), v) for v in x])
