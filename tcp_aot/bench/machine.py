"""The machine a benchmark ran on: figures are only comparable within one
machine (and one run), so every result records it."""

from __future__ import annotations

import os
import platform
import re
import subprocess
from pathlib import Path

# CPU flags that decide how fast the generated code can be.
SIMD_FLAGS = ("sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512_bf16", "avx512_vnni",
              "avx512_fp16", "amx_tile")


def machine(llc: str | None = None) -> dict:
    cpuinfo = _read("/proc/cpuinfo")
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.MULTILINE)
    flags = re.search(r"^flags\s*:\s*(.*)$", cpuinfo, re.MULTILINE)
    present = set(flags.group(1).split()) if flags else set()
    return {
        "cpu_model": model.group(1).strip() if model else platform.processor(),
        "simd_flags": [f for f in SIMD_FLAGS if f in present],
        "logical_cpus": os.cpu_count(),
        "llvm_host_cpu": _host_cpu(llc) if llc else None,
        "platform": platform.platform(),
    }


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _host_cpu(llc: str) -> str | None:
    """The CPU LLVM detects (`llc --version`: "Host CPU: znver4")."""
    try:
        out = subprocess.run([llc, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"Host CPU:\s*(\S+)", out)
    return m.group(1) if m else None
