"""Symbolic dims from torch.export, as the IR carries them
(torch./tcp.symbolic_int and torch./tcp.bind_symbolic_shape): which
function argument dims are which expressions of which symbols, and their
bounds."""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir

from .signature import Symbol

INT64_MAX = 2**63 - 1

# The attribute of a func.func argument that names it (torch.export's input
# name), which the frontend sets and the signature reads.
NAME_ATTR = "tcp_aot.name"


@dataclass(frozen=True)
class ArgumentShape:
    """Argument `arg`'s dims: dim d is `exprs[d]` over `symbols`."""
    arg: int
    exprs: tuple[ir.AffineExpr, ...]
    symbols: tuple[Symbol, ...]


def argument_shapes(func_op: ir.Operation) -> list[ArgumentShape]:
    block = func_op.regions[0].blocks[0]
    shapes = []
    for op in block.operations:
        op = op.operation
        if op.name not in ("torch.bind_symbolic_shape", "tcp.bind_symbolic_shape"):
            continue
        operand = op.operands[0]
        if not isinstance(operand, ir.BlockArgument) or operand.owner != block:
            continue
        symbols = tuple(_symbol(v) for v in list(op.operands)[1:])
        amap = ir.AffineMapAttr(op.attributes["shape_expressions"]).value
        shapes.append(ArgumentShape(operand.arg_number, tuple(amap.results), symbols))
    return shapes


def _symbol(v: ir.Value) -> Symbol:
    op = v.owner.operation
    attr = lambda name: ir.IntegerAttr(op.attributes[name]).value  # noqa: E731
    return Symbol(ir.StringAttr(op.attributes["symbol_name"]).value, attr("min_val"), attr("max_val"))


def evaluate(expr: ir.AffineExpr, symbols: list[int]) -> int:
    """Value of an affine expression of symbols (no dims)."""
    if isinstance(expr, ir.AffineConstantExpr):
        return expr.value
    if isinstance(expr, ir.AffineSymbolExpr):
        return symbols[expr.position]
    a, b = evaluate(expr.lhs, symbols), evaluate(expr.rhs, symbols)
    if isinstance(expr, ir.AffineAddExpr):
        return a + b
    if isinstance(expr, ir.AffineMulExpr):
        return a * b
    if isinstance(expr, ir.AffineModExpr):
        return a % b
    if isinstance(expr, ir.AffineFloorDivExpr):
        return a // b
    if isinstance(expr, ir.AffineCeilDivExpr):
        return -(-a // b)
    raise ValueError(f"unsupported affine expression {expr}")
