"""The LLVM tools: discovery, version checks, and the LLVM IR spelling that
llc 22 reads."""

from __future__ import annotations

import subprocess

import pytest

from tcp_aot.errors import StageError
from tcp_aot.toolchain import find_tool, llc22_float_literals


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
