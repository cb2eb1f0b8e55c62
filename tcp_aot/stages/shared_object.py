"""Stage so: assembly -> shared object, with a load-time check that the CPU
has the features the code was compiled for. Its soname is its file name, so
that tests find it next to them through their $ORIGIN rpath."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import TRIPLE, cpu_check_source, run as run_tool
from .common import log, tmp_path, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path) -> None:
    found = tools(toolchain_json)
    target = found["target"]
    check = tmp_path(output).with_suffix(".cpu_check.c")  # private to this job, named as C for clang
    check.write_text(cpu_check_source(output.name, target["cpu"], target["features"]))
    try:
        cmd = [found["clang"]["path"], f"--target={TRIPLE}", "-march=x86-64", "-O1", "-shared", "-fPIC",
               f"-Wl,-soname,{output.name}", str(source), str(check), "-lm"]
        tool_output(output, lambda tmp: log.info("%s", run_tool(cmd + ["-o", str(tmp)], "clang")))
    finally:
        check.unlink(missing_ok=True)
