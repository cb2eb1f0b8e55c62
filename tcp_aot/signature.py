"""What a compiled function takes and returns: the element type and shape
of each input and output tensor, read off the TCP module's func.func types.
The generated C++ test, the Python runtime and the benchmark use it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import StageError

# MLIR element type -> NumPy dtype, for the types that cross the ABI.
NUMPY_TYPES = {"f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.int8, "i16": np.int16,
               "i32": np.int32, "i64": np.int64}


@dataclass(frozen=True)
class TensorSpec:
    element: str  # MLIR spelling: f32, i64, i1, ...
    shape: tuple[int | None, ...]  # None for a dynamic dim

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(NUMPY_TYPES[self.element])


@dataclass(frozen=True)
class FunctionSignature:
    name: str
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]


def signatures(module) -> list[FunctionSignature]:
    """The signature of every function defined in the module (an
    ir.Module of TCP)."""
    from torch_mlir import ir

    out = []
    for op in module.body.operations:
        op = op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        out.append(FunctionSignature(name, tuple(_spec(name, t) for t in ftype.inputs),
                                     tuple(_spec(name, t) for t in ftype.results)))
    return out


def _spec(func: str, t) -> TensorSpec:
    from torch_mlir import ir

    if not isinstance(t, ir.RankedTensorType):
        raise StageError(f"@{func}: {t} cannot cross the compiled ABI; only ranked tensors can")
    element = str(t.element_type)
    if element not in NUMPY_TYPES:
        raise StageError(f"@{func}: element type {element} cannot cross the compiled ABI")
    return TensorSpec(element, tuple(None if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)))
