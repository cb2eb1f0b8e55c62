#!/usr/bin/env python3
"""Stage mlir_tcp: convert a Torch-dialect module (NAME.torch.mlir) to TCP,
or verify a TCP source; write verified TCP in custom syntax
(results/NAME.tcp.mlir) and the weights it reads (results/NAME.weights)."""

from pathlib import Path

from tcp_aot.pipelines import PRECISION_PIPELINES
from tcp_aot.stages import mlir_tcp
from tcp_aot.stages.common import output_path, run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.torch.mlir or tcp_sources/NAME.mlir")
parser.add_argument("--allow-unconverted", action="store_true",
                    help="keep torch ops without a TCP conversion as tcp.custom_op instead of failing")
parser.add_argument("--precision", choices=sorted(PRECISION_PIPELINES),
                    help="compute the model's f32 products in this precision (summed in f32)")
parser.add_argument("--weights", required=True, type=output_path, help="the weights file to write")
args = parser.parse_args()
run_stage("mlir_tcp", args.name, args.log,
          lambda: mlir_tcp.run(args.input, args.output, args.weights, args.allow_unconverted, args.precision),
          reproducer=mlir_tcp.reproducer(args.input, args.allow_unconverted, args.precision))
