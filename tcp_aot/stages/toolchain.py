"""Stage toolchain: find the LLVM tools once, resolve the target CPU and its
features, and record what was found (results/toolchain.json)."""

from __future__ import annotations

import json
from pathlib import Path

from ..toolchain import (
    bridges, find_tool, mlir_include_dir, openmp_library_dir, resolve_target_cpu, target_features, wheel_mlir,
)
from .common import log, write_atomic


def run(output: Path, llc: str, opt: str, clang: str, clangxx: str, min_major: int, target_cpu: str) -> None:
    tools = {role: find_tool(name, min_major) for role, name in
             (("llc", llc), ("opt", opt), ("clang", clang), ("clangxx", clangxx))}
    found = {role: {"path": t.path, "version": t.version} for role, t in tools.items()}
    mlir = wheel_mlir()
    found["mlir"] = {"path": mlir.path, "version": mlir.version,
                     "bridges": bridges(mlir, min(t.major for t in tools.values()))}
    found["mlir_include"] = str(mlir_include_dir(tools["clangxx"].major))
    found["openmp_lib"] = str(openmp_library_dir(tools["clang"].path))
    cpu = resolve_target_cpu(tools["llc"].path, target_cpu)
    found["target"] = {"cpu": cpu, "features": target_features(tools["clang"].path, cpu)}
    for role, t in tools.items():
        log.info("%s: %s (LLVM %s)", role, t.path, t.version)
    log.info("LLVM IR written by the wheel's MLIR (LLVM %s), read by the tools through: %s", mlir.version,
             ", ".join(found["mlir"]["bridges"]) or "nothing (no rewrite needed)")
    log.info("target CPU: %s (%s), features: %s", cpu, target_cpu, " ".join(found["target"]["features"]))
    write_atomic(output, json.dumps(found, indent=2) + "\n")
