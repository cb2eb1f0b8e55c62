"""End-to-end runs of the Snakemake graph in a scratch copy of the workflow:
one program's chain, the whole default target, up-to-date checks, rebuilds
after a loader changes, and the failure of a test fed a wrong reference."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

from conftest import TIMINGS
from workflow import copy_workflow, snakemake

CHAIN = ["torch.mlir", "tcp.mlir", "llvm.mlir", "ll", "S", "so"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A copy of the workflow after `snakemake -j2` (everything built and
    tested); prints how long it took."""
    workdir = copy_workflow(tmp_path_factory.mktemp("workflow"))
    start = time.monotonic()
    run = snakemake(workdir, "-j2")
    elapsed = time.monotonic() - start
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    programs = len(config["models"]) + len(config["tcp_sources"])
    TIMINGS.append(f"snakemake -j2: {programs} programs built and tested in {elapsed:.1f} s")
    assert run.returncode == 0, run.output[-5000:]
    return workdir


def test_one_shared_object_builds_exactly_its_chain(tmp_path):
    workdir = copy_workflow(tmp_path)
    run = snakemake(workdir, "-j2", "results/broadcast_add_mixed_ranks.so")
    assert run.returncode == 0, run.output[-3000:]
    produced = sorted(p.name for p in (workdir / "results").iterdir())
    assert produced == sorted([f"broadcast_add_mixed_ranks.{ext}" for ext in CHAIN] + ["toolchain.json"])
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(workdir / "results/broadcast_add_mixed_ranks.so")],
                             capture_output=True, text=True, check=True).stdout
    assert re.search(r" T func_main$", symbols, re.MULTILINE)
    assert re.search(r" T _mlir_ciface_func_main$", symbols, re.MULTILINE)
    tcp = (workdir / "results/broadcast_add_mixed_ranks.tcp.mlir").read_text()
    assert re.search(r"tcp\.broadcast %\S+, %\S+ \{axes = \[0\]\} : tensor<1xf32>, index -> tensor<\?xf32>", tcp)
    assert re.search(r"tcp\.add %\S+, %\S+ : tensor<\?xf32>, tensor<\?xf32> -> tensor<\?xf32>", tcp)
    for stage in ("mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "S", "so"):
        assert (workdir / f"logs/{stage}/broadcast_add_mixed_ranks.log").exists()
        assert (workdir / f"benchmarks/{stage}/broadcast_add_mixed_ranks.tsv").exists()


def test_everything_builds_and_passes(built):
    config = yaml.safe_load((built / "config.yaml").read_text())
    for name in list(config["models"]) + list(config["tcp_sources"]):
        ok = built / f"results/{name}.test.ok"
        assert ok.exists(), name
        assert "PASSED" in ok.read_text()
    leftovers = [p.name for p in (built / "results").iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_nothing_to_do_after_a_full_build(built):
    run = snakemake(built, "-n")
    assert run.returncode == 0
    assert "Nothing to be done" in run.output


def test_touching_a_loader_rebuilds_only_its_model(built):
    loader = built / "models/two_outputs.py"
    later = time.time() + 5
    os.utime(loader, (later, later))
    run = snakemake(built, "-n")
    names = set(re.findall(r"wildcards: name=(\w+)", run.output))
    assert names == {"two_outputs"}, run.output
    rerun = snakemake(built, "-j2")
    assert rerun.returncode == 0, rerun.output[-3000:]


def test_a_wrong_reference_fails_the_test(built, tmp_path):
    npz = built / "results/two_outputs.npz"
    with np.load(npz) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["Output1"] = arrays["Output1"].copy()
    arrays["Output1"].flat[3] += 0.5
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, **arrays)
    binary = str(built / "results/two_outputs_test")
    good = subprocess.run([binary, str(npz)], capture_output=True, text=True)
    assert good.returncode == 0, good.stdout
    bad = subprocess.run([binary, str(wrong)], capture_output=True, text=True)
    assert bad.returncode != 0
    assert "1 of 12 elements differ; first: element 3" in bad.stdout
    assert "Output1" in bad.stdout


def test_dag_draws(built):
    dot = snakemake(built, "--dag", "dot", "results/broadcast_add_mixed_ranks.test.ok", "--forceall")
    assert dot.returncode == 0
    svg = subprocess.run(["dot", "-Tsvg"], input=dot.stdout, capture_output=True, text=True)
    assert svg.returncode == 0 and "<svg" in svg.stdout
    labels = set(re.findall(r'label = "(\w+)', dot.stdout))
    assert {"mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "S", "so", "npz", "test_cpp", "test_bin",
            "test_run", "toolchain"} <= labels
