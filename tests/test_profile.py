"""The per-kernel profile: a profiled build times each kernel (the default
.so has no timers), computes what the default build computes, and the
report attributes the time to TCP ops with their FLOPs; `snakemake
results/NAME.profile.md` and `tcp-aot profile` make it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

import tcp_aot
from tcp_aot import profile
from tcp_aot.bench.peak import Peaks
from tcp_aot.stages import mlir_tcp
from workflow import snakemake


@pytest.fixture(scope="module")
def profiled(interface_programs, tmp_path_factory) -> Path:
    """mlp's profiled build, made in process."""
    results = interface_programs
    work = tmp_path_factory.mktemp("profile")
    so = work / "mlp.profile.so"
    profile.build("mlp", results / "mlp.tcp.mlir", results / "mlp.weights", results / "toolchain.json", 3, so, work)
    return so


def _inputs(results: Path) -> list[np.ndarray]:
    reference = np.load(results / "mlp.npz")
    return [reference["Input0"]]


def test_the_default_build_has_no_timers(interface_programs):
    symbols = subprocess.run(["nm", "-D", str(interface_programs / "mlp.so")], capture_output=True, text=True,
                             check=True).stdout
    assert "profile" not in symbols
    assert tcp_aot.load(interface_programs / "mlp.so").kernels is None


def test_a_profiled_build_computes_the_same_and_counts_its_kernels(interface_programs, profiled):
    program, default = tcp_aot.load(profiled), tcp_aot.load(interface_programs / "mlp.so")
    x = _inputs(interface_programs)[0]
    np.testing.assert_array_equal(program.func_main(x), default.func_main(x))
    kernels = program.kernels
    assert kernels and all(k["function"] == "func_main__into" for k in kernels)
    program.reset_kernel_times()
    for _ in range(3):
        program.func_main(x)
    ns, calls, thread_ns = program.kernel_times()
    assert list(calls) == [3] * len(kernels) and ns.sum() > 0
    assert not thread_ns.any()  # each thread's share is timed only when asked


# Three rows, each a parallel loop's iteration of equal work (the bias's
# broadcast keeps the rows from being one loop): 2 threads take 2 and 1.
UNEVEN = """
func.func @func_main(%x: tensor<3x262144xf32>, %b: tensor<3x1xf32>) -> tensor<3x262144xf32> {
  %c262144 = arith.constant 262144 : index
  %bb = tcp.broadcast %b, %c262144 {axes = [1]} : tensor<3x1xf32>, index -> tensor<3x262144xf32>
  %0 = tcp.add %x, %bb : tensor<3x262144xf32>, tensor<3x262144xf32> -> tensor<3x262144xf32>
  %1 = tcp.tanh %0 : tensor<3x262144xf32> -> tensor<3x262144xf32>
  return %1 : tensor<3x262144xf32>
}
"""


def test_the_report_says_how_evenly_threads_share_a_kernel(interface_programs, tmp_path):
    source, tcp_mlir = tmp_path / "uneven.mlir", tmp_path / "uneven.tcp.mlir"
    source.write_text(UNEVEN)
    mlir_tcp.run(source, tcp_mlir)
    so = tmp_path / "uneven.profile.so"
    profile.build("uneven", tcp_mlir, tmp_path / "uneven.weights", interface_programs / "toolchain.json", 3, so,
                  tmp_path)
    program = tcp_aot.load(so)
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal((3, 262144), np.float32), rng.standard_normal((3, 1), np.float32)]
    np.testing.assert_allclose(program.func_main(*inputs), np.tanh(inputs[0] + inputs[1]), rtol=1e-5, atol=1e-6)
    result = profile.profile(program, {"func_main": inputs}, tcp_mlir, Peaks(fma_gflops=100.0, bandwidth_gbs=10.0),
                             {"cpu_model": "cpu", "logical_cpus": 2}, [1, 2], min_calls=20, min_seconds=0.0)
    group = profile.groups(result["functions"]["func_main"], "2")[0]  # the fused add and tanh, most time
    assert "tcp.tanh" in group["tcp_ops"][0]
    first, second = group["thread_seconds"]
    assert 1.6 < first / second < 2.5  # two rows to one
    report = profile.markdown(result, "uneven.tcp.mlir")
    one, two = report.split("## @func_main, 2 thread(s)")
    assert "busiest thread / mean" not in one and "busiest thread / mean" in two
    row = next(line for line in two.splitlines() if line.startswith("| tcp."))
    assert 1.2 < float(row.rstrip(" |").rsplit("|", 1)[1]) < 1.45  # 2 rows over their mean of 1.5


def test_the_report_attributes_time_and_flops_to_tcp_ops(interface_programs, profiled):
    results = interface_programs
    program = tcp_aot.load(profiled)
    result = profile.profile(program, {"func_main": _inputs(results)}, results / "mlp.tcp.mlir",
                             Peaks(fma_gflops=100.0, bandwidth_gbs=10.0), {"cpu_model": "cpu", "logical_cpus": 2},
                             [1, 2], min_calls=5, min_seconds=0.0)
    data = result["functions"]["func_main"]
    for threads in ("1", "2"):
        t = data["timings"][threads]
        assert t["calls"] >= 5 and 0 < sum(t["kernel_ns"]) / 1e9 <= t["seconds"]
    # mlp: 32 -> 64 -> 32 -> 10 on a batch of 8; each product is attributed once, however many kernels it became.
    groups = profile.groups(data, "1")
    products = [g for g in groups if g["tcp_ops"] and g["tcp_ops"][0].split("=")[1].strip().startswith("tcp.contract")]
    batch = _inputs(results)[0].shape[0]
    assert sorted(g["flops"] for g in products) == sorted(2 * batch * k * n for k, n in ((32, 64), (64, 32), (32, 10)))
    report = profile.markdown(result, "results/mlp.tcp.mlir")
    assert "## @func_main, 2 thread(s):" in report
    row = next(line for line in report.splitlines() if line.startswith("| tcp.contract"))
    assert row.count("|") == 10 and "% |" in row


def test_snakemake_and_tcp_aot_profile(interface_programs, tmp_path):
    workdir = interface_programs.parent
    bench = yaml.safe_load((workdir / "config.yaml").read_text())["bench"] | {"min_calls": 5, "min_seconds": 0.1}
    (tmp_path / "quick.yaml").write_text(yaml.safe_dump({"bench": bench}))
    run = snakemake(workdir, "-j2", "results/mlp.profile.md", "--configfile", "config.yaml", str(tmp_path / "quick.yaml"))
    assert run.returncode == 0, run.report
    report = (interface_programs / "mlp.profile.md").read_text()
    assert report.startswith("# Profile of mlp\n") and "| tcp.contract" in report
    assert (interface_programs / "mlp.profile.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    np.save(tmp_path / "x.npy", _inputs(interface_programs)[0])
    cli = subprocess.run([str(Path(sys.executable).parent / "tcp-aot"), "profile", "results/mlp.profile.so", "--input",
                          str(tmp_path / "x.npy"), "--min-seconds", "0.1"], cwd=workdir, capture_output=True,
                         text=True)
    assert cli.returncode == 0, cli.stderr
    assert "| tcp.contract" in cli.stdout  # the kernels' locations name results/mlp.tcp.mlir, which is there
    not_profiled = subprocess.run([str(Path(sys.executable).parent / "tcp-aot"), "profile", "results/mlp.so",
                                   "--input", str(tmp_path / "x.npy")], cwd=workdir, capture_output=True, text=True)
    assert not_profiled.returncode == 2
    assert "carries no timers: it is not a profiled build" in not_profiled.stderr
