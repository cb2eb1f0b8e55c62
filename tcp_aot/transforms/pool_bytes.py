"""Pool-size functions: how many bytes of a caller's pool the two compiled
functions a status-returning call runs (c_interface) may take from it,
each allocation on the calling thread aligned to POOL_ALIGNMENT as the
runtime's pool does (tcp_aot_runtime.c):
- `F__pool_bytes`, for F__into (destination.py), taking its arguments, F's
  inputs and its result buffers (only their dims are read). The results
  are the caller's buffers, so they take none of the pool.
- `F__output_dims__pool_bytes`, for F__output_dims (output_dims.py), which
  the call runs first, on a pool of its own, to size the results: its
  dims tensor comes from the pool too.
Each runs its function's shape guards first.

Each is its function on memrefs with every allocation's size summed
instead of made: an allocation under scf.if counts whatever the branch (an
upper bound), one under scf.for counts once per iteration (the pool never
reuses memory within a call), one under scf.forall not at all (parallel
loops allocate with malloc, see the runtime). A size computed inside a loop from values
outside it is computed again outside; one that varies between iterations
makes the function return UNBOUNDED. Then everything the sum and the
guards do not need is deleted. Runs after bufferization and buffer
deallocation.
"""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, func

from ..walk import collect
from ..abi import INTO, OUTPUT_DIMS, POOL_ALIGNMENT, POOL_BYTES
from .runtime_errors import failure_status

UNBOUNDED = -1  # what a pool-size function returns when an allocation's size varies between loop iterations


def add_pool_bytes_functions(root: ir.Operation) -> None:
    for op in list(root.regions[0].blocks[0].operations):
        op = op.operation
        if op.name != "func.func":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if name.endswith(INTO):
            _add(op, name.removesuffix(INTO) + POOL_BYTES)
        elif name.endswith(OUTPUT_DIMS):
            _add(op, name + POOL_BYTES)


def _add(measured: ir.Operation, name: str) -> None:
    clone = measured.clone(ir.InsertionPoint.after(measured))
    clone.attributes["sym_name"] = ir.StringAttr.get(name)
    entry = clone.regions[0].blocks[0]
    ret = list(entry.operations)[-1]
    index = ir.IndexType.get()
    with ir.InsertionPoint(ret), ret.location:
        try:
            total = arith.ConstantOp(index, 0).result
            for alloc in collect(clone, lambda o: o.name == "memref.alloc"):
                loops = _enclosing(alloc)
                if loops is None:
                    continue  # in a parallel loop: malloc'd
                bytes_ = _bytes(alloc, entry)
                for loop in loops:
                    bytes_ = arith.MulIOp(bytes_, _trip_count(loop, entry)).result
                total = arith.AddIOp(total, bytes_).result
        except _Unbounded:
            total = arith.ConstantOp(index, UNBOUNDED).result
        result = arith.IndexCastOp(ir.IntegerType.get_signless(64), total).result
        func.ReturnOp([result])
    ret.erase()
    _keep_only_what_the_sum_needs(entry)
    inputs = ir.FunctionType(ir.TypeAttr(measured.attributes["function_type"]).value).inputs
    clone.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, [result.type]))


def _enclosing(op: ir.Operation) -> list[ir.Operation] | None:
    """The scf.for loops around `op` (innermost first), or None when an
    scf.forall is around it."""
    loops = []
    parent = op.parent
    while parent.name != "func.func":
        if parent.name == "scf.forall":
            return None
        if parent.name == "scf.for":
            loops.append(parent)
        parent = parent.parent
    return loops


class _Unbounded(Exception):
    """An allocation's size varies with a loop's iterations."""


def _top_level(v: ir.Value, entry: ir.Block) -> ir.Value:
    """`v` computed at the current insertion point (the end of the entry
    block): itself when the entry block defines it, else a copy of the pure
    arithmetic that computes it inside a loop from values defined outside."""
    if isinstance(v, ir.BlockArgument):
        if v.owner == entry:
            return v
        raise _Unbounded()  # a loop's induction variable or iter_arg
    op = v.owner.operation
    if op.parent.name == "func.func":
        return v
    if not (op.name.startswith("arith.") or op.name in ("affine.apply", "memref.dim")) or op.regions:
        raise _Unbounded()
    operands = [_top_level(x, entry) for x in op.operands]
    copy = op.clone()
    for i, x in enumerate(operands):
        copy.operands[i] = x
    return copy.results[ir.OpResult(v).result_number]


def _bytes(alloc: ir.Operation, entry: ir.Block) -> ir.Value:
    """Bytes the allocation takes from the pool, at most: its size, the
    alignment finalize-memref-to-llvm adds to the request, and the pool's."""
    t = ir.MemRefType(alloc.results[0].type)
    element = t.element_type
    width = ir.VectorType(element).element_type.width * math.prod(ir.VectorType(element).shape) \
        if isinstance(element, ir.VectorType) else 64 if isinstance(element, ir.IndexType) else element.width
    static = math.prod([s for d, s in enumerate(t.shape) if not t.is_dynamic_dim(d)])
    extra = POOL_ALIGNMENT - 1
    if "alignment" in alloc.attributes:
        extra += ir.IntegerAttr(alloc.attributes["alignment"]).value
    index = ir.IndexType.get()
    size = arith.ConstantOp(index, static * max(width // 8, 1)).result
    for v in alloc.operands:
        size = arith.MulIOp(size, _top_level(v, entry)).result
    return arith.AddIOp(size, arith.ConstantOp(index, extra).result).result


def _trip_count(loop: ir.Operation, entry: ir.Block) -> ir.Value:
    low, high, step = (_top_level(v, entry) for v in list(loop.operands)[:3])
    index = ir.IndexType.get()
    span = arith.SubIOp(high, low).result
    positive = arith.MaxSIOp(span, arith.ConstantOp(index, 0).result).result
    return arith.CeilDivUIOp(positive, step).result


def _keep_only_what_the_sum_needs(entry: ir.Block) -> None:
    """Delete every op of the entry block that neither the returned sum nor
    a shape guard (a top-level scf.if that fails with the shape status)
    needs, last first."""
    ops = list(entry.operations)
    needed: set = set()
    pending = [ops[-1]] + [op.operation for op in ops if _is_guard(op.operation)]
    while pending:
        op = pending.pop()
        if op in needed:
            continue
        needed.add(op)
        for nested in collect(op, lambda o: True):
            for v in nested.operands:
                owner = v.owner
                if not isinstance(v, ir.BlockArgument) and owner.operation.parent == entry.owner.operation:
                    pending.append(owner.operation)
    for op in reversed(ops):
        if op.operation not in needed:
            op.operation.erase()


def _is_guard(op: ir.Operation) -> bool:
    if op.name != "scf.if":
        return False
    return bool(collect(op, lambda o: failure_status(o) == "shape"))
