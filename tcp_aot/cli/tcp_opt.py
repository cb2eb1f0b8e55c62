"""tcp-opt: mlir-opt for the TCP dialect.

Reads MLIR (TCP ops in custom or generic form, plus any upstream or Torch
dialect), verifies it, runs passes and pipelines by name, and prints the
result with TCP in its custom syntax:

    tcp-opt prog.mlir                        # parse, verify, print
    tcp-opt --torch-to-tcp foo.torch.mlir    # a named pipeline
    tcp-opt --pass-pipeline=inline-tcp-groups,convert-tcp-to-linalg,canonicalize x.mlir
    tcp-opt --split-input-file --verify-diagnostics invalid.mlir

Pipelines and Python passes are listed by --list-passes; any other name in
--pass-pipeline is handed to MLIR's pass parser (e.g. canonicalize,
func.func(cse)).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from torch_mlir import ir

from .. import pipelines
from ..context import make_context
from ..diagnostics import Diagnostic, DiagnosticError
from ..errors import StageError
from ..module_io import print_module, read_module
from ..weights.file import WeightsError
from ..weights import weights_path

SPLIT_MARKER = re.compile(r"^// -----\s*$", re.MULTILINE)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcp-opt", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    p.add_argument("-o", dest="output", default="-", help="output file ('-' for stdout)")
    p.add_argument("--pass-pipeline", action="append", default=[], metavar="PASSES",
                   help="comma-separated pass and pipeline names, run in order")
    for name in sorted(pipelines.PIPELINES):
        p.add_argument(f"--{name}", dest="passes", action="append_const", const=name,
                       help=f"run the {name} pipeline")
    for name, python_pass in sorted(pipelines.PYTHON_PASSES.items()):
        p.add_argument(f"--{name}", dest="passes", action="append_const", const=name,
                       help=python_pass.description)
    p.add_argument("--weights", metavar="FILE", type=Path,
                   help="the weights file of the module's dense_resource constants (default: the one its "
                        "tcp_aot.weights attribute names, relative to the input file)")
    p.add_argument("--weights-output", metavar="FILE", type=Path,
                   help="where to write the weights the result reads when passes derived some (default with -o "
                        "out.tcp.mlir: out.weights beside it); the result names it")
    p.add_argument("--allow-unconverted", action="store_true",
                   help="convert-torch-to-tcp keeps unconvertible ops as tcp.custom_op")
    p.add_argument("--split-input-file", action="store_true",
                   help="process each chunk between '// -----' lines separately")
    p.add_argument("--verify-diagnostics", action="store_true",
                   help="check the errors against expected-error comments instead of printing them")
    p.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
    p.add_argument("--list-passes", action="store_true", help="list pipelines and Python passes")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.list_passes:
        _list_passes()
        return 0
    names = [n.strip() for spec in args.pass_pipeline for n in _split_names(spec)] + (args.passes or [])
    filename = "<stdin>" if args.input == "-" else args.input
    try:
        text = sys.stdin.read() if args.input == "-" else open(args.input).read()
    except OSError as e:
        print(f"tcp-opt: cannot read {args.input}: {e.strerror}", file=sys.stderr)
        return 1
    chunks = _chunks(text) if args.split_input_file else [(0, text)]
    context = pipelines.PassContext(filename=filename, allow_unconverted=args.allow_unconverted)
    weights_output = args.weights_output or (weights_path(Path(args.output)) if args.output != "-" else None)
    outputs, ok = [], True
    with make_context(), ir.Location.unknown():
        for line_offset, chunk in chunks:
            padded = "\n" * line_offset + chunk  # keeps line numbers file-absolute
            diagnostics, printed = _process(padded, filename, names, context, args.mlir_print_debuginfo,
                                            args.weights, weights_output)
            if args.verify_diagnostics:
                ok &= _check_expectations(padded, filename, diagnostics)
            elif diagnostics:
                ok = False
                for d in diagnostics:
                    print(d, file=sys.stderr)
            elif printed is not None:
                outputs.append(printed)
    if not args.verify_diagnostics and outputs:
        result = "// -----\n".join(outputs)
        if args.output == "-":
            sys.stdout.write(result)
        else:
            with open(args.output, "w") as f:
                f.write(result)
    return 0 if ok else 1


def _split_names(spec: str) -> list[str]:
    """Split a pipeline spec at top-level commas (keeping `a(b,c)` whole)."""
    names, depth, current = [], 0, ""
    for ch in spec:
        depth += ch in "({"
        depth -= ch in ")}"
        if ch == "," and depth == 0:
            names.append(current)
            current = ""
        else:
            current += ch
    return [n for n in names + [current] if n.strip()]


def _chunks(text: str) -> list[tuple[int, str]]:
    chunks, start = [], 0
    for m in SPLIT_MARKER.finditer(text):
        chunks.append((text.count("\n", 0, start), text[start:m.start()]))
        start = m.end() + 1
    chunks.append((text.count("\n", 0, start), text[start:]))
    return chunks


def _process(text: str, filename: str, names: list[str], context: pipelines.PassContext, debug_info: bool,
             weights_file: Path | None, weights_output: Path | None) -> tuple[list[Diagnostic], str | None]:
    """Parse, run the passes, print. As in the stages, weights are derived
    before the back end, which reads the weights file as it is."""
    try:
        frozen = "address-weights" in pipelines.expand(names)
        module, weights = read_module(text, filename, weights_file, frozen)
        if names:
            pipelines.run(module, names, replace(context, weights=weights))
        if weights.unsaved:
            if weights_output is None:
                print("tcp-opt: note: the result reads weights that no file holds (derived by folding, or from "
                      "the input's dialect_resources); --weights-output FILE writes them", file=sys.stderr)
            else:
                weights.write(module, weights_output)
        return [], print_module(module, debug_info=debug_info)
    except DiagnosticError as e:
        return e.diagnostics, None
    except (WeightsError, StageError) as e:  # a pass's known failure (StageError: one that needs another first)
        return [Diagnostic("", str(e))], None
    except ValueError as e:  # an unknown pass or option (PipelineError, or MLIR's for its own passes)
        return [Diagnostic("", str(e))], None


@dataclass
class _Expectation:
    line: int
    message: str
    seen: bool = False


_EXPECTED = re.compile(r"//\s*expected-error\s*(@[+-]?\d+)?\s*\{\{(.*?)\}\}")


def _check_expectations(text: str, filename: str, diagnostics: list[Diagnostic]) -> bool:
    expectations = []
    for number, line in enumerate(text.splitlines(), start=1):
        for m in _EXPECTED.finditer(line):
            offset = m.group(1)
            target = number + int(offset[1:]) if offset and offset[1] in "+-" else \
                int(offset[1:]) if offset else number
            expectations.append(_Expectation(target, m.group(2)))
    ok = True
    for d in diagnostics:
        line = _line_of(d, filename)
        match = next((e for e in expectations if not e.seen and e.line == line and e.message in d.message), None)
        if match is None:
            print(f"{d}\n  (unexpected error)", file=sys.stderr)
            ok = False
        else:
            match.seen = True
    for e in expectations:
        if not e.seen:
            print(f"{filename}:{e.line}: error: expected error \"{e.message}\" was not produced", file=sys.stderr)
            ok = False
    return ok


def _line_of(d: Diagnostic, filename: str) -> int | None:
    m = re.fullmatch(r"(.*):(\d+):(\d+)", d.location)
    return int(m.group(2)) if m and m.group(1) == filename else None


def _list_passes() -> None:
    print("Pipelines:")
    for name, passes in pipelines.PIPELINES.items():
        print(f"  {name}: {', '.join(passes)}")
    print("Python passes:")
    for name, python_pass in pipelines.PYTHON_PASSES.items():
        options = python_pass.describe_options()
        print(f"  {name}{{{options}}}: {python_pass.description}" if options else
              f"  {name}: {python_pass.description}")


if __name__ == "__main__":
    sys.exit(main())
