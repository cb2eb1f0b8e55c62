"""sequential-tiles: the scf.forall loops a schedule annotated
`tcp_aot.sequential` become nested scf.for loops, run by the calling thread.

schedules/matmul.mlir tiles a product's epilogue with scf.forall to fuse the
product into each tile (fusion into a destination works through a forall's
shared outputs, not through scf.for's loop-carried values), but such a
product is not worth threads. After bufferization the forall has no shared
outputs left, and its body can run as plain loops; upstream
`transform.loop.forall_to_for` does that too, but needs to know the
forall's rank in the schedule, which canonicalization changes (it drops
single-iteration dims).
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, scf

from ..linalg_builders import DYNAMIC
from ..walk import collect

ATTR = "tcp_aot.sequential"


def sequential_tiles(root: ir.Operation) -> None:
    for forall in collect(root, lambda op: op.name == "scf.forall" and ATTR in op.attributes):
        _to_loops(forall.opview)


def _to_loops(forall: scf.ForallOp) -> None:
    if len(forall.results):
        raise ValueError("sequential-tiles runs after bufferization: an scf.forall still has shared outputs")
    with ir.InsertionPoint(forall), forall.location:
        bounds = [_values(static, list(dynamic)) for static, dynamic in (
            (forall.staticLowerBound, forall.dynamicLowerBound), (forall.staticUpperBound, forall.dynamicUpperBound),
            (forall.staticStep, forall.dynamicStep))]
    where, ivs = ir.InsertionPoint(forall), []
    for lower, upper, step in zip(*bounds):
        with where, forall.location:
            loop = scf.ForOp(lower, upper, step)
        with ir.InsertionPoint(loop.body), forall.location:
            innermost_yield = scf.YieldOp([])
        where = ir.InsertionPoint(innermost_yield)
        ivs.append(loop.induction_variable)
    for old, new in zip(forall.induction_variables, ivs):
        old.replace_all_uses_with(new)
    for op in [op.operation for op in forall.body.operations][:-1]:  # all but scf.forall.in_parallel
        op.move_before(innermost_yield)
    forall.erase()


def _values(static: list[int], dynamic: list[ir.Value]) -> list[ir.Value]:
    """A forall's mixed bounds as index values (constants where static)."""
    dynamic_values = iter(dynamic)
    return [next(dynamic_values) if v == DYNAMIC else arith.ConstantOp(ir.IndexType.get(), v).result
            for v in static]
