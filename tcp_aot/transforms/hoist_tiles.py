"""hoist-register-tiles: a loop that reads a vector from a fresh buffer,
updates it and writes it back at the same place every iteration (a matrix
product's register tile across its k loop) reads it once before the loop,
carries it in registers, and writes it once after.

MLIR's transform.structured.hoist_redundant_vector_transfers does this, but
gives up as soon as the buffer has any view (a subview of a peeled remainder
tile, the expand_shape that gives a convolution's product its image shape),
which leaves most products loading and storing their accumulators every k
step. This pass proves the hoisting safe from what the loop does instead:
  * its body is straight-line code whose only memory write is that one
    vector.transfer_write, and it makes no calls;
  * the read and the write use the same buffer, indices, vector type and
    permutation, all defined outside the loop;
  * the buffer is (a view of) a memref.alloc, and no other read in the loop
    reads a view of that allocation. A fresh allocation is not an input's
    memory, so reads from anything else cannot see the accumulator.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import scf

from ..walk import collect

# Ops that neither write memory nor call anything.
_PURE_PREFIXES = ("arith.", "math.", "affine.apply", "affine.min", "affine.max", "index.")
_PURE_VECTOR = ("vector.transfer_read", "vector.load", "vector.broadcast", "vector.extract", "vector.insert",
                "vector.fma", "vector.contract", "vector.outerproduct", "vector.shape_cast", "vector.transpose",
                "vector.splat", "vector.from_elements", "vector.to_elements", "vector.reduction",
                "vector.extract_strided_slice", "vector.insert_strided_slice")
_VIEWS = ("memref.subview", "memref.collapse_shape", "memref.expand_shape", "memref.reinterpret_cast",
          "memref.cast")
_READS = ("vector.transfer_read", "vector.load")


def hoist_register_tiles(root: ir.Operation) -> None:
    # Inner loops first (post-order), so a tile hoisted out of one loop can
    # be hoisted again out of the loop around it.
    for loop in collect(root, lambda op: op.name == "scf.for"):
        _hoist(loop)


def _hoist(loop: ir.Operation) -> None:
    body = loop.regions[0].blocks[0]
    ops = [op.operation for op in body.operations]
    if any(len(op.regions) for op in ops) or not all(_allowed(op) for op in ops):
        return
    writes = [op for op in ops if op.name == "vector.transfer_write"]
    if len(writes) != 1:
        return
    write = writes[0]
    base, indices = write.operands[1], list(write.operands)[2:]
    root = _allocation(base)
    if root is None or not all(_defined_outside(v, body) for v in [base] + indices):
        return
    read = next((op for op in ops if op.name == "vector.transfer_read" and _same_place(op, write)), None)
    if read is None or ops.index(read) > ops.index(write):
        return
    if any(op.name in _READS and op != read and _same_op(_allocation(op.operands[0]), root) for op in ops):
        return
    _carry(loop, body, read, write)


def _carry(loop: ir.Operation, body: ir.Block, read: ir.Operation, write: ir.Operation) -> None:
    """Rebuild `loop` with the tile as an extra iter_arg."""
    read.move_before(loop)
    old = loop.opview
    inits = list(old.initArgs) + [read.result]
    with ir.InsertionPoint(loop), loop.location:
        new = scf.ForOp(old.lowerBound, old.upperBound, old.step, inits)
    read.result.replace_all_uses_except(new.inner_iter_args[len(inits) - 1], new.operation)
    old.induction_variable.replace_all_uses_with(new.induction_variable)
    for a, b in zip(old.inner_iter_args, new.inner_iter_args):
        a.replace_all_uses_with(b)
    old_yield = body.operations[len(body.operations) - 1].operation
    with ir.InsertionPoint(new.body), loop.location:
        new_yield = scf.YieldOp(list(old_yield.operands) + [write.operands[0]])
    for op in [op.operation for op in body.operations][:-1]:
        if op != write:
            op.move_before(new_yield.operation)
    write.move_after(new.operation)
    write.operands[0] = new.results[len(inits) - 1]
    for a, b in zip(old.results, new.results):
        a.replace_all_uses_with(b)
    loop.erase()


def _same_op(a: ir.Operation | None, b: ir.Operation) -> bool:
    return a is not None and a == b


def _allowed(op: ir.Operation) -> bool:
    name = op.name
    return (name.startswith(_PURE_PREFIXES) or name in _PURE_VECTOR or name in _VIEWS
            or name in ("vector.transfer_write", "scf.yield"))


def _same_place(read: ir.Operation, write: ir.Operation) -> bool:
    """Whether `read` reads exactly what `write` writes (no mask, same map)."""
    return (len(read.operands) == len(write.operands)  # base, indices, padding vs value, base, indices
            and read.operands[0] == write.operands[1]
            and list(read.operands)[1:-1] == list(write.operands)[2:]
            and read.result.type == write.operands[0].type
            and all(_attr(read, a) == _attr(write, a) for a in ("permutation_map", "in_bounds")))


def _attr(op: ir.Operation, name: str) -> str | None:
    return str(op.attributes[name]) if name in op.attributes else None


def _allocation(v: ir.Value) -> ir.Operation | None:
    """The memref.alloc that `v` is a view of, or None."""
    while isinstance(v.owner, ir.Operation) or isinstance(v.owner, ir.OpView):
        op = v.owner.operation
        if op.name == "memref.alloc":
            return op
        if op.name not in _VIEWS:
            return None
        v = op.operands[0]
    return None


def _defined_outside(v: ir.Value, body: ir.Block) -> bool:
    if isinstance(v, ir.BlockArgument):
        return v.owner != body
    return v.owner.operation.block != body
