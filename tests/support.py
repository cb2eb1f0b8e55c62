"""Helpers for tests: compile TCP text to a shared object in-process (the
same stages the workflow runs) and call its functions from Python."""

from __future__ import annotations

import faulthandler
import os
from pathlib import Path
from typing import Callable

import numpy as np
from torch_mlir import ir

from tcp_aot import pipelines
from tcp_aot.context import make_context
from tcp_aot.module_io import parse_module
from tcp_aot.runtime.library import Library
from tcp_aot.compiler.signature import signatures
from tcp_aot.signature import ProgramSignature
from tcp_aot.toolchain import DEFAULT_TOOLS
from tcp_aot.stages import assemble, ll, optimize, shared_object, toolchain



def toolchain_json(workdir: Path) -> Path:
    path = workdir / "toolchain.json"
    if not path.exists():
        toolchain.run(path, **DEFAULT_TOOLS, target_cpu="host")
    return path


def signature_json(workdir: Path, name: str, sigs=()) -> Path:
    """workdir/<name>.signature.json, as the signature stage writes it (no
    functions: a .so without a C interface, for code not compiled from TCP)."""
    path = workdir / f"{name}.signature.json"
    path.write_text(ProgramSignature(name, tuple(sigs)).to_json())
    return path


def compile_tcp(text: str, workdir: Path, name: str = "prog") -> Library:
    """TCP program text -> workdir/<name>.so, loaded."""
    with make_context(), ir.Location.unknown():
        module = parse_module(text, f"{name}.mlir")
        sigs = signatures(module)
        signature = signature_json(workdir, name, sigs)
        pipelines.run(module, ["tcp-to-llvm"])
        llvm_mlir = workdir / f"{name}.llvm.mlir"
        llvm_mlir.write_text(module.operation.get_asm())
    llvm_ir, optimized, asm, so = (workdir / f"{name}.{ext}" for ext in ("ll", "opt.ll", "S", "so"))
    ll.run(llvm_mlir, llvm_ir)
    tools = toolchain_json(workdir)
    optimize.run(llvm_ir, optimized, tools, 3)
    assemble.run(optimized, asm, tools, 3)
    shared_object.run(asm, so, tools, signature)
    return Library(so, sigs)


def call_in_child(library: Library, name: str, *inputs: np.ndarray) -> tuple[int, str]:
    """Call `name` in a forked child, for calls that may abort: returns the
    child's wait status and what it wrote on stderr."""
    return run_in_child(lambda: library.call(name, *inputs))


def run_in_child(work: Callable[[], object]) -> tuple[int, str]:
    """Run `work` in a forked child (for work that may abort, or that
    measures the process): returns the child's wait status and what it
    wrote on stderr."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        faulthandler.disable()  # an abort is the expected outcome, not a crash to report
        os.close(read_end)
        os.dup2(write_end, 2)
        try:
            work()
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as stream:
        stderr = stream.read()
    _, status = os.waitpid(pid, 0)
    return status, stderr
