#!/usr/bin/env python3
"""Stage mlir_llvm: lower TCP through linalg and bufferization to the LLVM
dialect (results/NAME.llvm.mlir)."""

from pathlib import Path

from tcp_aot.stages import mlir_llvm
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.tcp.mlir")
args = parser.parse_args()
run_stage("mlir_llvm", args.name, args.log, lambda: mlir_llvm.run(args.input, args.output),
          reproducer=mlir_llvm.reproducer(args.input))
