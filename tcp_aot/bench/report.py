"""The benchmark report over all programs: one table (results/bench.md) of
each program's median times against eager PyTorch, their ratios, GFLOP/s and
compile cost, the targets config.yaml sets, how far each program's outputs
are from eager PyTorch's, the compile time of each stage, and a plot of the
ratios (results/bench.png)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Sequence

from .compile_cost import ARTIFACTS, COMPILE_STAGES, ProgramCost, StageCost
from .measure import BUSY_ELSEWHERE_LIMIT, disturbed
from .peers import PEER_NAMES


def load(results: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(results.glob("*.bench.json"))]


def rows(benches: list[dict], compile_seconds: dict[str, float]) -> list[dict]:
    """One row per program and function."""
    out = []
    for bench in benches:
        threads = bench["threads"]
        for function, result in bench["functions"].items():
            row = {"program": bench["program"], "function": function, "threads": threads,
                   "label": _label(bench, function), "sizes": bench.get("sizes", []),
                   "compile_s": compile_seconds.get(bench["program"]), "peers": result.get("peers", {}),
                   "baseline": bench.get("baseline")}
            for n in threads:
                t = result["timings"][str(n)]
                row[n] = {"ours": t["ours"]["median_ms"], "eager": (t["eager"] or {}).get("median_ms"),
                          "ratio": t["ratio"], "gflops": t["gflops"],
                          "baseline": (t.get("baseline") or {}).get("median_ms"), "of_baseline": t.get("of_baseline"),
                          "disturbed": [side for side in ("ours", "eager") if _disturbed(t[side])]}
            out.append(row)
    return out


def _label(bench: dict, function: str) -> str:
    """program, @function when not func_main, (sizes) for a library bench."""
    name = bench["program"] if function == "func_main" else f"{bench['program']} @{function}"
    return name + (f" ({'x'.join(map(str, bench['sizes']))})" if bench.get("sizes") else "")


def scaling(row: dict, many: int) -> float | None:
    """ours at `many` threads / ours at 1 thread."""
    return row[many]["ours"] / row[1]["ours"] if row.get(many) and row[1]["ours"] else None


def _disturbed(timing: dict | None) -> bool:
    return bool(timing) and disturbed(timing.get("busy_elsewhere", 0.0))


def geometric_mean(values: list[float]) -> float | None:
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt_ms(v: float | None) -> str:
    return "—" if v is None else f"{v:.4f}" if v < 0.1 else f"{v:.3f}" if v < 10 else f"{v:.1f}"


def _timed(measures: dict, side: str) -> str:
    return fmt_ms(measures[side]) + ("\\*" if side in measures["disturbed"] else "")


def fmt_ratio(v: float | None) -> str:
    return "—" if v is None else f"{v:.2f}"


def table(benches: list[dict], compile_seconds: dict[str, float], bench_config: dict,
          stages: Sequence[StageCost] = (), programs: Sequence[ProgramCost] = ()) -> str:
    all_rows = rows(benches, compile_seconds)
    if not all_rows:
        return "No benchmark results.\n"
    machine = benches[0]["machine"]
    many = max(max(r["threads"]) for r in all_rows)
    lines = [f"Machine: {machine['cpu_model']} ({machine['logical_cpus']} logical CPUs, LLVM host CPU "
             f"{machine['llvm_host_cpu']}, {' '.join(machine['simd_flags'])})", "",
             "Median time per call in ms, ours and eager PyTorch on the same inputs in one process; "
             "ratio = ours / eager (below 1: faster than eager).", "",
             f"| program | ours 1T | eager 1T | ratio 1T | ours {many}T | eager {many}T | ratio {many}T "
             f"| {many}T / 1T | GFLOP/s 1T | GFLOP/s {many}T | compile s |",
             "|---|" + "---:|" * 10]
    for r in all_rows:
        one, n = r[1], r.get(many, r[1])
        name = r["label"]
        lines.append(f"| {name} | {_timed(one, 'ours')} | {_timed(one, 'eager')} | {fmt_ratio(one['ratio'])} "
                     f"| {_timed(n, 'ours')} | {_timed(n, 'eager')} | {fmt_ratio(n['ratio'])} "
                     f"| {fmt_ratio(scaling(r, many if many in r else 1))} "
                     f"| {fmt_ms(one['gflops'])} | {fmt_ms(n['gflops'])} "
                     f"| {_seconds(r['compile_s'])} |")
    if any(r[n]["disturbed"] for r in all_rows for n in r["threads"]):
        lines += ["", f"\\* taken while other processes kept more than {BUSY_ELSEWHERE_LIMIT} of a core busy, "
                      "in every try: rerun that program's bench on a quiet machine "
                      "(`snakemake -j2 results/NAME.bench.json --forcerun bench_program`)."]
    real = set(bench_config.get("real_models", []))
    real_rows = [r for r in all_rows if r["program"] in real]
    if real_rows:
        lines += ["", f"Geometric mean of the ratios over the {len(real_rows)} real models: "
                      f"{fmt_ratio(geometric_mean([r[1]['ratio'] for r in real_rows]))} (1 thread), "
                      f"{fmt_ratio(geometric_mean([r.get(many, r[1])['ratio'] for r in real_rows]))} ({many} threads)"]
    lines += _targets(all_rows, bench_config.get("targets", {}), many)
    lines += _peers(all_rows, real, many)
    lines += accuracy(benches)
    lines += _compile_stages(stages)
    lines += compile_costs(programs)
    return "\n".join(lines) + "\n"


def accuracy(benches: list[dict]) -> list[str]:
    """Each program's largest errors against the reference (eager PyTorch's
    outputs on case 0, or on the library bench's inputs of other sizes),
    beside its tolerance and the atol its outputs need at its rtol: a
    tolerance derived, not guessed."""
    found = [(_label(b, f), r["accuracy"]) for b in benches for f, r in b["functions"].items()
             if r.get("accuracy", {}).get("max_abs")]
    if not found:
        return []
    lines = ["", "Accuracy against the reference (eager PyTorch's outputs on the same inputs): the largest absolute "
                 "and relative errors of the float outputs, the tolerance in use and the atol they need at its rtol.",
             "",
             "| program | max abs error | max rel error | rtol | atol | atol needed |", "|---|" + "---:|" * 5]
    for name, a in found:
        lines.append(f"| {name} | {a['max_abs']:.2g} | {a['max_rel']:.2g} | {a['rtol']:.0e} | {a['atol']:.0e} "
                     f"| {a['atol_needed']:.2g} |")
    return lines


def _peers(all_rows: list[dict], real: set[str], many: int) -> list[str]:
    """Other compilers beside ours: median ms (ratio to eager) per thread
    count, their geometric means and compile times over the real models,
    and why a peer has no time for a model."""
    peer_rows = [r for r in all_rows if r["peers"]]
    if not peer_rows:
        return []
    peers = list(dict.fromkeys(p for r in peer_rows for p in r["peers"]))
    counts = [1, many] if many > 1 else [1]
    header = " | ".join(f"{label} {n}T" for n in counts for label in ["ours"] + [PEER_NAMES[p] for p in peers])
    lines = ["", "Beside other compilers: median ms per call (ratio to eager PyTorch, same inputs and threads).", "",
             f"| program | {header} |", "|---|" + "---:|" * (len(counts) * (1 + len(peers)))]
    notes = []
    for r in peer_rows:
        cells = []
        for n in counts:
            ours = r.get(n, {})
            cells.append(f"{fmt_ms(ours.get('ours'))} ({fmt_ratio(ours.get('ratio'))})")
            for p in peers:
                result = r["peers"].get(p, {"status": "not run"})
                ms = peer_ms(result, n)
                cells.append(result["status"] if result["status"] != "ok"
                             else f"{fmt_ms(ms)} ({fmt_ratio(peer_ratio(r, result, n))})")
        lines.append(f"| {r['program']} | " + " | ".join(cells) + " |")
        notes += [f"- {PEER_NAMES[p]} on {r['program']}: {result['reason']}"
                  for p, result in r["peers"].items() if result["status"] == "failed"]
    for p in peers:
        ran = [r for r in peer_rows if r["program"] in real and r["peers"].get(p, {}).get("status") == "ok"]
        if not ran:
            continue
        theirs = ", ".join(f"{fmt_ratio(geometric_mean([peer_ratio(r, r['peers'][p], n) for r in ran]))} ({n}T)"
                           for n in counts)
        ours = ", ".join(f"{fmt_ratio(geometric_mean([r.get(n, {}).get('ratio') for r in ran]))} ({n}T)"
                         for n in counts)
        compile_s = [r["peers"][p]["compile_s"] for r in ran]
        our_compile_s = [r["compile_s"] for r in ran if r["compile_s"] is not None]
        lines += ["", f"{PEER_NAMES[p]} over the {len(ran)} real models it ran: geometric mean of the ratios to "
                      f"eager {theirs} (ours {ours}); compile time {sum(compile_s) / len(compile_s):.1f} s per model"
                      + (f" (ours {sum(our_compile_s) / len(our_compile_s):.1f} s)" if our_compile_s else "")]
    return lines + ([""] + notes if notes else [])


def peer_ms(result: dict, n: int) -> float | None:
    return result.get("timings", {}).get(str(n), {}).get("median_ms")


def peer_ratio(row: dict, result: dict, n: int) -> float | None:
    ms, eager = peer_ms(result, n), row.get(n, {}).get("eager")
    return ms / eager if ms and eager else None


def _compile_stages(stages: Sequence[StageCost]) -> list[str]:
    """Where compile time goes: each compile stage's seconds over all programs."""
    if not stages:
        return []
    lines = ["", "Compile time per stage, over all programs (wall seconds, from benchmarks/*.tsv):", "",
             "| stage | programs | total s | mean s | max s | slowest |", "|---|---:|---:|---:|---:|---|"]
    for c in stages:
        lines.append(f"| {c.stage} | {c.jobs} | {c.total_s:.1f} | {c.total_s / c.jobs:.2f} | {c.max_s:.2f} "
                     f"| {c.slowest} |")
    return lines


