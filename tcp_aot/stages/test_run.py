"""Stage test_run: run the execute test once per thread count; write the
.test.ok file only when every run passes. The fuzz test of wrong shapes runs
only with the last (largest) thread count: the shape checks do not depend
on it, and the parallel code is the one an odd size could break."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from ..errors import StageError
from ..files import write_atomic
from .common import log


def run(binary: Path, npz: Path, output: Path, thread_counts: list[int]) -> None:
    summaries = [_run_with_threads(binary, npz, n, fuzz=(i == len(thread_counts) - 1))
                 for i, n in enumerate(thread_counts)]
    write_atomic(output, "".join(f"{n} thread(s): {s}\n" for n, s in zip(thread_counts, summaries)))


def _run_with_threads(binary: Path, npz: Path, threads: int, fuzz: bool) -> str:
    """Run the test with the compiled code on `threads` OpenMP threads; its
    gtest summary line."""
    env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    skip_fuzz = [] if fuzz else ["--gtest_filter=-*_fuzz_wrong_shapes"]
    proc = subprocess.run([str(binary.resolve()), *skip_fuzz, str(npz)], capture_output=True, text=True,
                          env=env)
    log.info("OMP_NUM_THREADS=%d\n%s", threads, proc.stdout + proc.stderr)
    if proc.returncode != 0:
        # gtest's summary lists each failed test alone on a line.
        failed = re.findall(r"^\[  FAILED  \] (\S+\.\S+)$", proc.stdout, re.MULTILINE)
        reason = f"failed tests: {', '.join(failed)}" if failed else f"exit status {proc.returncode}"
        raise StageError(f"execute test failed with {threads} thread(s) ({reason}); "
                         "see the log for the mismatching values")
    summary = [line for line in proc.stdout.splitlines() if line.startswith("[  PASSED  ]")]
    return summary[0] if summary else "passed"
