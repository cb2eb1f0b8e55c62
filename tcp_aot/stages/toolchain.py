"""Stage toolchain: find the LLVM tools once and record what was found."""

from __future__ import annotations

import json
from pathlib import Path

from ..toolchain import find_tool, mlir_include_dir
from .common import log, write_atomic


def run(output: Path, llc: str, clang: str, clangxx: str, min_major: int) -> None:
    tools = {role: find_tool(name, min_major) for role, name in
             (("llc", llc), ("clang", clang), ("clangxx", clangxx))}
    found = {role: {"path": t.path, "version": t.version} for role, t in tools.items()}
    found["mlir_include"] = str(mlir_include_dir(tools["clangxx"].major))
    for role, t in tools.items():
        log.info("%s: %s (LLVM %s)", role, t.path, t.version)
    write_atomic(output, json.dumps(found, indent=2) + "\n")
