#!/usr/bin/env python3
"""Stage mlir_torch: run a model's loader, torch.export the model and import
it into MLIR's Torch dialect (results/NAME.torch.mlir)."""

from tcp_aot.stages import mlir_torch
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--loader", required=True, help="import path of the loader, module.function")
args = parser.parse_args()
run_stage("mlir_torch", args.name, args.log, lambda: mlir_torch.run(args.loader, args.output))
