"""Stage bench_program: the program's compiled code timed against eager
PyTorch, and beside other compilers' (results/NAME.bench.json)."""

from __future__ import annotations

import json
from pathlib import Path

from ..files import write_atomic
from ..toolchain import found_tools


def run(name: str, so: Path, tcp_mlir: Path, npz: Path, loader_path: str | None, threads: int, rtol: float,
        atol: float, min_calls: int, min_seconds: float, rounds: int, peers: list[str], toolchain_json: Path,
        output: Path, sizes: list[int] | None = None, baseline: tuple[Path, Path, Path] | None = None) -> None:
    """With `sizes` (the library bench), the machine's FMA peak and memory
    bandwidth are measured too, for the report's fractions of them.
    `baseline`: the .so, .tcp.mlir and .npz of the float32 original, timed
    in the same rounds."""
    from dataclasses import asdict

    from ..bench.machine import machine
    from ..bench.peak import measure as measure_peaks
    from ..bench.program import bench_program

    result = bench_program(name, so, tcp_mlir, npz, loader_path, threads, rtol, atol, min_calls, min_seconds,
                           rounds, peers, sizes or (), baseline)
    found = found_tools(toolchain_json)
    result["machine"] = machine(found["llc"]["path"])
    if sizes:
        result["peaks"] = asdict(measure_peaks(found["clang"]["path"], found["target"]["cpu"]))
    write_atomic(output, json.dumps(result, indent=2) + "\n")
