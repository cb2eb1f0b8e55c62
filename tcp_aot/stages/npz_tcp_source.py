"""Stage npz of a TCP source: random inputs and the NumPy interpreter's
outputs."""

from __future__ import annotations

from pathlib import Path

from ..reference.npz import save_npz


def run(tcp_mlir: Path, output: Path, dim_sizes: list[int], int_range: list[int] | None, seed: int) -> None:
    from ..module_io import parsed
    from ..reference.interpreted import tcp_reference

    with parsed(tcp_mlir) as (module, weights):
        ref = tcp_reference(module, weights, dim_sizes, int_range, seed)
    save_npz(output, ref.arrays())
