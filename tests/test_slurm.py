"""The same workflow through Snakemake's SLURM executor on a real
single-node SLURM (brought up and torn down here): artifacts identical to a
local run's, every job run under SLURM. Skipped, with the reason, only where
SLURM cannot be brought up."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from slurm_cluster import SlurmCluster, unavailable
from workflow import copy_workflow, snakemake

PROGRAMS = ["two_dynamic_dims", "basic_tcp_ops"]  # a model and a TCP source
TEXT_ARTIFACTS = ["tcp.mlir", "llvm.mlir", "ll", "S", "test.ok"]
STAGES = ["mlir_tcp", "mlir_llvm", "ll", "opt", "S", "so", "npz", "test_cpp", "test_bin", "test_run"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    reason = unavailable()
    if reason:
        pytest.skip(f"skipped: {reason}")
    with SlurmCluster(tmp_path_factory.mktemp("slurm")) as c:
        yield c


def _defined_symbols(so: Path) -> list[str]:
    out = subprocess.run(["nm", "-D", "--defined-only", str(so)], capture_output=True, text=True, check=True)
    return sorted(line.split()[-1] for line in out.stdout.splitlines())


def test_slurm_run_matches_local_run(cluster, tmp_path):
    targets = [f"results/{p}.test.ok" for p in PROGRAMS]
    local = copy_workflow(tmp_path / "local")
    remote = copy_workflow(tmp_path / "slurm")
    run = snakemake(local, "-j2", *targets)
    assert run.returncode == 0, run.report
    run = snakemake(remote, "--profile", "profiles/slurm", *targets, timeout=900)
    assert run.returncode == 0, run.report

    for program in PROGRAMS:
        kinds = TEXT_ARTIFACTS + (["torch.mlir"] if program == "two_dynamic_dims" else [])
        for kind in kinds:
            name = f"results/{program}.{kind}"
            assert (local / name).read_bytes() == (remote / name).read_bytes(), name
        cpp = f"results/{program}_test.cpp"
        assert (local / cpp).read_bytes() == (remote / cpp).read_bytes(), cpp
        assert _defined_symbols(local / f"results/{program}.so") == _defined_symbols(remote / f"results/{program}.so")
        with np.load(local / f"results/{program}.npz") as a, np.load(remote / f"results/{program}.npz") as b:
            assert sorted(a.files) == sorted(b.files)
            for key in a.files:
                np.testing.assert_array_equal(a[key], b[key], err_msg=key)
        for stage in STAGES:
            log = (remote / f"logs/{stage}/{program}.log").read_text()
            assert re.search(r"in SLURM job \d+", log), f"{stage} of {program} did not run under SLURM"
            assert "SLURM job" not in (local / f"logs/{stage}/{program}.log").read_text()
