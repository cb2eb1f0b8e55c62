"""outline-loop-nests: a function of many loop nests compiles as one
function per nest, a nest repeated compiled once, and computes what the
interpreter computes; a function of few nests stays whole."""

from __future__ import annotations

import re

import numpy as np
import pytest
from torch_mlir import ir

from support import compile_tcp
from tcp_aot.context import make_context
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module
from tcp_aot.transforms.outline_nests import OutlineOptions


def _chain(name: str, layers: int) -> str:
    """x -> tanh(x @ w) + x, `layers` times: a product (its own loop nest)
    and an elementwise op per layer, every layer the same code."""
    lines = [f"func.func @{name}(%x: tensor<?x16xf32>, %w: tensor<16x16xf32>) -> tensor<?x16xf32> {{",
             "  %c0 = arith.constant 0 : index"]
    value = "%x"
    for k in range(layers):
        lines += [
            f"  %p{k} = tcp.contract {value}, %w {{lhs_batch_dims = [], lhs_contracting_dims = [1], "
            f"rhs_batch_dims = [], rhs_contracting_dims = [0]}} : tensor<?x16xf32>, tensor<16x16xf32> "
            f"-> tensor<?x16xf32>",
            f"  %t{k} = tcp.tanh %p{k} : tensor<?x16xf32> -> tensor<?x16xf32>",
            f"  %y{k} = tcp.add %t{k}, {value} : tensor<?x16xf32>, tensor<?x16xf32> -> tensor<?x16xf32>"]
        value = f"%y{k}"
    lines += [f"  return {value} : tensor<?x16xf32>", "}"]
    return "\n".join(lines) + "\n"


MIN_NESTS = OutlineOptions().min_nests
PROGRAM = _chain("deep", MIN_NESTS) + _chain("shallow", 3)


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return compile_tcp(PROGRAM, tmp_path_factory.mktemp("outline"), "outline")


def test_a_deep_function_is_outlined_and_its_repeated_nests_compiled_once(library):
    code = library.path.with_suffix(".ll").read_text()
    defined = re.findall(r"^define internal .*?@(deep__into__nest\d+)\(", code, re.MULTILINE)
    called = re.findall(r"call .*?@(deep__into__nest\d+)\(", code)
    # A nest per layer (the product, its epilogue fused) at least is called;
    # the layers' code is the same: only the first and last layers' nests
    # differ from the others.
    assert len(called) >= MIN_NESTS and set(called) == set(defined)
    assert len(defined) <= 8, defined
    assert "noinline" in code
    assert "@shallow__into__nest" not in code


@pytest.mark.parametrize("function", ["deep", "shallow"])
def test_outlined_code_computes_what_the_interpreter_does(library, function):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((37, 16)).astype(np.float32)
    w = (rng.standard_normal((16, 16)) / 8).astype(np.float32)
    (got,) = library.call(function, x, w)
    with make_context(), ir.Location.unknown():
        module = parse_module(PROGRAM, "outline.mlir")
        (want,) = Interpreter(module).run(function, [x, w])
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_outlined_parallel_nests_give_the_same_bits_on_any_thread_count(tmp_path, monkeypatch):
    """Every nest of test_threads' programs (products, their epilogues,
    reductions, convolutions split among threads) outlined."""
    from execution.test_threads import PROGRAM as THREADED, SHAPES, inputs
    from tcp_aot import pipelines

    monkeypatch.setitem(pipelines.PIPELINES, "tcp-to-llvm",
                        [name.replace("outline-loop-nests", "outline-loop-nests{min-nests=1}")
                         for name in pipelines.PIPELINES["tcp-to-llvm"]])
    library = compile_tcp(THREADED, tmp_path, "threads")
    assert "__into__nest" in library.path.with_suffix(".ll").read_text()
    for name, shapes in SHAPES.items():
        results = []
        for n in (1, 2):
            library.set_num_threads(n)
            (result,) = library.call(name, *inputs(shapes))
            results.append(result)
        np.testing.assert_array_equal(results[1], results[0], err_msg=name)


def test_outlined_nests_get_copies_of_the_constants_they_read():
    """A constant passed in reached a parallel loop's OpenMP region through
    the struct of its captured values, where LLVM could not fold it."""
    from tcp_aot import pipelines
    from tcp_aot.walk import defining_op, named

    passes = pipelines.expand(["tcp-to-llvm"])
    with make_context(), ir.Location.unknown():
        module = parse_module(PROGRAM, "outline.mlir")
        pipelines.run(module, passes[:passes.index("outline-loop-nests") + 1])
        calls = [c for c in named(module.operation, "func.call") if "__nest" in str(c.attributes["callee"])]
        assert calls
        for call in calls:
            passed = [defining_op(v) for v in call.operands]
            assert not [op for op in passed if op is not None and op.name == "arith.constant"], call
        nests = [f for f in named(module.operation, "func.func") if "__nest" in str(f.attributes["sym_name"])]
        assert any(named(f, "arith.constant") for f in nests)
