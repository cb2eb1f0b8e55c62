"""tcp_aot: an ahead-of-time compiler from PyTorch (and TCP programs) to
shared objects, through the Torch, TCP, linalg and LLVM MLIR dialects.

`tcp_aot.load(path)` loads a compiled program (runtime/program.py)."""

from importlib import import_module

_RUNTIME = ("load", "Program", "SignatureError", "CallError", "WeightsError")


def __getattr__(name: str):
    # Imported on first use, by name: the compiler's stages import this
    # package, and neither need the runtime nor should rerun when it changes
    # (stage_code.py follows `import` statements).
    if name in _RUNTIME:
        return getattr(import_module("tcp_aot.runtime.program"), name)
    raise AttributeError(f"module 'tcp_aot' has no attribute {name!r}")
