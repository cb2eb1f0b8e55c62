"""Stage ll: LLVM dialect -> LLVM IR text that llc 22 reads."""

from __future__ import annotations

from pathlib import Path

from .common import write_atomic
from .mlir_input import parsed


def run(source: Path, output: Path) -> None:
    from torch_mlir.dialects import llvm

    from ..toolchain import llc22_float_literals

    with parsed(source) as (module, _):
        text = llvm.translate_module_to_llvmir(module.operation)
    write_atomic(output, llc22_float_literals(text))
