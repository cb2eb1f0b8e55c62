"""Torch -> TCP: symbolic shapes from torch.export, scalar arithmetic on
sizes and runtime scalars, and runtime assertions (a cf.assert whose
message the compiled code prints before aborting)."""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, cf

from ...abi import STATUS_ATTR
from ...diagnostics import format_location
from ...dialects import tcp
from ..pattern_list import PatternList, Unsupported
from .utils import dim_of, i64, list_elements, replace, to_builtin

PATTERNS = PatternList()


@PATTERNS.register("torch.symbolic_int")
def convert_symbolic_int(op, rewriter):
    attrs = {name: op.attributes[name] for name in ("symbol_name", "min_val", "max_val")}
    replace(rewriter, op, [tcp.SymbolicIntOp.create(i64(), **attrs).result])


@PATTERNS.register("torch.bind_symbolic_shape")
def convert_bind_symbolic_shape(op, rewriter):
    operand, *symbols = [to_builtin(v) for v in op.operands]
    tcp.BindSymbolicShapeOp.create(operand=operand, shape_symbols=symbols,
                                   shape_expressions=op.attributes["shape_expressions"])
    rewriter.erase_op(op)


# Scalar arithmetic on Python numbers (sizes, and the floats computed from
# them): op name -> the arith op for its operands' kind.
_SCALAR_BINARY = {
    "torch.aten.add.int": arith.AddIOp, "torch.aten.sub.int": arith.SubIOp, "torch.aten.mul.int": arith.MulIOp,
    "torch.aten.floordiv.int": arith.FloorDivSIOp, "torch.aten.add.float": arith.AddFOp,
    "torch.aten.sub.float": arith.SubFOp, "torch.aten.mul.float": arith.MulFOp, "torch.aten.div.float": arith.DivFOp,
}


@PATTERNS.register(*_SCALAR_BINARY, "torch.aten.add")
def convert_scalar_binary(op, rewriter):
    """Also aten.add, on two numbers of one kind."""
    kinds = {str(v.type) for v in op.operands}
    if op.name == "torch.aten.add":
        if kinds not in ({"!torch.float"}, {"!torch.int"}):
            raise Unsupported(f"add of {', '.join(sorted(kinds))}")
        make = arith.AddFOp if kinds == {"!torch.float"} else arith.AddIOp
    else:
        make = _SCALAR_BINARY[op.name]
    a, b = (to_builtin(v) for v in op.operands)
    replace(rewriter, op, [make(a, b).result])


@PATTERNS.register("torch.aten.div.int")
def convert_int_div(op, rewriter):
    """int / int is a float (Python's true division)."""
    a, b = (arith.SIToFPOp(ir.F64Type.get(), to_builtin(v)).result for v in op.operands)
    replace(rewriter, op, [arith.DivFOp(a, b).result])


@PATTERNS.register("torch.aten.neg.int")
def convert_int_neg(op, rewriter):
    a = to_builtin(op.operands[0])
    zero = arith.ConstantOp(i64(), 0).result
    replace(rewriter, op, [arith.SubIOp(zero, a).result])


@PATTERNS.register("torch.aten.Float.Scalar")
def convert_float_scalar(op, rewriter):
    x = to_builtin(op.operands[0])
    if str(op.operands[0].type) == "!torch.float":
        replace(rewriter, op, [x])
        return
    if str(op.operands[0].type) != "!torch.int":
        raise Unsupported(f"Float of {op.operands[0].type}")
    replace(rewriter, op, [arith.SIToFPOp(ir.F64Type.get(), x).result])


_COMPARE = {"eq": ("oeq", "eq"), "ne": ("une", "ne"), "lt": ("olt", "slt"), "le": ("ole", "sle"),
            "gt": ("ogt", "sgt"), "ge": ("oge", "sge")}


@PATTERNS.register(*(f"torch.aten.{name}.{kind}" for name in _COMPARE for kind in ("float", "int")
                     if f"{name}.{kind}" not in ("ne.float", "le.float")))  # torch-mlir has no such ops
def convert_scalar_compare(op, rewriter):
    _, _, name, kind = op.name.split(".")
    a, b = (to_builtin(v) for v in op.operands)
    float_predicate, int_predicate = _COMPARE[name]
    if kind == "float":
        result = arith.CmpFOp(getattr(arith.CmpFPredicate, float_predicate.upper()), a, b).result
    else:
        result = arith.CmpIOp(getattr(arith.CmpIPredicate, int_predicate), a, b).result
    replace(rewriter, op, [result])


@PATTERNS.register("torch.aten.all.bool", "torch.aten.any.bool")
def convert_all_any_bool(op, rewriter):
    """Python's all() / any() over a list of bools (model code checking
    sizes): the conjunction / disjunction of its elements."""
    combine = arith.AndIOp if op.name == "torch.aten.all.bool" else arith.OrIOp
    result = arith.ConstantOp(ir.IntegerType.get_signless(1), int(op.name == "torch.aten.all.bool")).result
    for element in list_elements(op.operands[0]):
        result = combine(result, to_builtin(element)).result
    replace(rewriter, op, [result])


@PATTERNS.register("torch.aten.numel")
def convert_numel(op, rewriter):
    x = to_builtin(op.operands[0])
    t = ir.RankedTensorType(x.type)
    count = arith.ConstantOp(ir.IndexType.get(), math.prod(t.shape[d] for d in range(t.rank)
                                                           if not t.is_dynamic_dim(d))).result
    for d in range(t.rank):
        if t.is_dynamic_dim(d):
            count = arith.MulIOp(count, dim_of(x, d)).result
    replace(rewriter, op, [arith.IndexCastOp(i64(), count).result])


@PATTERNS.register("torch.runtime.assert")
def convert_runtime_assert(op, rewriter):
    """A cf.assert: the compiled code prints the message and aborts when the
    condition fails (see transforms/runtime_errors.py)."""
    condition = to_builtin(op.operands[0])
    message = ir.StringAttr(op.attributes["message"]).value.replace("%", "%%")
    where = format_location(op.location) or "an unknown location"
    check = cf.AssertOp(condition, f"tcp_aot: {message} (torch.runtime.assert at {where})")
    check.operation.attributes[STATUS_ATTR] = ir.StringAttr.get("shape")  # torch.export's asserts are on sizes
    rewriter.erase_op(op)

