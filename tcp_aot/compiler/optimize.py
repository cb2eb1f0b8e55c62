"""LLVM's optimizer on a program's LLVM IR, for the target CPU (loop
vectorization to its widest vectors, unrolling, inlining)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import codegen_target, found_tools, run_into


def optimize(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    found = found_tools(toolchain_json)
    run_into([found["opt"]["path"], f"-O{opt_level}", *codegen_target(found["target"]["cpu"]), "-S", str(source)],
             output, "opt")
