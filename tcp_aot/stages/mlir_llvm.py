"""Stage mlir_llvm: TCP -> LLVM dialect (compiler/tcp_to_llvm.py)."""

from __future__ import annotations

from pathlib import Path

from ..compiler import tcp_to_llvm
from .common import tcp_opt_command

PIPELINES = ["tcp-to-llvm"]


def reproducer(source: Path) -> str:
    return tcp_opt_command(PIPELINES, source)


def run(source: Path, output: Path) -> None:
    tcp_to_llvm.lower(source, output)
