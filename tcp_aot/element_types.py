"""The element types a tensor can have where it crosses a boundary (the
compiled ABI, the .npz, the weights file, torch tensors), one row each: the
signature, the C header, the generated C++ test, the runtime and the weights
read them here.

bfloat16 and float16 are 16-bit storage: the C header passes them as
`tcp_aot_bf16` / `tcp_aot_f16` (uint16_t holding the bits), NumPy holds them
as ml_dtypes.bfloat16 / np.float16, and compiled code computes on them in
float32 registers, rounding each TCP op's result once to the stored type.
NumPy writes an ml_dtypes.bfloat16 array to an .npy as two opaque bytes per
element (descr `<V2`); the .npz readers here take that as bfloat16.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np


@dataclass(frozen=True)
class ElementType:
    mlir: str  # MLIR's spelling: f32, bf16, i64, ...
    numpy: np.dtype
    c: str  # the type the C header declares
    cpp: str  # the type of the generated C++ test (tcp_aot_test_support.h)
    # The least tolerance a result of this type is compared with
    # (|got - want| <= atol + rtol |want|): for 16-bit floats, torch.testing's
    # rtol, and an atol of `scaled_atol` times the reference's largest
    # magnitude (two ulps there). Eager PyTorch rounds after every op, and
    # compiled code in another order: each is a few roundings from the exact
    # result, so results near zero differ by roundings of the larger values
    # they were computed from.
    rtol: float = 0.0
    scaled_atol: float = 0.0

    @property
    def bytes(self) -> int:
        return self.numpy.itemsize


ELEMENT_TYPES: dict[str, ElementType] = {e.mlir: e for e in (
    ElementType("f32", np.dtype(np.float32), "float", "float"),
    ElementType("f64", np.dtype(np.float64), "double", "double"),
    ElementType("bf16", np.dtype(ml_dtypes.bfloat16), "tcp_aot_bf16", "tcp_aot::bf16", rtol=1.6e-2, scaled_atol=2**-6),
    ElementType("f16", np.dtype(np.float16), "tcp_aot_f16", "tcp_aot::f16", rtol=1e-3, scaled_atol=2**-9),
    ElementType("i1", np.dtype(np.bool_), "bool", "bool"),
    ElementType("i8", np.dtype(np.int8), "int8_t", "int8_t"),
    ElementType("i16", np.dtype(np.int16), "int16_t", "int16_t"),
    ElementType("i32", np.dtype(np.int32), "int32_t", "int32_t"),
    ElementType("i64", np.dtype(np.int64), "int64_t", "int64_t"),
)}

# Floats stored in 16 bits and computed on in float32.
LOW_PRECISION_FLOATS = ("bf16", "f16")
BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

# The C typedefs of the 16-bit floats, for the header and the runtime.
C_TYPEDEFS = """\
/* 16-bit floats cross the ABI as their bits: a bfloat16 is the high half of
 * a float's bits, a float16 is IEEE 754 binary16. */
typedef uint16_t tcp_aot_bf16;
typedef uint16_t tcp_aot_f16;"""


def tolerance(want: np.ndarray, rtol: float, atol: float, precision: np.dtype | None = None) -> tuple[float, float]:
    """The tolerance a result is compared with to the reference `want`: the
    program's, and at least its element type's (or that of `precision`, the
    coarsest type the result was computed from)."""
    dtype = want.dtype if precision is None else precision
    least = next((e for e in ELEMENT_TYPES.values() if e.numpy == dtype), None)
    if least is None or not least.scaled_atol:
        return rtol, atol
    finite = np.abs(want[np.isfinite(want)].astype(np.float64))
    return max(rtol, least.rtol), max(atol, least.scaled_atol * float(finite.max(initial=0.0)))


def precision_dtype(precision: str | None) -> np.dtype | None:
    """The NumPy dtype of a program's products' precision (ProgramSignature.precision)."""
    return ELEMENT_TYPES[precision].numpy if precision else None


def is_float_dtype(dtype: np.dtype) -> bool:
    """A float dtype, bfloat16 included (NumPy's kind for it is 'V')."""
    return dtype.kind == "f" or dtype == BFLOAT16


def from_npy(array: np.ndarray) -> np.ndarray:
    """An array read from an .npy: two opaque bytes per element are bfloat16."""
    return array.view(BFLOAT16) if array.dtype == np.dtype("V2") else array


def to_numpy(tensor) -> np.ndarray:
    """A CPU torch tensor's data as a NumPy array (a view when contiguous);
    bfloat16 becomes ml_dtypes.bfloat16. TypeError for a dtype NumPy cannot
    hold."""
    import torch

    tensor = tensor.detach().contiguous()
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy().view(BFLOAT16)
    return tensor.numpy()


def to_torch(array: np.ndarray):
    """A NumPy array as a torch tensor sharing its data."""
    import torch

    if array.dtype == BFLOAT16:
        return torch.from_numpy(array.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(array)
