"""Torch -> TCP: symbolic shapes from torch.export and scalar integer
arithmetic on sizes."""

from __future__ import annotations

from torch_mlir.dialects import arith

from ...dialects import tcp
from ..pattern_list import PatternList
from .utils import i64, replace, to_builtin

PATTERNS = PatternList()


@PATTERNS.register("torch.symbolic_int")
def convert_symbolic_int(op, rewriter):
    attrs = {name: op.attributes[name] for name in ("symbol_name", "min_val", "max_val")}
    replace(rewriter, op, [tcp.SymbolicIntOp.build([], [i64()], attrs).result])


@PATTERNS.register("torch.bind_symbolic_shape")
def convert_bind_symbolic_shape(op, rewriter):
    operand, *symbols = [to_builtin(v) for v in op.operands]
    tcp.BindSymbolicShapeOp.build([operand, symbols], [],
                                  {"shape_expressions": op.attributes["shape_expressions"]})
    rewriter.erase_op(op)


_INT_BINARY = {"torch.aten.add.int": arith.AddIOp, "torch.aten.sub.int": arith.SubIOp,
               "torch.aten.mul.int": arith.MulIOp, "torch.aten.floordiv.int": arith.FloorDivSIOp}


@PATTERNS.register(*_INT_BINARY)
def convert_int_binary(op, rewriter):
    a, b = (to_builtin(v) for v in op.operands)
    replace(rewriter, op, [_INT_BINARY[op.name](a, b).result])


@PATTERNS.register("torch.aten.neg.int")
def convert_int_neg(op, rewriter):
    a = to_builtin(op.operands[0])
    zero = arith.ConstantOp(i64(), 0).result
    replace(rewriter, op, [arith.SubIOp(zero, a).result])
