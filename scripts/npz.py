#!/usr/bin/env python3
"""Stage npz: reference inputs and outputs (results/NAME.npz), from eager
PyTorch for a model (--loader) or from the NumPy TCP interpreter for a TCP
source (--tcp-mlir)."""

from pathlib import Path

from tcp_aot.stages.common import run_stage, stage_parser

parser = stage_parser(__doc__)
parser.add_argument("--loader", help="a model's loader, module.function")
parser.add_argument("--torch-mlir", type=Path, help="the model's NAME.torch.mlir (symbolic dims)")
parser.add_argument("--tcp-mlir", type=Path, help="a TCP source's NAME.tcp.mlir")
parser.add_argument("--dim-sizes", type=int, nargs="+", default=[3, 6], help="sizes of dynamic dims, one case each")
parser.add_argument("--int-range", type=int, nargs=2, help="[low, high) of random integer inputs")
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args()
if (args.loader is None) == (args.tcp_mlir is None) or (args.loader and args.torch_mlir is None):
    parser.error("give either --loader and --torch-mlir, or --tcp-mlir")
# Each kind of program imports only its own stage (see tcp_aot/stage_code.py).
if args.loader:
    from tcp_aot.stages import npz_model

    run_stage("npz", args.name, args.log, lambda: npz_model.run(args.loader, args.torch_mlir, args.output))
else:
    from tcp_aot.stages import npz_tcp_source

    run_stage("npz", args.name, args.log, lambda: npz_tcp_source.run(
        args.tcp_mlir, args.output, args.dim_sizes, args.int_range, args.seed))
