"""The per-kernel profile of a program: where a call's time goes.

A profiled build of the program (transforms/profile_kernels.py: a timer
around each kernel, in a .so of its own; the default .so has none) is
called on its reference inputs (case 0 of NAME.npz) with each thread count,
enough times to be timed. Each kernel is reported with the TCP ops it comes
from (the source lines its location names in NAME.tcp.mlir), its calls and
time per call of the program, its share of the call, the FLOPs of its ops'
multiply-adds (TcpOp.flops) and the bytes its ops read and write (an upper
bound where ops are fused into one kernel), as GFLOP/s and GB/s and as
fractions of this machine's FMA peak and memory bandwidth, measured in the
same run (bench/peak.py). With several threads, also how evenly they share
its parallel loops: the busiest thread's CPU time in them over the
threads' mean (1.00: even; 2 threads taking 4 and 3 blocks of 7, 1.14),
timed in calls of their own after the others, since timing each iteration
costs.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import numpy as np

from .abi import INTO
from .errors import StageError

LOCATION = re.compile(r'"([^"]+)":(\d+):(\d+)')


def build(name: str, tcp_mlir: Path, weights: Path, toolchain_json: Path, opt_level: int, so: Path,
          work: Path) -> None:
    """The profiled build of NAME.tcp.mlir, its weights embedded, as `so`
    (the intermediate files in `work`)."""
    from .compiler.back_end import build_shared_object
    from .transforms.profile_kernels import kernels

    build_shared_object(name, tcp_mlir, weights, toolchain_json, opt_level, so, work, "tcp-to-llvm-profiled",
                        kernels)


def measure(program, function: str, inputs: list[np.ndarray], threads: int, min_calls: int,
            min_seconds: float) -> dict:
    """Calls of `function` with `threads` threads: how many, their seconds,
    and each kernel's nanoseconds and calls over them."""
    program.set_num_threads(threads)
    call = program.functions[function]
    call(*inputs)  # the first call pays for what later ones find ready (pages, threads)
    program.reset_kernel_times()
    calls, start = 0, time.perf_counter()
    while calls < min_calls or time.perf_counter() - start < min_seconds:
        call(*inputs)
        calls += 1
    seconds = time.perf_counter() - start
    ns, kernel_calls, _ = program.kernel_times()
    result = {"calls": calls, "seconds": seconds, "kernel_ns": ns.tolist(), "kernel_calls": kernel_calls.tolist()}
    if threads > 1:
        program.reset_kernel_times()
        program.time_shares(True)
        try:
            for _ in range(calls):
                call(*inputs)
        finally:
            program.time_shares(False)
        shares = program.kernel_times()[2][:, :threads] / calls
        result["kernel_thread_ns"] = shares.tolist()
    return result


def op_costs(tcp_mlir: Path, function: str, inputs: list[np.ndarray]) -> dict[int, dict]:
    """Per line of NAME.tcp.mlir holding a TCP op of `function`: the op's
    text, its FLOPs and the bytes of its operands and results, as the
    interpreter runs it on `inputs`."""
    from torch_mlir import ir

    from .context import make_context
    from .dialects.tcp_base import lookup
    from .interpreter import Interpreter
    from .module_io import read_module

    text_lines = tcp_mlir.read_text().splitlines()
    costs: dict[int, dict] = {}

    def observe(op, operands, results) -> None:
        definition = lookup(op.name)
        found = LOCATION.search(str(op.location))
        if definition is None or found is None:
            return
        line = int(found.group(2))
        cost = costs.setdefault(line, {"op": text_lines[line - 1].strip(), "flops": 0, "bytes": 0})
        cost["flops"] += definition(op).flops([np.shape(a) for a in operands], [np.shape(r) for r in results])
        cost["bytes"] += sum(np.asarray(v).nbytes for v in list(operands) + list(results) if v is not None)

    with make_context(), ir.Location.unknown():
        module, weights = read_module(tcp_mlir.read_text(), str(tcp_mlir))
        Interpreter(module, weights).run(function, inputs, observe)
    return costs


