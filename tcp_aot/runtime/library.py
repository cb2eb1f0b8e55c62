"""Calling a compiled program's functions from Python through their memref
ABI (`_mlir_ciface_<name>`, see docs/interfaces.md, "The compiled functions"):
NumPy arrays in, NumPy arrays out. The benchmark and the execution tests
use it: it calls the compiled code with nothing around it. Users call
through program.py (tcp_aot.load), which checks and never aborts.

Inputs are passed as memref descriptors pointing at the arrays' own data
(C-contiguous arrays are not copied); each result is copied into a NumPy
array and its buffer freed, as the ABI asks of the caller.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np

from ..signature import FunctionSignature, ProgramSignature

_libc = ctypes.CDLL(None)


def descriptor_type(rank: int) -> type[ctypes.Structure]:
    """StridedMemRefType<T, rank> (the element type does not change the layout)."""
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64)]
    if rank:
        fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRef{rank}", (ctypes.Structure,), {"_fields_": fields})


def descriptor(array: np.ndarray) -> tuple[ctypes.Structure, np.ndarray]:
    """A descriptor of a C-contiguous copy of `array` (the array itself when
    it already is one), and that array, which must outlive the descriptor."""
    array = np.ascontiguousarray(array) if array.ndim else np.array(array)
    d = descriptor_type(array.ndim)()
    d.allocated = d.aligned = array.ctypes.data
    d.offset = 0
    if array.ndim:
        d.sizes[:] = array.shape
        d.strides[:] = [s // array.itemsize for s in array.strides]
    return d, array


class Function:
    """One compiled function; calling it runs the compiled code."""

    def __init__(self, library: ctypes.CDLL, signature: FunctionSignature):
        self.signature = signature
        self.entry = getattr(library, f"_mlir_ciface_{signature.name}")
        self.entry.restype = None
        fields = [(f"out{i}", descriptor_type(t.rank)) for i, t in enumerate(signature.outputs)]
        self.results_type = type("Results", (ctypes.Structure,), {"_fields_": fields})

    def __call__(self, *inputs: np.ndarray) -> list[np.ndarray]:
        return self.call_prepared(self.prepare(*inputs))

    def prepare(self, *inputs: np.ndarray) -> list:
        """The call's arguments, built once (a benchmark calls many times)."""
        descs = [descriptor(np.asarray(a, dtype=t.dtype)) for a, t in zip(inputs, self.signature.inputs)]
        return [ctypes.byref(d) for d, _ in descs] + [descs]

    def call_prepared(self, prepared: list, keep: bool = True) -> list[np.ndarray]:
        """Call with prepared arguments; the results as arrays (keep), or
        freed unread."""
        results = self.results_type()
        self.entry(ctypes.byref(results), *prepared[:-1])
        out = []
        for i, spec in enumerate(self.signature.outputs):
            d = getattr(results, f"out{i}")
            if keep:
                out.append(_copy_out(d, spec.dtype, spec.rank))
            _libc.free(ctypes.c_void_p(d.allocated))
        return out


def _copy_out(d: ctypes.Structure, dtype: np.dtype, rank: int) -> np.ndarray:
    """A result descriptor's data as a new array (results are contiguous and
    row-major: the ABI's identity layout)."""
    shape = list(d.sizes) if rank else []
    numel = int(np.prod(shape))
    if not numel:
        return np.zeros(shape, dtype)
    data = (ctypes.c_char * (numel * dtype.itemsize)).from_address(d.aligned + d.offset * dtype.itemsize)
    return np.frombuffer(data, dtype=dtype, count=numel).reshape(shape).copy()


class Library:
    """A loaded .so and its functions by name."""

    def __init__(self, path: Path, signatures: list[FunctionSignature]):
        self.path = path
        self.handle = ctypes.CDLL(str(Path(path).resolve()))
        self.functions = {s.name: Function(self.handle, s) for s in signatures}
        read = self.handle.tcp_aot_signature
        read.restype = ctypes.c_char_p
        self.program = ProgramSignature.from_json(read().decode()).program

    def call(self, name: str, *inputs: np.ndarray) -> list[np.ndarray]:
        return self.functions[name](*inputs)

    def set_num_threads(self, n: int) -> None:
        """The threads the library's code may use from now on (OpenMP's
        count, separate from PyTorch's even in one process)."""
        getattr(self.handle, f"{self.program}_set_num_threads")(ctypes.c_int(n))

    def num_threads(self) -> int:
        return getattr(self.handle, f"{self.program}_num_threads")()
