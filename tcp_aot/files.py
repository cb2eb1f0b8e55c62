"""Reading inputs and writing outputs as the compiler does: a missing input
is a StageError naming it, and an output appears whole or not at all (a
temporary file beside it, private to the process, then a rename)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from .errors import StageError


def read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError as e:
        raise StageError(f"cannot read {path}: {e.strerror}") from None


def write_atomic(path: Path, data: str | bytes) -> None:
    tmp = tmp_path(path)
    if isinstance(data, str):
        tmp.write_text(data)
    else:
        tmp.write_bytes(data)
    tmp.replace(path)


def tmp_path(path: Path) -> Path:
    """A temporary file beside `path`, private to this process (a stage
    whose process dies removes those of its pid: stages/common.py)."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def cache_dir() -> Path:
    """Where compiled graphs (dynamo.py) and objects that every program
    shares (compiler/shared_object.py) are kept: $TCP_AOT_CACHE_DIR, else
    ~/.cache/tcp_aot. Each entry is named by the hash of what made it."""
    return Path(os.environ.get("TCP_AOT_CACHE_DIR") or Path.home() / ".cache" / "tcp_aot")


def tool_output(path: Path, produce: Callable[[Path], None]) -> None:
    """Let a tool write to a temporary file; rename it once complete."""
    tmp = tmp_path(path)
    try:
        produce(tmp)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
