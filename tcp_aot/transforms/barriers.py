"""omit-redundant-barriers: a worksharing loop (omp.wsloop) that is the last
thing its parallel region does gets `nowait`.

An OpenMP worksharing loop ends with a barrier: no thread goes on until
every thread has finished its iterations. When the loop is the last op of
its omp.parallel, the region's join waits for every thread anyway, so the
loop's barrier is a second round of waiting. Every scf.forall becomes such
a region (convert-scf-to-openmp), and on 2 threads here the barrier is
0.4-0.7 us of the 0.8-2.1 us an empty region with its loop costs, by the
host's state (MobileNetV3-large runs about 70 regions a call: -1.1 % at
2 threads). A loop with operands (a
reduction into shared values, a chunk size) keeps its barrier.
"""

from __future__ import annotations

from torch_mlir import ir

from ..walk import collect


def omit_redundant_barriers(root: ir.Operation) -> None:
    for loop in collect(root, lambda op: op.name == "omp.wsloop"):
        if len(loop.operands) == 0 and _ends_parallel_region(loop):
            loop.attributes["nowait"] = ir.UnitAttr.get()


def _ends_parallel_region(loop: ir.Operation) -> bool:
    region = loop.parent
    if region is None or region.name != "omp.parallel" or len(region.regions[0].blocks) != 1:
        return False
    *_, last, terminator = [op.operation for op in region.regions[0].blocks[0].operations]
    return last == loop and terminator.name == "omp.terminator"
