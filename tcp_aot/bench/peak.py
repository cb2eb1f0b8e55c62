"""What this machine can do, measured: the multiply-add throughput of one
thread (GFLOP/s of independent FMA chains on the widest vectors the CPU
has) and the memory bandwidth of one thread (GB/s of a stream triad over
arrays far larger than the caches), each by a small C loop compiled for the
host CPU. A kernel's speed is read as a fraction of these (the profile)."""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..toolchain import resolve_target_cpu, run as run_tool

# 16 independent chains of 16-lane FMAs (one zmm each with AVX-512; clang
# splits them on narrower CPUs): enough in flight to hide the FMA latency.
# Compiled with -mprefer-vector-width=512: clang's tuning for Intel server
# CPUs prefers 256 bits and would split each chain into two ymm halves, half
# the rate of the zmm FMAs our kernels run (llc sees no preference in them).
_FMA = r"""
#include <stdio.h>
#include <time.h>
typedef float v16 __attribute__((vector_size(64)));
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  v16 acc[16], a, b;
  for (int i = 0; i < 16; ++i) { a[i] = 0.999f; b[i] = 1e-3f; }
  for (int j = 0; j < 16; ++j) acc[j] = b * (float)j;
  double best = 0;
  for (int round = 0; round < 5; ++round) {
    long iterations = 4000000;
    double start = now();
    for (long i = 0; i < iterations; ++i)
      for (int j = 0; j < 16; ++j) acc[j] = acc[j] * a + b;
    double rate = iterations * 16.0 * 16 * 2 / (now() - start) / 1e9;
    best = rate > best ? rate : best;
  }
  float sink = 0;
  for (int j = 0; j < 16; ++j) sink += acc[j][0];
  printf("%f %f\n", best, sink);
  return 0;
}
"""

# a = b + s * c over three arrays of 64 MiB each: 3 x 64 MiB moved per pass.
_TRIAD = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  long n = 16L << 20;
  float *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4);
  for (long i = 0; i < n; ++i) { a[i] = 0; b[i] = i; c[i] = 2 * i; }
  double best = 0;
  for (int round = 0; round < 5; ++round) {
    double start = now();
    for (long i = 0; i < n; ++i) a[i] = b[i] + 0.5f * c[i];
    double rate = 3.0 * n * 4 / (now() - start) / 1e9;
    best = rate > best ? rate : best;
  }
  printf("%f %f\n", best, a[n / 2]);
  return 0;
}
"""


@dataclass(frozen=True)
class Peaks:
    fma_gflops: float  # one thread
    bandwidth_gbs: float  # one thread


def measure(clang: str = "clang-22", cpu: str | None = None) -> Peaks:
    """Both peaks, with clang (LLVM 22) for `cpu` (an LLVM CPU name; by
    default the host's, as llc-22 sees it: clang's `native` may leave out
    vector features a virtual machine hides from CPUID)."""
    if cpu is None:
        cpu = resolve_target_cpu("llc-22", "host")
    with tempfile.TemporaryDirectory(prefix="tcp_aot_peak_") as work:
        return Peaks(_run(clang, cpu, _FMA, Path(work) / "fma"), _run(clang, cpu, _TRIAD, Path(work) / "triad"))


def clang_flags(cpu: str) -> list[str]:
    return ["-O3", f"-march={cpu}", "-mprefer-vector-width=512", "-ffp-contract=fast"]


def _run(clang: str, cpu: str, source: str, binary: Path) -> float:
    binary.with_suffix(".c").write_text(source)
    run_tool([clang, *clang_flags(cpu), str(binary.with_suffix(".c")), "-o", str(binary)], "clang")
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    return float(out.split()[0])
