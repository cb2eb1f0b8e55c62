"""The Python runtime (tcp_aot.load): outputs against the references with
NumPy and torch, the signature the .so carries, the errors a caller can
cause (raised, never fatal), several threads at once."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import torch

import tcp_aot
from conftest import INTERFACE_PROGRAMS, MIXED_PRECISION
from tcp_aot.element_types import BFLOAT16, to_numpy, tolerance
from tcp_aot.reference.npz import load_npz


@pytest.fixture(scope="module")
def programs(interface_programs):
    return {name: tcp_aot.load(interface_programs / f"{name}.so") for name in INTERFACE_PROGRAMS}


def cases(results, name: str, program) -> list[tuple[list[np.ndarray], list[np.ndarray]]]:
    sig = program.signature.functions[0]
    npz = np.load(results / f"{name}.npz")
    return [([npz[f"{p}Input{i}"] for i in range(len(sig.inputs))],
             [npz[f"{p}Output{i}"] for i in range(len(sig.outputs))])
            for p in ("", "case1/") if f"{p}Input0" in npz]


def test_numpy_in_numpy_out(interface_programs, programs):
    for name, program in programs.items():
        for inputs, expected in cases(interface_programs, name, program):
            got = program.func_main(*inputs)
            got = got if isinstance(got, tuple) else (got,)
            assert len(got) == len(expected)
            for g, e in zip(got, expected):
                assert isinstance(g, np.ndarray) and g.dtype == e.dtype and g.shape == e.shape
                np.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-5)
                assert g.flags.owndata and g.flags.writeable  # Python's own array


def test_torch_in_torch_out(interface_programs, programs):
    inputs, expected = cases(interface_programs, "mlp", programs["mlp"])[1]
    out = programs["mlp"].func_main(torch.from_numpy(inputs[0]))
    assert isinstance(out, torch.Tensor) and out.dtype == torch.float32 and out.shape == expected[0].shape
    np.testing.assert_allclose(out.numpy(), expected[0], rtol=1e-4, atol=1e-5)


def test_non_contiguous_inputs_are_copied_not_misread(interface_programs, programs):
    inputs, expected = cases(interface_programs, "mlp", programs["mlp"])[0]
    strided = np.asfortranarray(inputs[0])
    assert not strided.flags.c_contiguous
    np.testing.assert_allclose(programs["mlp"].func_main(strided), expected[0], rtol=1e-4, atol=1e-5)
    transposed = torch.from_numpy(np.ascontiguousarray(inputs[0].T)).t()
    np.testing.assert_allclose(programs["mlp"].func_main(transposed).numpy(), expected[0], rtol=1e-4, atol=1e-5)


def test_the_signature_names_dims_and_symbols(programs):
    sig = programs["mlp"].signature.functions[0]
    assert [(t.name, t.element, t.shape, t.symbols) for t in sig.inputs] == \
        [("input", "f32", (None, 32), ("s31", None))]
    assert [(t.name, t.shape, t.symbols) for t in sig.outputs] == [("out0", (None, 10), ("s31", None))]
    assert [(s.name, s.min, s.max) for s in sig.symbols] == [("s31", 1, 64)]
    assert "input        input  float32  [s31, 32]" in repr(programs["mlp"])
    two = programs["two_outputs"].signature.functions[0]
    assert [t.name for t in two.inputs] == ["x", "y", "z"] and [t.name for t in two.outputs] == ["out0", "out1"]


@pytest.mark.parametrize("args, message", [
    ((np.zeros((3, 32), np.float64),), "func_main: input must be float32 [s31, 32], not float64 [3, 32]"),
    ((np.zeros((3, 31), np.float32),), "func_main: input must be float32 [s31, 32], not float32 [3, 31]"),
    ((np.zeros(32, np.float32),), "func_main: input must be float32 [s31, 32], not float32 [32]"),
    ((np.zeros((65, 32), np.float32),),
     "func_main: input dim 0 is 65, outside [1, 64], the range torch.export allows for s31"),
    (([[1.0] * 32],), "func_main: input must be a NumPy array or a torch tensor, not list"),
    ((), "func_main takes 1 input(s) (input), but 0 were given"),
])
def test_a_wrong_argument_raises_signature_error(programs, args, message):
    with pytest.raises(tcp_aot.SignatureError) as e:
        programs["mlp"].func_main(*args)
    assert str(e.value) == message


def test_failures_inside_the_compiled_code_raise(interface_programs, programs):
    gather = programs["gather_dynamic"]
    (x, idx), _ = cases(interface_programs, "gather_dynamic", gather)[0]
    bad = idx.copy()
    bad[0, 0] = 1000
    with pytest.raises(tcp_aot.CallError) as e:
        gather.func_main(x, bad)
    assert e.value.status == 2
    assert str(e.value).startswith("tcp_aot: index out of range in tcp.gather at ")
    assert "(index 1000, size 5) (TCP_AOT_ERROR_VALUE)" in str(e.value)
    with pytest.raises(tcp_aot.CallError) as e:
        gather.func_main.output_dims([[3, 5], [4, 4]])
    assert e.value.status == 1 and str(e.value).startswith("tcp_aot shape guard: func_main: ")
    expected = cases(interface_programs, "gather_dynamic", gather)[0][1][0]
    np.testing.assert_array_equal(gather.func_main(x, idx), expected)  # the library still works


def test_output_dims_and_pool_bytes(programs):
    fn = programs["mlp"].func_main
    assert fn.output_dims([[5, 32]]) == [(5, 10)]
    small, big = fn.pool_bytes([[1, 32]]), fn.pool_bytes([[64, 32]])
    assert 0 < small < big


def test_threads_call_one_function_at_once(interface_programs, programs):
    program = programs["mlp"]
    work = cases(interface_programs, "mlp", program)
    failures = []

    def caller(k: int) -> None:
        inputs, expected = work[k % len(work)]
        for _ in range(50):
            if not np.allclose(program.func_main(*inputs), expected[0], rtol=1e-4, atol=1e-5):
                failures.append(k)

    threads = [threading.Thread(target=caller, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_bfloat16_in_and_out_with_numpy_and_torch(interface_programs):
    """bfloat16 crosses as ml_dtypes.bfloat16 arrays and torch.bfloat16
    tensors; the header passes it as tcp_aot_bf16 (its bits)."""
    program = tcp_aot.load(interface_programs / f"{MIXED_PRECISION}.so")
    npz = load_npz(interface_programs / f"{MIXED_PRECISION}.npz")
    x, bias = npz["case1/Input0"], npz["case1/Input1"]
    assert (x.dtype, bias.dtype) == (np.float32, BFLOAT16)
    expected = [npz["case1/Output0"], npz["case1/Output1"]]
    numpy_out = program.func_main(x, bias)
    torch_out = program.func_main(torch.from_numpy(x), torch.from_numpy(bias.view(np.int16)).view(torch.bfloat16))
    assert [t.dtype for t in torch_out] == [torch.float32, torch.bfloat16]
    for got in (numpy_out, [to_numpy(t) for t in torch_out]):
        for g, want in zip(got, expected):
            assert g.dtype == want.dtype and g.shape == want.shape
            rtol, atol = tolerance(want, 1e-5, 1e-5)
            np.testing.assert_allclose(g.astype(np.float32), want.astype(np.float32), rtol=rtol, atol=atol)
    with pytest.raises(tcp_aot.SignatureError, match="bias must be bfloat16 \\[48\\], not float32 \\[48\\]"):
        program.func_main(x, bias.astype(np.float32))
    header = (interface_programs / f"{MIXED_PRECISION}.h").read_text()
    assert "typedef uint16_t tcp_aot_bf16;" in header
    assert "const tcp_aot_bf16 *bias" in header and "tcp_aot_bf16 *out1" in header
