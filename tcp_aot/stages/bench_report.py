"""Stage bench: the report over every program's benchmark (results/bench.md)
and a plot of the ratios to eager PyTorch (results/bench.png); and the
library bench's report (results/bench_library.md and .png)."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic
from .common import log


def run(results: Path, benchmarks: Path, bench_config: dict, output: Path, plot_output: Path) -> None:
    from ..bench.compile_cost import compile_stage_costs, program_compile_seconds, program_costs
    from ..bench.report import load, plot, table

    benches = load(results)
    programs = [b["program"] for b in benches]
    text = table(benches, program_compile_seconds(benchmarks), bench_config, compile_stage_costs(benchmarks),
                 program_costs(benchmarks, results, programs))
    log.info("%s", text)
    write_atomic(output, text)
    plot(benches, plot_output)


def run_library(results: list[Path], bench_config: dict, output: Path, plot_output: Path) -> None:
    from ..bench.library import load, table
    from ..bench.report import plot

    benches = load(results)
    text = table(benches, bench_config.get("library", {}))
    log.info("%s", text)
    write_atomic(output, text)
    plot(benches, plot_output)
