"""Stage opt: LLVM's optimizer on the program's LLVM IR, for the target CPU."""

from __future__ import annotations

from pathlib import Path

from ..compiler.optimize import optimize


def run(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    optimize(source, output, toolchain_json, opt_level)
