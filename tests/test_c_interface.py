"""The generated C interface: the headers compile as C99 and C++17 with
every warning an error, and a C and a C++ program call every function of
three programs through them (with and without a pool, and on the error
paths), matching the references, clean under AddressSanitizer."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import INTERFACE_PROGRAMS, ROOT
from tcp_aot.runtime.program import load

SOURCES = ROOT / "tests" / "c_interface"
WARNINGS = ["-Wall", "-Wextra", "-Werror"]


def write_arrays(results: Path, data: Path) -> None:
    """Each program's first case, as NAME.ARRAY.bin / .dims (arrays.h)."""
    data.mkdir(exist_ok=True)
    for program in INTERFACE_PROGRAMS:
        sig = load(results / f"{program}.so").signature.functions[0]
        npz = np.load(results / f"{program}.npz")
        arrays = {t.name: npz[f"Input{i}"] for i, t in enumerate(sig.inputs)}
        arrays |= {t.name: npz[f"Output{i}"] for i, t in enumerate(sig.outputs)}
        for name, a in arrays.items():
            np.ascontiguousarray(a).tofile(data / f"{program}.{name}.bin")
            np.array(a.shape, dtype=np.int64).tofile(data / f"{program}.{name}.dims")


@pytest.mark.parametrize("compiler, standard", [("clang-22", "-std=c99"), ("clang++-22", "-std=c++17")])
def test_headers_compile(interface_programs, tmp_path, compiler, standard):
    for program in INTERFACE_PROGRAMS:
        use = tmp_path / f"use_{program}.{'c' if standard == '-std=c99' else 'cpp'}"
        use.write_text(f'#include "{program}.h"\nint main(void) {{ return {program}_last_error()[0]; }}\n')
        subprocess.run([compiler, standard, *WARNINGS, "-pedantic", f"-I{interface_programs}", "-c", str(use),
                        "-o", str(tmp_path / f"{program}.o")], check=True)


@pytest.mark.parametrize("compiler, standard, source", [("clang-22", "-std=c99", "use_from_c.c"),
                                                        ("clang++-22", "-std=c++17", "use_from_cpp.cpp")])
def test_programs_call_every_function_under_asan(interface_programs, tmp_path, compiler, standard, source):
    write_arrays(interface_programs, tmp_path / "data")
    binary = tmp_path / "use"
    libraries = [str(interface_programs / f"{p}.so") for p in INTERFACE_PROGRAMS]
    subprocess.run([compiler, standard, *WARNINGS, "-g", "-fsanitize=address", "-fno-omit-frame-pointer",
                    f"-I{interface_programs}", f"-I{SOURCES}", str(SOURCES / source), *libraries,
                    f"-Wl,-rpath,{interface_programs}", "-o", str(binary)], check=True)
    run = subprocess.run([str(binary), str(tmp_path / "data")], capture_output=True, text=True,
                         env={"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0", "OMP_NUM_THREADS": "2"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ERROR: AddressSanitizer" not in run.stderr and "LeakSanitizer" not in run.stderr, run.stderr
    lines = run.stdout.splitlines()
    assert lines[-1] == "0 failure(s)" and not [line for line in lines if line.startswith("FAIL")]
    checked = {line.split()[1] for line in lines if line.startswith("ok ")} | \
        {line.split()[2] for line in lines if line.startswith("ok c++ ")}
    assert set(INTERFACE_PROGRAMS) <= checked
