"""Stage S: optimized LLVM IR -> assembly for the target CPU (llc)."""

from __future__ import annotations

from pathlib import Path

from ..compiler.assemble import assemble


def run(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    assemble(source, output, toolchain_json, opt_level)
