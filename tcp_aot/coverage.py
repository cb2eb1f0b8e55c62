"""The coverage report of `snakemake coverage` (results/coverage.md): how far
each program gets through the stages, whether its test passes, and which
torch ops stop the programs that fail at the Torch -> TCP conversion.

Snakemake runs no job after one of its inputs failed, so the report's job
cannot depend on the programs' outputs. It builds them itself instead, with
a nested `snakemake --keep-going` (same Snakefile, config and directory),
then reads what is there: each program's outputs in stage order, and the log
of the first stage whose output is missing. A failure of the nested run that
no stage's log explains fails the report instead of hiding in it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .errors import StageError

# Each stage (its rule) and its output, in an order where a stage comes after
# every stage whose output it reads (rules/*.smk): the first output missing
# after the nested run is then that of a stage that ran and failed. The
# toolchain, which opt, S, so and test_bin also read, is built before.
_BACK_END = [("signature", "{}.signature.json"), ("mlir_llvm", "{}.llvm.mlir"), ("ll", "{}.ll"),
             ("opt", "{}.opt.ll"), ("S", "{}.S"), ("so", "{}.so"), ("header", "{}.h"),
             ("test_cpp", "{}_test.cpp"), ("test_bin", "{}_test"), ("test_run", "{}.test.ok")]
MODEL_STAGES = [("mlir_torch", "{}.torch.mlir"), ("npz", "{}.npz"), ("mlir_tcp", "{}.tcp.mlir"), *_BACK_END]
TCP_SOURCE_STAGES = [("mlir_tcp", "{}.tcp.mlir"), ("npz", "{}.npz"), *_BACK_END]

RESULTS, LOGS = Path("results"), Path("logs")

# An op's line in the Torch -> TCP conversion's error (torch_to_tcp._report).
_UNCONVERTED_OP = re.compile(r"^  (?:\S*: )?(torch\.[\w.]+) \(", re.MULTILINE)


@dataclass
class Outcome:
    name: str
    reached: str | None  # the last stage whose output is there, with all before it
    failed: str | None = None  # the stage after it, None when every stage passed
    error: str = ""  # that stage's message
    unconverted: list[str] = field(default_factory=list)  # the torch ops that did not convert to TCP

    @property
    def test(self) -> str:
        if self.failed is None:
            return "passed"
        return "failed" if self.failed == "test_run" else "not run"


def outcomes(programs: dict[str, list[tuple[str, str]]], since: float, status: int) -> list[Outcome]:
    """Each program's outcome after the nested run that started at time
    `since` and exited with `status`."""
    found = [outcome(name, stages, since) for name, stages in programs.items()]
    if status != 0 and all(o.failed is None for o in found):
        raise StageError(f"the nested snakemake failed (exit status {status}) and no program did: see its output "
                         "in the log")
    return found


def outcome(name: str, stages: list[tuple[str, str]], since: float) -> Outcome:
    """How far `name` got in the nested run that started at time `since`."""
    reached = None
    for stage, output in stages:
        if (RESULTS / output.format(name)).exists():
            reached = stage
            continue
        log_file = LOGS / stage / f"{name}.log"
        if not log_file.exists() or log_file.stat().st_mtime < since:
            raise StageError(f"{name}: {RESULTS / output.format(name)} is missing, but its stage {stage} did not "
                             "run (see the nested snakemake's output in the log)")
        error = stage_error(log_file)
        return Outcome(name, reached, stage, error, unconverted_ops(error))
    return Outcome(name, reached)


def stage_error(log_file: Path) -> str:
    """The message a failed stage logged (`error: [name] stage: ...`, maybe
    several lines), without its prefix."""
    _, found, message = log_file.read_text().rpartition("\nerror: ")
    if not found:  # killed before it could say why (out of memory, a signal)
        return f"stopped without a message (see {log_file})"
    return re.sub(r"^\[\w+\] \w+: ", "", message).rstrip()


def unconverted_ops(error: str) -> list[str]:
    """The torch ops listed in the Torch -> TCP conversion's error, e.g.
    `2 ops could not be converted to TCP:` then a line per op:
    `  results/m.torch.mlir:7:25: torch.aten.sort (no Torch-to-TCP pattern for this op)`."""
    first, _, rest = error.partition("\n")
    return sorted(set(_UNCONVERTED_OP.findall(rest))) if first.endswith("could not be converted to TCP:") else []


def report(outcomes: list[Outcome]) -> str:
    """results/coverage.md: a row per program, then the unconverted torch ops
    by the number of programs each blocks, most first."""
    passed = sum(o.test == "passed" for o in outcomes)
    stopped = Counter(o.failed for o in outcomes if o.failed)
    lines = ["# Coverage", "", f"{passed} of {len(outcomes)} programs pass their test."]
    if stopped:
        lines[-1] += " Failed at: " + ", ".join(f"{stage} {n}" for stage, n in stopped.most_common()) + "."
    lines += ["", "| program | last stage reached | failed at | test | error |", "| --- | --- | --- | --- | --- |"]
    for o in outcomes:
        error = o.error.splitlines()[0] if o.error else ""
        if o.unconverted:
            error += " " + ", ".join(o.unconverted)
        lines.append(f"| {o.name} | {o.reached or '-'} | {o.failed or '-'} | {o.test} | {_cell(error)} |")
    lines += ["", "## Unsupported torch ops", ""]
    blocked: dict[str, list[str]] = {}
    for o in outcomes:
        for op in o.unconverted:
            blocked.setdefault(op, []).append(o.name)
    if not blocked:
        return "\n".join(lines + ["No program fails at an unsupported torch op.", ""])
    lines += ["| op | programs blocked | programs |", "| --- | --- | --- |"]
    for op, names in sorted(blocked.items(), key=lambda item: (-len(item[1]), item[0])):
        lines.append(f"| {op} | {len(names)} | {', '.join(names)} |")
    return "\n".join(lines + [""])


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
