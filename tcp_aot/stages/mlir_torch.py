"""Stage mlir_torch: a model's loader -> torch.export -> Torch dialect, and
its weights (NAME.torch.weights, which the module names)."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic


def run(loader_path: str, output: Path, weights: Path | None = None) -> None:
    """`weights` defaults to NAME.torch.weights beside NAME.torch.mlir."""
    from ..frontend import import_to_torch_mlir
    from ..loader import run_loader
    from ..weights import weights_path

    write_atomic(output, import_to_torch_mlir(run_loader(loader_path), weights or weights_path(output)))
