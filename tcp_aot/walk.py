"""Walking IR: the ops below an op that satisfy a predicate."""

from __future__ import annotations

from typing import Callable

from torch_mlir import ir


def collect(root: ir.Operation, predicate: Callable[[ir.Operation], bool],
            order: ir.WalkOrder = ir.WalkOrder.POST_ORDER) -> list[ir.Operation]:
    """Every op nested in `root` (and root) for which `predicate` holds, in
    walk order. Collect first, change afterwards: the walk must not see the
    IR change under it."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if predicate(op.operation):
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    root.walk(visit, order)
    return found


def defining_op(v: ir.Value) -> ir.Operation | None:
    """The op whose result v is (None for a block argument)."""
    owner = v.owner
    return owner.operation if isinstance(owner, (ir.Operation, ir.OpView)) else None


def named(root: ir.Operation, *names: str) -> list[ir.Operation]:
    """The ops nested in `root` with one of these names."""
    return collect(root, lambda op: op.name in names)


def function_named(module: ir.Module, name: str) -> ir.Operation:
    """The func.func of a module with symbol `name`."""
    return next(op.operation for op in module.body.operations if op.operation.name == "func.func"
                and ir.StringAttr(op.operation.attributes["sym_name"]).value == name)


def is_elementwise(op: ir.Operation) -> bool:
    """Whether op is a linalg.generic whose every loop is parallel."""
    return op.name == "linalg.generic" and all(str(it) == "#linalg.iterator_type<parallel>"
                                                for it in op.opview.iterator_types)
