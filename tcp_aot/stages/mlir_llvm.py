"""Stage mlir_llvm: TCP -> linalg -> bufferization -> loops -> LLVM dialect."""

from __future__ import annotations

from pathlib import Path

from .common import read, tcp_opt_command, write_atomic
from .mlir_input import parsed

PIPELINES = ["tcp-to-llvm"]


def reproducer(source: Path) -> str:
    return tcp_opt_command(PIPELINES, source)


def run(source: Path, output: Path) -> None:
    from .. import pipelines
    from ..module_io import resource_blobs

    text = read(source)
    with parsed(source, text) as module:
        options = pipelines.PassOptions(filename=str(source), resource_blobs=resource_blobs(text))
        pipelines.run(module, PIPELINES, options)
        text = module.operation.get_asm()
    write_atomic(output, text)
