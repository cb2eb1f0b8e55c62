"""tcp-aot: inspect and run a compiled program.

    tcp-aot info results/mlp.so
    tcp-aot run results/mlp.so --input x.npy --output out.npy
    tcp-aot run results/two_outputs.so --function func_main --input x.npy --input y.npy --input z.npy \\
        --expect a.npy --expect b.npy
    tcp-aot run results/mlp.so --weights tuned.weights --input x.npy
    tcp-aot weights results/mlp.so --state-dict tuned.pt -o tuned.weights
    tcp-aot profile results/mlp.profile.so --input x.npy --threads 1 2

`info` prints each function's inputs and outputs as the C header documents
them, and the program's weights. `run` calls one function (the only one, or
--function) on .npy inputs, writes each output to an --output file and
compares each with an --expect file (within --rtol/--atol for floats,
exactly otherwise); it exits 1 when an output differs, 2 when the call
cannot be made. `weights` writes a weights file of the program's layout
from a state_dict (torch.save, safetensors or .npz), for `--weights`,
`tcp_aot.load(so, weights=...)` or the C interface's NAME_load_weights.
`profile` calls one function of a profiled build (results/NAME.profile.so,
from `snakemake results/NAME.profile.md`) on .npy inputs and prints where
its time goes, kernel by kernel, with the TCP ops of NAME.tcp.mlir each
comes from when that file is at hand (--tcp-mlir, or where the kernels'
locations say).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ..element_types import from_npy, is_float_dtype, precision_dtype, tolerance
from ..errors import StageError
from ..new_weights import read_state_dict, write_weights_for
from ..profile import LOCATION as _LOCATION
from ..runtime.program import CallError, Program, SignatureError
from ..weights.file import WeightsError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcp-aot", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = p.add_subparsers(dest="command", required=True)
    info = commands.add_parser("info", help="print the signature of a compiled program")
    info.add_argument("library", help="a .so built by tcp_aot")
    run = commands.add_parser("run", help="call one function of a compiled program on .npy inputs")
    run.add_argument("library", help="a .so built by tcp_aot")
    run.add_argument("--function", help="the function to call (needed when the program has several)")
    run.add_argument("--input", action="append", default=[], metavar="NPY", help="an input, in order")
    run.add_argument("--output", action="append", default=[], metavar="NPY", help="where to write an output")
    run.add_argument("--expect", action="append", default=[], metavar="NPY", help="an output's expected value")
    run.add_argument("--rtol", type=float, default=1e-5)
    run.add_argument("--atol", type=float, default=1e-6)
    run.add_argument("--threads", type=int, help="threads for the compiled code (default: OMP_NUM_THREADS)")
    run.add_argument("--weights", help="a weights file to read instead of the program's own")
    weights = commands.add_parser("weights", help="write a weights file for a compiled program from a state_dict")
    weights.add_argument("library", help="a .so built by tcp_aot")
    weights.add_argument("--state-dict", required=True, type=Path, metavar="FILE",
                         help="the weights: torch.save(model.state_dict()), .safetensors or .npz")
    weights.add_argument("-o", "--output", required=True, type=Path, metavar="FILE", help="the weights file to write")
    profile = commands.add_parser("profile", help="where a profiled build's time goes, kernel by kernel")
    profile.add_argument("library", help="a profiled build (results/NAME.profile.so)")
    profile.add_argument("--function", help="the function to call (needed when the program has several)")
    profile.add_argument("--input", action="append", default=[], metavar="NPY", help="an input, in order")
    profile.add_argument("--threads", type=int, nargs="+", default=[1], help="thread counts to profile with")
    profile.add_argument("--tcp-mlir", type=Path, help="the program's NAME.tcp.mlir (for the TCP ops)")
    profile.add_argument("--min-calls", type=int, default=20)
    profile.add_argument("--min-seconds", type=float, default=1.0)
    return p


class UsageError(Exception):
    pass


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        program = Program(args.library)
        if args.command == "info":
            print(program.describe())
            return 0
        if args.command == "weights":
            _weights(program, args.state_dict, args.output)
            return 0
        if args.command == "profile":
            print(_profile(program, args), end="")
            return 0
        if args.weights:
            program.load_weights(args.weights)
        return _run(program, args)
    except (OSError, ValueError, UsageError, CallError, WeightsError, StageError) as e:
        kind = "bad input" if isinstance(e, SignatureError) else "error"
        print(f"tcp-aot: {kind}: {e}", file=sys.stderr)
        return 2


def _run(program: Program, args) -> int:
    function = _function(program, args.function)
    outputs = function.signature.outputs
    for flag, files in (("--output", args.output), ("--expect", args.expect)):
        if files and len(files) != len(outputs):
            raise UsageError(f"{function.signature.name} has {len(outputs)} output(s), but {len(files)} {flag} "
                             f"file(s) were given")
    if args.threads:
        program.set_num_threads(args.threads)
    results = function(*[_load(path) for path in args.input])
    results = results if isinstance(results, tuple) else (results,)
    for path, value in zip(args.output, results):
        np.save(path, value)
    differ = False
    for i, (spec, value) in enumerate(zip(outputs, results)):
        line = f"{spec.name}: {value.dtype.name} {list(value.shape)}"
        if args.expect:
            ok, detail = _compare(value, _load(args.expect[i]), args.rtol, args.atol,
                                  precision_dtype(program.signature.precision))
            line += f", {'matches' if ok else 'DIFFERS FROM'} {args.expect[i]} ({detail})"
            differ |= not ok
        print(line)
    return 1 if differ else 0


def _profile(program: Program, args) -> str:
    from ..bench.machine import machine
    from ..bench.peak import measure as measure_peaks
    from ..profile import markdown, profile

    function = _function(program, args.function)
    tcp_mlir = args.tcp_mlir or next((Path(m.group(1)) for k in program.kernels or []
                                      for m in _LOCATION.finditer(k["location"])
                                      if m.group(1).endswith(".tcp.mlir") and Path(m.group(1)).exists()), None)
    inputs = {function.signature.name: [_load(path) for path in args.input]}
    result = profile(program, inputs, tcp_mlir, measure_peaks(), machine("llc-22"), sorted(set(args.threads)),
                     args.min_calls, args.min_seconds)
    return markdown(result, str(tcp_mlir) if tcp_mlir else "the program (no NAME.tcp.mlir at hand)")


def _weights(program: Program, state_dict: Path, output: Path) -> None:
    weights = program.weights
    write_weights_for(weights.layout, read_state_dict(state_dict), weights.array, output)
    print(f"{output}: {len(weights.layout.entries)} entries, {weights.layout.data_bytes} bytes of data, "
          f"for {program.path}")


def _function(program: Program, name: str | None):
    if name is None:
        if len(program.functions) != 1:
            raise UsageError(f"{program.path} has several functions ({', '.join(program.functions)}): "
                             f"choose one with --function")
        return next(iter(program.functions.values()))
    if name not in program.functions:
        raise UsageError(f"{program.path} has no function {name} (it has {', '.join(program.functions)})")
    return program.functions[name]


def _load(path: str) -> np.ndarray:
    return from_npy(np.load(path, allow_pickle=False))


def _compare(value: np.ndarray, expected: np.ndarray, rtol: float, atol: float,
             precision: np.dtype | None) -> tuple[bool, str]:
    if value.shape != expected.shape:
        return False, f"shape {list(value.shape)} vs {list(expected.shape)}"
    if value.dtype != expected.dtype:
        return False, f"dtype {value.dtype.name} vs {expected.dtype.name}"
    if is_float_dtype(value.dtype):
        rtol, atol = tolerance(expected, rtol, atol, precision)
        value, expected = value.astype(np.float64), expected.astype(np.float64)
        close = np.isclose(value, expected, rtol=rtol, atol=atol, equal_nan=True)
        error = float(np.max(np.abs(value - expected), initial=0.0, where=np.isfinite(expected)))
        detail = f"max abs error {error:.3g}, rtol {rtol:g}, atol {atol:g}"
    else:
        close = value == expected
        detail = "exact"
    wrong = int(np.size(close) - np.count_nonzero(close))
    return wrong == 0, detail + (f"; {wrong} element(s) differ" if wrong else "")


if __name__ == "__main__":
    sys.exit(main())
