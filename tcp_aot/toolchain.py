"""The LLVM tools the back end runs: found once, version-checked, invoked.

Debian's unversioned llc/clang are LLVM 14, too old for the IR MLIR emits,
so the tools are named with their version (config.yaml: toolchain)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import StageError

MLIR_INCLUDE_CANDIDATES = ("/usr/lib/llvm-{major}/include",)
RUNTIME_INCLUDE = Path(__file__).parent / "runtime"


@dataclass(frozen=True)
class Tool:
    name: str
    path: str
    major: int
    version: str


def find_tool(name: str, min_major: int) -> Tool:
    path = shutil.which(name)
    if path is None:
        raise StageError(f"{name} not found on PATH (LLVM {min_major} or newer is needed; "
                         f"`make setup` installs it)")
    try:
        text = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError) as e:
        raise StageError(f"{name} --version failed: {e}") from None
    m = re.search(r"(?:LLVM|clang) version (\d+)\.(\d+)(?:\.(\d+))?", text)
    if m is None:
        raise StageError(f"cannot read the version of {path} from `{name} --version`")
    tool = Tool(name, path, int(m.group(1)), m.group(0).split()[-1])
    if tool.major < min_major:
        raise StageError(f"{path} is LLVM {tool.version}, but LLVM {min_major} or newer is needed")
    return tool


def mlir_include_dir(major: int) -> Path:
    """Where CRunnerUtils.h lives (Debian's libmlir-<major>-dev)."""
    for pattern in MLIR_INCLUDE_CANDIDATES:
        path = Path(pattern.format(major=major))
        if (path / "mlir/ExecutionEngine/CRunnerUtils.h").exists():
            return path
    raise StageError(f"mlir/ExecutionEngine/CRunnerUtils.h not found (install libmlir-{major}-dev)")


def run(cmd: list[str], what: str) -> str:
    """Run a tool; its output goes to the log, a failure becomes a StageError."""
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        detail = (proc.stderr or proc.stdout).strip().splitlines()
        raise StageError(f"{what} failed (exit {proc.returncode}): {detail[0] if detail else ''}"
                         + (f" [{len(detail) - 1} more lines in the log]" if len(detail) > 1 else ""),
                         log=proc.stderr + proc.stdout)
    return proc.stdout + proc.stderr
