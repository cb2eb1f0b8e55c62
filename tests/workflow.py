"""Running the Snakemake workflow in a scratch copy of the repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW_FILES = ("Snakefile", "config.yaml", "rules", "scripts", "models", "tcp_sources", "schemas", "profiles")
SNAKEMAKE = str(Path(sys.executable).parent / "snakemake")


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    workdir: Path

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    @property
    def report(self) -> str:
        """For an assertion's message: each failed job's error block with
        the end of the logs it names (a stage's log, a SLURM job's log),
        else the end of the output."""
        blocks = re.findall(r"^Error in rule .*\n(?:[ \t]+.*\n?)*", self.output, re.MULTILINE)
        if not blocks:
            return self.output[-3000:]
        parts = []
        for block in blocks:
            parts.append(block)
            for log in dict.fromkeys(re.findall(r"(\S+\.log)\b", block)):
                path = self.workdir / log
                if path.is_file():
                    parts.append(f"--- end of {log}:\n{path.read_text(errors='replace')[-2000:]}")
        return "\n".join(parts)[-8000:]


def copy_workflow(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for name in WORKFLOW_FILES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    return dest


def set_config(workdir: Path, **changes) -> dict:
    path = workdir / "config.yaml"
    config = yaml.safe_load(path.read_text())
    config.update(changes)
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    return config


def snakemake(workdir: Path, *args: str, timeout: int = 1800) -> Run:
    """Run Snakemake; `timeout -k` kills it (and an executor that ignores
    SIGTERM) if it hangs."""
    proc = subprocess.run(["timeout", "-k", "10", str(timeout), SNAKEMAKE, *args], cwd=workdir,
                          capture_output=True, text=True)
    if proc.returncode in (124, 137):
        raise TimeoutError(f"snakemake {' '.join(args)} did not finish in {timeout} s:\n{proc.stdout[-3000:]}"
                           f"{proc.stderr[-3000:]}")
    return Run(proc.returncode, proc.stdout, proc.stderr, workdir)


def error_lines(run: Run) -> list[str]:
    """The one-line messages stages print (`error: [name] stage: cause`).
    A stage writes to the stderr Snakemake writes its progress to, so with
    -j2 a message can land between a progress line and its newline: it is
    found wherever it starts in a line."""
    return re.findall(r"error: \[.*", run.output)


def planned_jobs(run: Run) -> dict[str, set[str]]:
    """What a dry run (`snakemake -n`) would run: rule -> the values of its
    wildcards (the program, or the stage for stage_code)."""
    assert run.returncode == 0, run.report
    jobs: dict[str, set[str]] = {}
    for rule, wildcards in re.findall(r"^rule (\w+):\n(?:    .*\n)*?    wildcards: \w+=(\w+)$", run.stdout,
                                      re.MULTILINE):
        jobs.setdefault(rule, set()).add(wildcards)
    return jobs


@contextmanager
def touched(path: Path):
    """`path` as if just edited (a newer modification time), restored after.

    The time is now, never ahead: the package's files are inputs of every
    workflow run, and a test running beside this one (test_slurm.py) fails
    when a job's output is older than an input stamped in the future."""
    before = path.stat()
    os.utime(path)
    try:
        yield path
    finally:
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
