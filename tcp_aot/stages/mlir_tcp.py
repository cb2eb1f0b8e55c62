"""Stage mlir_tcp: Torch dialect (a model) or a TCP source file -> verified
TCP in the custom syntax, and its weights file (compiler/torch_to_tcp.py)."""

from __future__ import annotations

from pathlib import Path

from ..compiler import torch_to_tcp
from .common import tcp_opt_command

# Those torch_to_tcp.pipeline picks from: a model's, a TCP source's, each precision's.
PIPELINES = ["torch-to-tcp", "tcp-source-to-tcp", "precision-bf16"]


def reproducer(source: Path, allow_unconverted: bool = False, precision: str | None = None) -> str:
    return tcp_opt_command(torch_to_tcp.pipeline(source, precision), source,
                           *["--allow-unconverted"] * allow_unconverted)


def run(source: Path, output: Path, weights: Path | None = None, allow_unconverted: bool = False,
        precision: str | None = None) -> None:
    """`weights` defaults to NAME.weights beside NAME.tcp.mlir; `precision`
    (bf16) computes the f32 products in it."""
    from ..weights import weights_path

    torch_to_tcp.convert(source, output, weights or weights_path(output), allow_unconverted, precision)
