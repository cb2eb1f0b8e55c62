"""`snakemake coverage` on a user's own models, given on the command line
(config files, --config): one that passes, two stopped by torch ops that
have no TCP conversion, one whose loader raises. The report has a row per
model and counts the programs each unsupported op blocks; a second run
retries only what failed. And what the report does when the nested run fails
in a way no stage's log explains."""

from __future__ import annotations

import re
import textwrap
import time

import pytest
import yaml

from conftest import ROOT, record_timing
from tcp_aot import coverage
from tcp_aot.errors import StageError
from workflow import copy_workflow, snakemake

LOADERS = """
    import torch
    from tcp_aot.loader import TorchLoaderOutput

    class DiagonalKth(torch.nn.Module):
        def forward(self, x):
            return torch.diagonal(x)[:1] + x.kthvalue(2, 0)[0]

    class Diagonal(torch.nn.Module):
        def forward(self, x):
            return torch.diagonal(x) * 2.0

    def diagonal_kth_loader():
        return TorchLoaderOutput(model=DiagonalKth(), inputs=[torch.randn(4, 3)])

    def diagonal_loader():
        return TorchLoaderOutput(model=Diagonal(), inputs=[torch.randn(5, 5)])

    def raises_loader():
        raise ValueError("no weights")
    """

# The models come in two config files and a --config value, to check that
# the nested run sees the config as given on the command line.
MY_MODELS = {"coverage": {"models": {
    "good": "models.broadcast_add_mixed_ranks.broadcast_add_mixed_ranks_loader",
    "diagonal_kth": "models.cov_models.diagonal_kth_loader",
}}}
MORE_MODELS = {"coverage": {"models": {"diagonal_only": "models.cov_models.diagonal_loader"}}}
COVERAGE_ARGS = ["-j2", "coverage", "--configfile", "my_models.yaml", "more_models.yaml",
                 "--config", "coverage={models: {raises: models.cov_models.raises_loader}}"]


def _tables(report: str) -> list[list[list[str]]]:
    """The rows of each Markdown table in `report`, as cells (no header)."""
    tables, rows = [], None
    for line in report.splitlines() + [""]:
        if line.startswith("|"):
            rows = [] if rows is None else rows
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
        elif rows is not None:
            tables.append(rows[2:])
            rows = None
    return tables


def test_coverage_of_a_users_models(tmp_path):
    workdir = copy_workflow(tmp_path / "wf")
    (workdir / "models/cov_models.py").write_text(textwrap.dedent(LOADERS))
    (workdir / "my_models.yaml").write_text(yaml.safe_dump(MY_MODELS, sort_keys=False))
    (workdir / "more_models.yaml").write_text(yaml.safe_dump(MORE_MODELS))
    start = time.monotonic()
    run = snakemake(workdir, *COVERAGE_ARGS, timeout=600)
    record_timing(f"snakemake -j2 coverage on 4 models: {time.monotonic() - start:.1f} s")
    assert run.returncode == 0, run.report

    report = (workdir / "results/coverage.md").read_text()
    programs, ops = _tables(report)
    assert programs == [
        ["good", "test_run", "-", "passed", ""],
        ["diagonal_kth", "npz", "mlir_tcp", "not run",
         "2 ops could not be converted to TCP: torch.aten.diagonal, torch.aten.kthvalue"],
        ["diagonal_only", "npz", "mlir_tcp", "not run", "1 op could not be converted to TCP: torch.aten.diagonal"],
        ["raises", "-", "mlir_torch", "not run",
         "loader 'models.cov_models.raises_loader' raised ValueError: no weights"],
    ], report
    assert ops == [["torch.aten.diagonal", "2", "diagonal_kth, diagonal_only"],
                   ["torch.aten.kthvalue", "1", "diagonal_kth"]]
    assert "1 of 4 programs pass their test. Failed at: mlir_tcp 2, mlir_torch 1." in report
    # Only the listed models were built (beside what every program shares); config.yaml was not touched.
    built = {p.name.split(".")[0].removesuffix("_test") for p in (workdir / "results").iterdir() if p.is_file()}
    assert built == {"good", "diagonal_kth", "diagonal_only", "toolchain", "tcp_aot_test_support", "coverage"}
    assert (workdir / "config.yaml").read_text() == (ROOT / "config.yaml").read_text()

    # Run again, the report's job runs again: its nested snakemake retries
    # the failed stages (their outputs are missing) and nothing else.
    again = snakemake(workdir, *COVERAGE_ARGS, timeout=600)
    assert again.returncode == 0, again.report
    nested = (workdir / "logs/coverage/coverage.log").read_text()
    jobs = set(re.findall(r"^(?:local)?rule (\w+):\n(?:    .*\n)*?    wildcards: name=(\w+)$", nested, re.MULTILINE))
    assert jobs == {("mlir_torch", "raises"), ("mlir_tcp", "diagonal_kth"), ("mlir_tcp", "diagonal_only")}, nested
    assert (workdir / "results/coverage.md").read_text() == report


def test_a_bad_coverage_entry_is_refused(tmp_path):
    workdir = copy_workflow(tmp_path / "wf")
    (workdir / "my_models.yaml").write_text(yaml.safe_dump({"coverage": {"models": {"a b": "models.x.loader"}}}))
    run = snakemake(workdir, "-n", "coverage", "--configfile", "my_models.yaml")
    assert run.returncode != 0
    assert "config.yaml: coverage.models: 'a b' does not match '^[A-Za-z][A-Za-z0-9_]*$'" in run.output


def test_what_the_report_reads_after_the_nested_run(tmp_path, monkeypatch):
    """A program's outcome is its outputs in stage order and the error the
    first missing one's stage logged. A missing output whose stage logged no
    error during the run, or a failed run in which every program passed, is
    the report's failure, not a program's."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "results").mkdir()
    (tmp_path / "logs/mlir_torch").mkdir(parents=True)
    (tmp_path / "logs/mlir_torch/m.log").write_text("[m] mlir_torch on vm\nerror: [m] mlir_torch: it raised\n")
    programs = {"m": coverage.MODEL_STAGES}
    with pytest.raises(StageError, match=r"m: results/m\.torch\.mlir is missing, but its stage mlir_torch did not"):
        coverage.outcomes(programs, time.time() + 10, 1)  # the log is older than the run
    [outcome] = coverage.outcomes(programs, 0, 1)
    assert (outcome.reached, outcome.failed, outcome.error, outcome.test) == (None, "mlir_torch", "it raised",
                                                                              "not run")
    for _, output in coverage.MODEL_STAGES[:-1]:
        (tmp_path / "results" / output.format("m")).write_text("")
    (tmp_path / "logs/test_run").mkdir()
    (tmp_path / "logs/test_run/m.log").write_text("[m] test_run on vm\nerror: [m] test_run: execute test failed\n")
    [outcome] = coverage.outcomes(programs, 0, 1)
    assert (outcome.reached, outcome.failed, outcome.test) == ("test_bin", "test_run", "failed")
    (tmp_path / "results/m.test.ok").write_text("")
    with pytest.raises(StageError, match=r"the nested snakemake failed \(exit status 1\) and no program did"):
        coverage.outcomes(programs, 0, 1)
    assert coverage.outcomes(programs, 0, 0)[0].test == "passed"
