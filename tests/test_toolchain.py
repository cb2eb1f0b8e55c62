"""The LLVM tools: discovery, version checks, and the LLVM IR spelling that
llc 22 reads."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from tcp_aot.errors import StageError
from tcp_aot.stages import assemble, ll, mlir_llvm, mlir_tcp, optimize, toolchain
from tcp_aot.toolchain import (
    DEFAULT_OPT_LEVEL, DEFAULT_TOOLS, find_tool, llc22_float_literals, resolve_target_cpu, cpu_check_source,
    target_features,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_workflow_and_the_library_use_the_same_tools():
    """torch.compile and the tests' helpers compile with what `make` does."""
    config = yaml.safe_load((ROOT / "config.yaml").read_text())["toolchain"]
    assert {role: config[role] for role in ("llc", "opt", "clang", "clangxx")} | \
        {"min_major": config["min_llvm_major"]} == DEFAULT_TOOLS
    assert config["opt_level"] == DEFAULT_OPT_LEVEL


def test_finds_llvm_22():
    tool = find_tool("llc-22", 22)
    assert tool.major == 22 and tool.path.endswith("llc-22")


def test_missing_tool_is_one_clear_error():
    with pytest.raises(StageError, match=r"llc-99 not found on PATH \(LLVM 22 or newer is needed"):
        find_tool("llc-99", 22)


