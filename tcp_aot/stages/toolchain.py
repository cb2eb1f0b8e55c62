"""Stage toolchain: find the LLVM tools once, resolve the target CPU and its
features, and record what was found (results/toolchain.json)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import find_toolchain


def run(output: Path, llc: str, opt: str, clang: str, clangxx: str, min_major: int, target_cpu: str) -> None:
    find_toolchain(output, llc, opt, clang, clangxx, min_major, target_cpu)
