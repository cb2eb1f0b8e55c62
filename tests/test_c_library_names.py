"""A TCP program whose functions are named like C library functions compiles
and runs: the compiler renames them internally (tcp_aot/transforms/c_symbols.py)
and keeps their C interfaces' names."""

from __future__ import annotations

import numpy as np

import tcp_aot
from tcp_aot.stages import mlir_tcp, npz_tcp_source
from test_stages import back_end, execute_test, exported, tools  # noqa: F401  (tools: the toolchain fixture)

# floor and exp of f64 lower to calls of libm's floor and exp; expf of f32 to
# arith (approximate-math), but its symbol would still be libm's.
PROGRAM = """
func.func @floor(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tcp.floor %a : tensor<?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @exp(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tcp.exp %a : tensor<?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @expf(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tcp.exp %a : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""


def test_functions_named_like_c_library_functions(tmp_path, tools):  # noqa: F811
    source, tcp_mlir, npz = tmp_path / "libm.mlir", tmp_path / "libm.tcp.mlir", tmp_path / "libm.npz"
    source.write_text(PROGRAM)
    mlir_tcp.run(source, tcp_mlir)
    so = back_end(tmp_path, "libm", tcp_mlir, tools)

    symbols = exported(so)
    names = ["floor", "exp", "expf"]
    assert {f"_mlir_ciface_{n}" for n in names} | {f"libm_{n}" for n in names} <= symbols
    assert not set(names) & symbols, "the .so must not define the C library's functions"

    # The generated C++ test calls _mlir_ciface_<name> against the interpreter's outputs.
    npz_tcp_source.run(tcp_mlir, npz, [3, 7], None, seed=0)
    _, ok = execute_test(tmp_path, "libm", tcp_mlir, npz, so, tools, tcp_source=True)
    assert ok.startswith("1 thread(s): [  PASSED  ]")

    # The status-returning C interface (libm_floor, ...), through the Python runtime.
    functions = tcp_aot.load(so).functions
    x = np.array([-2.5, -1.0, -0.25, 0.0, 0.75, 3.5, 1e10], np.float64)
    np.testing.assert_array_equal(functions["floor"](x), np.floor(x))
    np.testing.assert_allclose(functions["exp"](x[:-1]), np.exp(x[:-1]), rtol=1e-15)
    x32 = x[:-1].astype(np.float32)
    np.testing.assert_allclose(functions["expf"](x32), np.exp(x32), rtol=1e-6)
