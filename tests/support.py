"""Helpers for tests: compile TCP text to a shared object in-process (the
same stages the workflow runs) and call its functions from Python."""

from __future__ import annotations

import ctypes
import faulthandler
import os
from pathlib import Path

import numpy as np
from torch_mlir import ir

from tcp_aot import pipelines
from tcp_aot.stages import assemble, common, ll, shared_object, toolchain
from tcp_aot.context import make_context
from tcp_aot.interpreter import numpy_dtype
from tcp_aot.module_io import parse_module

LLVM_TOOLS = {"llc": "llc-22", "clang": "clang-22", "clangxx": "clang++-22", "min_major": 22}


def toolchain_json(workdir: Path) -> Path:
    path = workdir / "toolchain.json"
    if not path.exists():
        toolchain.run(path, LLVM_TOOLS["llc"], LLVM_TOOLS["clang"], LLVM_TOOLS["clangxx"],
                         LLVM_TOOLS["min_major"])
    return path


def compile_tcp(text: str, workdir: Path, name: str = "prog") -> "Library":
    """TCP program text -> workdir/<name>.so, loaded."""
    with make_context(), ir.Location.unknown():
        module = parse_module(text, f"{name}.mlir")
        signatures = _signatures(module)
        pipelines.run(module, ["tcp-to-llvm"])
        llvm_mlir = workdir / f"{name}.llvm.mlir"
        llvm_mlir.write_text(module.operation.get_asm())
    llvm_ir, asm, so = (workdir / f"{name}.{ext}" for ext in ("ll", "S", "so"))
    ll.run(llvm_mlir, llvm_ir)
    tools = toolchain_json(workdir)
    assemble.run(llvm_ir, asm, tools, 2)
    shared_object.run(asm, so, tools)
    return Library(so, signatures)


def _signatures(module: ir.Module) -> dict[str, list[tuple[np.dtype, int]]]:
    out = {}
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func":
            ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
            out[ir.StringAttr(op.attributes["sym_name"]).value] = [
                (numpy_dtype(t.element_type), t.rank) for t in ftype.results]
    return out


def _descriptor_type(dtype: np.dtype, rank: int):
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64)]
    if rank:
        fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type("MemRef", (ctypes.Structure,), {"_fields_": fields})


def descriptor(array: np.ndarray):
    array = np.ascontiguousarray(array) if array.ndim else np.array(array)
    d = _descriptor_type(array.dtype, array.ndim)()
    d.allocated = d.aligned = array.ctypes.data
    d.offset = 0
    if array.ndim:
        d.sizes[:] = array.shape
        d.strides[:] = [s // array.itemsize for s in array.strides]
    return d, array  # keep the array alive with the descriptor


_libc = ctypes.CDLL(None)


class Library:
    def __init__(self, path: Path, signatures: dict):
        self.path = path
        self.lib = ctypes.CDLL(str(path))
        self.signatures = signatures

    def call(self, name: str, *inputs: np.ndarray) -> list[np.ndarray]:
        """Call `name` through its C interface; copy the results out and free
        the buffers the function allocated."""
        results_t = self.signatures[name]
        fields = [(f"out{i}", _descriptor_type(dt, rank)) for i, (dt, rank) in enumerate(results_t)]
        results = type("Results", (ctypes.Structure,), {"_fields_": fields})()
        descs = [descriptor(np.asarray(a)) for a in inputs]
        fn = getattr(self.lib, f"_mlir_ciface_{name}")
        fn.restype = None
        fn(ctypes.byref(results), *[ctypes.byref(d) for d, _ in descs])
        out = []
        for i, (dtype, rank) in enumerate(results_t):
            d = getattr(results, f"out{i}")
            shape = list(d.sizes) if rank else []
            numel = int(np.prod(shape))
            # Results are contiguous, row-major (the ABI's identity layout).
            assert not numel or not rank or list(d.strides) == _row_major(shape), list(d.strides)
            data = (ctypes.c_char * (numel * dtype.itemsize)).from_address(d.aligned + d.offset * dtype.itemsize)
            out.append(np.frombuffer(data, dtype=dtype, count=numel).reshape(shape).copy())
            _libc.free(ctypes.c_void_p(d.allocated))
        return out


def _row_major(shape: list[int]) -> list[int]:
    strides, step = [], 1
    for size in reversed(shape):
        strides.insert(0, step)
        step *= size
    return strides


def call_in_child(library: Library, name: str, *inputs: np.ndarray) -> tuple[int, str]:
    """Call `name` in a forked child, for calls that may abort: returns the
    child's wait status and what it wrote on stderr."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        faulthandler.disable()  # an abort is the expected outcome, not a crash to report
        os.close(read_end)
        os.dup2(write_end, 2)
        try:
            library.call(name, *inputs)
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as stream:
        stderr = stream.read()
    _, status = os.waitpid(pid, 0)
    return status, stderr
