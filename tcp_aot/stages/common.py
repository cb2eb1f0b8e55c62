"""What every stage shares: its command line, running it with a log and one
line per failure, reading inputs, writing outputs atomically."""

from __future__ import annotations

import argparse
import json
import logging
import os
import shlex
import socket
import sys
import traceback
from pathlib import Path
from typing import Callable

from ..diagnostics import DiagnosticError
from ..errors import StageError

log = logging.getLogger("tcp_aot")


def stage_parser(description: str) -> argparse.ArgumentParser:
    """Arguments every stage script takes."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True, help="program name (for messages)")
    parser.add_argument("--output", required=True, type=Path, help="file to write")
    parser.add_argument("--log", help="log file (default: no log)")
    return parser


def tcp_opt_command(passes: list[str], source: Path, *flags: str) -> str:
    """The tcp-opt command that runs `passes` on `source` as a stage does."""
    return shlex.join(["tcp-opt", *(f"--{p}" for p in passes), *flags, str(source)])


def run_stage(stage: str, name: str, log_path: str | None, body: Callable[[], None],
              reproducer: str | None = None) -> None:
    """Run `body`, log to `log_path`, exit 1 with one line on failure. An
    internal error's log ends with `reproducer`, the command that runs the
    same compiler code on the same input outside the workflow."""
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
        where = f" (traceback{' and reproducer' if reproducer else ''} in {log_path})" if log_path else ""
        _fail(f"[{name}] {stage}: internal error: {type(e).__name__}: {e}{where}",
              f"reproduce with: {reproducer}" if reproducer else None)
    log.info("done")


def _fail(message: str, last_log_line: str | None = None) -> None:
    log.info("error: %s", message)
    if last_log_line:
        log.info("%s", last_log_line)
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def write_atomic(path: Path, data: str | bytes) -> None:
    tmp = tmp_path(path)
    if isinstance(data, str):
        tmp.write_text(data)
    else:
        tmp.write_bytes(data)
    tmp.replace(path)


def tmp_path(path: Path) -> Path:
    """A temporary file beside `path`, private to this process."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def tool_output(path: Path, produce: Callable[[Path], None]) -> None:
    """Let a tool write to a temporary file; rename it once complete."""
    tmp = tmp_path(path)
    try:
        produce(tmp)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError as e:
        raise StageError(f"cannot read {path}: {e.strerror}") from None


def tools(toolchain_json: Path) -> dict:
    """The LLVM tools the toolchain stage found."""
    return json.loads(read(toolchain_json))
