"""expand-bf16-truncation: each `arith.truncf` from f32 to bf16 (scalar or
vector) becomes integer arithmetic on the float's bits, rounding to nearest
even, a NaN becoming the quiet NaN 0x7FC0 (as PyTorch rounds).

arith-expand does the same, but selects the NaN on the 16-bit result:
LLVM keeps that select on bfloat vectors, which x86 without AVX512-BF16
takes lane by lane (128 kshiftrw/cmovne/movw in one GELU kernel of
BERT-base in bf16, where the casts took 22% of the time). Here the NaN is
replaced by the quiet NaN first, a select of floats, and the rounding is
then the same for every value.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith

from ..walk import collect


def expand_bf16_truncation(root: ir.Operation) -> None:
    for op in collect(root, _truncates_f32_to_bf16):
        with ir.InsertionPoint(op), op.location:
            rounded = _round(op.operands[0], op.results[0].type)
        op.results[0].replace_all_uses_with(rounded)
        op.erase()


def _element(t: ir.Type) -> ir.Type:
    return ir.VectorType(t).element_type if isinstance(t, ir.VectorType) else t


def _truncates_f32_to_bf16(op: ir.Operation) -> bool:
    return (op.name == "arith.truncf" and isinstance(_element(op.operands[0].type), ir.F32Type)
            and isinstance(_element(op.results[0].type), ir.BF16Type))


def _like(t: ir.Type, element: ir.Type) -> ir.Type:
    return ir.VectorType.get(ir.VectorType(t).shape, element) if isinstance(t, ir.VectorType) else element


def _round(x: ir.Value, result_type: ir.Type) -> ir.Value:
    i32, i16 = _like(x.type, ir.IntegerType.get_signless(32)), _like(x.type, ir.IntegerType.get_signless(16))

    def const(t: ir.Type, attr: ir.Attribute) -> ir.Value:
        return arith.ConstantOp(t, ir.DenseElementsAttr.get_splat(t, attr) if isinstance(t, ir.VectorType)
                                else attr).result

    def i32_const(value: int) -> ir.Value:
        return const(i32, ir.IntegerAttr.get(ir.IntegerType.get_signless(32), value))

    # A NaN becomes the quiet NaN whose rounding below is 0x7FC0.
    quiet_nan = const(x.type, ir.FloatAttr.get(ir.F32Type.get(), float("nan")))
    nan = arith.CmpFOp(arith.CmpFPredicate.UNO, x, x).result
    bits = arith.BitcastOp(i32, arith.SelectOp(nan, quiet_nan, x).result).result
    # Adding 0x7FFF, plus 1 when the kept part is odd, carries into bit 16
    # exactly when rounding up (into the exponent too, which is right).
    odd = arith.AndIOp(arith.ShRUIOp(bits, i32_const(16)).result, i32_const(1)).result
    rounded = arith.AddIOp(bits, arith.AddIOp(odd, i32_const(0x7FFF)).result).result
    high = arith.TruncIOp(i16, arith.ShRUIOp(rounded, i32_const(16)).result).result
    return arith.BitcastOp(result_type, high).result
