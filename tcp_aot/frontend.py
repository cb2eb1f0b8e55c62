"""Loader -> torch.export -> Torch dialect (torch-mlir's FX importer)."""

from __future__ import annotations

import warnings

from .errors import StageError
from .loader import TorchLoaderOutput


def export(out: TorchLoaderOutput):
    """torch.export the loader's model on its sample inputs."""
    import torch

    try:
        return torch.export.export(out.model, tuple(out.inputs), dynamic_shapes=_dynamic_shapes(out))
    except Exception as e:
        raise StageError(f"torch.export failed: {type(e).__name__}: {_first_lines(str(e))}") from None


def _dynamic_shapes(out: TorchLoaderOutput):
    ds = out.dynamic_shapes
    return tuple(ds) if isinstance(ds, list) else ds


def _first_lines(text: str, n: int = 3) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " ".join(lines[:n]) + (" ..." if len(lines) > n else "")


def import_to_torch_mlir(out: TorchLoaderOutput) -> str:
    """The Torch-dialect module (backend contract form) as text, with the
    symbolic shapes of torch.export kept as torch.symbolic_int /
    torch.bind_symbolic_shape."""
    from torch_mlir import fx

    program = export(out)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            module = fx.export_and_import(program, output_type="torch", func_name=out.func_name,
                                          import_symbolic_shape_expressions=True)
        except Exception as e:
            raise StageError(f"torch-mlir import failed: {type(e).__name__}: {_first_lines(str(e))}") from None
    return module.operation.get_asm(enable_debug_info=False)
