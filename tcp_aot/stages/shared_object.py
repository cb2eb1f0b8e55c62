"""Stage so: assembly -> shared object, with the C interface of the
program's signature (tcp_aot/c_interface), linked with LLVM's OpenMP
runtime (libomp, found through an rpath) and with a load-time check that
the CPU has the features the code was compiled for. Its soname is its file
name, so that tests find it next to them through their $ORIGIN rpath. Its
references to its own functions bind to them (-Bsymbolic), so programs
linked into one binary do not call each other's `func_main`."""

from __future__ import annotations

from pathlib import Path

from ..c_interface import library_source
from ..signature import ProgramSignature
from ..toolchain import TRIPLE, cpu_check_source, run as run_tool
from .common import log, read, tmp_path, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path, signature_json: Path) -> None:
    found = tools(toolchain_json)
    target = found["target"]
    # Private to this job, named as C for clang.
    check, interface = (tmp_path(output).with_suffix(suffix) for suffix in (".cpu_check.c", ".interface.c"))
    check.write_text(cpu_check_source(output.name, target["cpu"], target["features"]))
    interface.write_text(library_source(ProgramSignature.from_json(read(signature_json))))
    omp = found["openmp_lib"]
    try:
        # -Bsymbolic: the C interface calls this .so's own functions, though every
        # program exports the same memref-ABI names (func_main, ...) into a process.
        cmd = [found["clang"]["path"], f"--target={TRIPLE}", "-march=x86-64", "-O2", "-shared", "-fPIC",
               "-Wall", "-Werror", "-Wl,-Bsymbolic", f"-Wl,-soname,{output.name}", str(source), str(check),
               str(interface), f"-L{omp}", "-lomp", f"-Wl,-rpath,{omp}", "-lm"]
        tool_output(output, lambda tmp: log.info("%s", run_tool(cmd + ["-o", str(tmp)], "clang")))
    finally:
        check.unlink(missing_ok=True)
        interface.unlink(missing_ok=True)
