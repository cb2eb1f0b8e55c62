"""Shared fixtures: one MLIR context per test, the repository root."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from torch_mlir import ir

from tcp_aot.context import make_context

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))  # tests/support.py


@pytest.fixture
def context():
    with make_context() as ctx, ir.Location.unknown(ctx):
        yield ctx


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


# Durations worth reporting (the build of the workflow's programs), printed
# at the end. Tests run in pytest-xdist's worker processes: they append to a
# file the controller names and reads.
_TIMINGS = "TCP_AOT_TEST_TIMINGS"


def pytest_configure(config):
    if "PYTEST_XDIST_WORKER" not in os.environ:  # the controller, or a run without workers
        fd, path = tempfile.mkstemp(prefix="tcp_aot_timings.")
        os.close(fd)
        os.environ[_TIMINGS] = path


def record_timing(line: str) -> None:
    with open(os.environ[_TIMINGS], "a") as f:
        f.write(line + "\n")


def pytest_terminal_summary(terminalreporter):
    if "PYTEST_XDIST_WORKER" in os.environ:
        return
    path = Path(os.environ.pop(_TIMINGS, ""))
    if not path.is_file():
        return
    lines = path.read_text().splitlines()
    path.unlink()
    if lines:
        terminalreporter.section("timings")
        for line in lines:
            terminalreporter.write_line(line)


# The programs the interface tests (C, C++, Python, command line) call: one
# with a dynamic dim, one with several inputs and outputs, one with a value
# check (gather indices).
INTERFACE_PROGRAMS = ("mlp", "two_outputs", "gather_dynamic")
# A program with float32 and bfloat16 inputs and outputs, built beside them.
MIXED_PRECISION = "mixed_precision"


@pytest.fixture(scope="session")
def interface_programs(tmp_path_factory) -> Path:
    """The results/ directory of a scratch workflow in which the interface
    programs' .so, .h and .npz files are built."""
    from workflow import copy_workflow, snakemake

    workdir = copy_workflow(tmp_path_factory.mktemp("interface"))
    targets = [f"results/{name}.{ext}" for name in INTERFACE_PROGRAMS + (MIXED_PRECISION,) for ext in ("so", "h", "npz")]
    run = snakemake(workdir, "-j2", *targets)
    assert run.returncode == 0, run.report
    return workdir / "results"
