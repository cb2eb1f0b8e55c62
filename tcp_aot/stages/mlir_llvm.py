"""Stage mlir_llvm: TCP -> linalg -> bufferization -> loops -> LLVM dialect.
The code reads weights at their offsets in NAME.weights (address-weights)."""

from __future__ import annotations

from pathlib import Path

from .common import tcp_opt_command, write_atomic
from .mlir_input import parsed

PIPELINES = ["tcp-to-llvm"]


def reproducer(source: Path) -> str:
    return tcp_opt_command(PIPELINES, source)


def run(source: Path, output: Path) -> None:
    from .. import pipelines

    with parsed(source, frozen=True) as (module, weights):
        context = pipelines.PassContext(filename=str(source), weights=weights)
        pipelines.run(module, PIPELINES, context)
        text = module.operation.get_asm()
    write_atomic(output, text)
