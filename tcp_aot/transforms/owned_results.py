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
    """The memref.alloc result that v views, or None (argument, global...)."""
    while True:
        owner = v.owner
        if not isinstance(owner, (ir.Operation, ir.OpView)):
            return None
        name = owner.operation.name
        if name == "memref.alloc":
            return v
        if name not in _VIEWS:
            return None
        v = owner.operation.operands[0]


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
