#!/usr/bin/env python3
"""Stage test_cpp: generate the googletest execute test of a program,
specialized to its functions' signatures (results/NAME_test.cpp)."""

from pathlib import Path

from tcp_aot.stages import test_cpp
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir (the signatures)")
parser.add_argument("--npz", required=True, type=Path, help="NAME.npz (the cases)")
parser.add_argument("--rtol", type=float, default=1e-5)
parser.add_argument("--atol", type=float, default=1e-6)
parser.add_argument("--tcp-source", action="store_true", help="the program is a TCP source (keys per function)")
args = parser.parse_args()
run_stage("test_cpp", args.name, args.log, lambda: test_cpp.run(
    args.name, args.tcp_mlir, args.npz, args.output, args.rtol, args.atol, args.tcp_source))
