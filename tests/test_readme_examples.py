"""The examples of the interfaces in the README and docs/, run as written:
the Python runtime, the header excerpt (docs/interfaces.md), the C program
and its output, tcp-aot info and torch.compile (README.md). An example is the
code block after `<!-- example: NAME -->`, found in README.md or docs/*.md."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

DOCS = {path.relative_to(ROOT): path.read_text()
        for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}


def example(name: str) -> str:
    """The code block after `<!-- example: NAME -->`, which README.md and
    docs/*.md have exactly once between them."""
    found = [(path, match) for path, text in DOCS.items()
             for match in re.finditer(rf"<!-- example: {re.escape(name)} -->\n```\w*\n(.*?)```", text, re.DOTALL)]
    assert len(found) == 1, f"example {name} is in {[str(path) for path, _ in found]}, not in one place"
    return found[0][1].group(1)


def run_python(code: str, cwd: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **env})


def test_python_example(interface_programs):
    run = run_python(example("python"), interface_programs.parent)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout == "func_main: input must be float32 [s31, 32], not float32 [8, 31]\n"


def test_python_bfloat16_example(interface_programs):
    run = run_python(example("python_bfloat16"), interface_programs.parent)
    assert run.returncode == 0, run.stderr[-3000:]


def test_header_excerpt_is_the_header(interface_programs):
    header = (interface_programs / "mlp.h").read_text()
    assert example("header") in header


def test_c_example(interface_programs, tmp_path):
    source = tmp_path / "example.c"
    source.write_text(example("c"))
    results = interface_programs
    subprocess.run(["clang-22", "-std=c99", "-Wall", "-Wextra", "-Werror", f"-I{results}", str(source),
                    str(results / "mlp.so"), f"-Wl,-rpath,{results}", "-o", str(tmp_path / "example")], check=True)
    run = subprocess.run([str(tmp_path / "example")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout == example("c-output")


def test_cli_example(interface_programs):
    command, *expected = example("cli").splitlines()
    args = command.removeprefix("$ ").split()
    run = subprocess.run([str(Path(sys.executable).parent / args[0]), *args[1:]], cwd=interface_programs.parent,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == expected


def test_torch_compile_example(tmp_path):
    run = run_python(example("torch-compile"), tmp_path, TCP_AOT_CACHE_DIR=str(tmp_path / "cache"))
    assert run.returncode == 0, run.stderr[-3000:]
    assert "FallbackWarning" not in run.stderr
    # One compilation for three sizes, beside objects/: the micro-kernels every .so links.
    graphs = [p for p in (tmp_path / "cache").iterdir() if p.name != "objects"]
    assert len(graphs) == 1
    assert [p.name.split("-")[0] for p in (tmp_path / "cache" / "objects").iterdir()] == ["tcp_aot_microkernels"]
