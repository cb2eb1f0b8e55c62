"""Stage opt: LLVM's optimizer on the program's LLVM IR, for the target CPU
(loop vectorization to its widest vectors, unrolling, inlining)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import codegen_target, run as run_tool
from .common import log, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    found = tools(toolchain_json)
    cmd = [found["opt"]["path"], f"-O{opt_level}", *codegen_target(found['target']['cpu']),
           "-S", str(source)]
    tool_output(output, lambda tmp: log.info("%s", run_tool(cmd + ["-o", str(tmp)], "opt")))
