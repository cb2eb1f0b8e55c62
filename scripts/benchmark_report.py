#!/usr/bin/env python3
"""Print what each stage cost in the last runs: jobs, total and slowest wall
time, peak memory, from the benchmark files every rule writes."""

import argparse
import sys
from pathlib import Path

from tcp_aot.bench.compile_cost import report, stage_costs

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--benchmarks", type=Path, default=Path("benchmarks"), help="the benchmarks/ folder")
args = parser.parse_args()
if not args.benchmarks.is_dir():
    sys.exit(f"error: {args.benchmarks} does not exist: run snakemake first")
print(report(stage_costs(args.benchmarks)))
