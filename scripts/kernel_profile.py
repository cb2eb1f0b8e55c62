#!/usr/bin/env python3
"""Stage profile: build a program with a timer around each kernel
(results/NAME.profile.so), call it on its reference inputs with each thread
count, and report where the time goes, kernel by kernel, with the TCP ops
each comes from and its fraction of this machine's peaks
(results/NAME.profile.md and .png). (Not named profile.py: in this
directory, on every script's sys.path, that would hide the standard
library's profile.)"""

from pathlib import Path

from tcp_aot.stages import profile
from tcp_aot.stages.common import output_path, run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir")
parser.add_argument("--weights", required=True, type=Path, help="NAME.weights")
parser.add_argument("--npz", required=True, type=Path, help="NAME.npz (case 0's inputs)")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--opt-level", type=int, default=3)
parser.add_argument("--threads", type=int, default=2, help="profiled with 1 thread and with this many")
parser.add_argument("--min-calls", type=int, default=20)
parser.add_argument("--min-seconds", type=float, default=1.0)
parser.add_argument("--tcp-source", action="store_true", help="a TCP source (its npz keys are per function)")
parser.add_argument("--so", required=True, type=output_path, help="the profiled build to write")
parser.add_argument("--plot", required=True, type=output_path, help="the plot to write")
args = parser.parse_args()
run_stage("profile", args.name, args.log, lambda: profile.run(
    args.name, args.tcp_mlir, args.weights, args.npz, args.toolchain, args.opt_level,
    sorted({1, args.threads}), args.min_calls, args.min_seconds, args.tcp_source, args.so, args.output, args.plot))
