"""Shared fixtures: one MLIR context per test, the repository root."""

from __future__ import annotations

import sys
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


# Durations worth reporting (the full build of every program), printed at the end.
TIMINGS: list[str] = []


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("timings")
        for line in TIMINGS:
            terminalreporter.write_line(line)
