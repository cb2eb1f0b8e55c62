"""End-to-end runs of the Snakemake graph in a scratch copy of the workflow:
one program's chain, the whole default target, up-to-date checks, rebuilds
after a loader, the compiler or a setting changes, and the failure of a test
fed a wrong reference."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

from conftest import ROOT, record_timing
from tcp_aot.config import program_tolerance
from workflow import copy_workflow, planned_jobs, set_config, snakemake, touched

CHAIN = ["torch.mlir", "torch.weights", "tcp.mlir", "weights", "signature.json", "llvm.mlir", "ll", "opt.ll", "S",
         "so"]


# The programs the suite builds and tests end to end: a third of the build
# of every program, which `make` runs (45 minutes on a slow 2-core host: the
# suite would not fit its 40). Each is here for what it alone exercises, or
# because a test below names it; together they cover every kind of loader
# (nn.Module, TCP source, torchvision, transformers, PT2E int8, bf16, f16),
# every dtype and both weights paths, dynamic and 0-d shapes, and each op
# family's program.
PROGRAMS = {
    "tcp_sources": ["basic_tcp_ops", "broadcast_slice_cast", "gather_concat", "math_and_products"],
    "models": [
        # elementwise, dtypes and shapes
        "broadcast_add_mixed_ranks", "two_outputs", "two_dynamic_dims", "scalar_arith", "int_arith",
        "div_modes_int", "dtype_conversions", "promotion_bool_int", "bool_arithmetic", "float64_math",
        "unit_dim_broadcast_dynamic", "size_int", "cat_float_dynamic", "slice_dynamic", "gather_dynamic",
        "advanced_indexing_broadcast", "output_is_input", "many_inputs_outputs", "scalar_tensor_rhs",
        # op families
        "matmul_ranks", "linear_variants", "conv_variants", "pooling_variants", "reductions", "normalizations",
        "math_ops", "interpolate_modes", "attention_masks", "sort_topk", "scatter_ops", "embedding_bags",
        # models, and the low-precision loaders built on models/mlp.py
        "mlp", "resnet_basic_block", "transformer_encoder", "gpt_block", "lstm_cell",
        "gpt_block_bf16", "mlp_f16", "mlp_int8", "mlp_int8_dynamic", "resnet_basic_block_int8",
        # the libraries' models
        "zoo_resnet50", "zoo_bert", "zoo_llama_int8", "zoo_resnet_bottleneck_int8",
    ],
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A copy of the workflow, with PROGRAMS as its programs, after
    `snakemake -j2` (everything built and tested); prints how long it took."""
    workdir = copy_workflow(tmp_path_factory.mktemp("workflow"))
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    set_config(workdir, **{kind: {name: config[kind][name] for name in names} for kind, names in PROGRAMS.items()})
    start = time.monotonic()
    # 10-15 minutes on 2 cores; the limit only stops a hang.
    run = snakemake(workdir, "-j2", timeout=3600)
    elapsed = time.monotonic() - start
    programs = sum(len(names) for names in PROGRAMS.values())
    record_timing(f"snakemake -j2: {programs} programs built and tested in {elapsed:.1f} s")
    assert run.returncode == 0, run.report
    return workdir


