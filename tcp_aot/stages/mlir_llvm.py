"""Stage mlir_llvm: TCP -> linalg -> bufferization -> loops -> LLVM dialect."""

from __future__ import annotations

from pathlib import Path

from .common import write_atomic
from .mlir_input import parsed

PIPELINES = ["tcp-to-llvm"]


def run(source: Path, output: Path) -> None:
    from .. import pipelines

    with parsed(source) as module:
        pipelines.run(module, PIPELINES, pipelines.PassOptions(filename=str(source)))
        text = module.operation.get_asm()
    write_atomic(output, text)
