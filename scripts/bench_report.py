#!/usr/bin/env python3
"""Print the benchmark report of every program that has a
results/NAME.bench.json (a table of times, ratios to eager PyTorch, GFLOP/s,
compile costs and config.yaml's targets), write it as Markdown and plot the
ratios. `snakemake bench` runs it after timing every program, and
`snakemake bench_library` with --library on the library bench's results."""

import argparse
import json
import sys
from pathlib import Path

import yaml

from tcp_aot.stages import bench_report
from tcp_aot.stages.common import run_stage

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--name", default="bench")
parser.add_argument("--results", type=Path, default=Path("results"), help="the folder of NAME.bench.json files")
parser.add_argument("--benchmarks", type=Path, default=Path("benchmarks"), help="Snakemake's benchmark files")
parser.add_argument("--config", type=Path, default=Path("config.yaml"), help="for the real models and targets")
parser.add_argument("--bench-config", help="config's bench section as JSON (the workflow's), instead of --config")
parser.add_argument("--output", type=Path, default=Path("results/bench.md"))
parser.add_argument("--plot", type=Path, default=Path("results/bench.png"))
parser.add_argument("--library", nargs="+", type=Path,
                    help="the library bench's NAME.bench_SIZES.json files: report on them instead")
parser.add_argument("--log")
args = parser.parse_args()
if args.bench_config:
    config = json.loads(args.bench_config)
else:
    config = yaml.safe_load(args.config.read_text()).get("bench", {})
if args.library:
    run_stage("bench", args.name, args.log, lambda: bench_report.run_library(
        args.library, config, args.output, args.plot))
else:
    run_stage("bench", args.name, args.log, lambda: bench_report.run(
        args.results, args.benchmarks, config, args.output, args.plot))
if args.log is None:
    sys.stdout.write(args.output.read_text())
