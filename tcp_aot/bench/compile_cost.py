"""What each stage costs: tables from the benchmark files Snakemake writes
(benchmarks/<rule>/<program>.tsv: wall seconds, peak resident memory) and
the sizes of what the stages write."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path


@dataclass
class StageCost:
    stage: str
    jobs: int
    total_s: float
    max_s: float
    slowest: str
    peak_rss_mb: float


def stage_costs(benchmarks: Path) -> list[StageCost]:
    costs = []
    for stage_dir in sorted(p for p in benchmarks.iterdir() if p.is_dir()):
        rows = []
        for tsv in sorted(stage_dir.glob("*.tsv")):
            with tsv.open() as f:
                for row in csv.DictReader(f, delimiter="\t"):
                    rss = float(row["max_rss"]) if row["max_rss"] not in ("", "NA", "-") else 0.0
                    rows.append((tsv.stem, float(row["s"]), rss))
        if rows:
            slowest = max(rows, key=lambda r: r[1])
            costs.append(StageCost(stage_dir.name, len(rows), sum(r[1] for r in rows), slowest[1], slowest[0],
                                   max(r[2] for r in rows)))
    return costs


def report(costs: list[StageCost]) -> str:
    lines = [f"{'stage':<11} {'jobs':>4} {'total s':>8} {'max s':>6}  {'peak RSS MB':>11}  slowest"]
    for c in costs:
        lines.append(f"{c.stage:<11} {c.jobs:>4} {c.total_s:>8.1f} {c.max_s:>6.2f}  {c.peak_rss_mb:>11.0f}  {c.slowest}")
    lines.append(f"{'all':<11} {sum(c.jobs for c in costs):>4} {sum(c.total_s for c in costs):>8.1f}")
    return "\n".join(lines)


# The stages from a program's source to its .so, in the order they run.
COMPILE_STAGES = ("mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "opt", "S", "signature", "so")


def compile_stage_costs(benchmarks: Path) -> list[StageCost]:
    """stage_costs of the compile stages, in the order they run."""
    costs = {c.stage: c for c in stage_costs(benchmarks)}
    return [costs[stage] for stage in COMPILE_STAGES if stage in costs]


def program_compile_seconds(benchmarks: Path) -> dict[str, float]:
    """Per program, the wall seconds of its compile stages in their last run."""
    totals: dict[str, float] = {}
    for stage in COMPILE_STAGES:
        for tsv in sorted((benchmarks / stage).glob("*.tsv")):
            with tsv.open() as f:
                for row in csv.DictReader(f, delimiter="\t"):
                    totals[tsv.stem] = totals.get(tsv.stem, 0.0) + float(row["s"])
    return totals


# The files a program's compile writes, in stage order, by extension.
ARTIFACTS = ("torch.mlir", "weights", "tcp.mlir", "llvm.mlir", "ll", "S", "so")


@dataclass
class ProgramCost:
    program: str
    stages: dict[str, tuple[float, float]]  # stage -> (wall seconds, peak RSS MB) of its last run
    sizes: dict[str, int]  # artifact extension -> bytes

    @property
    def seconds(self) -> float:
        return sum(s for s, _ in self.stages.values())

    @property
    def peak_rss_mb(self) -> float:
        return max((rss for _, rss in self.stages.values()), default=0.0)


def program_costs(benchmarks: Path, results: Path, programs: list[str]) -> list[ProgramCost]:
    """Per program, each compile stage's seconds and peak memory, and the
    sizes of its artifacts: how compiling grows with a program's size."""
    costs = []
    for program in programs:
        stages = {}
        for stage in COMPILE_STAGES:
            tsv = benchmarks / stage / f"{program}.tsv"
            if tsv.exists():
                with tsv.open() as f:
                    row = list(csv.DictReader(f, delimiter="\t"))[-1]
                rss = float(row["max_rss"]) if row["max_rss"] not in ("", "NA", "-") else 0.0
                stages[stage] = (float(row["s"]), rss)
        sizes = {ext: (results / f"{program}.{ext}").stat().st_size for ext in ARTIFACTS
                 if (results / f"{program}.{ext}").exists()}
        if stages:
            costs.append(ProgramCost(program, stages, sizes))
    return costs
