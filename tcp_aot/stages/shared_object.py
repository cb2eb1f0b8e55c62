"""Stage so: host assembly -> shared object. Its soname is its file name, so
that tests find it next to them through their $ORIGIN rpath."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import run as run_tool
from .common import log, tool_output, tools


def run(source: Path, output: Path, toolchain_json: Path) -> None:
    clang = tools(toolchain_json)["clang"]["path"]
    tool_output(output, lambda tmp: log.info("%s", run_tool(
        [clang, "-shared", "-fPIC", f"-Wl,-soname,{output.name}", str(source), "-o", str(tmp), "-lm"],
        "clang")))
