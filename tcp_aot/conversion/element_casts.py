"""Converting one scalar between integer, floating-point and i1 types, with
PyTorch's rules: to i1 is `!= 0` (NaN is true), float to integer truncates
toward zero, integers extend by their signedness. tcp.cast's lowering uses
it per element, and Torch -> TCP uses it for runtime scalars."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith

from ..dialects.tcp_base import is_bool, is_float


def convert_element(x: ir.Value, src: ir.Type, dst: ir.Type, unsigned_in: bool, unsigned_out: bool) -> ir.Value:
    if src == dst:
        return x
    if is_bool(dst):
        if is_float(src):
            zero = arith.ConstantOp(src, 0.0).result
            return arith.CmpFOp(arith.CmpFPredicate.UNE, x, zero).result
        zero = arith.ConstantOp(src, 0).result
        return arith.CmpIOp(arith.CmpIPredicate.ne, x, zero).result
    if is_float(dst):
        if is_float(src):
            op = arith.ExtFOp if ir.FloatType(dst).width > ir.FloatType(src).width else arith.TruncFOp
            return op(dst, x).result
        return (arith.UIToFPOp if unsigned_in else arith.SIToFPOp)(dst, x).result
    if is_float(src):
        return _float_to_int(x, src, dst, unsigned_out)
    src_w, dst_w = ir.IntegerType(src).width, ir.IntegerType(dst).width
    if dst_w < src_w:
        return arith.TruncIOp(dst, x).result
    return (arith.ExtUIOp if unsigned_in else arith.ExtSIOp)(dst, x).result


def _float_to_int(x: ir.Value, src: ir.Type, dst: ir.Type, unsigned: bool) -> ir.Value:
    """Truncation toward zero. An unsigned result is the signed conversion
    wrapped modulo 2^N (through i64), and above 2^63 the unsigned one: LLVM's
    fptoui of a negative value is poison, which the optimizer exploits."""
    if not unsigned:
        return arith.FPToSIOp(dst, x).result
    i64 = ir.IntegerType.get_signless(64)
    signed = arith.FPToSIOp(i64, x).result
    if ir.IntegerType(dst).width < 64:
        return arith.TruncIOp(dst, signed).result
    high = arith.CmpFOp(arith.CmpFPredicate.OGE, x, arith.ConstantOp(src, 2.0 ** 63).result).result
    return arith.SelectOp(high, arith.FPToUIOp(i64, x).result, signed).result
