"""Each stage in-process, on a small model and a small TCP program, checking
what every stage writes."""

from __future__ import annotations

import json
import os
import re
import subprocess

import numpy as np
import pytest

from tcp_aot.stages import (
    assemble, common, ll, mlir_llvm, mlir_tcp, mlir_torch, npz_model, npz_tcp_source, optimize, shared_object,
    signature, test_bin, test_cpp, test_run, test_support, toolchain,
)
from tcp_aot import files
from tcp_aot.errors import StageError
from tcp_aot.reference.npz import load_npz
from tcp_aot.toolchain import DEFAULT_TOOLS, PCH_FLAGS, TEST_CXX_FLAGS

TCP_PROGRAM = """
func.func @scale(%x: tensor<?x3xf32>, %s: tensor<f32>) -> (tensor<?x3xf32>, tensor<?x3xi1>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xf32>
  %e = tensor.expand_shape %s [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %b = tcp.broadcast %e, %n, %c3 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x3xf32>
  %m = tcp.mul %x, %b : tensor<?x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
  %p = tcp.cast %m {out_int_signedness = #tcp<signedness Signless>} : tensor<?x3xf32> -> tensor<?x3xi1>
  return %m, %p : tensor<?x3xf32>, tensor<?x3xi1>
}
"""


@pytest.fixture
def tools(tmp_path):
    path = tmp_path / "toolchain.json"
    toolchain.run(path, **DEFAULT_TOOLS, target_cpu="host")
    found = json.loads(path.read_text())
    assert found["llc"]["version"].startswith("22.") and found["mlir_include"].endswith("include")
    return path


def back_end(tmp_path, name, tcp_mlir, tools):
    """signature, mlir_llvm -> ll -> S -> so, checking each output."""
    llvm_mlir, llvm_ir, optimized, asm, so, sig = (tmp_path / f"{name}.{ext}" for ext in (
        "llvm.mlir", "ll", "opt.ll", "S", "so", "signature.json"))
    signature.run(name, tcp_mlir, sig)
    assert [f["name"] for f in json.loads(sig.read_text())["functions"]]
    mlir_llvm.run(tcp_mlir, llvm_mlir)
    text = llvm_mlir.read_text()
    assert "llvm.func @" in text and "tcp." not in text
    ll.run(llvm_mlir, llvm_ir)
    assert "define " in llvm_ir.read_text() and " f0x" not in llvm_ir.read_text()
    optimize.run(llvm_ir, optimized, tools, 3)
    assert "define " in optimized.read_text()
    assemble.run(optimized, asm, tools, 3)
    assert ".globl" in asm.read_text()
    shared_object.run(asm, so, tools, sig, tmp_path / f"{name}.weights")
    return so


def execute_test(tmp_path, name, tcp_mlir, npz, so, tools, tcp_source: bool) -> tuple[str, str]:
    """test_cpp -> test_bin -> test_run; the generated source and the ok file."""
    cpp, binary, ok = tmp_path / f"{name}_test.cpp", tmp_path / f"{name}_test", tmp_path / f"{name}.test.ok"
    test_cpp.run(name, tcp_mlir, npz, cpp, 1e-5, 1e-6, tcp_source=tcp_source)
    pch, support = tmp_path / "tcp_aot_test_support.pch", tmp_path / "tcp_aot_test_support.o"
    test_support.run(pch, support, tools)
    test_bin.run(cpp, so, binary, tools, pch, support)
    test_run.run(binary, npz, ok, [1, 2])
    return cpp.read_text(), ok.read_text()


def exported(so) -> set[str]:
    nm = subprocess.run(["nm", "-D", "--defined-only", str(so)], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in nm.stdout.splitlines()}