def test_one_shared_object_builds_exactly_its_chain(tmp_path):
    workdir = copy_workflow(tmp_path)
    run = snakemake(workdir, "-j2", "results/broadcast_add_mixed_ranks.so")
    assert run.returncode == 0, run.report
    produced = sorted(p.name for p in (workdir / "results").iterdir())
    assert produced == sorted([f"broadcast_add_mixed_ranks.{ext}" for ext in CHAIN] + ["code", "toolchain.json"])
    listings = sorted(p.name for p in (workdir / "results/code").iterdir())
    assert listings == ["assemble.txt", "ll.txt", "mlir_llvm.txt", "mlir_tcp.txt", "mlir_torch.txt",
                        "optimize.txt", "shared_object.txt", "signature.txt", "toolchain.txt"]
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(workdir / "results/broadcast_add_mixed_ranks.so")],
                             capture_output=True, text=True, check=True).stdout
    assert re.search(r" T func_main$", symbols, re.MULTILINE)
    assert re.search(r" T _mlir_ciface_func_main$", symbols, re.MULTILINE)
    assert re.search(r" T broadcast_add_mixed_ranks_func_main$", symbols, re.MULTILINE)  # the C interface
    tcp = (workdir / "results/broadcast_add_mixed_ranks.tcp.mlir").read_text()
    assert re.search(r"tcp\.broadcast %\S+, %\S+ \{axes = \[0\]\} : tensor<1xf32>, index -> tensor<\?xf32>", tcp)
    assert re.search(r"tcp\.add %\S+, %\S+ : tensor<\?xf32>, tensor<\?xf32> -> tensor<\?xf32>", tcp)
    for stage in ("mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "opt", "S", "so"):
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
    start = time.monotonic()
    run = snakemake(built, "-n")
    elapsed = time.monotonic() - start
    models, sources = _programs(built)
    record_timing(f"snakemake -n on the built tree of {len(models) + len(sources)} programs "
                   f"(nothing to do): {elapsed:.1f} s")
    assert run.returncode == 0
    assert "Nothing to be done" in run.output


# What an edit of the compiler reruns: rule -> which programs (stage_code's
# jobs are per stage, not per program).
FROM_MLIR_LLVM = {"mlir_llvm", "ll", "opt", "S", "so", "test_bin", "test_run"}
FROM_MLIR_TCP = {"mlir_tcp", "test_cpp", "signature", "header"} | FROM_MLIR_LLVM


def _programs(workdir: Path) -> tuple[set[str], set[str]]:
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    return set(config["models"]), set(config["tcp_sources"])


def test_editing_a_tcp_to_linalg_pattern_reruns_mlir_llvm_onward(built):
    models, sources = _programs(built)
    with touched(ROOT / "tcp_aot/conversion/tcp_to_linalg/elementwise.py"):
        jobs = planned_jobs(snakemake(built, "-n"))
    assert jobs.pop("stage_code") == {"mlir_llvm"}
    assert jobs == {rule: models | sources for rule in FROM_MLIR_LLVM}


def test_editing_a_torch_to_tcp_pattern_reruns_mlir_tcp_onward(built):
    models, sources = _programs(built)
    with touched(ROOT / "tcp_aot/conversion/torch_to_tcp/elementwise.py"):
        jobs = planned_jobs(snakemake(built, "-n"))
    assert jobs.pop("stage_code") == {"mlir_tcp"}
    # A TCP source's reference data comes from its .tcp.mlir; a model's does not.
    assert jobs.pop("npz") == sources
    assert jobs == {rule: models | sources for rule in FROM_MLIR_TCP}


def test_editing_the_dialect_leaves_the_front_end_alone(built):
    with touched(ROOT / "tcp_aot/dialects/tcp.py"):
        jobs = planned_jobs(snakemake(built, "-n"))
    assert "mlir_torch" not in jobs
    assert jobs["npz"] == _programs(built)[1]  # the interpreter's reference data only
    assert {"mlir_tcp", "mlir_llvm", "ll", "test_cpp"} <= set(jobs["stage_code"])


def test_editing_the_test_support_header_reruns_the_tests(built):
    models, sources = _programs(built)
    with touched(ROOT / "tcp_aot/runtime/tcp_aot_test_support.h"):
        run = snakemake(built, "-n")
    assert re.search(r"^rule test_support:$", run.stdout, re.MULTILINE)  # precompiles it, once
    assert planned_jobs(run) == {"test_bin": models | sources, "test_run": models | sources}


def test_changing_a_toolchain_setting_reruns_from_its_stage(built):
    models, sources = _programs(built)
    config = (built / "config.yaml").read_text()
    try:
        toolchain = yaml.safe_load(config)["toolchain"]
        set_config(built, toolchain={**toolchain, "opt_level": 2 if toolchain["opt_level"] == 3 else 3})
        jobs = planned_jobs(snakemake(built, "-n"))
    finally:
        (built / "config.yaml").write_text(config)
    assert jobs == {rule: models | sources for rule in ("opt", "S", "so", "test_bin", "test_run")}


def test_every_stage_depends_on_every_package_module_it_loads(built, tmp_path):
    """stage_code reads imports statically; run each stage of a model and of
    a TCP source for real (python -X importtime) and check that every
    package module it loaded is in its listing."""
    # Not in the default target:
    assert snakemake(built, "-j1", "results/code/bisect.txt", "results/code/profile.txt").returncode == 0
    run = snakemake(built, "-n", "-p", "--forceall", "results/two_outputs.test.ok",
                    "results/basic_tcp_ops.test.ok", "results/two_outputs.h", "results/two_outputs.bisect.txt",
                    "results/two_outputs.profile.md")
    checked = set()
    for block in run.stdout.split("\nrule ")[1:]:
        command = re.search(r"^Shell command: (.*)$", block, re.MULTILINE).group(1)
        listing = re.search(r"results/code/(\w+)\.txt", block)
        if "scripts/stage_code.py" in command:
            continue
        stage = listing.group(1)
        _, script, *args = command.split()  # `python`: the virtualenv's, first on the jobs' PATH
        # Every output (the weights too) and the log go to scratch, so the built tree stays up to date.
        outputs = re.search(r"^\s*output: (.*)$", block, re.MULTILINE).group(1).split(", ")
        out = tmp_path / f"{stage}.{len(checked)}"
        args = [f"{out}.{Path(arg).name}" if arg in outputs else f"{out}.log" if prev == "--log" else arg
                for prev, arg in zip([""] + args, args)]
        proc = subprocess.run([sys.executable, "-X", "importtime", script, *args], cwd=built, capture_output=True,
                              text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
        loaded = set(re.findall(r"\|\s+(tcp_aot(?:\.\w+)*)$", proc.stderr, re.MULTILINE))
        listed = {_module(line.split()[1]) for line in (built / listing.group(0)).read_text().splitlines()}
        assert loaded and loaded <= listed, (stage, sorted(loaded - listed))
        checked.add(stage)
    assert checked == {"mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "toolchain", "optimize", "assemble",
                       "shared_object", "npz_model", "npz_tcp_source", "test_cpp", "test_support", "test_bin",
                       "test_run", "signature", "header", "bisect", "profile"}


def _module(path: str) -> str:
    """tcp_aot/x/y.py -> tcp_aot.x.y; tcp_aot/x/__init__.py -> tcp_aot.x"""
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_touching_a_loader_rebuilds_only_its_model(built):
    loader = built / "models/two_outputs.py"
    later = time.time() + 5
    os.utime(loader, (later, later))
    run = snakemake(built, "-n")
    names = set(re.findall(r"wildcards: name=(\w+)", run.output))
    assert names == {"two_outputs"}, run.output
    rerun = snakemake(built, "-j2")
    assert rerun.returncode == 0, rerun.report


def test_touching_a_model_another_loader_builds_on_rebuilds_both(built):
    """models/low_precision.py and models/quantized.py import models/mlp.py:
    their programs rerun too."""
    config = yaml.safe_load((built / "config.yaml").read_text())
    importers = {name for name, entry in config["models"].items()
                 if str(entry).startswith(("models.low_precision.", "models.quantized."))}
    with touched(built / "models/mlp.py"):
        run = snakemake(built, "-n")
    names = set(re.findall(r"wildcards: name=(\w+)", run.output))
    assert {"mlp_f16", "mlp_int8"} <= importers and names == {"mlp"} | importers, run.output


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
    assert {"mlir_torch", "mlir_tcp", "mlir_llvm", "ll", "opt", "S", "so", "npz", "test_cpp", "test_support",
            "test_bin", "test_run", "toolchain"} <= labels


def test_lint_only_advises_per_rule_environments():
    """`snakemake --lint` has nothing to say but its advice to pin a conda
    environment or container per rule (docs/workflow.md says why that does not
    apply)."""
    lint = snakemake(ROOT, "--lint")
    advice = set(re.findall(r"^\s+\* (.*)$", lint.output, re.MULTILINE))
    rules = re.findall(r"^Lints for rule (\w+)", lint.output, re.MULTILINE)
    assert advice == {"Specify a conda environment or container for each rule.:"}, lint.output
    assert "mlir_llvm" in rules and "Lints for snakefile" not in lint.output


def test_every_program_runs_through_the_python_runtime_with_and_without_a_pool(built):
    """Each function of each program, through tcp_aot.load on the .npz
    cases: the status-returning entry, output_dims, and a pool of exactly
    pool_bytes bytes (a pool too small would fail the call), within the
    program's tolerance (and its products' precision), as its C++ test."""
    import tcp_aot
    from tcp_aot.element_types import is_float_dtype, precision_dtype, tolerance
    from tcp_aot.reference.npz import load_npz, npz_key

    models, sources = _programs(built)
    config = yaml.safe_load((built / "config.yaml").read_text())
    checked = 0
    for name in sorted(models | sources):
        tol = program_tolerance(config, name)
        program = tcp_aot.load(built / f"results/{name}.so")
        products = precision_dtype(program.signature.precision)
        npz = load_npz(built / f"results/{name}.npz")
        for f in program.signature.functions:
            prefix = f"{f.name}/" if name in sources else ""
            for case in (0, 1):
                keys = [npz_key(prefix, case, f"Input{i}") for i in range(len(f.inputs))] + \
                    [npz_key(prefix, case, f"Output{i}") for i in range(len(f.outputs))]
                if not all(k in npz for k in keys):
                    continue
                inputs = [npz[k] for k in keys[:len(f.inputs)]]
                expected = [npz[k] for k in keys[len(f.inputs):]]
                pool = np.empty(program.functions[f.name].pool_bytes([a.shape for a in inputs]), np.uint8)
                for got in (program.functions[f.name](*inputs), program.functions[f.name](*inputs, pool=pool)):
                    got = got if isinstance(got, tuple) else (got,)
                    for g, e in zip(got, expected, strict=True):
                        assert g.dtype == e.dtype and g.shape == e.shape, (name, f.name)
                        rtol, atol = tolerance(e, tol["rtol"], tol["atol"], products)
                        if is_float_dtype(e.dtype):  # bfloat16 too
                            g, e = g.astype(np.float64), e.astype(np.float64)
                        np.testing.assert_allclose(g, e, rtol=rtol, atol=atol, equal_nan=True, err_msg=name)
                checked += 1
    assert checked >= len(models | sources)
