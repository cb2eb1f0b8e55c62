"""Optimized LLVM IR -> assembly for the target CPU (llc)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import codegen_target, found_tools, run_into


def assemble(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    found = found_tools(toolchain_json)
    run_into([found["llc"]["path"], f"-O{opt_level}", *codegen_target(found["target"]["cpu"]),
              "--relocation-model=pic", str(source)], output, "llc")
