"""Stage signature: what each function of a program takes and returns, and
how it ships its weights, as JSON (results/NAME.signature.json); the .so
carries it, the header documents it."""

from __future__ import annotations

from pathlib import Path

from .common import write_atomic
from .mlir_input import parsed


def run(name: str, tcp_mlir: Path, output: Path, weights_mode: str = "embedded") -> None:
    from ..signature import WeightsSpec, program_signature

    with parsed(tcp_mlir) as (module, weights):
        layout = weights.file.layout
        spec = WeightsSpec(weights_mode, len(layout.entries), layout.data_bytes)
        write_atomic(output, program_signature(name, module, spec).to_json() + "\n")
