#!/usr/bin/env python3
"""Stage mlir_torch: run a model's loader, torch.export the model and import
it into MLIR's Torch dialect (results/NAME.torch.mlir), its weights written
to results/NAME.torch.weights."""

from tcp_aot.stages import mlir_torch
from tcp_aot.stages.common import output_path, run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--loader", required=True, help="import path of the loader, module.function")
parser.add_argument("--weights", required=True, type=output_path, help="the weights file to write")
args = parser.parse_args()
run_stage("mlir_torch", args.name, args.log, lambda: mlir_torch.run(args.loader, args.output, args.weights))
