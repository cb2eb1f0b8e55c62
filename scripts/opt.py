#!/usr/bin/env python3
"""Stage opt: optimize LLVM IR for the target CPU with opt (results/NAME.opt.ll)."""

from pathlib import Path

from tcp_aot.stages import optimize
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.ll")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--opt-level", type=int, default=3)
args = parser.parse_args()
run_stage("opt", args.name, args.log, lambda: optimize.run(args.input, args.output, args.toolchain, args.opt_level))
