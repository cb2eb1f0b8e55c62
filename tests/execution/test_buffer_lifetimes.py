"""shrink-buffer-lifetimes: a call allocates each intermediate when it is
first written and frees it once it has been read for the last time, so its
peak memory is what is live at once, not the sum of every intermediate;
and a buffer read late (a residual) stays live until then, though the
runtime hands the memory of freed ones to the next allocations."""

from __future__ import annotations

import os

import numpy as np
import pytest
from torch_mlir import ir

from support import compile_tcp, run_in_child
from tcp_aot.context import make_context
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module

SIZE = 1024  # each intermediate: SIZE x SIZE float32, 4 MiB
LAYERS = 8
MIB = 1 << 20


def _program() -> str:
    """y(k+1) = tanh(y(k) @ x), LAYERS times from y(0) = x, then y(LAYERS) + y(1):
    a product per layer (its tanh its epilogue), and y(1) read again at the end."""
    t = f"tensor<{SIZE}x{SIZE}xf32>"
    lines = [f"func.func @chain(%x: {t}) -> {t} {{"]
    value = "%x"
    for k in range(1, LAYERS + 1):
        lines += [f"  %p{k} = tcp.contract {value}, %x {{lhs_batch_dims = [], lhs_contracting_dims = [1], "
                  f"rhs_batch_dims = [], rhs_contracting_dims = [0]}} : {t}, {t} -> {t}",
                  f"  %y{k} = tcp.tanh %p{k} : {t} -> {t}"]
        value = f"%y{k}"
    lines += [f"  %out = tcp.add {value}, %y1 : {t}, {t} -> {t}", f"  return %out : {t}", "}"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return compile_tcp(_program(), tmp_path_factory.mktemp("buffer_lifetimes"))


def _input() -> np.ndarray:
    return (np.random.default_rng(0).standard_normal((SIZE, SIZE)) / np.sqrt(SIZE)).astype(np.float32)


def _peak_kib() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


def test_a_late_read_sees_its_buffer_intact(library):
    x = _input()
    with make_context(), ir.Location.unknown():
        module = parse_module(_program(), "chain.mlir")
        (expected,) = Interpreter(module).run("chain", [x])
    got = library.call("chain", x)[0]
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)


def test_peak_memory_is_what_is_live_at_once(tmp_path):
    """In a child (its peak starts at its size when forked), the first call
    of a library of its own (the runtime keeps freed blocks for the next
    calls): its growth. Allocated at the start and freed at the end, the 8
    intermediates took 32 MiB; now y(1) and two others at a time, and the
    result."""
    library = compile_tcp(_program(), tmp_path)
    x = _input()

    def call_and_report_growth():
        before = _peak_kib()
        library.call("chain", x)
        os.write(2, str(_peak_kib() - before).encode())

    status, reported = run_in_child(call_and_report_growth)
    assert status == 0 and reported.isdigit(), (status, reported)
    growth_kib = int(reported)
    assert 0 < growth_kib * 1024 < 24 * MIB, f"the call's peak grew by {growth_kib} KiB"
