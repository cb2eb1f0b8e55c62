"""The stages of the build graph, one function each (the Snakemake rules call
them through scripts/). A stage reads its inputs, writes its output
atomically (a temporary file in the same folder, then a rename) and raises
StageError or DiagnosticError on a known failure; `run_stage` turns those
into one line on stderr and a non-zero exit."""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import socket
import subprocess
import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from .diagnostics import DiagnosticError
from .errors import StageError

log = logging.getLogger("tcp_aot")


# ---------------------------------------------------------------------------
# Running a stage
# ---------------------------------------------------------------------------


def stage_parser(description: str) -> argparse.ArgumentParser:
    """Arguments every stage script takes."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True, help="program name (for messages)")
    parser.add_argument("--output", required=True, type=Path, help="file to write")
    parser.add_argument("--log", help="log file (default: no log)")
    return parser


def run_stage(stage: str, name: str, log_path: str | None, body: Callable[[], None]) -> None:
    """Run `body`, log to `log_path`, exit 1 with one line on failure."""
    handlers: list[logging.Handler] = [logging.FileHandler(log_path, mode="w")] if log_path else []
    logging.basicConfig(level=logging.INFO, handlers=handlers or [logging.NullHandler()],
                        format="%(message)s", force=True)
    job = os.environ.get("SLURM_JOB_ID")
    log.info("[%s] %s on %s%s", name, stage, socket.gethostname(), f" in SLURM job {job}" if job else "")
    try:
        body()
    except StageError as e:
        if e.log:
            log.info("%s", e.log)
        _fail(f"[{name}] {stage}: {e}")
    except DiagnosticError as e:
        causes = [f"{d.location}: {d.message}" if d.location else d.message for d in e.diagnostics]
        _fail(f"[{name}] {stage}: " + "\n  ".join(causes))
    except KeyboardInterrupt:
        _fail(f"[{name}] {stage}: interrupted")
    except Exception as e:  # a bug in the compiler: keep the traceback in the log
        log.info("%s", traceback.format_exc())
        where = f" (traceback in {log_path})" if log_path else ""
        _fail(f"[{name}] {stage}: internal error: {type(e).__name__}: {e}{where}")
    log.info("done")


def _fail(message: str) -> None:
    log.info("error: %s", message)
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def write_atomic(path: Path, data: str | bytes) -> None:
    tmp = _tmp_path(path)
    if isinstance(data, str):
        tmp.write_text(data)
    else:
        tmp.write_bytes(data)
    tmp.replace(path)


def _tmp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _tool_output(path: Path, produce: Callable[[Path], None]) -> None:
    """Let a tool write to a temporary file; rename it once complete."""
    tmp = _tmp_path(path)
    try:
        produce(tmp)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


# ---------------------------------------------------------------------------
# Front end
# ---------------------------------------------------------------------------


def mlir_torch(loader_path: str, output: Path) -> None:
    from .frontend import import_to_torch_mlir
    from .loader import run_loader

    text = import_to_torch_mlir(run_loader(loader_path))
    write_atomic(output, text)


def mlir_tcp(source: Path, output: Path, allow_unconverted: bool = False) -> None:
    """Torch dialect (a model) or a TCP source file -> verified TCP."""
    from . import pipelines
    from .module_io import print_module, resource_blobs

    text = _read(source)
    with _parsed(source, text) as module:
        options = pipelines.PassOptions(filename=str(source), allow_unconverted=allow_unconverted,
                                        resource_blobs=resource_blobs(text))
        passes = ["torch-to-tcp"] if source.name.endswith(".torch.mlir") else ["verify-tcp-backend-contract"]
        pipelines.run(module, passes, options)
        text = print_module(module)
    write_atomic(output, text)


def mlir_llvm(source: Path, output: Path) -> None:
    from . import pipelines

    with _parsed(source) as module:
        pipelines.run(module, ["tcp-to-llvm"], pipelines.PassOptions(filename=str(source)))
        text = module.operation.get_asm()
    write_atomic(output, text)


def ll(source: Path, output: Path) -> None:
    from torch_mlir.dialects import llvm

    from .toolchain import llc22_float_literals

    with _parsed(source) as module:
        text = llvm.translate_module_to_llvmir(module.operation)
    write_atomic(output, llc22_float_literals(text))


@contextmanager
def _parsed(path: Path, text: str | None = None):
    """The module in `path` (or `text`, read from it), in a fresh context."""
    from torch_mlir import ir

    from .context import make_context
    from .module_io import parse_module

    with make_context(), ir.Location.unknown():
        yield parse_module(_read(path) if text is None else text, str(path))


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError as e:
        raise StageError(f"cannot read {path}: {e.strerror}") from None


# ---------------------------------------------------------------------------
# Back end: LLVM tools
# ---------------------------------------------------------------------------


def toolchain(output: Path, llc: str, clang: str, clangxx: str, min_major: int) -> None:
    """Find the LLVM tools once and record what was found."""
    from .toolchain import find_tool, mlir_include_dir

    tools = {role: find_tool(name, min_major) for role, name in
             (("llc", llc), ("clang", clang), ("clangxx", clangxx))}
    found = {role: {"path": t.path, "version": t.version} for role, t in tools.items()}
    found["mlir_include"] = str(mlir_include_dir(tools["clangxx"].major))
    for role, t in tools.items():
        log.info("%s: %s (LLVM %s)", role, t.path, t.version)
    write_atomic(output, json.dumps(found, indent=2) + "\n")


def _tools(toolchain_json: Path) -> dict:
    return json.loads(_read(toolchain_json))


def assemble(source: Path, output: Path, toolchain_json: Path, opt_level: int) -> None:
    """LLVM IR -> host assembly (llc)."""
    from .toolchain import run

    llc = _tools(toolchain_json)["llc"]["path"]
    _tool_output(output, lambda tmp: log.info("%s", run(
        [llc, f"-O{opt_level}", "--relocation-model=pic", str(source), "-o", str(tmp)], "llc")))


def shared_object(source: Path, output: Path, toolchain_json: Path) -> None:
    """Host assembly -> shared object; its soname is its file name so that
    tests find it next to them through their $ORIGIN rpath."""
    from .toolchain import run

    clang = _tools(toolchain_json)["clang"]["path"]
    _tool_output(output, lambda tmp: log.info("%s", run(
        [clang, "-shared", "-fPIC", f"-Wl,-soname,{output.name}", str(source), "-o", str(tmp), "-lm"],
        "clang")))


# ---------------------------------------------------------------------------
# Reference data and the execute test
# ---------------------------------------------------------------------------


def npz_for_model(loader_path: str, torch_mlir: Path, output: Path) -> None:
    from .reference import model_reference, save_npz

    ref = model_reference(loader_path, _read(torch_mlir))
    for note in ref.notes:
        log.info("%s", note)
    save_npz(output, ref.arrays())


def npz_for_tcp_source(tcp_mlir: Path, output: Path, dim_sizes: list[int], int_range: list[int] | None,
                       seed: int) -> None:
    from .reference import save_npz, tcp_reference

    with _parsed(tcp_mlir) as module:
        ref = tcp_reference(module, dim_sizes, int_range, seed)
    save_npz(output, ref.arrays())


def test_cpp(name: str, tcp_mlir: Path, npz: Path, output: Path, rtol: float, atol: float,
             tcp_source: bool) -> None:
    from torch_mlir import ir

    from .cpp_test import generate, signatures
    from .reference import load_npz, npz_key
    from .transforms.shape_guards import collect_guards

    with _parsed(tcp_mlir) as module:
        sigs = signatures(module)
        guards = {ir.StringAttr(op.attributes["sym_name"]).value: collect_guards(op.operation)
                  for op in module.body.operations if op.operation.name == "func.func"}
    arrays = load_npz(npz)
    prefixes = {s.name: (f"{s.name}/" if tcp_source else "") for s in sigs}
    shapes = {s.name: [list(arrays[npz_key(prefixes[s.name], 0, f"Input{i}")].shape)
                       for i in range(len(s.inputs))] for s in sigs}
    write_atomic(output, generate(name, sigs, list(arrays), prefixes, rtol, atol, guards, shapes))


def test_bin(source: Path, shared_obj: Path, output: Path, toolchain_json: Path) -> None:
    """Compile the test and link it against the program's .so (found at run
    time next to the test, through the rpath $ORIGIN)."""
    from .toolchain import RUNTIME_INCLUDE, run

    tools = _tools(toolchain_json)
    cmd = [tools["clangxx"]["path"], "-std=c++17", "-O1", f"-I{tools['mlir_include']}",
           f"-I{RUNTIME_INCLUDE}", str(source), str(shared_obj), "-Wl,-rpath,$ORIGIN",
           "-lgtest", "-pthread"]
    _tool_output(output, lambda tmp: log.info("%s", run(cmd + ["-o", str(tmp)], "clang++")))


def test_run(binary: Path, npz: Path, output: Path) -> None:
    """Run the test; write `output` only when it passes."""
    proc = subprocess.run([str(binary.resolve()), str(npz)], capture_output=True, text=True)
    log.info("%s", proc.stdout + proc.stderr)
    if proc.returncode != 0:
        # gtest's summary lists each failed test alone on a line.
        failed = re.findall(r"^\[  FAILED  \] (\S+\.\S+)$", proc.stdout, re.MULTILINE)
        reason = f"failed tests: {', '.join(failed)}" if failed else f"exit status {proc.returncode}"
        raise StageError(f"execute test failed ({reason}); see the log for the mismatching values")
    summary = [line for line in proc.stdout.splitlines() if line.startswith("[  PASSED  ]")]
    write_atomic(output, (summary[0] if summary else "passed") + "\n")
