"""Runs the lit suite (tests/lit: FileCheck and --verify-diagnostics tests
of the dialect and the conversions) as part of pytest."""

import subprocess
import sys
from pathlib import Path


def test_lit_suite(root):
    lit = Path(sys.executable).parent / "lit"
    proc = subprocess.run([str(lit), "-v", str(root / "tests" / "lit")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Failed" not in proc.stdout
