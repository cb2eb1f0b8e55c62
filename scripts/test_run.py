#!/usr/bin/env python3
"""Stage test_run: run the execute test on the reference tensors; write
results/NAME.test.ok only when it passes."""

from pathlib import Path

from tcp_aot.stages import test_run
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--binary", required=True, type=Path, help="NAME_test")
parser.add_argument("--npz", required=True, type=Path, help="NAME.npz")
parser.add_argument("--threads", required=True, type=int, nargs="+", help="run once per thread count")
args = parser.parse_args()
run_stage("test_run", args.name, args.log,
          lambda: test_run.run(args.binary, args.npz, args.output, args.threads))
