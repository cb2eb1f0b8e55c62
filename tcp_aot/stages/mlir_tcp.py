"""Stage mlir_tcp: Torch dialect (a model) or a TCP source file -> verified
TCP in the custom syntax."""

from __future__ import annotations

from pathlib import Path

from .common import read, tcp_opt_command, write_atomic
from .mlir_input import parsed

MODEL_PIPELINE = ["torch-to-tcp"]
TCP_SOURCE_PIPELINE = ["verify-tcp-backend-contract"]
PIPELINES = MODEL_PIPELINE + TCP_SOURCE_PIPELINE


def _pipeline(source: Path) -> list[str]:
    return MODEL_PIPELINE if source.name.endswith(".torch.mlir") else TCP_SOURCE_PIPELINE


def reproducer(source: Path, allow_unconverted: bool = False) -> str:
    return tcp_opt_command(_pipeline(source), source, *["--allow-unconverted"] * allow_unconverted)


def run(source: Path, output: Path, allow_unconverted: bool = False) -> None:
    from .. import pipelines
    from ..module_io import print_module, resource_blobs

    text = read(source)
    with parsed(source, text) as module:
        options = pipelines.PassOptions(filename=str(source), allow_unconverted=allow_unconverted,
                                        resource_blobs=resource_blobs(text))
        pipelines.run(module, _pipeline(source), options)
        text = print_module(module)
    write_atomic(output, text)
