"""Stage bench_program: the program's compiled code timed against eager
PyTorch, and beside other compilers' (results/NAME.bench.json)."""

from __future__ import annotations

import json
from pathlib import Path

from .common import tools, write_atomic


def run(name: str, so: Path, tcp_mlir: Path, npz: Path, loader_path: str | None, threads: int, rtol: float,
        atol: float, min_calls: int, min_seconds: float, rounds: int, peers: list[str], toolchain_json: Path,
        output: Path) -> None:
    from ..bench.machine import machine
    from ..bench.program import bench_program

    result = bench_program(name, so, tcp_mlir, npz, loader_path, threads, rtol, atol, min_calls, min_seconds,
                           rounds, peers)
    result["machine"] = machine(tools(toolchain_json)["llc"]["path"])
    write_atomic(output, json.dumps(result, indent=2) + "\n")
