"""Stage signature: what each function of a program takes and returns, as
JSON (results/NAME.signature.json); the .so carries it, the header
documents it."""

from __future__ import annotations

from pathlib import Path

from .common import write_atomic
from .mlir_input import parsed


def run(name: str, tcp_mlir: Path, output: Path) -> None:
    from ..signature import program_signature

    with parsed(tcp_mlir) as module:
        write_atomic(output, program_signature(name, module).to_json() + "\n")
