"""TCP -> what each function of a program takes and returns, and how it
ships its weights, as JSON (NAME.signature.json): the .so carries it, the
header documents it."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic


def write_signature(name: str, tcp_mlir: Path, output: Path, weights_mode: str) -> None:
    from ..module_io import parsed
    from ..signature import WeightsSpec, program_signature

    with parsed(tcp_mlir) as (module, weights):
        layout = weights.file.layout
        spec = WeightsSpec(weights_mode, len(layout.entries), layout.data_bytes)
        write_atomic(output, program_signature(name, module, spec).to_json() + "\n")
