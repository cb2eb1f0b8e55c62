"""The Python runtime: `tcp_aot.load("results/foo.so")` and calls of its
functions with NumPy arrays or CPU torch tensors.

A call goes through the .so's status-returning C interface (see
tcp_aot/c_interface): the inputs are checked against the signature the .so
carries, the outputs' dims come from the compiled output-dims function
(once per input dims), the outputs are allocated here (owned by Python)
and the compiled code writes them in place. Nothing a caller passes can abort the process: a bad input
raises SignatureError before the call, a failure inside the compiled code
(a shape guard, an index out of range) raises CallError.

The weights the compiled code reads are the program's own (embedded in the
.so, or its NAME.weights beside it) until `load_weights` swaps in another
weights file of the same layout; a swap waits for the calls in progress.
"""

from __future__ import annotations

import ctypes
import json
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..abi import PROFILE_THREADS, STATUSES
from ..element_types import to_numpy, to_torch
from ..signature import FunctionSignature, ProgramSignature, describe
from ..weights.file import Layout, WeightsError, WeightsFile

STATUS_NAMES = {s.value: s.name for s in STATUSES}


class SignatureError(ValueError):
    """The arguments of a call do not match the function's signature."""


class CallError(RuntimeError):
    """The compiled code returned a failure status; `status` is its code
    (TCP_AOT_ERROR_*, see the header) and the message says why."""

    def __init__(self, status: int, message: str):
        super().__init__(f"{message} ({STATUS_NAMES.get(status, status)})")
        self.status = status


def load(path: str | Path, weights: str | Path | None = None) -> Program:
    """The program of the .so at `path`, reading the weights file `weights`
    if given (else its own)."""
    program = Program(path)
    if weights is not None:
        program.load_weights(weights)
    return program


@dataclass(frozen=True)
class Weights:
    """The weights a program reads: how its .so ships its own, their layout,
    and where those in use come from."""

    mode: str  # "embedded" or "external"
    layout: Layout
    source: str  # "" when none could be loaded
    in_use: WeightsFile | None  # the weights file in use (views of the program's memory)

    @property
    def bytes(self) -> int:
        return self.layout.data_bytes

    def array(self, name: str) -> np.ndarray:
        """Entry `name` of the weights in use, read-only."""
        if self.in_use is None:
            raise WeightsError(f"no weights are loaded ({self.source or 'see the failed call'})")
        return self.in_use.array(name)


