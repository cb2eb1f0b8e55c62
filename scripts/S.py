#!/usr/bin/env python3
"""Stage S: compile optimized LLVM IR to assembly for the target CPU with llc
(results/NAME.S)."""

from pathlib import Path

from tcp_aot.stages import assemble
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.opt.ll")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--opt-level", type=int, default=2)
args = parser.parse_args()
run_stage("S", args.name, args.log, lambda: assemble.run(args.input, args.output, args.toolchain, args.opt_level))
