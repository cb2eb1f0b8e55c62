"""Bad input, one row of the matrix per test: each must stop with one line
naming the program, the stage and the cause, a non-zero exit and nothing
left that looks complete; and a rerun after the fix must recover without
manual cleanup."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from workflow import SNAKEMAKE, copy_workflow, error_lines, set_config, snakemake

GOOD_MODEL = "models.broadcast_add_mixed_ranks.broadcast_add_mixed_ranks_loader"


@pytest.fixture
def workdir(tmp_path) -> Path:
    """A workflow copy with one model (`m`) and no TCP source."""
    wd = copy_workflow(tmp_path / "wf")
    set_config(wd, models={"m": GOOD_MODEL}, tcp_sources={})
    return wd


def write_model(workdir: Path, name: str, body: str) -> str:
    (workdir / "models" / f"{name}.py").write_text(textwrap.dedent(body))
    return f"models.{name}.loader"


def outputs(workdir: Path) -> list[str]:
    """The program outputs in results/ (not the listings of the stages' code)."""
    results = workdir / "results"
    return sorted(p.name for p in results.iterdir() if p.name != "code") if results.exists() else []


def fails_cleanly(run, stage: str, cause: str, program: str = "m") -> None:
    assert run.returncode != 0
    lines = error_lines(run)
    assert len(lines) == 1, run.output[-3000:]
    assert lines[0].startswith(f"error: [{program}] {stage}: "), lines[0]
    assert cause in lines[0], lines[0]
    assert "Traceback (most recent call last)" not in run.output


def recovers(workdir: Path, target: str) -> None:
    run = snakemake(workdir, "-j2", target)
    assert run.returncode == 0, run.report
    assert (workdir / target).exists()


# ---------------------------------------------------------------------------
# config.yaml
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("change,message", [
    (lambda c: c.update(bogus=1), "config.yaml: Additional properties are not allowed ('bogus' was unexpected)"),
    (lambda c: c["tolerance"].update(rtol="tight"), "config.yaml: tolerance.rtol: 'tight' is not of type 'number'"),
    (lambda c: c["models"].update({"m;rm -rf x": GOOD_MODEL}),
     "config.yaml: models: 'm;rm -rf x' does not match '^[A-Za-z][A-Za-z0-9_]*$'"),
    (lambda c: c["models"].update({"../escape": GOOD_MODEL}),
     "config.yaml: models: '../escape' does not match '^[A-Za-z][A-Za-z0-9_]*$'"),
    (lambda c: c["models"].update(m="not a path"),
     "config.yaml: models.m: 'not a path' is not valid under any of the given schemas"),
], ids=["unknown key", "wrong type", "unsafe name", "path in name", "bad loader path"])
def test_config(workdir, change, message):
    import yaml

    good = (workdir / "config.yaml").read_text()
    config = yaml.safe_load(good)
    change(config)
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    run = snakemake(workdir, "-j2", "results/m.torch.mlir")
    assert run.returncode != 0
    assert message in run.output, run.output[-2000:]
    assert "Failed validating" not in run.output  # no schema dump
    assert outputs(workdir) == []
    (workdir / "config.yaml").write_text(good)
    recovers(workdir, "results/m.torch.mlir")


def test_name_not_in_config(workdir):
    run = snakemake(workdir, "-j2", "results/nope.so")
    assert run.returncode != 0
    assert "'nope' is not in config.yaml: list it under models: or tcp_sources:" in run.output


# ---------------------------------------------------------------------------
# Loaders
# ---------------------------------------------------------------------------

LOADER_CASES = {
    "module not found": ("models.does_not_exist.loader", None,
                         "cannot import loader module 'models.does_not_exist': No module named "
                         "'models.does_not_exist'"),
    "function missing": ("models.broadcast_add_mixed_ranks.no_such_loader", None,
                         "module 'models.broadcast_add_mixed_ranks' has no loader function 'no_such_loader'"),
    "loader raises": (None, """
        def loader():
            raise ValueError("weights not found")
        """, "loader 'models.bad.loader' raised ValueError: weights not found"),
    "wrong return type": (None, """
        import torch
        def loader():
            return torch.nn.Linear(2, 2), [torch.randn(2)]
        """, "loader 'models.bad.loader' returned tuple, expected TorchLoaderOutput"),
    "inputs do not match": (None, """
        import torch
        from tcp_aot.loader import TorchLoaderOutput
        class Add(torch.nn.Module):
            def forward(self, x, y):
                return x + y
        def loader():
            return TorchLoaderOutput(model=Add(), inputs=[torch.randn(3)])
        """, "torch.export failed: TypeError:"),
    "dynamic_shapes rejected": (None, """
        import torch
        from torch.export import Dim
        from tcp_aot.loader import TorchLoaderOutput
        class Add(torch.nn.Module):
            def forward(self, x, y):
                return x + y
        def loader():
            # y is static (4), so x's dim cannot be dynamic.
            return TorchLoaderOutput(model=Add(), inputs=[torch.randn(4), torch.randn(4)],
                                     dynamic_shapes=[{0: Dim("n")}, {}])
        """, "torch.export failed:"),
}


@pytest.mark.parametrize("case", list(LOADER_CASES))
def test_loader(workdir, case):
    path, source, cause = LOADER_CASES[case]
    if source is not None:
        path = write_model(workdir, "bad", source)
    set_config(workdir, models={"m": path})
    run = snakemake(workdir, "-j2", "results/m.torch.mlir")
    fails_cleanly(run, "mlir_torch", cause)
    assert outputs(workdir) == []
    set_config(workdir, models={"m": GOOD_MODEL})
    recovers(workdir, "results/m.torch.mlir")


# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------


def test_unsupported_op(workdir):
    path = write_model(workdir, "unsupported", """
        import torch
        from tcp_aot.loader import TorchLoaderOutput
        class Unsupported(torch.nn.Module):
            def forward(self, x):
                return torch.diagonal(x)[:1] + x.kthvalue(2, 0)[0]
        def loader():
            return TorchLoaderOutput(model=Unsupported(), inputs=[torch.randn(4, 3)])
        """)
    set_config(workdir, models={"m": path})
    run = snakemake(workdir, "-j2", "results/m.so")
    assert run.returncode != 0
    message = run.stderr[run.stderr.index("error: [m] mlir_tcp: "):]
    assert message.startswith("error: [m] mlir_tcp: 2 ops could not be converted to TCP:\n"
                              "  results/m.torch.mlir:")
    assert "torch.aten.diagonal (no Torch-to-TCP pattern for this op)" in message
    assert "torch.aten.kthvalue (no Torch-to-TCP pattern for this op)" in message
    assert outputs(workdir) == ["m.torch.mlir", "m.torch.weights", "toolchain.json"]  # no m.tcp.mlir, no m.weights
    # With allow_unconverted the TCP is written, with both ops as tcp.custom_op;
    # lowering then stops at the first of them (no lowering is registered).
    set_config(workdir, models={"m": {"loader": path, "allow_unconverted": True}})
    run = snakemake(workdir, "-j2", "results/m.so")
    tcp = (workdir / "results/m.tcp.mlir").read_text()
    assert 'tcp.custom_op("torch.aten.diagonal")' in tcp and 'tcp.custom_op("torch.aten.kthvalue")' in tcp
    fails_cleanly(run, "mlir_llvm", "no lowering is registered for custom op 'torch.aten.diagonal'")
    assert not (workdir / "results/m.llvm.mlir").exists()
    set_config(workdir, models={"m": GOOD_MODEL})
    recovers(workdir, "results/m.so")


@pytest.mark.parametrize("source,cause", [
    ("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %0 = tcp.add %a %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>\n"
     "  return %0 : tensor<2xf32>\n}\n",
     "tcp_sources/p.mlir:2:19: expected ','"),
    ("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %0 = tcp.tanh %a : tensor<2xf32> -> tensor<3xf32>\n"
     "  return %a : tensor<2xf32>\n}\n",
     "tcp_sources/p.mlir:2:8: 'tcp.tanh' op requires the same shape for all operands and results"),
    ("func.func @f(%a: tensor<2xf32>) {\n"
     "  %0 = tcp.tanh %a : tensor<2xf32> -> tensor<2xf32>\n"
     "  return\n}\n",
     "tcp_sources/p.mlir:1:1: function 'f' returns no tensor; a compiled function must return at least one tensor"),
], ids=["does not parse", "does not verify", "no tensor result"])
def test_bad_tcp_source(workdir, source, cause):
    good = (workdir / "tcp_sources/basic_tcp_ops.mlir").read_text()
    (workdir / "tcp_sources/p.mlir").write_text(source)
    set_config(workdir, models={}, tcp_sources={"p": {}})
    run = snakemake(workdir, "-j2", "results/p.so")
    fails_cleanly(run, "mlir_tcp", cause, program="p")
    assert not (workdir / "results/p.tcp.mlir").exists()
    (workdir / "tcp_sources/p.mlir").write_text(good)
    recovers(workdir, "results/p.so")


# ---------------------------------------------------------------------------
# Toolchain
# ---------------------------------------------------------------------------


GOOD_TOOLCHAIN = {"llc": "llc-22", "opt": "opt-22", "clang": "clang-22", "clangxx": "clang++-22",
                  "min_llvm_major": 22, "opt_level": 3, "target_cpu": "host"}


def test_missing_tool(workdir):
    set_config(workdir, toolchain=GOOD_TOOLCHAIN | {"llc": "llc-99"})
    run = snakemake(workdir, "-j2", "results/toolchain.json")
    fails_cleanly(run, "toolchain", "llc-99 not found on PATH (LLVM 22 or newer is needed", program="toolchain")
    assert outputs(workdir) == []
    set_config(workdir, toolchain=GOOD_TOOLCHAIN)
    recovers(workdir, "results/toolchain.json")


def test_too_old_tool(workdir):
    bin_dir = workdir / "oldbin"
    bin_dir.mkdir()
    (bin_dir / "clang-14").write_text("#!/bin/sh\necho 'Debian clang version 14.0.6'\n")
    (bin_dir / "clang-14").chmod(0o755)
    set_config(workdir, toolchain=GOOD_TOOLCHAIN | {"clang": f"{bin_dir}/clang-14"})
    run = snakemake(workdir, "-j2", "results/toolchain.json")
    fails_cleanly(run, "toolchain", "clang-14 is LLVM 14.0.6, but LLVM 22 or newer is needed",
                  program="toolchain")
    set_config(workdir, toolchain=GOOD_TOOLCHAIN)
    recovers(workdir, "results/toolchain.json")


def test_unknown_target_cpu(workdir):
    set_config(workdir, toolchain=GOOD_TOOLCHAIN | {"target_cpu": "pentium9"})
    run = snakemake(workdir, "-j2", "results/toolchain.json")
    fails_cleanly(run, "toolchain", "target_cpu 'pentium9' is not a CPU llc knows (see `", program="toolchain")
    set_config(workdir, toolchain=GOOD_TOOLCHAIN)
    recovers(workdir, "results/toolchain.json")


# ---------------------------------------------------------------------------
# Processes
# ---------------------------------------------------------------------------

LOADER_STARTED = "loader_started"


def _start_slow_job(workdir: Path, seconds: int, *args: str) -> subprocess.Popen:
    """Start Snakemake on model m's mlir_torch job, whose loader sleeps
    `seconds`; return once the loader is asleep (it leaves a marker file), so
    that a signal meets the stage at a known point, not while it starts."""
    loader = f"""
    import time
    from pathlib import Path
    from models.broadcast_add_mixed_ranks import broadcast_add_mixed_ranks_loader
    def loader():
        Path("{LOADER_STARTED}").touch()
        time.sleep({seconds})
        return broadcast_add_mixed_ranks_loader()
    """
    set_config(workdir, models={"m": write_model(workdir, "slow", loader)})
    # SIGINT as in a terminal: a test run started in a shell's background inherits it ignored.
    proc = subprocess.Popen([SNAKEMAKE, *args, "results/m.torch.mlir"], cwd=workdir, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not (workdir / LOADER_STARTED).exists():
        assert proc.poll() is None, proc.communicate()[0][-3000:]
        assert time.monotonic() < deadline, "the loader did not start"
        time.sleep(0.2)
    return proc


def _stage_processes(workdir: Path, script: str) -> tuple[int, int]:
    """The processes running a stage script of this workflow copy: the
    stage's own, and the worker it watches (common.run_stage)."""
    out = subprocess.run(["pgrep", "-f", f"scripts/{script}"], capture_output=True, text=True).stdout.split()
    pids = [pid for pid in map(int, out) if Path(f"/proc/{pid}/cwd").resolve() == workdir.resolve()]
    parents = {pid: int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) for pid in pids}
    workers = [pid for pid in pids if parents[pid] in pids]
    assert len(pids) == 2 and len(workers) == 1, f"{script} processes in {workdir}: {parents}"
    return parents[workers[0]], workers[0]


def test_job_killed_mid_stage(workdir):
    """The stage's worker dies of SIGKILL (the kernel's OOM killer, a
    cluster's memory limit): its log ends with one line that says so,
    Snakemake reports the job, nothing is left, the next run redoes it."""
    proc = _start_slow_job(workdir, 60, "-j2")
    os.kill(_stage_processes(workdir, "mlir_torch.py")[1], signal.SIGKILL)
    output, _ = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert "Error in rule mlir_torch" in output
    last = (workdir / "logs/mlir_torch/m.log").read_text().splitlines()[-1]
    assert re.fullmatch(r"error: \[m\] mlir_torch: killed by SIGKILL after \d+ s, at a peak memory of \d+ MB: "
                        r"most likely out of memory \(the kernel's OOM killer, or a cluster's memory limit\)", last)
    assert last in output
    assert outputs(workdir) == []
    set_config(workdir, models={"m": GOOD_MODEL})
    recovers(workdir, "results/m.torch.mlir")


def test_job_killed_as_a_whole(workdir):
    """The stage's own process dies (a cluster killing the job): its worker
    goes with it, Snakemake reports the job, nothing is left."""
    proc = _start_slow_job(workdir, 60, "-j2")
    stage, worker = _stage_processes(workdir, "mlir_torch.py")
    os.kill(stage, signal.SIGKILL)
    output, _ = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert "Error in rule mlir_torch" in output
    assert _state(worker) in (None, "Z")  # gone, or dead and not yet reaped
    assert outputs(workdir) == []


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


def test_interrupted_run_recovers_with_rerun_incomplete(workdir):
    """Snakemake itself is stopped mid-stage (Ctrl-C): its job is marked
    incomplete, no output looks complete, --rerun-incomplete redoes it."""
    proc = _start_slow_job(workdir, 60, "-j2")
    os.killpg(proc.pid, signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert outputs(workdir) == []
    set_config(workdir, models={"m": GOOD_MODEL})
    run = snakemake(workdir, "-j2", "--rerun-incomplete", "results/m.torch.mlir")
    assert run.returncode == 0, run.report
    assert "func.func @func_main" in (workdir / "results/m.torch.mlir").read_text()


def test_two_runs_at_once(workdir):
    """A second run in the same directory is refused while the first holds
    the lock; the first completes undisturbed."""
    first = _start_slow_job(workdir, 15, "-j1")
    second = snakemake(workdir, "-j1", "results/m.torch.mlir")
    assert second.returncode != 0
    assert "Directory cannot be locked" in second.output
    first.communicate(timeout=120)
    assert first.returncode == 0
    assert "func.func @func_main" in (workdir / "results/m.torch.mlir").read_text()
    assert snakemake(workdir, "-n", "results/m.torch.mlir").returncode == 0
