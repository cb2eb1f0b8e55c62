"""TCP -> linalg -> bufferization -> loops -> LLVM dialect. The code reads
weights at their offsets in NAME.weights (address-weights)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..files import write_atomic

if TYPE_CHECKING:
    from torch_mlir import ir

PIPELINE = "tcp-to-llvm"


def lower(source: Path, output: Path, pipeline: str = PIPELINE,
          kernels: Callable[[ir.Module], list[dict]] | None = None) -> list[dict] | None:
    """`source` lowered by `pipeline` into `output`. A profiled build's
    pipeline comes with `kernels`, which reads the lowered module's kernels
    (returned: the .so defines their timers)."""
    from .. import pipelines
    from ..module_io import parsed

    with parsed(source, frozen=True) as (module, weights):
        pipelines.run(module, [pipeline], pipelines.PassContext(filename=str(source), weights=weights),
                      verify_each=False)
        text = module.operation.get_asm()
        found = kernels(module) if kernels else None
    write_atomic(output, text)
    return found
