"""Torch dialect (backend contract form) -> TCP.

The patterns live beside their siblings by op family (elementwise,
comparison, reduction, contraction, attention, convolution, data_movement,
scatter, misc); `convert_torch_to_tcp` applies them all and then deals with whatever
did not convert: a report naming every such op and its location, or
(allow_unconverted) a tcp.custom_op wrapping each one.
"""

from __future__ import annotations

import numpy as np
from torch_mlir import ir, rewrite

from ...diagnostics import Diagnostic, DiagnosticError, format_location
from ...dialects import tcp
from ...dialects.tcp_base import elements_type, is_resource_elements, resource_name
from ...walk import collect, named
from ...weights.file import WeightsError
from ...weights.module_weights import ModuleWeights
from ..pattern_list import Unsupported, op_key
from . import (attention, comparison, contraction, convolution, data_movement, elementwise, misc, quantization,
               reduction, scatter)
from .utils import const_scalar, from_builtin, is_none, to_builtin, torch_tensor

FAMILIES = (elementwise, comparison, reduction, contraction, attention, convolution, data_movement, scatter, quantization,
            misc)

# Ops that only feed operands to others: they vanish with their users.
_OPERAND_PROVIDERS = ("torch.constant.", "torch.prim.ListConstruct")


def supported_ops() -> set[str]:
    return set().union(*(family.PATTERNS.op_names() for family in FAMILIES))


def convert_torch_to_tcp(root: ir.Operation, allow_unconverted: bool = False,
                         filename: str | None = None, weights: ModuleWeights | None = None) -> None:
    inline_signed_resources(root, weights)
    failures: dict[str, str] = {}
    patterns = rewrite.RewritePatternSet()
    for family in FAMILIES:
        family.PATTERNS.populate(patterns, failures)
    # Producers first, so that a pattern sees its operands already converted.
    config = rewrite.GreedyRewriteConfig()
    config.use_top_down_traversal = True
    rewrite.apply_patterns_and_fold_greedily(root, patterns.freeze(), config)
    leftovers = unconverted_ops(root)
    if not leftovers:
        return
    if not allow_unconverted:
        raise DiagnosticError([_report(leftovers, failures, filename)])
    for op in leftovers:
        wrap_in_custom_op(op)
    _erase_unused_operand_providers(root)


def inline_signed_resources(root: ir.Operation, weights: ModuleWeights | None) -> None:
    """Integer literals typed si64 and the like as dense_resource (as
    torch-mlir's own importer writes them, its data in the module's text)
    become dense attributes: TCP wants signless integers, and MLIR cannot
    give a resource another type under its name. (This project's importer
    types them signless.)"""
    for op in named(root, "torch.vtensor.literal"):
        attr = op.attributes["value"]
        t = ir.RankedTensorType(elements_type(attr))
        if not is_resource_elements(attr) or not isinstance(t.element_type, ir.IntegerType) or \
                ir.IntegerType(t.element_type).is_signless:
            continue
        try:
            values = weights.array(resource_name(attr), t)
        except (AttributeError, WeightsError) as e:
            raise DiagnosticError([Diagnostic(format_location(op.location),
                                              f"the data of constant {resource_name(attr)} is not at hand: "
                                              f"{e if weights else 'no weights'}")]) from None
        op.attributes["value"] = ir.DenseElementsAttr.get(np.ascontiguousarray(values), type=t.element_type)


def unconverted_ops(root: ir.Operation) -> list[ir.Operation]:
    return collect(root, lambda op: op.name.startswith("torch.") and not op.name.startswith(_OPERAND_PROVIDERS))


def _erase_unused_operand_providers(root: ir.Operation) -> None:
    """Constants and lists whose users became attributes of custom ops."""
    while True:
        dead = collect(root, lambda op: op.name.startswith(_OPERAND_PROVIDERS)
                       and all(not list(r.uses) for r in op.results))
        if not dead:
            return
        for op in dead:
            op.erase()


def _report(ops: list[ir.Operation], failures: dict[str, str], filename: str | None) -> Diagnostic:
    lines = [f"{len(ops)} op{'s' if len(ops) > 1 else ''} could not be converted to TCP:"]
    for op in ops:
        reason = failures.get(op_key(op), "no Torch-to-TCP pattern for this op")
        lines.append(f"  {format_location(op.location, filename)}: {op.name} ({reason})")
    lines.append("  (--allow-unconverted keeps them as tcp.custom_op)")
    return Diagnostic("", "\n".join(lines))


def wrap_in_custom_op(op: ir.Operation) -> None:
    """Replace `op` by tcp.custom_op("<op name>"): tensor and runtime scalar
    operands stay operands, constant operands become attributes named after
    the op's operands."""
    operands: list[ir.Value] = []
    attrs: dict[str, ir.Attribute] = {}
    names = _operand_names(op)
    with ir.InsertionPoint(op), op.location:
        for i, v in enumerate(op.operands):
            attr = _constant_attr(v)
            if attr is not None:
                attrs[names[i]] = attr
            else:
                operands.append(to_builtin(v))
        result_types = [_builtin_result_type(r.type) for r in op.results]
        custom = tcp.CustomOp.create(result_types, inputs=operands, op_name=op.name)
        # Named after the wrapped op's operands, they are not tcp.custom_op's own attributes.
        for name, attr in attrs.items():
            custom.attributes[name] = attr
        replacements = [from_builtin(v, r.type) for v, r in zip(custom.results, op.results)]
    for old, new in zip(op.results, replacements):
        old.replace_all_uses_with(new)
    op.erase()


def _builtin_result_type(t: ir.Type) -> ir.Type:
    tt = torch_tensor(t)
    if tt is not None:
        return tt.builtin()
    if str(t) == "!torch.int":
        return ir.IntegerType.get_signless(64)
    raise Unsupported(f"cannot keep a result of type {t} in tcp.custom_op")


def _constant_attr(v: ir.Value) -> ir.Attribute | None:
    if is_none(v):
        return ir.UnitAttr.get()
    value = const_scalar(v)
    if value is None:
        owner = v.owner
        if isinstance(owner, (ir.Operation, ir.OpView)) and owner.name == "torch.prim.ListConstruct":
            items = [_constant_attr(x) for x in owner.operands]
            if all(isinstance(a, ir.Attribute) for a in items):
                return ir.ArrayAttr.get(items)
        return None
    if isinstance(value, bool):
        return ir.BoolAttr.get(value)
    if isinstance(value, int):
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)
    if isinstance(value, float):
        return ir.FloatAttr.get(ir.F64Type.get(), value)
    return ir.StringAttr.get(value)


def _operand_names(op: ir.Operation) -> list[str]:
    """ODS names of op's operands (`self_` is spelled `self`): the OpView's
    accessors in definition order, operands before results."""
    view = op.opview
    accessors = [name for name, member in type(view).__dict__.items() if isinstance(member, property)]
    results = list(op.results)
    operands = [name for name in accessors if not any(getattr(view, name) == r for r in results)]
    if len(operands) != len(op.operands):
        return [f"operand{i}" for i in range(len(op.operands))]
    return [name.rstrip("_") for name in operands]
