"""The ABI contract (tcp_aot/abi.py) is the only one: the C runtime names
no status of its own, a program's header defines the contract's codes, a
.so fails with them and the Python runtime names them; a .so with another
signature version is refused."""

from __future__ import annotations

import re
import subprocess

import numpy as np
import pytest

import tcp_aot
from tcp_aot import abi
from tcp_aot.c_interface import RUNTIME
from tcp_aot.runtime.program import CallError
from tcp_aot.signature import ProgramSignature


def test_the_runtime_defines_no_status_and_uses_only_the_contracts():
    source = RUNTIME.read_text()
    used = set(re.findall(r"\bTCP_AOT_(?:OK|ERROR_[A-Z_]+)\b", source))
    assert used and used <= set(abi.STATUS)
    assert not re.search(r"#define TCP_AOT_(OK|ERROR_|POOL_ALIGNMENT)|enum\s*\{", source)


def test_a_header_defines_the_contracts_codes(interface_programs, tmp_path):
    """A C program built against mlp.h prints the values it sees."""
    source = tmp_path / "codes.c"
    names = [s.name for s in abi.STATUSES] + ["TCP_AOT_POOL_ALIGNMENT"]
    source.write_text('#include <stdio.h>\n#include "mlp.h"\nint main(void) {\n'
                      + "".join(f'  printf("%d\\n", {name});\n' for name in names) + "  return 0;\n}\n")
    subprocess.run(["clang-22", "-std=c99", "-Wall", "-Werror", f"-I{interface_programs}", str(source), "-o",
                    str(tmp_path / "codes")], check=True)
    printed = subprocess.run([str(tmp_path / "codes")], capture_output=True, text=True, check=True).stdout
    assert [int(v) for v in printed.split()] == [s.value for s in abi.STATUSES] + [abi.POOL_ALIGNMENT]


def test_a_failed_call_returns_the_contracts_status(interface_programs):
    """gather_dynamic's sample inputs with its indices out of range."""
    program = tcp_aot.load(interface_programs / "gather_dynamic.so")
    reference = np.load(interface_programs / "gather_dynamic.npz")
    inputs = [reference[f"Input{i}"].copy() for i in range(sum(k.startswith("Input") for k in reference))]
    for a in inputs:
        if a.dtype.kind == "i":
            a[...] = 1000
    with pytest.raises(CallError) as failure:
        program.func_main(*inputs)
    assert failure.value.status == abi.STATUS["TCP_AOT_ERROR_VALUE"]
    assert str(failure.value).endswith("(TCP_AOT_ERROR_VALUE)")


def test_a_signature_of_another_version_is_refused():
    sig = ProgramSignature("p", ())
    text = sig.to_json()
    assert ProgramSignature.from_json(text) == sig
    old = text.replace(f'"version": {abi.SIGNATURE_VERSION}', '"version": 0')
    with pytest.raises(ValueError, match=f"of version 0, and this tcp_aot reads version {abi.SIGNATURE_VERSION}"):
        ProgramSignature.from_json(old)
