"""TCP -> linalg: structural ops. Groups are inlined, symbolic-shape ops
dropped, and tcp.custom_op lowered only by a lowering registered for its
name (see `register_custom_op_lowering`)."""

from __future__ import annotations

from typing import Callable

from torch_mlir import ir

from ...dialects import tcp
from ...walk import named
from ..pattern_list import PatternList, Unsupported

PATTERNS = PatternList()

# tcp.custom_op name -> function(op view, rewriter) building its replacement.
CUSTOM_OP_LOWERINGS: dict[str, Callable[[tcp.CustomOp, object], list[ir.Value]]] = {}


def register_custom_op_lowering(name: str):
    """Register how to lower `tcp.custom_op("<name>")`: the function gets the
    op and returns the values replacing its results."""
    def decorate(fn):
        CUSTOM_OP_LOWERINGS[name] = fn
        return fn
    return decorate


@PATTERNS.register(tcp.CustomOp.OPERATION_NAME)
def lower_custom_op(op, rewriter):
    view = tcp.CustomOp(op)
    name = ir.StringAttr(view.op_name).value
    lowering = CUSTOM_OP_LOWERINGS.get(name)
    if lowering is None:
        raise Unsupported(f"no lowering is registered for custom op '{name}'")
    rewriter.replace_op(op, lowering(view, rewriter))


def inline_groups(root: ir.Operation) -> None:
    """Move the body of every tcp.group / tcp.isolated_group in front of it
    and replace its results by the yielded values."""
    for group in named(root, tcp.GroupOp.OPERATION_NAME, tcp.IsolatedGroupOp.OPERATION_NAME):
        block = group.regions[0].blocks[0]
        for arg, value in zip(block.arguments, group.operands):
            arg.replace_all_uses_with(value)
        body = list(block.operations)
        terminator = body[-1]
        for inner in body[:-1]:
            inner.move_before(group)
        for result, value in zip(group.results, terminator.operands):
            result.replace_all_uses_with(value)
        group.erase()


def drop_symbolic_shape_ops(root: ir.Operation) -> None:
    """Remove tcp.bind_symbolic_shape and tcp.symbolic_int: facts for the
    shape guards, nothing to compute."""
    # Binds first: they use the symbolic ints.
    for op in named(root, tcp.BindSymbolicShapeOp.OPERATION_NAME) + named(root, tcp.SymbolicIntOp.OPERATION_NAME):
        op.erase()
