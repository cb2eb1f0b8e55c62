"""Outputs checked against the reference before anything is timed: a
benchmark of code that computes a wrong answer measures nothing. The check
also measures how far from the reference the outputs are, so that a
program's tolerance can be derived from it."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ..element_types import is_float_dtype, tolerance


class OutputMismatch(ValueError):
    pass


@dataclass(frozen=True)
class Accuracy:
    """The largest errors of float outputs against the reference: absolute,
    relative (where the reference is not 0), and the atol that the check
    |got - want| <= atol + rtol * |want| needs at this rtol."""

    max_abs: float = 0.0
    max_rel: float = 0.0
    atol_needed: float = 0.0

    def worst(self, other: Accuracy) -> Accuracy:
        return Accuracy(*(max(a, b) for a, b in zip(asdict(self).values(), asdict(other).values())))


def compare_outputs(gots: list[np.ndarray], wants: list[np.ndarray], rtol: float, atol: float,
                    precision: np.dtype | None = None) -> Accuracy:
    """How close the outputs are; OutputMismatch naming the first output of
    the wrong count, shape or values. `precision`: that of the program's
    products, when coarser than its outputs' type (see element_types.tolerance)."""
    if len(gots) != len(wants):
        raise OutputMismatch(f"{len(gots)} outputs, the reference has {len(wants)}")
    accuracy = Accuracy()
    for i, (got, want) in enumerate(zip(gots, wants)):
        if got.shape != want.shape:
            raise OutputMismatch(f"output {i} has shape {got.shape}, the reference {want.shape}")
        if is_float_dtype(want.dtype):
            r, a = tolerance(want, rtol, atol, precision)
            close = np.isclose(got.astype(np.float64), want.astype(np.float64), rtol=r, atol=a, equal_nan=True)
            accuracy = accuracy.worst(_accuracy(got, want, r))
        else:
            close = got == want
        if not np.all(close):
            raise OutputMismatch(f"output {i} differs from the reference in {int(np.sum(~close))} of "
                                 f"{got.size} elements")
    return accuracy


def _accuracy(got: np.ndarray, want: np.ndarray, rtol: float) -> Accuracy:
    want64 = want.astype(np.float64)
    error = np.abs(got.astype(np.float64) - want64)
    finite = np.isfinite(error)
    if not np.any(finite):
        return Accuracy()
    error, scale = error[finite], np.abs(want64[finite])
    nonzero = scale > 0
    return Accuracy(float(error.max()), float((error[nonzero] / scale[nonzero]).max()) if np.any(nonzero) else 0.0,
                    max(float((error - rtol * scale).max()), 0.0))
