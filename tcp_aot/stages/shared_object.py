"""Stage so: assembly -> shared object, with the program's C interface and,
when the signature says so, its weights embedded (compiler/shared_object.py)."""

from __future__ import annotations

from pathlib import Path

from ..compiler.shared_object import link


def run(source: Path, output: Path, toolchain_json: Path, signature_json: Path, weights: Path | None = None) -> None:
    link(source, output, toolchain_json, signature_json, weights)
