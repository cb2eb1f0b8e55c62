"""Parsing a stage's MLIR input (kept apart from common.py: only the stages
that read MLIR load the dialects, and depend on them)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from .common import read


@contextmanager
def parsed(path: Path, text: str | None = None):
    """The module in `path` (or `text`, read from it), in a fresh context."""
    from torch_mlir import ir

    from ..context import make_context
    from ..module_io import parse_module

    with make_context(), ir.Location.unknown():
        yield parse_module(read(path) if text is None else text, str(path))
