"""The contract between a compiled program and those who call it, in one
place: the status codes (their C names, values and meanings), the
functions derived from each public function F, the pool's alignment, and
the version of the signature a .so carries. The compiled code's checks
(transforms/runtime_errors.py), the passes that derive functions, the C
runtime and header (c_interface/, which generates its definitions from
here) and the Python runtime (runtime/program.py) all read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Status:
    name: str  # the C name
    value: int
    meaning: str


STATUSES = (
    Status("TCP_AOT_OK", 0, "success"),
    Status("TCP_AOT_ERROR_SHAPE", 1, "an input's dims break what the program needs (the message names them)"),
    Status("TCP_AOT_ERROR_VALUE", 2, "an input's values break a check, such as an index out of range"),
    Status("TCP_AOT_ERROR_ARGUMENT", 3, "a NULL pointer where data or dims are needed, or a negative dim"),
    Status("TCP_AOT_ERROR_MEMORY", 4, "out of memory, or the pool passed is too small"),
    Status("TCP_AOT_ERROR_INTERNAL", 5, "a result's dims differ from what output_dims said (a compiler bug)"),
    Status("TCP_AOT_ERROR_NO_POOL_SIZE", 6, "pool_bytes cannot bound this function's scratch memory (see its message)"),
    Status("TCP_AOT_ERROR_WEIGHTS", 7, "no weights are loaded, or a weights file does not fit the program"),
)
STATUS = {s.name: s.value for s in STATUSES}

# The statuses the compiled code's own checks fail with, by kind of check.
CHECK_STATUS = {"shape": STATUS["TCP_AOT_ERROR_SHAPE"], "value": STATUS["TCP_AOT_ERROR_VALUE"],
                "internal": STATUS["TCP_AOT_ERROR_INTERNAL"]}
# The attribute of a cf.assert that names its kind of check (a key of
# CHECK_STATUS; "value" when absent), set where the assert is made.
STATUS_ATTR = "tcp_aot.status"

# The functions compiled beside each public F, by suffix: F__into writes F's
# results into the caller's buffers, F__output_dims gives their dims,
# F__pool_bytes (and F__output_dims__pool_bytes) the scratch memory they take.
INTO = "__into"
OUTPUT_DIMS = "__output_dims"
POOL_BYTES = "__pool_bytes"

# Every allocation from a caller's pool is aligned to this many bytes.
POOL_ALIGNMENT = 64

# A profiled build keeps each kernel's time in parallel loops per thread for
# this many threads (more add to the last).
PROFILE_THREADS = 64

# The version of the signature JSON a .so carries (tcp_aot_signature()): a
# reader refuses another.
SIGNATURE_VERSION = 1


def c_definitions() -> str:
    """The C definitions of the status codes and the pool's alignment, for
    the runtime and the header."""
    codes = "\n".join(f"#define {s.name} {s.value} /* {s.meaning} */" for s in STATUSES)
    return f"{codes}\n#define TCP_AOT_POOL_ALIGNMENT {POOL_ALIGNMENT}"
