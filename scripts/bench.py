#!/usr/bin/env python3
"""Stage bench_program: time the compiled program against eager PyTorch on
the same inputs, with 1 thread and with --threads, and the --peers compilers
beside it (results/NAME.bench.json)."""

from pathlib import Path

from tcp_aot.bench.peers import PEER_NAMES
from tcp_aot.stages import bench
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--so", required=True, type=Path, help="NAME.so")
parser.add_argument("--tcp-mlir", required=True, type=Path, help="NAME.tcp.mlir (the signatures)")
parser.add_argument("--npz", required=True, type=Path, help="NAME.npz (inputs and reference outputs)")
parser.add_argument("--loader", help="a model's loader (eager PyTorch is timed too)")
parser.add_argument("--toolchain", required=True, type=Path, help="results/toolchain.json")
parser.add_argument("--threads", type=int, default=1, help="the thread count besides 1")
parser.add_argument("--rtol", type=float, default=1e-5)
parser.add_argument("--atol", type=float, default=1e-6)
parser.add_argument("--min-calls", type=int, default=50)
parser.add_argument("--min-seconds", type=float, default=1.0)
parser.add_argument("--rounds", type=int, default=1, help="time each side this many times, keep its fastest")
parser.add_argument("--peers", nargs="*", default=[], choices=list(PEER_NAMES),
                    help="other compilers to time on a model's inputs")
parser.add_argument("--sizes", help="a model's input sizes: its leading dims, as 8 or 1x128 (the library bench)")
parser.add_argument("--baseline-so", type=Path, help="the float32 original's .so, timed in the same rounds")
parser.add_argument("--baseline-tcp-mlir", type=Path, help="its NAME.tcp.mlir")
parser.add_argument("--baseline-npz", type=Path, help="its NAME.npz")
args = parser.parse_args()
baseline = (args.baseline_so, args.baseline_tcp_mlir, args.baseline_npz) if args.baseline_so else None
run_stage("bench_program", args.name, args.log, lambda: bench.run(
    args.name, args.so, args.tcp_mlir, args.npz, args.loader, args.threads, args.rtol, args.atol,
    args.min_calls, args.min_seconds, args.rounds, args.peers, args.toolchain, args.output,
    [int(n) for n in args.sizes.split("x")] if args.sizes else None, baseline))