def test_model_stages(root, tmp_path, tools, monkeypatch):
    monkeypatch.chdir(root)  # models/ is imported from the workflow directory
    loader = "models.broadcast_add_mixed_ranks.broadcast_add_mixed_ranks_loader"
    torch_mlir, tcp_mlir = tmp_path / "m.torch.mlir", tmp_path / "m.tcp.mlir"

    mlir_torch.run(loader, torch_mlir)
    text = torch_mlir.read_text()
    assert ('func.func @func_main(%arg0: !torch.vtensor<[],f32> {tcp_aot.name = "x"}, '
            '%arg1: !torch.vtensor<[?],f32> {tcp_aot.name = "y"})') in text
    assert "torch.aten.add.Tensor" in text and "torch.bind_symbolic_shape %arg1" in text

    mlir_tcp.run(torch_mlir, tcp_mlir)
    text = tcp_mlir.read_text()
    assert re.search(r"tcp\.broadcast .* \{axes = \[0\]\} : tensor<1xf32>, index -> tensor<\?xf32>", text)
    assert "torch." not in text

    so = back_end(tmp_path, "m", tcp_mlir, tools)
    assert {"func_main", "_mlir_ciface_func_main", "m_func_main", "m_func_main_output_dims",
            "m_func_main_pool_bytes", "m_last_error", "tcp_aot_signature"} <= exported(so)

    npz = tmp_path / "m.npz"
    npz_model.run(loader, torch_mlir, npz)
    arrays = load_npz(npz)
    assert sorted(arrays) == ["Input0", "Input1", "Output0", "case1/Input0", "case1/Input1", "case1/Output0"]
    assert arrays["Input0"].shape == () and arrays["Input0"].dtype == np.float32
    assert arrays["case1/Input1"].shape != arrays["Input1"].shape  # another size of the dynamic dim
    np.testing.assert_allclose(arrays["Output0"], arrays["Input0"] + arrays["Input1"])

    source, ok = execute_test(tmp_path, "m", tcp_mlir, npz, so, tools, tcp_source=False)
    assert 'extern "C" {' in source and "StridedMemRefType<float, 0> *input0" in source
    assert "TEST(m, func_main_case0)" in source and "TEST(m, func_main_case1)" in source
    assert "TEST(m, func_main_fuzz_wrong_shapes)" in source
    # The fuzz test runs with the last thread count only.
    assert ok == "1 thread(s): [  PASSED  ] 2 tests.\n2 thread(s): [  PASSED  ] 3 tests.\n"


def test_tcp_source_stages(tmp_path, tools):
    source = tmp_path / "prog.mlir"
    source.write_text(TCP_PROGRAM)
    tcp_mlir = tmp_path / "prog.tcp.mlir"
    mlir_tcp.run(source, tcp_mlir)
    assert "tcp.broadcast %expanded, %dim, %c3 {axes = [0, 1]}" in tcp_mlir.read_text()

    so = back_end(tmp_path, "prog", tcp_mlir, tools)
    assert "_mlir_ciface_scale" in exported(so)

    npz = tmp_path / "prog.npz"
    npz_tcp_source.run(tcp_mlir, npz, [2, 5], None, seed=3)
    arrays = load_npz(npz)
    assert arrays["scale/Input0"].shape == (2, 3) and arrays["scale/case1/Input0"].shape == (5, 3)
    np.testing.assert_array_equal(arrays["scale/Output1"], arrays["scale/Output0"] != 0)

    source, ok = execute_test(tmp_path, "prog", tcp_mlir, npz, so, tools, tcp_source=True)
    assert 'tcp_aot::get(npz, "scale/case1/Output1")' in source
    # The static dim is guarded like the dynamic ones: a death test for it.
    assert "TEST(prog, scale_guard0)" in source and "argument #0 dim 1 is 4, but the program needs 3" in source
    # The fuzz test runs with the last thread count only.
    assert ok == "1 thread(s): [  PASSED  ] 3 tests.\n2 thread(s): [  PASSED  ] 4 tests.\n"