def compile_costs(programs: Sequence[ProgramCost]) -> list[str]:
    """Per program, from its weights' size up: each compile stage's seconds
    and peak memory, and the size of each file it writes."""
    if not programs:
        return []
    stages = [s for s in COMPILE_STAGES if any(s in p.stages for p in programs)]
    lines = ["", "Compile cost per program, by the size of its weights: each stage's wall seconds / peak RSS "
                 "in MB, and the size of each file (from benchmarks/*.tsv and results/):", "",
             "| program | weights | " + " | ".join(stages) + " | total s | " +
             " | ".join(f".{ext}" for ext in ARTIFACTS) + " |",
             "|---|---:|" + "---:|" * (len(stages) + 1 + len(ARTIFACTS))]
    for p in sorted(programs, key=lambda p: p.sizes.get("weights", 0)):
        cells = [f"{p.stages[s][0]:.1f} / {p.stages[s][1]:.0f}" if s in p.stages else "—" for s in stages]
        lines.append(f"| {p.program} | {_bytes(p.sizes.get('weights'))} | " + " | ".join(cells) +
                     f" | {p.seconds:.1f} | " + " | ".join(_bytes(p.sizes.get(ext)) for ext in ARTIFACTS) + " |")
    return lines


def _bytes(n: int | None) -> str:
    if n is None:
        return "—"
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _seconds(v: float | None) -> str:
    return "—" if v is None else f"{v:.1f}"


