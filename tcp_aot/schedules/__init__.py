"""Transform schedules: how each kind of linalg op is tiled, vectorized and
lowered, written in MLIR's transform dialect, one file per schedule. A file
`<name>.mlir` holds `transform.named_sequence @<name>`; the pass
`schedule-<name>` (pipelines.py) runs it on a module, and so does
`tcp-opt --pass-pipeline=schedule-<name> file.mlir`, to reproduce a step
by hand."""

from __future__ import annotations

from pathlib import Path

DIR = Path(__file__).parent


def names() -> list[str]:
    return sorted(p.stem for p in DIR.glob("*.mlir"))


def text(name: str) -> str:
    return (DIR / f"{name}.mlir").read_text()
