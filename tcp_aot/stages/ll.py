"""Stage ll: LLVM dialect -> LLVM IR text that the tools read."""

from __future__ import annotations

from pathlib import Path

from ..compiler.llvm_ir import translate


def run(source: Path, output: Path) -> None:
    translate(source, output)
