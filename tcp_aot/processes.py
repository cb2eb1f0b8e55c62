"""A process that ends with its parent: a stage's worker with the stage's
process (stages/common.py; the LLVM tools it runs end with it too, see
toolchain.run), so that a job killed as a whole leaves nothing running."""

from __future__ import annotations

import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent ends (and end
    now if it already has: it was reparented before the request)."""
    parent = os.getppid()
    ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
