"""The report of `snakemake bench_library`: the library models at their real
size on inputs of the sizes people run them at (results/NAME.bench_SIZES.json),
beside eager PyTorch and the peer compilers, with whole-model GFLOP/s and the
fraction of this machine's FMA peak, and config.yaml's bench.library targets
checked at each model's first sizes."""

from __future__ import annotations

import json
from pathlib import Path

from .peers import PEER_NAMES
from .report import accuracy, fmt_ms, fmt_ratio, geometric_mean, peer_ms, peer_ratio, rows, scaling


def load(paths: list[Path]) -> list[dict]:
    return [json.loads(p.read_text()) for p in paths]


def table(benches: list[dict], library_config: dict) -> str:
    all_rows = rows(benches, {})
    if not all_rows:
        return "No benchmark results.\n"
    machine, peaks = benches[0]["machine"], benches[0].get("peaks", {})
    many = max(max(r["threads"]) for r in all_rows)
    counts = [1, many] if many > 1 else [1]
    peers = list(dict.fromkeys(p for r in all_rows for p in r["peers"]))
    fma = peaks.get("fma_gflops")
    lines = [f"Machine: {machine['cpu_model']} ({machine['logical_cpus']} logical CPUs, LLVM host CPU "
             f"{machine['llvm_host_cpu']}, {' '.join(machine['simd_flags'])})"
             + (f"; measured FMA peak of one thread {fma:.0f} GFLOP/s" if fma else ""), "",
             "Median ms per call; (ratio) = time / eager PyTorch's on the same inputs and threads (below 1: "
             "faster than eager). GFLOP/s of the whole call, and its fraction of the FMA peak of that many "
             "threads.", ""]
    header = []
    for n in counts:
        header += [f"ours {n}T", f"eager {n}T"] + [f"{PEER_NAMES[p]} {n}T" for p in peers]
    header += [f"{many}T / 1T"] if many > 1 else []
    header += [f"GFLOP/s {n}T | % peak {n}T" for n in counts]
    lines += [f"| model (inputs' leading dims) | {' | '.join(header)} |",
              "|---|" + "---:|" * (len(counts) * (2 + len(peers)) + (many > 1) + 2 * len(counts))]
    notes = []
    for r in all_rows:
        cells = []
        for n in counts:
            t = r[n]
            cells += [f"{fmt_ms(t['ours'])} ({fmt_ratio(t['ratio'])})", fmt_ms(t["eager"])]
            for p in peers:
                result = r["peers"].get(p, {"status": "not run"})
                cells.append(f"{fmt_ms(peer_ms(result, n))} ({fmt_ratio(peer_ratio(r, result, n))})"
                             if result["status"] == "ok" else result["status"])
        if many > 1:
            cells.append(fmt_ratio(scaling(r, many)))
        for n in counts:
            gflops = r[n]["gflops"]
            cells += [fmt_ms(gflops), _percent(gflops / (fma * n) if gflops and fma else None)]
        lines.append(f"| {r['label']} | " + " | ".join(cells) + " |")
        notes += [f"- {PEER_NAMES[p]} on {r['label']}: {result['reason']}"
                  for p, result in r["peers"].items() if result["status"] == "failed"]
    lines += [""] + notes if notes else []
    lines += _beside_baselines(all_rows, counts)
    lines += accuracy(benches)
    lines += _targets(all_rows, library_config, many, fma)
    return "\n".join(lines) + "\n"


def _beside_baselines(all_rows: list[dict], counts: list[int]) -> list[str]:
    """Models in another precision beside their float32 original, timed in
    the same rounds: median ms, and (ratio) ours / the original's."""
    beside = [r for r in all_rows if r["baseline"]]
    if not beside:
        return []
    lines = ["", "Beside the float32 original, timed in the same rounds: median ms, (ratio) = time / the "
                 "original's.", "",
             "| model (inputs' leading dims) | float32 original | "
             + " | ".join(f"ours {n}T | original {n}T" for n in counts) + " |",
             "|---|---|" + "---:|---:|" * len(counts)]
    for r in beside:
        cells = [f"{fmt_ms(r[n]['ours'])} ({fmt_ratio(r[n]['of_baseline'])}) | {fmt_ms(r[n]['baseline'])}"
                 for n in counts]
        lines.append(f"| {r['label']} | {r['baseline']} | " + " | ".join(cells) + " |")
    return lines


def _percent(v: float | None) -> str:
    return "—" if v is None else f"{100 * v:.0f}%"


def _targets(all_rows: list[dict], library_config: dict, many: int, fma: float | None) -> list[str]:
    """The goals, at each model's first sizes (config order)."""
    goals = library_config.get("targets", {})
    if not goals:
        return []
    first = {}
    for name, sizes in library_config.get("sizes", {}).items():
        first[name] = next((r for r in all_rows if r["program"] == name and r["sizes"] == sizes[0]
                            and r["function"] == "func_main"), None)
    checks = []  # (what, measured, goal, met)
    for name, row in first.items():
        label = row["label"] if row else name
        if "ratio" in goals:
            checks.append((f"{label}: ours / eager, 1 thread", row and row[1]["ratio"], f"≤ {goals['ratio']}",
                           lambda v: v <= goals["ratio"]))
        if "scaling" in goals and many > 1:
            checks.append((f"{label}: ours {many} threads / 1 thread", row and scaling(row, many),
                           f"≤ {goals['scaling']}", lambda v: v <= goals["scaling"]))
        if name in goals.get("of_baseline", {}):
            goal = goals["of_baseline"][name]
            checks.append((f"{label}: ours / ours on its float32 original, 1 thread", row and row[1]["of_baseline"],
                           f"≤ {goal}", lambda v, goal=goal: v <= goal))
        if name in goals.get("fma_peak", {}):
            goal = goals["fma_peak"][name]
            fraction = row and row[1]["gflops"] and fma and row[1]["gflops"] / fma
            checks.append((f"{label}: fraction of the FMA peak, 1 thread", fraction, f"≥ {goal}",
                           lambda v, goal=goal: v >= goal))
    if "geometric_mean" in goals:
        ratios = [r[1]["ratio"] for r in first.values() if r]
        checks.append((f"geometric mean of ours / eager over {len(ratios)} models, 1 thread",
                       geometric_mean(ratios), f"≤ {goals['geometric_mean']}",
                       lambda v: v <= goals["geometric_mean"]))
    lines = ["", "| target | measured | goal | met |", "|---|---:|---:|---|"]
    for what, value, goal, met in checks:
        verdict = "—" if value is None else "yes" if met(value) else "no"
        lines.append(f"| {what} | {fmt_ratio(value)} | {goal} | {verdict} |")
    return lines + _against_peers(list(first.values()), many)


def _against_peers(first_rows: list[dict | None], many: int) -> list[str]:
    """How often ours is at most the best peer's time, per thread count."""
    lines = []
    for n in [1, many] if many > 1 else [1]:
        compared = []
        for r in first_rows:
            times = [peer_ms(p, n) for p in (r["peers"].values() if r else []) if p["status"] == "ok"]
            if r and times:
                compared.append(r[n]["ours"] <= min(times))
        if compared:
            lines.append(f"- {n} thread{'s' if n > 1 else ''}: ours at most the best peer's time on "
                         f"{sum(compared)} of {len(compared)} models")
    return ([""] + lines) if lines else []
