"""TCP -> linalg, tensor, arith and math (on tensors).

Patterns live beside their siblings by op family (elementwise,
data_movement, reduction, contraction, attention, convolution, misc);
`convert_tcp_to_linalg` applies them all and reports
every TCP op that remains, with its location and the reason.
"""

from __future__ import annotations

from torch_mlir import ir, rewrite

from ...diagnostics import Diagnostic, DiagnosticError, format_location
from ...dialects.tcp_base import element_type, is_quantized, is_tcp
from ...walk import collect
from ..pattern_list import op_key
from . import attention, contraction, convolution, data_movement, elementwise, misc, reduction
from .misc import drop_symbolic_shape_ops, inline_groups, register_custom_op_lowering

FAMILIES = (elementwise, data_movement, reduction, contraction, attention, convolution, misc)

__all__ = ["convert_tcp_to_linalg", "drop_symbolic_shape_ops", "inline_groups",
           "register_custom_op_lowering"]


def convert_tcp_to_linalg(root: ir.Operation, filename: str | None = None) -> None:
    # Before any pattern: quantized tensors verify (as upstream) but have no
    # lowering, and a half-lowered op would fail later with a vaguer message.
    quantized = collect(root, lambda op: is_tcp(op) and any(
        isinstance(v.type, ir.ShapedType) and is_quantized(element_type(v.type))
        for v in [*op.operands, *op.results]))
    if quantized:
        raise DiagnosticError([
            Diagnostic(format_location(op.location, filename),
                       f"'{op.name}' op quantized element types are not supported by the lowering")
            for op in quantized])
    failures: dict[str, str] = {}
    patterns = rewrite.RewritePatternSet()
    for family in FAMILIES:
        family.PATTERNS.populate(patterns, failures)
    rewrite.apply_patterns_and_fold_greedily(root, patterns.freeze())
    leftovers = collect(root, is_tcp)
    if leftovers:
        raise DiagnosticError([
            Diagnostic(format_location(op.location, filename),
                       f"'{op.name}' could not be lowered: {failures.get(op_key(op), 'no lowering pattern')}")
            for op in leftovers])
