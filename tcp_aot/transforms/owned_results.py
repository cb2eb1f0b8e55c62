"""Make every buffer a function returns a fresh allocation of its own.

The caller of a compiled function frees each result's allocated pointer, so
a result must never be an argument, a global constant or another result's
buffer. Runs on memrefs, after one-shot bufferization and before the
deallocation pipeline (which then leaves returned buffers alone)."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, memref

from ..walk import named

# Ops whose result shares its operand's allocation.
_VIEWS = ("memref.cast", "memref.expand_shape", "memref.collapse_shape", "memref.reinterpret_cast",
          "memref.subview", "memref.view")


def own_results(root: ir.Operation) -> None:
    for ret in named(root, "func.return"):
        _own(ret)


def _allocation(v: ir.Value) -> ir.Value | None:
    """The memref.alloc result that v views (or that an scf.if yields in
    both branches), v itself when it is an scf.if's choice between
    allocations made in its branches (see branch_allocations), or None
    (argument, global...)."""
    while True:
        owner = v.owner
        if not isinstance(owner, (ir.Operation, ir.OpView)):
            return None
        name = owner.operation.name
        if name == "memref.alloc":
            return v
        if name == "scf.if":
            allocs = branch_allocations(v)
            if allocs is None:
                return None
            return allocs[0].results[0] if len(allocs) == 1 else v
        if name not in _VIEWS:
            return None
        v = owner.operation.operands[0]


def branch_allocations(v: ir.Value) -> list[ir.Operation] | None:
    """For a result of an scf.if (such as mark-parallel's run-time choice
    between a parallel and a serial copy of an op), the allocations it may
    be: one made before the scf.if that both branches yield, or one made in
    each branch; each yielded for this result only. Else None."""
    op = v.owner.operation
    number = ir.OpResult(v).result_number
    allocs = []
    for region in op.regions:
        if not region.blocks:
            return None
        yielded = list(list(region.blocks[0].operations)[-1].operands)
        x = yielded[number]
        owner = x.owner
        if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.operation.name != "memref.alloc" \
                or sum(y == x for y in yielded) != 1:
            return None
        allocs.append(owner.operation)
    if allocs[0] == allocs[1]:
        return allocs[:1]
    if all(alloc.parent == op for alloc in allocs):
        return allocs
    return None


def _own(ret: ir.Operation) -> None:
    owned: list[ir.Value] = []
    with ir.InsertionPoint(ret), ret.location:
        for i, v in enumerate(list(ret.operands)):
            alloc = _allocation(v)
            if alloc is not None and all(alloc != o for o in owned):
                owned.append(alloc)
                continue
            t = ir.MemRefType(v.type)
            dynamic = [memref.DimOp(v, arith.ConstantOp(ir.IndexType.get(), d).result).result
                       for d in range(t.rank) if t.is_dynamic_dim(d)]
            fresh = memref.AllocOp(ir.MemRefType.get(t.shape, t.element_type), dynamic, []).result
            memref.CopyOp(v, fresh)
            ret.operands[i] = fresh
            owned.append(fresh)
