#!/usr/bin/env python3
"""Stage test_support: the execute tests' support header, precompiled
(results/tcp_aot_test_support.pch), and the object with its code."""

from pathlib import Path

from tcp_aot.stages import test_support
from tcp_aot.stages.common import output_path, run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--object", required=True, type=output_path, help="the object file to write")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
args = parser.parse_args()
run_stage("test_support", args.name, args.log, lambda: test_support.run(args.output, args.object, args.toolchain))