def kernel_lines(location: str, tcp_mlir: Path) -> list[int]:
    """The lines of NAME.tcp.mlir a kernel's location names (several when
    ops were fused into it)."""
    return sorted({int(m.group(2)) for m in LOCATION.finditer(location) if Path(m.group(1)).name == tcp_mlir.name})


def profile(program, inputs: dict[str, list[np.ndarray]], tcp_mlir: Path | None, peaks, machine: dict,
            thread_counts: list[int], min_calls: int, min_seconds: float) -> dict:
    """The profile of a profiled build (a loaded Program) called on `inputs`
    (per function), as JSON-able data; `tcp_mlir` (when at hand) says which
    TCP ops each kernel comes from, with their FLOPs and bytes."""
    kernels = program.kernels
    if kernels is None:
        raise StageError(f"{program.path} carries no timers: it is not a profiled build (results/NAME.profile.so)")
    result = {"program": program.signature.program, "machine": machine,
              "peaks": {"fma_gflops": peaks.fma_gflops, "bandwidth_gbs": peaks.bandwidth_gbs}, "functions": {}}
    for function, args in inputs.items():
        costs = op_costs(tcp_mlir, function, args) if tcp_mlir is not None else {}
        rows = []
        for k, kernel in enumerate(kernels):
            if kernel["function"].removesuffix(INTO) != function:
                continue
            lines = kernel_lines(kernel["location"], tcp_mlir) if tcp_mlir is not None else []
            rows.append({"kernel": k, "op": kernel["op"], "lines": lines,
                         "tcp_ops": [costs[line]["op"] for line in lines if line in costs],
                         "flops": sum(costs[line]["flops"] for line in lines if line in costs),
                         "bytes": sum(costs[line]["bytes"] for line in lines if line in costs)})
        timings = {str(n): measure(program, function, args, n, min_calls, min_seconds) for n in thread_counts}
        result["functions"][function] = {"kernels": rows, "timings": timings}
    return result


def groups(data: dict, threads: str) -> list[dict]:
    """The kernels of one function grouped by the TCP ops they come from (a
    TCP op may become several kernels: a product's fill and loops), most
    time first: each group's kernels, ops, lines, seconds and calls per
    call of the program, FLOPs and bytes, and each thread's seconds per
    call in their parallel loops (with several threads)."""
    t = data["timings"][threads]
    found: dict[tuple, dict] = {}
    for r in data["kernels"]:
        key = tuple(r["lines"]) or ("kernel", r["kernel"])
        group = found.setdefault(key, {"kernels": [], "ops": [], "lines": r["lines"], "tcp_ops": r["tcp_ops"],
                                       "flops": r["flops"], "bytes": r["bytes"], "seconds": 0.0, "calls": 0.0,
                                       "thread_seconds": [0.0] * int(threads)})
        group["kernels"].append(r["kernel"])
        group["ops"].append(r["op"])
        group["seconds"] += t["kernel_ns"][r["kernel"]] / 1e9 / t["calls"]
        if "kernel_thread_ns" in t:
            for thread, ns in enumerate(t["kernel_thread_ns"][r["kernel"]]):
                group["thread_seconds"][thread] += ns / 1e9
        group["calls"] = max(group["calls"], t["kernel_calls"][r["kernel"]] / t["calls"])
    return sorted(found.values(), key=lambda g: -g["seconds"])


