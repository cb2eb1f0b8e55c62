"""Stage profile: a profiled build of a program (results/NAME.profile.so:
a timer around each kernel) and where its calls' time goes, kernel by kernel
(results/NAME.profile.md and .png, tcp_aot/profile.py)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from ..files import tool_output, write_atomic
from ..toolchain import found_tools
from .common import log

# What it runs: the back end with timers (transforms/profile_kernels.py).
PIPELINES = ["tcp-to-llvm-profiled"]


def run(name: str, tcp_mlir: Path, weights: Path, npz: Path, toolchain_json: Path, opt_level: int,
        thread_counts: list[int], min_calls: int, min_seconds: float, tcp_source: bool, so: Path, markdown: Path,
        plot: Path) -> None:
    from .. import profile
    from ..bench.machine import machine
    from ..bench.peak import measure as measure_peaks
    from ..reference.npz import load_npz, npz_key
    from ..runtime.program import load

    with tempfile.TemporaryDirectory(prefix=f"{name}.profile.") as work:
        profile.build(name, tcp_mlir, weights, toolchain_json, opt_level, so, Path(work))
    found = found_tools(toolchain_json)
    program = load(so)
    arrays = load_npz(npz)
    inputs = {f: [arrays[npz_key(f"{f}/" if tcp_source else "", 0, f"Input{i}")]
                  for i in range(len(program.functions[f].signature.inputs))] for f in program.functions}
    result = profile.profile(program, inputs, tcp_mlir, measure_peaks(found["clang"]["path"], found["target"]["cpu"]),
                             machine(found["llc"]["path"]), thread_counts, min_calls, min_seconds)
    log.info("%s", json.dumps(result))
    report = profile.markdown(result, str(tcp_mlir))
    tool_output(plot, lambda tmp: profile.plot(result, tmp))
    write_atomic(markdown, report)
