"""Parsing a stage's MLIR input (kept apart from common.py: only the stages
that read MLIR load the dialects, and depend on them)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from .common import read


@contextmanager
def parsed(path: Path, frozen: bool = False):
    """The module in `path` and its weights (module_io.read_module), in a
    fresh context."""
    from torch_mlir import ir

    from ..context import make_context
    from ..module_io import read_module

    with make_context(), ir.Location.unknown():
        yield read_module(read(path), str(path), frozen=frozen)
