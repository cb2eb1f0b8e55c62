"""Stage header: the C header of a program's .so (results/NAME.h)."""

from __future__ import annotations

from pathlib import Path

from ..files import read, write_atomic


def run(signature_json: Path, output: Path, source: str) -> None:
    from ..c_interface import header
    from ..signature import ProgramSignature

    write_atomic(output, header(ProgramSignature.from_json(read(signature_json)), source))