def test_the_microkernels_are_compiled_once_per_compiler(tmp_path, tools, monkeypatch):
    """Every .so links the same micro-kernels object, compiled into the cache
    the first time; without a writable cache, each link compiles its own."""
    source = tmp_path / "prog.mlir"
    source.write_text(TCP_PROGRAM)
    tcp_mlir = tmp_path / "prog.tcp.mlir"
    mlir_tcp.run(source, tcp_mlir)
    monkeypatch.setenv("TCP_AOT_CACHE_DIR", str(tmp_path / "cache"))
    first = back_end(tmp_path, "prog", tcp_mlir, tools)
    [obj] = (tmp_path / "cache" / "objects").glob("tcp_aot_microkernels-*.o")
    built = obj.stat().st_mtime_ns
    so = tmp_path / "again.so"
    shared_object.run(tmp_path / "prog.S", so, tools, tmp_path / "prog.signature.json")
    assert obj.stat().st_mtime_ns == built
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("TCP_AOT_CACHE_DIR", str(tmp_path / "file" / "cache"))
    uncached = tmp_path / "uncached.so"
    shared_object.run(tmp_path / "prog.S", uncached, tools, tmp_path / "prog.signature.json")
    for built_so in (first, so, uncached):
        symbols = subprocess.run(["nm", str(built_so)], capture_output=True, text=True, check=True).stdout
        assert re.search(r" t _mlir_ciface___tcp_aot_matmul_f32$", symbols, re.MULTILINE)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_failing_test_writes_no_ok_file(tmp_path, tools):
    source = tmp_path / "prog.mlir"
    source.write_text(TCP_PROGRAM)
    tcp_mlir, npz = tmp_path / "prog.tcp.mlir", tmp_path / "prog.npz"
    mlir_tcp.run(source, tcp_mlir)
    so = back_end(tmp_path, "prog", tcp_mlir, tools)
    npz_tcp_source.run(tcp_mlir, npz, [4], None, seed=0)
    arrays = load_npz(npz)
    arrays["scale/Output0"] = arrays["scale/Output0"] + 1  # a wrong reference
    np.savez(npz, **arrays)
    with pytest.raises(StageError, match=r"execute test failed with 1 thread\(s\) \(failed tests: prog\.scale_case0\)"):
        execute_test(tmp_path, "prog", tcp_mlir, npz, so, tools, tcp_source=True)
    assert not (tmp_path / "prog.test.ok").exists()


def test_a_precompiled_header_checks_its_header_by_content_not_time(tmp_path, tools):
    """A test that touches the support header while another workflow
    compiles against its precompiled form (tests do) must not break it; an
    edit of the same size must."""
    clangxx = json.loads(tools.read_text())["clangxx"]["path"]
    header, pch, user = tmp_path / "h.h", tmp_path / "h.pch", tmp_path / "user.cpp"
    header.write_text("inline int three() { return 3; }\n")
    user.write_text("int main() { return three() - 3; }\n")
    subprocess.run([clangxx, *TEST_CXX_FLAGS, "-x", "c++-header", *PCH_FLAGS, str(header), "-o", str(pch)], check=True)

    def compile_user():
        return subprocess.run([clangxx, *TEST_CXX_FLAGS, "-include-pch", str(pch), "-c", str(user), "-o",
                               str(tmp_path / "user.o")], capture_output=True, text=True)

    later = header.stat().st_mtime + 5
    os.utime(header, (later, later))
    assert compile_user().returncode == 0, compile_user().stderr
    header.write_text("inline int three() { return 4; }\n")
    assert "content changed" in compile_user().stderr


def test_an_internal_error_logs_the_command_that_reproduces_it(tmp_path, monkeypatch, capsys):
    import tcp_aot.transforms.output_dims
    from tcp_aot.cli import tcp_opt

    source = tmp_path / "prog.tcp.mlir"
    mlir_tcp.run(_write(tmp_path / "prog.mlir", TCP_PROGRAM), source)

    def broken(op):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(tcp_aot.transforms.output_dims, "add_output_dims_functions", broken)
    log = tmp_path / "mlir_llvm.log"
    with pytest.raises(SystemExit):
        common.run_stage("mlir_llvm", "prog", str(log), lambda: mlir_llvm.run(source, tmp_path / "prog.llvm.mlir"),
                         reproducer=mlir_llvm.reproducer(source))
    assert capsys.readouterr().err == (f"error: [prog] mlir_llvm: internal error: RuntimeError: broken on purpose "
                                       f"(traceback and reproducer in {log})\n")
    last = log.read_text().splitlines()[-1]
    assert last == f"reproduce with: tcp-opt --tcp-to-llvm {source}"
    # The line runs the same code on the same input: the same error.
    with pytest.raises(RuntimeError, match="broken on purpose"):
        tcp_opt.main(last.split()[3:])


def _write(path, text):
    path.write_text(text)
    return path


def test_stages_write_through_private_temporary_files(tmp_path):
    """Each output is written to a temporary file named after it and the
    writing process, then renamed: parallel jobs never share one, and an
    interrupted write leaves no file under the output's name."""
    a, b = tmp_path / "a.tcp.mlir", tmp_path / "b.tcp.mlir"
    ta, tb = files.tmp_path(a), files.tmp_path(b)
    assert ta != tb and ta.parent == a.parent and str(os.getpid()) in ta.name
    files.write_atomic(a, "text")
    assert a.read_text() == "text" and not ta.exists()
