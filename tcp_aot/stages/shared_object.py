"""Stage so: assembly -> shared object, linked with LLVM's OpenMP runtime
(libomp, found through an rpath) and with a load-time check that the CPU has
the features the code was compiled for. Its soname is its file name, so that
tests find it next to them through their $ORIGIN rpath."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import TRIPLE, run as run_tool, runtime_source
from .common import log, tmp_path, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path) -> None:
    found = tools(toolchain_json)
    target = found["target"]
    runtime = tmp_path(output).with_suffix(".runtime.c")  # private to this job, named as C for clang
    runtime.write_text(runtime_source(output.name, target["cpu"], target["features"]))
    omp = found["openmp_lib"]
    try:
        cmd = [found["clang"]["path"], f"--target={TRIPLE}", "-march=x86-64", "-O1", "-shared", "-fPIC",
               f"-Wl,-soname,{output.name}", str(source), str(runtime), f"-L{omp}", "-lomp",
               f"-Wl,-rpath,{omp}", "-lm"]
        tool_output(output, lambda tmp: log.info("%s", run_tool(cmd + ["-o", str(tmp)], "clang")))
    finally:
        runtime.unlink(missing_ok=True)
