#!/usr/bin/env python3
"""Stage ll: translate the LLVM dialect to LLVM IR (results/NAME.ll)."""

from pathlib import Path

from tcp_aot.stages import ll
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.llvm.mlir")
args = parser.parse_args()
run_stage("ll", args.name, args.log, lambda: ll.run(args.input, args.output))