def _targets(all_rows: list[dict], targets: dict, many: int) -> list[str]:
    """config.yaml's bench targets: a ratio at 1 thread, and a speedup from
    1 to many threads (ours at many threads / ours at 1 thread)."""
    if not targets:
        return []
    by_program = {r["program"]: r for r in all_rows if r["function"] == "func_main"}
    lines = ["", "| target | measured | goal | met |", "|---|---:|---:|---|"]
    for program, goal in targets.items():
        row = by_program.get(program)
        checks = []
        if "ratio" in goal:
            checks.append((f"{program}: ours / eager, 1 thread", row and row[1]["ratio"], goal["ratio"]))
        if "scaling" in goal:
            value = row and scaling(row, many)
            checks.append((f"{program}: ours {many} threads / ours 1 thread", value, goal["scaling"]))
        for label, value, limit in checks:
            met = "—" if value is None else ("yes" if value <= limit else "no")
            lines.append(f"| {label} | {fmt_ratio(value)} | ≤ {limit} | {met} |")
    return lines


def plot(benches: list[dict], output: Path) -> None:
    """Bars of ours / eager per program, 1 thread and many, on a log scale;
    a marker per peer that ran the program (its ratio at 1 thread)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    all_rows = [r for r in rows(benches, {}) if r[1]["ratio"] is not None]
    many = max((max(r["threads"]) for r in all_rows), default=1)
    names = [r["label"] for r in all_rows]
    fig, ax = plt.subplots(figsize=(max(8.0, 0.28 * len(names)), 5))
    width = 0.4
    xs = range(len(names))
    ax.bar([x - width / 2 for x in xs], [r[1]["ratio"] for r in all_rows], width, label="ours, 1 thread")
    if many > 1:
        ax.bar([x + width / 2 for x in xs], [r[many]["ratio"] for r in all_rows], width,
               label=f"ours, {many} threads")
    for peer, marker in {"aoti": "o", "iree": "x"}.items():
        ran = [(x, peer_ratio(r, r["peers"][peer], 1)) for x, r in zip(xs, all_rows)
               if r["peers"].get(peer, {}).get("status") == "ok"]
        if ran:
            ax.scatter([x - width / 2 for x, _ in ran], [ratio for _, ratio in ran], marker=marker, color="black",
                       zorder=3, label=f"{PEER_NAMES[peer]}, 1 thread")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_ylabel("time / eager PyTorch (lower is faster)")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(names, rotation=90, fontsize=7)
    ax.legend()
    fig.tight_layout()
    fig.savefig(output, dpi=120)
    plt.close(fig)

