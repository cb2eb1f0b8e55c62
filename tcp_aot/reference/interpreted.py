"""Reference tensors of a TCP source: random inputs for every function and
the NumPy interpreter's outputs."""

from __future__ import annotations

import numpy as np

from ..errors import StageError
from .npz import Case, Reference


def tcp_reference(module, weights, dim_sizes: list[int], int_range: list[int] | None, seed: int = 0) -> Reference:
    """One case per entry of `dim_sizes` (every dynamic dim takes that
    size) for every function; inputs are random (integers in `int_range`,
    by default [0, smallest input dim)); outputs come from the interpreter."""
    from torch_mlir import ir

    from ..interpreter import Interpreter, InterpreterError

    rng = np.random.default_rng(seed)
    interpreter = Interpreter(module, weights)
    ref = Reference()
    for name, func_op in interpreter.functions.items():
        ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
        function_cases = []
        for size in dim_sizes:
            shapes = [_concrete_shape(t, size) for t in ftype.inputs]
            low, high = int_range or (0, min((d for s in shapes for d in s), default=10))
            args = [_random_array(t, shape, low, high, rng) for t, shape in zip(ftype.inputs, shapes)]
            try:
                outputs = interpreter.run(name, args)
            except InterpreterError as e:
                raise StageError(f"the reference interpreter failed on @{name} (dynamic dims = {size}): {e}")
            function_cases.append(Case(args, [np.asarray(o) for o in outputs]))
        ref.functions[f"{name}/"] = function_cases
    return ref


def _concrete_shape(t, size: int) -> list[int]:
    from torch_mlir import ir

    if not isinstance(t, ir.RankedTensorType):
        raise StageError(f"function arguments must be ranked tensors, got {t}")
    return [size if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]


def _random_array(t, shape: list[int], low: int, high: int, rng: np.random.Generator) -> np.ndarray:
    from ..dialects.tcp_base import numpy_dtype

    dtype = numpy_dtype(t.element_type)
    if dtype.kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    return rng.integers(low, max(high, low + 1), shape).astype(dtype)