def markdown(result: dict, tcp_mlir: str) -> str:
    """The profile as a Markdown report: per function and thread count, the
    kernels of each TCP op (or group of fused ops), most time first."""
    peaks = result["peaks"]
    m = result["machine"]
    lines = [f"# Profile of {result['program']}", "",
             f"Machine: {m['cpu_model']} ({m['logical_cpus']} logical CPUs"
             f"{', LLVM host CPU ' + m['llvm_host_cpu'] if m.get('llvm_host_cpu') else ''}); "
             f"measured peaks of one thread: {peaks['fma_gflops']:.0f} GFLOP/s of FMAs, "
             f"{peaks['bandwidth_gbs']:.1f} GB/s of memory bandwidth (n threads: n times these; data in caches "
             "moves faster than memory).", "",
             f"The kernels of the profiled build by the TCP ops of {tcp_mlir} they come from (by line): their time "
             "per call of the program and share of that call, and the ops' FLOPs (multiply-adds, 2 each) and "
             "bytes read and written (an upper bound where ops are fused). With several threads, how evenly they "
             "share each one's parallel loops: the busiest thread's CPU time in them over the threads' mean (1.00: "
             "even; — where no loop was split among them)."]
    for function, data in result["functions"].items():
        for threads, t in data["timings"].items():
            per_call = t["seconds"] / t["calls"]
            kernel_seconds = sum(t["kernel_ns"]) / 1e9 / t["calls"]
            n = int(threads)
            lines += ["", f"## @{function}, {threads} thread(s): {per_call * 1e3:.3f} ms per call "
                          f"({t['calls']} calls), {kernel_seconds / per_call:.0%} of it in kernels", "",
                      "| TCP ops (lines) | kernels | calls | ms | share | GFLOP/s | % FMA peak | GB/s "
                      "| % bandwidth |" + (" busiest thread / mean |" if n > 1 else ""),
                      "|---|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if n > 1 else "")]
            for g in groups(data, threads):
                seconds = g["seconds"]
                gflops = g["flops"] / seconds / 1e9 if seconds and g["flops"] else None
                gbs = g["bytes"] / seconds / 1e9 if seconds and g["bytes"] else None
                ops = "; ".join(_short(op) for op in g["tcp_ops"]) or "—"
                where = ", ".join(str(line) for line in g["lines"]) or "—"
                kernels = ", ".join(f"#{k} {op}" for k, op in zip(g["kernels"], g["ops"]))
                lines.append(
                    f"| {ops} ({where}) | {kernels} | {g['calls']:g} | {seconds * 1e3:.4f} | {seconds / per_call:.1%} "
                    f"| {_num(gflops)} | {_pct(gflops, peaks['fma_gflops'] * n)} | {_num(gbs)} "
                    f"| {_pct(gbs, peaks['bandwidth_gbs'] * n)} |"
                    + (f" {_unevenness(g['thread_seconds'])} |" if n > 1 else ""))
    return "\n".join(lines) + "\n"


def _unevenness(thread_seconds: list[float]) -> str:
    """The busiest thread's CPU time in a kernel's parallel loops over the
    threads' mean, or — when none ran."""
    total = sum(thread_seconds)
    return f"{max(thread_seconds) * len(thread_seconds) / total:.2f}" if total else "—"


def _short(op_text: str, width: int = 60) -> str:
    """An op's line without its result names and types, cut to `width`."""
    body = op_text.split("=", 1)[-1].split(" : ")[0].strip()
    body = body.replace("|", "\\|")
    return body if len(body) <= width else body[:width - 1] + "…"


def _num(v: float | None) -> str:
    return "—" if v is None else f"{v:.3g}"


def _pct(v: float | None, peak: float) -> str:
    return "—" if v is None or not peak else f"{v / peak:.0%}"


def plot(result: dict, path: Path, top: int = 15) -> None:
    """Each function's `top` groups of kernels (by TCP op) by time at 1
    thread, as bars of their share of the call."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    functions = list(result["functions"].items())
    fig, axes = plt.subplots(len(functions), 1, figsize=(9, 0.35 * top * len(functions) + 1), squeeze=False)
    for ax, (function, data) in zip(axes[:, 0], functions):
        t = data["timings"]["1"]
        per_call = t["seconds"] / t["calls"]
        shown = groups(data, "1")[:top]
        labels = [_short(g["tcp_ops"][0], 40) + (f" (+{len(g['tcp_ops']) - 1})" if len(g["tcp_ops"]) > 1 else "")
                  if g["tcp_ops"] else g["ops"][0] for g in shown]
        ax.barh(range(len(shown))[::-1], [g["seconds"] / per_call for g in shown], color="tab:blue")
        ax.set_yticks(range(len(shown))[::-1], labels, fontsize=7)
        ax.set_xlabel("share of a call, 1 thread")
        ax.set_title(f"{result['program']} @{function}: {per_call * 1e3:.3f} ms per call", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)
