#!/usr/bin/env python3
"""Stage so: link host assembly and the C interface of its signature into a
shared object (results/NAME.so)."""

from pathlib import Path

from tcp_aot.stages import shared_object
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME.S")
parser.add_argument("--signature", required=True, type=Path, help="NAME.signature.json")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--weights", required=True, type=Path, help="NAME.weights (linked in when embedded)")
args = parser.parse_args()
run_stage("so", args.name, args.log,
          lambda: shared_object.run(args.input, args.output, args.toolchain, args.signature, args.weights))
