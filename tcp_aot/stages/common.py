"""What every stage shares: its command line, running it with a log and one
line per failure (reading inputs and writing outputs: tcp_aot/files.py).

A stage runs in a child process that the stage's process watches: when the
child dies of a signal (the kernel's OOM killer, a cluster's memory or time
limit, a crash in native code), its log still ends with one line naming the
stage, the signal, the likely cause and the memory the child reached, and
its temporary files are removed, so the next run redoes it from nothing."""

from __future__ import annotations

import argparse
import logging
import os
import shlex
import signal
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import Callable

from ..diagnostics import DiagnosticError
from ..errors import StageError
from ..processes import die_with_parent

log = logging.getLogger("tcp_aot")


def stage_parser(description: str) -> argparse.ArgumentParser:
    """Arguments every stage script takes."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True, help="program name (for messages)")
    parser.add_argument("--output", required=True, type=output_path, help="file to write")
    parser.add_argument("--log", help="log file (default: no log)")
    return parser


# The files this stage writes (their directories hold its temporary files).
_OUTPUTS: list[Path] = []


def output_path(text: str) -> Path:
    """An argparse type for a file the stage writes."""
    path = Path(text)
    _OUTPUTS.append(path)
    return path


def tcp_opt_command(passes: list[str], source: Path, *flags: str) -> str:
    """The tcp-opt command that runs `passes` on `source` as a stage does."""
    return shlex.join(["tcp-opt", *(f"--{p}" for p in passes), *flags, str(source)])


def run_stage(stage: str, name: str, log_path: str | None, body: Callable[[], None],
              reproducer: str | None = None) -> None:
    """Run `body` in a child process, log to `log_path`, exit 1 with one
    line on failure. An internal error's log ends with `reproducer`, the
    command that runs the same compiler code on the same input outside the
    workflow."""
    handlers: list[logging.Handler] = [logging.FileHandler(log_path, mode="w")] if log_path else []
    logging.basicConfig(level=logging.INFO, handlers=handlers or [logging.NullHandler()],
                        format="%(message)s", force=True)
    job = os.environ.get("SLURM_JOB_ID")
    log.info("[%s] %s on %s%s", name, stage, socket.gethostname(), f" in SLURM job {job}" if job else "")
    start = time.monotonic()
    failure_read, failure_write = os.pipe()
    child = os.fork()
    if child == 0:
        die_with_parent()
        os.close(failure_read)
        with os.fdopen(failure_write, "w") as failure:
            failure.write(_run_body(stage, name, log_path, body, reproducer))
        logging.shutdown()
        os._exit(0)
    os.close(failure_write)
    forwarded = {s: signal.signal(s, lambda number, _: os.kill(child, number)) for s in (signal.SIGINT, signal.SIGTERM)}
    with os.fdopen(failure_read) as failure:
        message = failure.read()
    _, status, usage = os.wait4(child, 0)
    for s, handler in forwarded.items():
        signal.signal(s, handler)
    peak = usage.ru_maxrss * 1024
    if os.WIFSIGNALED(status):
        _remove_temporaries(child)
        message = _killed(stage, name, os.WTERMSIG(status), time.monotonic() - start, peak, reproducer)
    elif os.WEXITSTATUS(status) and not message:
        message = f"[{name}] {stage}: the stage's process exited with status {os.WEXITSTATUS(status)}"
    if message:
        print(f"error: {message}", file=sys.stderr)
        sys.exit(1)
    log.info("done in %.1f s, peak memory %s", time.monotonic() - start, _size(peak))


def _run_body(stage: str, name: str, log_path: str | None, body: Callable[[], None],
              reproducer: str | None) -> str:
    """Run `body`; "" when it succeeded, else the failure's message (already
    logged)."""
    try:
        body()
        return ""
    except StageError as e:
        if e.log:
            log.info("%s", e.log)
        return _failed(f"[{name}] {stage}: {e}")
    except DiagnosticError as e:
        causes = [f"{d.location}: {d.message}" if d.location else d.message for d in e.diagnostics]
        return _failed(f"[{name}] {stage}: " + "\n  ".join(causes))
    except KeyboardInterrupt:
        return _failed(f"[{name}] {stage}: interrupted")
    except Exception as e:  # a bug in the compiler: keep the traceback in the log
        log.info("%s", traceback.format_exc())
        where = f" (traceback{' and reproducer' if reproducer else ''} in {log_path})" if log_path else ""
        return _failed(f"[{name}] {stage}: internal error: {type(e).__name__}: {e}{where}",
                       f"reproduce with: {reproducer}" if reproducer else None)


def _failed(message: str, last_log_line: str | None = None) -> str:
    log.info("error: %s", message)
    if last_log_line:
        log.info("%s", last_log_line)
    return message


# What a signal that ends a stage most likely means.
_CAUSES = {
    signal.SIGKILL: "most likely out of memory (the kernel's OOM killer, or a cluster's memory limit)",
    signal.SIGTERM: "stopped from outside (an interrupt, or a cluster's time limit)",
    signal.SIGINT: "interrupted",
    signal.SIGSEGV: "a crash in native code (a compiler bug)",
    signal.SIGBUS: "a crash in native code (a compiler bug, or a file changed while mapped)",
    signal.SIGABRT: "an abort in native code (a compiler bug)",
}


def _killed(stage: str, name: str, number: int, seconds: float, peak: int, reproducer: str | None) -> str:
    """The line a stage killed by signal `number` ends its log with."""
    cause = _CAUSES.get(number, "ended from outside")
    message = (f"[{name}] {stage}: killed by {signal.Signals(number).name} after {seconds:.0f} s, at a peak memory "
               f"of {_size(peak)}: {cause}")
    return _failed(message, f"reproduce with: {reproducer}" if reproducer and "native" in cause else None)


def _size(n: int) -> str:
    return f"{n / 1e9:.2f} GB" if n >= 1e9 else f"{n / 1e6:.0f} MB"


def _remove_temporaries(pid: int) -> None:
    """The temporary files a dead child left beside its outputs (named by
    files.tmp_path)."""
    for directory in {p.parent for p in _OUTPUTS}:
        for stale in directory.glob(f".*.{pid}.*"):
            stale.unlink(missing_ok=True)
