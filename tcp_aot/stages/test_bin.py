"""Stage test_bin: compile the execute test (unoptimized: it only calls and
compares, and -O1 took twice as long) and link it against the
program's .so (found at run time next to the test, through the rpath
$ORIGIN)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import RUNTIME_INCLUDE, found_tools, run_into


def run(source: Path, shared_obj: Path, output: Path, toolchain_json: Path) -> None:
    found = found_tools(toolchain_json)
    cmd = [found["clangxx"]["path"], "-std=c++17", "-O0", f"-I{found['mlir_include']}",
           f"-I{RUNTIME_INCLUDE}", str(source), str(shared_obj), "-Wl,-rpath,$ORIGIN",
           "-lgtest", "-pthread"]
    run_into(cmd, output, "clang++")
