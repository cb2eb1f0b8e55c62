#!/usr/bin/env python3
"""Stage bisect: run a program's sample inputs through its compiled code
(every value returned), the TCP interpreter and, for a model, eager PyTorch,
and report the first op whose value diverges beyond tolerance
(results/NAME.bisect.txt). (Not named bisect.py: in this directory, on
every script's sys.path, that would hide the standard library's bisect.)"""

from pathlib import Path

from tcp_aot.stages import bisect
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir")
parser.add_argument("--npz", required=True, type=Path, help="NAME.npz (case 0's inputs)")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--opt-level", type=int, default=3)
parser.add_argument("--rtol", type=float, default=1e-5)
parser.add_argument("--atol", type=float, default=1e-6)
parser.add_argument("--loader", help="a model's loader (for eager PyTorch's values); none for a TCP source")
args = parser.parse_args()
run_stage("bisect", args.name, args.log, lambda: bisect.run(
    args.name, args.tcp_mlir, args.npz, args.toolchain, args.opt_level, args.rtol, args.atol, args.loader,
    args.output))
