#!/usr/bin/env python3
"""Stage signature: each function's inputs and outputs, as JSON
(results/NAME.signature.json)."""

from pathlib import Path

from tcp_aot.stages import signature
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir")
args = parser.parse_args()
run_stage("signature", args.name, args.log, lambda: signature.run(args.name, args.tcp_mlir, args.output))
