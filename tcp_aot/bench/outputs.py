"""Outputs checked against the reference before anything is timed: a
benchmark of code that computes a wrong answer measures nothing."""

from __future__ import annotations

import numpy as np


class OutputMismatch(ValueError):
    pass


def compare_outputs(gots: list[np.ndarray], wants: list[np.ndarray], rtol: float, atol: float) -> float:
    """The largest absolute error over float outputs; OutputMismatch naming
    the first output of the wrong count, shape or values."""
    if len(gots) != len(wants):
        raise OutputMismatch(f"{len(gots)} outputs, the reference has {len(wants)}")
    worst = 0.0
    for i, (got, want) in enumerate(zip(gots, wants)):
        if got.shape != want.shape:
            raise OutputMismatch(f"output {i} has shape {got.shape}, the reference {want.shape}")
        if want.dtype.kind == "f":
            close = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
            if got.size:
                worst = max(worst, float(np.nanmax(np.abs(got.astype(np.float64) - want))))
        else:
            close = got == want
        if not np.all(close):
            raise OutputMismatch(f"output {i} differs from the reference in {int(np.sum(~close))} of "
                                 f"{got.size} elements")
    return worst
