"""Stage test_run: run the execute test; write the .test.ok file only when
it passes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from ..errors import StageError
from .common import log, write_atomic


def run(binary: Path, npz: Path, output: Path) -> None:
    proc = subprocess.run([str(binary.resolve()), str(npz)], capture_output=True, text=True)
    log.info("%s", proc.stdout + proc.stderr)
    if proc.returncode != 0:
        # gtest's summary lists each failed test alone on a line.
        failed = re.findall(r"^\[  FAILED  \] (\S+\.\S+)$", proc.stdout, re.MULTILINE)
        reason = f"failed tests: {', '.join(failed)}" if failed else f"exit status {proc.returncode}"
        raise StageError(f"execute test failed ({reason}); see the log for the mismatching values")
    summary = [line for line in proc.stdout.splitlines() if line.startswith("[  PASSED  ]")]
    write_atomic(output, (summary[0] if summary else "passed") + "\n")
