"""Stage mlir_torch: a model's loader -> torch.export -> Torch dialect."""

from __future__ import annotations

from pathlib import Path

from .common import write_atomic


def run(loader_path: str, output: Path) -> None:
    from ..frontend import import_to_torch_mlir
    from ..loader import run_loader

    write_atomic(output, import_to_torch_mlir(run_loader(loader_path)))
