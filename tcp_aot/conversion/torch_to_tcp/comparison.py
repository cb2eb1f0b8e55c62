"""Torch -> TCP: comparisons, logical and bitwise ops, and selection
(where, masked_fill).

Comparisons promote their operands to a common type as PyTorch does
(torch.result_type) and give i1; logical ops read any dtype as `!= 0`.
"""

from __future__ import annotations

from torch_mlir import ir

from ...dialects import tcp
from ...dialects.tcp_base import is_bool, is_float
from ..pattern_list import PatternList, Unsupported
from .utils import (
    TorchTensor, broadcast_like, broadcast_operands, cast_to, promoted_type, replace, result_tensor, scalar_tensor,
    tensor_operand, to_builtin,
)

PATTERNS = PatternList()

_PREDICATES = {"eq": "Eq", "ne": "Ne", "lt": "Lt", "le": "Le", "gt": "Gt", "ge": "Ge"}


def compare(result: TorchTensor, predicate: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    """tcp.cmp of two Torch operands (tensors or scalars), broadcast to the
    result's shape, in their promoted type."""
    elem = promoted_type([lhs, rhs])
    a, b = broadcast_operands(result, [tensor_operand(v, elem, result.rank) for v in (lhs, rhs)])
    out = ir.RankedTensorType.get(ir.RankedTensorType(a.type).shape, ir.IntegerType.get_signless(1))
    return tcp.CmpOp.create(out, in1=a, in2=b, predicate=predicate).result


@PATTERNS.register(*(f"torch.aten.{name}.{kind}" for name in _PREDICATES for kind in ("Tensor", "Scalar")))
def convert_comparison(op, rewriter):
    predicate = _PREDICATES[op.name.split(".")[2]]
    replace(rewriter, op, [compare(result_tensor(op), predicate, op.operands[0], op.operands[1])])


@PATTERNS.register("torch.aten.isfinite")
def convert_isfinite(op, rewriter):
    """|x| < inf, which NaN fails too (it compares false); integers are all
    finite (x == x)."""
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    out = ir.RankedTensorType.get(t.shape, ir.IntegerType.get_signless(1))
    if is_float(t.element_type):
        magnitude = tcp.AbsOp.create(t, in_=x).result
        infinity = broadcast_like(scalar_tensor(float("inf"), t.element_type, t.rank), x)
        finite = tcp.CmpOp.create(out, in1=magnitude, in2=infinity, predicate="Lt").result
    else:
        finite = tcp.CmpOp.create(out, in1=x, in2=x, predicate="Eq").result
    replace(rewriter, op, [finite])


def _as_bool(v: ir.Value, result: TorchTensor) -> ir.Value:
    return tensor_operand(v, ir.IntegerType.get_signless(1), result.rank)


_LOGICAL = {"torch.aten.logical_and": tcp.AndOp, "torch.aten.logical_or": tcp.OrOp,
            "torch.aten.logical_xor": tcp.XorOp}


@PATTERNS.register(*_LOGICAL)
def convert_logical(op, rewriter):
    """On `x != 0` of each operand; the result may be any dtype (bool here)."""
    result = result_tensor(op)
    a, b = broadcast_operands(result, [_as_bool(v, result) for v in op.operands[:2]])
    out = _LOGICAL[op.name].create(a.type, in1=a, in2=b).result
    replace(rewriter, op, [cast_to(out, result.element_type())])


@PATTERNS.register("torch.aten.logical_not")
def convert_logical_not(op, rewriter):
    result = result_tensor(op)
    x = _as_bool(op.operands[0], result)
    replace(rewriter, op, [cast_to(tcp.NotOp.create(x.type, in_=x).result, result.element_type())])


_BITWISE = {"and": tcp.AndOp, "or": tcp.OrOp, "xor": tcp.XorOp}


@PATTERNS.register("torch.aten.bitwise_and.Tensor", "torch.aten.bitwise_and.Scalar", "torch.aten.bitwise_or.Tensor",
                   "torch.aten.bitwise_xor.Tensor")
def convert_bitwise(op, rewriter):
    result = result_tensor(op)
    elem = result.element_type()
    if not isinstance(elem, ir.IntegerType):
        raise Unsupported("bitwise ops need integer or bool operands")
    a, b = broadcast_operands(result, [tensor_operand(v, elem, result.rank) for v in op.operands[:2]])
    out = _BITWISE[op.name.split(".")[2].removeprefix("bitwise_")].create(a.type, in1=a, in2=b).result
    replace(rewriter, op, [out])


@PATTERNS.register("torch.aten.bitwise_not")
def convert_bitwise_not(op, rewriter):
    result = result_tensor(op)
    if not isinstance(result.element_type(), ir.IntegerType):
        raise Unsupported("bitwise_not needs an integer or bool operand")
    x = tensor_operand(op.operands[0], result.element_type(), result.rank)
    replace(rewriter, op, [tcp.NotOp.create(x.type, in_=x).result])


def select(result: TorchTensor, cond: ir.Value, on_true: ir.Value, on_false: ir.Value) -> ir.Value:
    """tcp.select of Torch operands (the values tensors or scalars), all
    broadcast to the result's shape and cast to its dtype."""
    elem = result.element_type()
    c = _as_bool(cond, result)
    values = [tensor_operand(v, elem, result.rank) for v in (on_true, on_false)]
    c, a, b = broadcast_operands(result, [c] + values)
    return tcp.SelectOp.create(a.type, cond=c, on_true=a, on_false=b).result


@PATTERNS.register("torch.aten.where.self", "torch.aten.where.Scalar", "torch.aten.where.ScalarSelf",
                   "torch.aten.where.ScalarOther")
def convert_where(op, rewriter):
    result = result_tensor(op)
    if is_bool(result.element_type()) and result.dtype != "i1":
        raise Unsupported(f"where with result dtype {result.dtype}")
    replace(rewriter, op, [select(result, op.operands[0], op.operands[1], op.operands[2])])


@PATTERNS.register("torch.aten.masked_fill.Scalar", "torch.aten.masked_fill.Tensor")
def convert_masked_fill(op, rewriter):
    """masked_fill(x, mask, value) = where(mask, value, x)."""
    replace(rewriter, op, [select(result_tensor(op), op.operands[1], op.operands[2], op.operands[0])])