class Program:
    """A loaded .so: its signature, and one attribute per function."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(f"{self.path}: no such file (build it with `snakemake {self.path}`)")
        self._lib = ctypes.CDLL(str(self.path.resolve()))
        try:
            read = self._lib.tcp_aot_signature
        except AttributeError:
            raise ValueError(f"{self.path} carries no tcp_aot signature: it is not a tcp_aot program, "
                             f"or was built before tcp_aot embedded signatures (rebuild it)") from None
        read.restype = ctypes.c_char_p
        try:
            self.signature = ProgramSignature.from_json(read().decode())
        except ValueError as e:
            raise ValueError(f"{self.path}: {e}") from None
        prefix = self.signature.program
        self._last_error = getattr(self._lib, f"{prefix}_last_error")
        self._last_error.restype = ctypes.c_char_p
        for suffix, restype in (("load_weights", ctypes.c_int32), ("weights_source", ctypes.c_char_p),
                                ("weights_layout", ctypes.c_char_p), ("weights_file", ctypes.c_void_p)):
            getattr(self._lib, f"{prefix}_{suffix}").restype = restype
        self._layout = Layout.from_text(getattr(self._lib, f"{prefix}_weights_layout")().decode())
        # Calls in progress, which a swap of weights waits for.
        self._calls = threading.Condition()
        self._running = 0
        self._swapping = False
        self.functions = {f.name: Function(self, f) for f in self.signature.functions}
        for name, function in self.functions.items():
            if name.isidentifier() and not hasattr(self, name):
                setattr(self, name, function)

    @property
    def weights(self) -> Weights:
        prefix = self.signature.program
        size = ctypes.c_size_t()
        address = getattr(self._lib, f"{prefix}_weights_file")(ctypes.byref(size))
        in_use = None
        if address:
            contents = (ctypes.c_char * size.value).from_address(address)
            in_use = WeightsFile(getattr(self._lib, f"{prefix}_weights_source")().decode(), memoryview(contents))
        return Weights(self.signature.weights.mode, self._layout,
                       getattr(self._lib, f"{prefix}_weights_source")().decode(), in_use)

    def load_weights(self, path: str | Path | None) -> None:
        """Read the weights of the weights file at `path` from now on (None:
        the program's own). A file that does not fit the program's layout,
        or whose data does not match its checksum, raises WeightsError
        naming the first difference, and the weights in use stay. Waits
        for the calls in progress."""
        with self._calls:
            self._swapping = True
            try:
                self._calls.wait_for(lambda: self._running == 0)
                loaded = getattr(self._lib, f"{self.signature.program}_load_weights")(
                    None if path is None else str(path).encode())
            finally:
                self._swapping = False
                self._calls.notify_all()
        if loaded:
            raise WeightsError(self._last_error().decode())

    def _begin_call(self) -> None:
        with self._calls:
            self._calls.wait_for(lambda: not self._swapping)
            self._running += 1

    def _end_call(self) -> None:
        with self._calls:
            self._running -= 1
            if self._running == 0:
                self._calls.notify_all()

    def set_num_threads(self, n: int) -> None:
        """The threads the compiled code may use from now on, for calls from
        this thread (OpenMP's count, separate from PyTorch's)."""
        getattr(self._lib, f"{self.signature.program}_set_num_threads")(ctypes.c_int(n))

    def num_threads(self) -> int:
        return getattr(self._lib, f"{self.signature.program}_num_threads")()

    @property
    def kernels(self) -> list[dict] | None:
        """A profiled build's kernels (function, op, source location, in
        order), or None: the default build carries no timers."""
        read = getattr(self._lib, "tcp_aot_profile_kernels", None)
        if read is None:
            return None
        read.restype = ctypes.c_char_p
        return json.loads(read().decode())

    def kernel_times(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each kernel's nanoseconds and calls since the last reset, and
        [kernel, thread] the nanoseconds each thread spent in the kernel's
        parallel loops while `time_shares` was on (a profiled build)."""
        n = len(self.kernels or [])
        ns, calls = np.zeros(n, np.uint64), np.zeros(n, np.uint64)
        shares = np.zeros((n, PROFILE_THREADS), np.uint64)
        self._lib.tcp_aot_profile_read(ctypes.c_void_p(ns.ctypes.data), ctypes.c_void_p(calls.ctypes.data),
                                       ctypes.c_void_p(shares.ctypes.data))
        return ns, calls, shares

    def time_shares(self, on: bool) -> None:
        """Whether a profiled build times each thread's iterations of its
        kernels' parallel loops (their cost lands in the kernels' times)."""
        self._lib.tcp_aot_profile_shares(ctypes.c_bool(on))

    def reset_kernel_times(self) -> None:
        self._lib.tcp_aot_profile_reset()

    def describe(self) -> str:
        """The signature as the header documents it, and the weights."""
        program, source = self.signature.program, self.weights.source
        lines = [describe_function(f) for f in self.signature.functions]
        lines.append(f"weights: {self.signature.weights.describe(program)}")
        if self.signature.precision:
            lines.append(f"precision: float32 products computed in {self.signature.precision}, summed in float32")
        if source != f"the weights embedded in {program}.so" and self.signature.weights.entries:
            lines.append(f"  in use: {source or 'none (a call says why)'}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<tcp_aot program {self.signature.program} from {self.path}>\n{self.describe()}"


def describe_function(f: FunctionSignature) -> str:
    return "\n".join([f.name] + [f"  {line}" for line in describe(f, lambda t: t.dtype.name)])


class Function:
    """One compiled function; calling it runs the compiled code."""

    def __init__(self, program: Program, signature: FunctionSignature):
        self.program = program
        self.signature = signature
        prefix = f"{program.signature.program}_{signature.name}"
        self._call = getattr(program._lib, prefix)
        self._output_dims = getattr(program._lib, f"{prefix}_output_dims")
        self._pool_bytes = getattr(program._lib, f"{prefix}_pool_bytes")
        for entry in (self._call, self._output_dims, self._pool_bytes):
            entry.restype = ctypes.c_int32
        self._dtypes = [t.dtype for t in signature.inputs]
        # Output dims by input dims: they depend on nothing else, and the
        # compiled output_dims function costs a call of its own.
        self._output_dims_of: dict[tuple, list[tuple[int, ...]]] = {}

    def __repr__(self) -> str:
        return describe_function(self.signature)

    def __call__(self, *args, pool: np.ndarray | None = None):
        """The outputs, a tuple when there are several: NumPy arrays, or
        torch tensors when an input is one. `pool`, a writable uint8 array
        of at least pool_bytes(dims) bytes, serves the call's scratch
        memory instead of malloc (a caller may keep one per thread)."""
        arrays, as_torch = self._arrays(args)
        shapes = tuple(a.shape for a in arrays)
        output_dims = self._output_dims_of.get(shapes)
        if output_dims is None:
            if len(self._output_dims_of) >= 256:  # a bound for callers of many sizes
                self._output_dims_of.clear()
            output_dims = self._output_dims_of[shapes] = self.output_dims(list(shapes))
        outputs = [np.empty(shape, dtype=t.dtype) for t, shape in zip(self.signature.outputs, output_dims)]
        pointers = []
        for a in arrays:
            pointers.append(ctypes.c_void_p(a.ctypes.data))
            if a.ndim:
                pointers.append((ctypes.c_int64 * a.ndim)(*a.shape))
        pointers += [ctypes.c_void_p(o.ctypes.data) for o in outputs]
        if pool is not None and (pool.dtype != np.uint8 or not pool.flags.writeable or not pool.flags.c_contiguous):
            raise SignatureError(f"{self.signature.name}: a pool must be a writable contiguous uint8 array")
        self.program._begin_call()
        try:
            status = self._call(*pointers, None if pool is None else ctypes.c_void_p(pool.ctypes.data),
                                ctypes.c_size_t(0 if pool is None else pool.nbytes))
        finally:
            self.program._end_call()
        self._check(status)
        if as_torch:
            import torch

            outputs = [to_torch(o) for o in outputs]
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def output_dims(self, input_dims: list) -> list[tuple[int, ...]]:
        """The outputs' dims for inputs of these dims (run by the compiled
        code: it checks them as a call would)."""
        kept, pointers = self._dims(input_dims)
        out = [np.zeros(t.rank, dtype=np.int64) for t in self.signature.outputs]
        self._check(self._output_dims(*pointers, *[ctypes.c_void_p(o.ctypes.data) for o in out if o.size]))
        return [tuple(int(x) for x in o) for o in out]

    def pool_bytes(self, input_dims: list) -> int:
        """The bytes of scratch memory a call with inputs of these dims needs
        from a pool (see __call__)."""
        kept, pointers = self._dims(input_dims)
        size = ctypes.c_size_t()
        self._check(self._pool_bytes(*pointers, ctypes.byref(size)))
        return size.value

    def _dims(self, input_dims: list) -> tuple[list[np.ndarray], list[ctypes.c_void_p]]:
        """The inputs' dims as int64 arrays (which must outlive the call), and
        pointers to those of rank > 0 (the C interface takes no dims for a
        scalar)."""
        sig = self.signature
        if len(input_dims) != len(sig.inputs):
            raise SignatureError(f"{sig.name} takes {len(sig.inputs)} input(s), but dims of {len(input_dims)} "
                                 f"were given")
        arrays = [np.ascontiguousarray(d, dtype=np.int64) for d in input_dims]
        return arrays, [ctypes.c_void_p(a.ctypes.data) for a, t in zip(arrays, sig.inputs) if t.rank]

    def _check(self, status: int) -> None:
        if status:
            raise CallError(status, self.program._last_error().decode())

    def _arrays(self, args) -> tuple[list[np.ndarray], bool]:
        """C-contiguous arrays of the arguments (views when they already
        are), checked against the signature; and whether one was a torch
        tensor."""
        sig = self.signature
        if len(args) != len(sig.inputs):
            raise SignatureError(f"{sig.name} takes {len(sig.inputs)} input(s) "
                                 f"({', '.join(t.name for t in sig.inputs)}), but {len(args)} were given")
        torch = sys.modules.get("torch")
        arrays, as_torch = [], False
        for t, dtype, arg in zip(sig.inputs, self._dtypes, args):
            if torch is not None and isinstance(arg, torch.Tensor):
                if arg.device.type != "cpu":
                    raise SignatureError(f"{sig.name}: {t.name} is on {arg.device}; compiled code reads CPU tensors")
                arg, as_torch = to_numpy(arg), True
            elif not isinstance(arg, np.ndarray):
                raise SignatureError(f"{sig.name}: {t.name} must be a NumPy array or a torch tensor, "
                                     f"not {type(arg).__name__}")
            if arg.dtype != dtype or arg.ndim != t.rank or any(s is not None and s != n
                                                                  for s, n in zip(t.shape, arg.shape)):
                raise SignatureError(f"{sig.name}: {t.name} must be {t.dtype.name} {t.dims_text()}, "
                                     f"not {arg.dtype.name} {list(arg.shape)}")
            # (np.ascontiguousarray would make a 0-d array 1-d; 0-d arrays are contiguous.)
            arrays.append(arg if arg.flags.c_contiguous else np.ascontiguousarray(arg))
        _check_symbols(sig, arrays)
        return arrays, as_torch


def _check_symbols(sig: FunctionSignature, arrays: list[np.ndarray]) -> None:
    """Dims that torch.export named by one symbol agree and lie in its range."""
    ranges = {s.name: s for s in sig.symbols}
    seen: dict[str, tuple[int, str]] = {}
    for t, a in zip(sig.inputs, arrays):
        for d, size in enumerate(a.shape):
            name = t.symbol(d)
            if name is None:
                continue
            where = f"{t.name} dim {d}"
            if name in seen and seen[name][0] != size:
                raise SignatureError(f"{sig.name}: {where} is {size}, but {seen[name][1]} is {seen[name][0]}; "
                                     f"both are torch.export dim {name}")
            seen[name] = (size, where)
            s = ranges.get(name)
            if s is not None and not s.min <= size <= s.max:
                raise SignatureError(f"{sig.name}: {where} is {size}, outside [{s.min}, {s.max}], "
                                     f"the range torch.export allows for {name}")
