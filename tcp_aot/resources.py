"""The memory each stage needs, estimated from its inputs, for Snakemake's
scheduler: every rule declares `resources: mem_mb` from here, and `make`
runs Snakemake with the machine's memory (`--resources mem_mb=...`), so
that the jobs running at once never need more than the machine has (under
SLURM, each job asks for its estimate).

An estimate is a stage's base (its process, with Python and what it loads:
torch, MLIR's bindings, LLVM's tools) plus what grows with its inputs: the
weights it reads (bytes) and the code it reads (bytes of MLIR, LLVM IR or
assembly). The factors are peaks measured on this project's programs, from
a 20 kB MLP to GPT-2 small, with a margin (docs/weights.md). Only the
torch stages' inputs do not tell the model's size: they get their base,
which covers the largest model built here, or the peak their last run
reached, if larger.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

MB = 1 << 20

# stage: (base MB, MB per MB of weights read, MB per MB of code read)
STAGES = {
    "mlir_torch": (4000, 0.0, 0.0),
    "npz": (4000, 0.0, 0.0),
    "mlir_tcp": (900, 2.0, 40.0),
    "mlir_llvm": (900, 0.0, 40.0),
    "ll": (700, 0.0, 8.0),
    "opt": (300, 0.0, 4.0),
    "S": (300, 0.0, 4.0),
    "signature": (700, 0.0, 20.0),
    "so": (500, 1.2, 1.0),
    "header": (200, 0.0, 0.0),
    "test_cpp": (700, 0.0, 20.0),
    "test_bin": (1500, 0.0, 0.0),
    "test_run": (700, 1.2, 0.0),
    "bisect": (4000, 3.0, 60.0),
    "bench_program": (4000, 3.0, 20.0),
    "profile": (1500, 3.0, 60.0),
}
_CODE = (".mlir", ".ll", ".S")


def mem_mb(stage: str, inputs: list[str], benchmark: str | None = None) -> int:
    """The MB a job of `stage` needs, reading the files `inputs`; at least
    the peak of its last run, recorded in `benchmark` (a Snakemake
    benchmark file), when there is one."""
    base, per_weight, per_code = STAGES[stage]
    weights = sum(_size(p) for p in inputs if p.endswith(".weights")) / MB
    code = sum(_size(p) for p in inputs if p.endswith(_CODE)) / MB
    estimate = base + per_weight * weights + per_code * code
    return math.ceil(max(estimate, 1.1 * _last_peak_mb(benchmark)))


def _size(path: str) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0


def _last_peak_mb(benchmark: str | None) -> float:
    try:
        with open(benchmark) as f:
            return max(float(row["max_rss"]) for row in csv.DictReader(f, delimiter="\t"))
    except (OSError, TypeError, ValueError, KeyError):
        return 0.0
