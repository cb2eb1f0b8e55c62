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
    ns, calls = program.kernel_times()
    assert list(calls) == [3] * len(kernels) and ns.sum() > 0


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
