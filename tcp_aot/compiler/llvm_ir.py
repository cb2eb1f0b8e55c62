"""LLVM dialect -> LLVM IR text that the tools (LLVM 22) read."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic


def translate(source: Path, output: Path) -> None:
    from torch_mlir.dialects import llvm

    from ..module_io import parsed
    from ..toolchain import llc22_float_literals

    with parsed(source) as (module, _):
        text = llvm.translate_module_to_llvmir(module.operation)
    write_atomic(output, llc22_float_literals(text))
