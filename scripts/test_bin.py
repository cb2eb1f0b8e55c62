#!/usr/bin/env python3
"""Stage test_bin: compile the execute test and link it against the
program's shared object (results/NAME_test)."""

from pathlib import Path

from tcp_aot.stages import test_bin
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--input", required=True, type=Path, help="NAME_test.cpp")
parser.add_argument("--so", required=True, type=Path, help="NAME.so")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--support-pch", required=True, type=Path, help="results/tcp_aot_test_support.pch")
parser.add_argument("--support-object", required=True, type=Path, help="results/tcp_aot_test_support.o")
args = parser.parse_args()
run_stage("test_bin", args.name, args.log, lambda: test_bin.run(args.input, args.so, args.output, args.toolchain,
                                                                args.support_pch, args.support_object))