def test_too_old_tool_names_both_versions(tmp_path, monkeypatch):
    fake = tmp_path / "llc-old"
    fake.write_text("#!/bin/sh\necho 'Debian LLVM version 14.0.6'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    with pytest.raises(StageError, match=r"is LLVM 14\.0\.6, but LLVM 22 or newer is needed"):
        find_tool("llc-old", 22)


def test_float_literals_become_exact_hex():
    ll = ("@c = private constant [3 x float] [float 1.000000e-01, float f0xBF333333, float 2.500000e+00]\n"
          "  %1 = fadd float %0, f0x3727C5AC\n"
          "  %2 = fmul double %1, 1.000000e-01\n"
          "  %3 = fadd double %2, f0x3FB999999999999A\n"
          '!0 = !{!"version 2.0"}')
    assert llc22_float_literals(ll).splitlines() == [
        "@c = private constant [3 x float] [float 0x3FB99999A0000000, float 0xBFE6666660000000, "
        "float 0x4004000000000000]",
        "  %1 = fadd float %0, 0x3EE4F8B580000000",
        "  %2 = fmul double %1, 1.000000e-01",
        "  %3 = fadd double %2, 0x3FB999999999999A",
        '!0 = !{!"version 2.0"}']


def test_llc22_reads_the_rewritten_ir(tmp_path):
    ll = tmp_path / "k.ll"
    ll.write_text(llc22_float_literals(
        "@w = private constant [2 x float] [float 1.000000e-01, float f0xBF333333]\n"
        "define float @f(float %x) {\n  %y = fadd float %x, f0x3727C5AC\n  ret float %y\n}\n"))
    proc = subprocess.run(["llc-22", str(ll), "-o", str(tmp_path / "k.S")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_special_float_literals_become_hex():
    ll = "  %1 = fcmp oeq float %0, -inf\n  store double inf, ptr %p\n  %2 = fadd float %nan, nan"
    assert llc22_float_literals(ll).splitlines() == [
        "  %1 = fcmp oeq float %0, 0xFFF0000000000000", "  store double 0x7FF0000000000000, ptr %p",
        "  %2 = fadd float %nan, 0x7FF8000000000000"]


def test_named_special_values_become_hex_with_sign_and_payload():
    """LLVM 24 names infinities and NaNs, with a NaN's payload; llc 22 reads
    hex (a float's as the double's bits, the mantissa widened)."""
    ll = ("  %a = fadd float %0, +qnan\n  %b = fadd float %a, -qnan\n  %c = fadd float %b, +snan(0x200001)\n"
          "  %d = fadd double %x, +nan(0x1)\n  %e = fadd half %h, -inf\n  %f = fadd bfloat %g, +qnan")
    assert llc22_float_literals(ll).splitlines() == [
        "  %a = fadd float %0, 0x7FF8000000000000", "  %b = fadd float %a, 0xFFF8000000000000",
        "  %c = fadd float %b, 0x7FF4000020000000", "  %d = fadd double %x, 0x7FF8000000000001",
        "  %e = fadd half %h, 0xHFC00", "  %f = fadd bfloat %g, 0xR7FC0"]


def test_16_bit_decimal_literals_become_their_nearest_bits():
    """MLIR prints a bfloat or half constant as the nearest 7-digit decimal,
    which llc 22 refuses unless exact: the bits of the value it stands for."""
    ll = "  store [2 x bfloat] [bfloat 3.250000e+00, bfloat -1.000260e+30], ptr %p\n  %h = fadd half %x, 1.000980e-01"
    assert llc22_float_literals(ll).splitlines() == [
        "  store [2 x bfloat] [bfloat 0xR4050, bfloat 0xRF14A], ptr %p", "  %h = fadd half %x, 0xH2E68"]


SPECIAL_CONSTANTS = """
func.func @specials(%x: tensor<4xf32>, %y: tensor<3xf64>) -> (tensor<4xf32>, tensor<3xf64>) {
  %c = tcp.const {value = dense<[0x7FC00000, 0xFFC00000, 0x7FA00001, 0xFF800000]> : tensor<4xf32>} : tensor<4xf32>
  %d = tcp.const {value = dense<[0x7FF8000000000001, 0x7FF0000000000000, 0.1]> : tensor<3xf64>} : tensor<3xf64>
  %s = tcp.add %x, %c : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %t = tcp.mul %y, %d : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  return %s, %t : tensor<4xf32>, tensor<3xf64>
}
"""
TCP_SOURCES = ROOT / "tcp_sources"


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    path = tmp_path_factory.mktemp("toolchain") / "toolchain.json"
    toolchain.run(path, **DEFAULT_TOOLS, target_cpu="host")
    return path, json.loads(path.read_text())


def test_the_toolchain_records_the_wheels_llvm_and_the_bridges(pair):
    _, found = pair
    assert found["mlir"]["version"].split(".")[0].isdigit() and found["mlir"]["path"].endswith("torch-mlir-opt")
    newer = int(found["mlir"]["version"].split(".")[0]) > int(found["llc"]["version"].split(".")[0])
    assert found["mlir"]["bridges"] == (["float literals as exact hex (llc22_float_literals)"] if newer else [])


@pytest.mark.parametrize("program", ["specials", *sorted(p.stem for p in TCP_SOURCES.glob("*.mlir"))])
def test_the_wheels_llvm_ir_passes_the_tools(tmp_path, pair, program):
    """LLVM IR from the wheel's MLIR, through the bridges, read by opt and
    llc: a wheel or Debian update that breaks the pair fails here, by name."""
    tools, found = pair
    source = tmp_path / f"{program}.mlir"
    source.write_text(SPECIAL_CONSTANTS if program == "specials" else (TCP_SOURCES / f"{program}.mlir").read_text())
    tcp, llvm_mlir, llvm_ir, optimized, asm = (tmp_path / f"{program}.{ext}"
                                               for ext in ("tcp.mlir", "llvm.mlir", "ll", "opt.ll", "S"))
    mlir_tcp.run(source, tcp)
    mlir_llvm.run(tcp, llvm_mlir)
    ll.run(llvm_mlir, llvm_ir)
    try:
        optimize.run(llvm_ir, optimized, tools, 3)
        assemble.run(optimized, asm, tools, 3)
    except StageError as e:
        pytest.fail(f"LLVM IR of the wheel's MLIR (LLVM {found['mlir']['version']}), bridged by "
                    f"{found['mlir']['bridges']}, is not read by the tools (LLVM {found['llc']['version']}): {e}")
    if program == "specials":  # the named NaNs and infinities were there, and kept their bits
        assert "float 0x7FF4000020000000" in llvm_ir.read_text() and "double 0x7FF8000000000001" in llvm_ir.read_text()


def test_host_target_is_a_known_cpu_with_its_features():
    cpu = resolve_target_cpu("llc-22", "host")
    assert resolve_target_cpu("llc-22", cpu) == cpu
    assert {"sse4.2", "avx"} <= set(target_features("clang-22", "x86-64-v3")) <= {
        "sse4.2", "avx", "avx2", "fma", "f16c", "bmi", "bmi2"}
    with pytest.raises(StageError, match=r"target_cpu 'pentium9' is not a CPU llc knows"):
        resolve_target_cpu("llc-22", "pentium9")


def _lacking(features: list[str], tmp_path) -> list[str]:
    """The features this machine lacks, by __builtin_cpu_supports."""
    probe = tmp_path / "probe.c"
    probe.write_text("#include <stdio.h>\nint main(void) {\n  __builtin_cpu_init();\n" + "".join(
        f'  if (!__builtin_cpu_supports("{f}")) puts("{f}");\n' for f in features) + "}\n")
    subprocess.run(["clang-22", str(probe), "-o", str(tmp_path / "probe")], check=True)
    return subprocess.run([str(tmp_path / "probe")], capture_output=True, text=True, check=True).stdout.split()


def test_a_library_for_a_richer_cpu_refuses_to_load(tmp_path):
    """Built for a CPU with a feature this machine lacks, the .so aborts at
    load time with a message naming it, before running any of its code."""
    for cpu in ("sapphirerapids", "graniterapids", "znver5", "x86-64-v4"):
        features = target_features("clang-22", cpu)
        lacking = _lacking(features, tmp_path)
        if lacking:
            break
    else:
        pytest.skip("this machine has every feature of the CPUs tried")
    source = tmp_path / "check.c"
    source.write_text(cpu_check_source("lib.so", cpu, features))
    so = tmp_path / "lib.so"
    omp = "/usr/lib/llvm-22/lib"
    subprocess.run(["clang-22", "-march=x86-64", "-shared", "-fPIC", str(source), "-o", str(so), f"-L{omp}", "-lomp",
                    f"-Wl,-rpath,{omp}"], check=True)
    load = subprocess.run(["python3", "-c", f"import ctypes; ctypes.CDLL({str(so)!r})"], capture_output=True,
                          text=True)
    assert load.returncode == -6  # SIGABRT
    assert load.stderr == (f"tcp_aot: lib.so was compiled for CPU {cpu} and needs {lacking[0]}, which this CPU "
                           f"lacks; rebuild it with toolchain.target_cpu set to this CPU (or to a baseline such as "
                           f"x86-64-v2)\n")
