"""Timing calls: warm up, then time each call until at least `min_calls`
calls and `min_seconds` seconds have passed; report median, min and p90.
A benchmark times each side in several rounds and keeps each side's
fastest (`faster`)."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Callable


@dataclass(frozen=True)
class Timing:
    calls: int
    median_ms: float
    min_ms: float
    p90_ms: float

    def as_dict(self) -> dict:
        return asdict(self)


def time_calls(call: Callable[[], object], min_calls: int = 50, min_seconds: float = 1.0,
               warmup_calls: int = 3) -> Timing:
    for _ in range(warmup_calls):
        call()
    times: list[int] = []
    start = time.perf_counter_ns()
    while len(times) < min_calls or time.perf_counter_ns() - start < min_seconds * 1e9:
        t0 = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - t0)
    times.sort()
    ms = [t / 1e6 for t in times]
    return Timing(len(ms), _quantile(ms, 0.5), ms[0], _quantile(ms, 0.9))


def faster(a: Timing | None, b: Timing) -> Timing:
    """Of two rounds' timings of one call, the one with the lower median: a
    round that another process on the machine disturbed does not count."""
    return b if a is None or b.median_ms < a.median_ms else a


def _quantile(sorted_values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks."""
    position = q * (len(sorted_values) - 1)
    low = int(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)
