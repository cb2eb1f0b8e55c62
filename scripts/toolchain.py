#!/usr/bin/env python3
"""Stage toolchain: find llc, opt, clang and clang++, check that they are
recent enough, resolve the target CPU and its features, and record them
(results/toolchain.json) for the back-end stages."""

from tcp_aot.stages import toolchain
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--llc", required=True)
parser.add_argument("--opt", required=True)
parser.add_argument("--clang", required=True)
parser.add_argument("--clangxx", required=True)
parser.add_argument("--min-llvm-major", type=int, required=True)
parser.add_argument("--target-cpu", default="host", help="an LLVM CPU name, or host")
args = parser.parse_args()
run_stage("toolchain", args.name, args.log, lambda: toolchain.run(
    args.output, args.llc, args.opt, args.clang, args.clangxx, args.min_llvm_major, args.target_cpu))
