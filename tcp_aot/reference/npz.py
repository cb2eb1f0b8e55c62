"""The .npz file of a program: inputs and expected outputs for every compiled
function.

Layout (shared with cpp_test.py through `npz_key`): the sample case of a
model is `Input0`, `Input1`, ..., `Output0`, ...; further cases (other sizes
for the dynamic dims) are `case1/Input0`, ...; a TCP source prefixes every
key with its function's name: `func_1/Input0`, `func_1/case1/Input0`.
Arrays keep their dtype and shape (bool stays bool, 0-d stays 0-d; bfloat16
is stored as two opaque bytes per element, see element_types.py).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..element_types import from_npy
from ..errors import StageError


def npz_key(prefix: str, case: int, name: str) -> str:
    return prefix + (f"case{case}/" if case else "") + name


def cases(keys: list[str], prefix: str) -> list[int]:
    """The case numbers present for a function's prefix."""
    found = set()
    for key in keys:
        m = re.fullmatch(re.escape(prefix) + r"(?:case(\d+)/)?Input0", key)
        if m:
            found.add(int(m.group(1) or 0))
    return sorted(found)


@dataclass
class Case:
    inputs: list[np.ndarray]
    outputs: list[np.ndarray]


@dataclass
class Reference:
    """Cases per function prefix ("" for a model's single function)."""
    functions: dict[str, list[Case]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        out = {}
        for prefix, function_cases in self.functions.items():
            for c, case in enumerate(function_cases):
                for kind, values in (("Input", case.inputs), ("Output", case.outputs)):
                    for i, v in enumerate(values):
                        out[npz_key(prefix, c, f"{kind}{i}")] = np.array(v, order="C")  # keeps 0-d arrays 0-d
        return out


def save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """np.savez (uncompressed), written to a temporary file and renamed."""
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(buffer.getvalue())
    tmp.replace(path)


def load_npz(path: Path) -> dict[str, np.ndarray]:
    try:
        with np.load(path) as data:
            return {k: from_npy(data[k]) for k in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise StageError(f"cannot read {path}: {e}") from None
