"""Stage npz of a model: its sample inputs and eager PyTorch's outputs."""

from __future__ import annotations

from pathlib import Path

from ..files import read
from ..reference.npz import save_npz
from .common import log


def run(loader_path: str, torch_mlir: Path, output: Path) -> None:
    from ..reference.eager import model_reference

    ref = model_reference(loader_path, read(torch_mlir))
    for note in ref.notes:
        log.info("%s", note)
    save_npz(output, ref.arrays())
