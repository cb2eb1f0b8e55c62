"""Stage bisect: the numerics bisection of a program (tcp_aot/bisection.py):
the first op whose value, compiled or interpreted, is beyond tolerance."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..files import write_atomic
from .common import log

# What it runs: the model's conversion again (for its ops' FX nodes), and
# the back end on the program with every value returned.
PIPELINES = ["torch-to-tcp", "tcp-to-llvm"]


def run(name: str, tcp_mlir: Path, npz: Path, toolchain_json: Path, opt_level: int, rtol: float, atol: float,
        loader: str | None, output: Path) -> None:
    from ..bisection import bisect

    with tempfile.TemporaryDirectory(prefix=f"{name}.bisect.") as work:
        report = bisect(name, tcp_mlir, npz, toolchain_json, opt_level, rtol, atol, loader, Path(work))
    log.info("%s", report.rstrip())
    write_atomic(output, report)
