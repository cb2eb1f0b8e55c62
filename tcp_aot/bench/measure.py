"""Timing calls: warm up, then time each call until at least `min_calls`
calls and `min_seconds` seconds have passed; report median, min and p90,
and how busy other processes kept the machine meanwhile. A benchmark takes
each of its measures in several rounds and keeps each one's fastest quiet
timing (`fastest_of_rounds`)."""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass
from typing import Callable, TypeVar

K = TypeVar("K")

# Cores kept busy by other processes during a measure above which it is not
# trusted: with 2 cores, one busy neighbour (about 1.0) preempts one of our
# 2 threads and every parallel region waits a scheduler time slice for it
# (a 0.07 ms call measured 4 ms). A quiet 2-vCPU VM reads 0.1 to 0.3 (the
# kernel, steal), hence not lower.
BUSY_ELSEWHERE_LIMIT = 0.5


def disturbed(busy_elsewhere: float) -> bool:
    """Whether a measure taken beside that much other load is not trusted."""
    return busy_elsewhere > BUSY_ELSEWHERE_LIMIT


@dataclass(frozen=True)
class Timing:
    calls: int
    median_ms: float
    min_ms: float
    p90_ms: float
    busy_elsewhere: float = 0.0  # cores, on average, running other processes (or stolen by the hypervisor)

    @property
    def disturbed(self) -> bool:
        return disturbed(self.busy_elsewhere)

    def as_dict(self) -> dict:
        return asdict(self)


def time_calls(call: Callable[[], object], min_calls: int = 50, min_seconds: float = 1.0,
               warmup_calls: int = 3) -> Timing:
    for _ in range(warmup_calls):
        call()
    times: list[int] = []
    cpu_before = _cpu_ticks()
    start = time.perf_counter_ns()
    while len(times) < min_calls or time.perf_counter_ns() - start < min_seconds * 1e9:
        t0 = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - t0)
    elapsed_s = (time.perf_counter_ns() - start) / 1e9
    times.sort()
    ms = [t / 1e6 for t in times]
    return Timing(len(ms), _quantile(ms, 0.5), ms[0], _quantile(ms, 0.9),
                  _busy_elsewhere(cpu_before, _cpu_ticks(), elapsed_s))


def fastest_of_rounds(measures: dict[K, Callable[[], Timing]], rounds: int,
                      settle: Callable[[], None]) -> dict[K, Timing]:
    """Each measure taken `rounds` times in turn with the others, `settle`
    after each; per measure the timing with the lowest median among those
    other processes did not disturb (any, if all were). A measure disturbed
    in every round is retaken, up to `rounds` more times, so that a
    neighbour busy for a while does not count."""
    best: dict[K, Timing] = {}

    def take(key: K) -> None:
        timing = measures[key]()
        settle()
        if key not in best or (timing.disturbed, timing.median_ms) < (best[key].disturbed, best[key].median_ms):
            best[key] = timing

    for _ in range(rounds):
        for key in measures:
            take(key)
    for _ in range(rounds):
        for key in [k for k in measures if best[k].disturbed]:
            take(key)
    return best


def _cpu_ticks() -> tuple[int, int] | None:
    """(clock ticks all CPUs spent busy or stolen, ticks this process spent),
    or None where /proc does not tell."""
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
        with open("/proc/self/stat") as f:
            own = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return user + nice + system + irq + softirq + steal, int(own[11]) + int(own[12])  # utime, stime


def _busy_elsewhere(before: tuple[int, int] | None, after: tuple[int, int] | None, elapsed_s: float) -> float:
    if before is None or after is None or elapsed_s <= 0:
        return 0.0
    others = (after[0] - before[0]) - (after[1] - before[1])
    return max(0.0, others / os.sysconf("SC_CLK_TCK") / elapsed_s)


def _quantile(sorted_values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks."""
    position = q * (len(sorted_values) - 1)
    low = int(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)
