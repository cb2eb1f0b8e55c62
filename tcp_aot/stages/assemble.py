"""Stage S: LLVM IR -> host assembly (llc)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import run as run_tool
from .common import log, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    llc = tools(toolchain_json)["llc"]["path"]
    tool_output(output, lambda tmp: log.info("%s", run_tool(
        [llc, f"-O{opt_level}", "--relocation-model=pic", str(source), "-o", str(tmp)], "llc")))
