"""Timing calls: warm up, then time each call until at least `min_calls`
calls and `min_seconds` seconds have passed; report median, min and p90.
A benchmark takes each of its measures in several rounds and keeps each
one's fastest (`fastest_of_rounds`)."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Callable, TypeVar

K = TypeVar("K")


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


def fastest_of_rounds(measures: dict[K, Callable[[], Timing]], rounds: int,
                      settle: Callable[[], None]) -> dict[K, Timing]:
    """Each measure taken `rounds` times in turn with the others, `settle`
    after each; per measure the timing with the lowest median, so that a
    round another process on the machine disturbed does not count."""
    best: dict[K, Timing] = {}
    for _ in range(rounds):
        for key, measure in measures.items():
            timing = measure()
            if key not in best or timing.median_ms < best[key].median_ms:
                best[key] = timing
            settle()
    return best


def _quantile(sorted_values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks."""
    position = q * (len(sorted_values) - 1)
    low = int(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)
