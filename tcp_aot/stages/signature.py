"""Stage signature: what each function of a program takes and returns, and
how it ships its weights, as JSON (results/NAME.signature.json)."""

from __future__ import annotations

from pathlib import Path

from ..compiler.signature import write_signature


def run(name: str, tcp_mlir: Path, output: Path, weights_mode: str = "embedded") -> None:
    write_signature(name, tcp_mlir, output, weights_mode)
