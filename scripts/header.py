#!/usr/bin/env python3
"""Stage header: the C header of a program's .so (results/NAME.h)."""

from pathlib import Path

from tcp_aot.stages import header
from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--signature", required=True, type=Path, help="NAME.signature.json")
parser.add_argument("--source", default="", help="where the program comes from, for the header's first line")
args = parser.parse_args()
run_stage("header", args.name, args.log, lambda: header.run(args.signature, args.output, args.source))
