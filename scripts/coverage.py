#!/usr/bin/env python3
"""Build programs as far as each goes with a nested `snakemake --keep-going`,
then write the coverage report (results/coverage.md): the last stage each
program reached, whether its test passed, and the torch ops that do not
convert to TCP with the number of programs each blocks. `snakemake coverage`
runs it; the arguments after `--` go to the nested snakemake."""

import argparse

from tcp_aot.stages import coverage
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--models", nargs="*", default=[], help="the models to build and report on")
parser.add_argument("--tcp-sources", nargs="*", default=[], help="the TCP sources to build and report on")
parser.add_argument("--cores", type=int, default=1, help="cores of the nested snakemake")
parser.add_argument("snakemake_args", nargs=argparse.REMAINDER, help="-- then arguments of the nested snakemake")
args = parser.parse_args()
nested = args.snakemake_args
if nested[:1] == ["--"]:  # some Python versions keep the separator
    nested = nested[1:]
run_stage("coverage", args.name, args.log, lambda: coverage.run(
    args.models, args.tcp_sources, args.cores, nested, args.output))
