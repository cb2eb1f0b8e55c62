#!/usr/bin/env python3
"""Stage stage_code: list the package files a stage runs, with their
SHA-256 (results/code/STAGE.txt); every rule of that stage depends on it."""

from tcp_aot.files import write_atomic
from tcp_aot.stage_code import listing
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
args = parser.parse_args()
run_stage("stage_code", args.name, args.log, lambda: write_atomic(args.output, listing(args.name)))
