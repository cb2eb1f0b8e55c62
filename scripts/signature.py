#!/usr/bin/env python3
"""Stage signature: each function's inputs and outputs, and how the .so
ships its weights, as JSON (results/NAME.signature.json)."""

from pathlib import Path

from tcp_aot.signature import WEIGHTS_MODES
from tcp_aot.stages import signature
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir (it names its weights file)")
parser.add_argument("--weights-mode", choices=WEIGHTS_MODES, default="embedded",
                    help="weights embedded in the .so, or in NAME.weights beside it")
args = parser.parse_args()
run_stage("signature", args.name, args.log,
          lambda: signature.run(args.name, args.tcp_mlir, args.output, args.weights_mode))
