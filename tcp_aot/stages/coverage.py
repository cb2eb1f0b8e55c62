"""Stage coverage: build the programs as far as each goes (a nested
`snakemake --keep-going`), then report how far each got, whether its test
passed and which torch ops blocked it (results/coverage.md). Why a nested
run: see tcp_aot/coverage.py."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from ..files import write_atomic
from .common import log


def run(models: list[str], tcp_sources: list[str], cores: int, snakemake_args: list[str], output: Path) -> None:
    from ..coverage import MODEL_STAGES, RESULTS, TCP_SOURCE_STAGES, outcomes, report

    programs = {name: MODEL_STAGES for name in models} | {name: TCP_SOURCE_STAGES for name in tcp_sources}
    targets = [RESULTS / out.format(name) for name, stages in programs.items() for _, out in stages]
    since = time.time()
    status = _nested_snakemake(targets, cores, snakemake_args)
    text = report(outcomes(programs, since, status))
    log.info("%s", text)
    write_atomic(output, text)


def _nested_snakemake(targets: list[Path], cores: int, snakemake_args: list[str]) -> int:
    """Build `targets`, keeping going past failures, with Snakemake's output
    in our log as it comes; its exit status. It ignores the directory's lock:
    the outer run holds it, and runs nothing else meanwhile (the coverage job
    takes every core). The targets come first: `snakemake_args` may end with
    an option that takes every value after it (--configfile, --config)."""
    command = [sys.executable, "-m", "snakemake", *map(str, targets), "--nolock", "--keep-going",
               "--cores", str(cores), *snakemake_args]
    log.info("%s", " ".join(command))
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        for line in proc.stdout:
            log.info("%s", line.rstrip("\n"))
    return proc.returncode
