"""widen-16-bit-floats: a TCP op that computes on bfloat16 or float16 values
reads them cast to float32, computes in float32 and casts its results back,
each rounded once (to nearest even). That is how PyTorch's CPU kernels
compute on 16-bit floats, and what the NumPy interpreter does for every op
(interpreter.py); the back end then never sees arithmetic on 16-bit floats,
which LLVM would carry out op by op with a rounding after each. Ops that
only move values (`COMPUTES = False` in dialects/tcp.py) keep the 16-bit
type: half the bytes to move. A product (a contraction or a convolution)
of bfloat16 operands keeps them,
and sums its terms in float32 before its one rounding: the bf16 dot
products of the CPU's tile unit take them as they are
(transforms/microkernels.py), with half the bytes of weights to read. So
does a float32 product of two bfloat16 values cast to float32, which is
how PyTorch's decompositions write a bf16 linear layer (addmm computes in
float32) and attention. Casts of constants fold in tcp-simplify, which runs
after this pass (optimize-tcp).
"""

from __future__ import annotations

from torch_mlir import ir

from ..dialects import tcp
from ..dialects.tcp_base import element_type, is_float, lookup
from ..element_types import LOW_PRECISION_FLOATS
from ..walk import collect


def widen_16_bit_floats(root: ir.Operation) -> None:
    for op in collect(root, _computes_on_16_bit_floats):
        _widen(op)
    for op in collect(root, lambda o: o.name in _PRODUCTS):
        _read_bf16_sources(op)


# Products of bfloat16 operands, which keep them (summed in float32).
_PRODUCTS = (tcp.ContractOp.OPERATION_NAME, tcp.ConvOp.OPERATION_NAME)


def _read_bf16_sources(op: ir.Operation) -> None:
    """A float32 product of two bfloat16 values cast to float32 reads them."""
    sources = [_bf16_source(v) for v in op.operands]
    if str(element_type(op.results[0].type)) == "f32" and all(sources):
        for i, source in enumerate(sources):
            op.operands[i] = source


def _bf16_source(v: ir.Value) -> ir.Value | None:
    cast = tcp.producer(v, tcp.CastOp)
    if cast is None or str(element_type(cast.in_.type)) != "bf16" or str(element_type(v.type)) != "f32":
        return None
    return cast.in_


def _is_16_bit(t: ir.Type) -> bool:
    return isinstance(t, ir.RankedTensorType) and str(t.element_type) in LOW_PRECISION_FLOATS


def _computes_on_16_bit_floats(op: ir.Operation) -> bool:
    cls = lookup(op.name)
    if cls is None or not cls.COMPUTES:
        return False
    if cls in (tcp.ContractOp, tcp.ConvOp) and cls(op).accumulates_bf16_in_f32():
        return False
    if cls is tcp.CastOp and all(is_float(element_type(v.type)) for v in (*op.operands, *op.results)):
        # A conversion between floats is itself the rounding; from one 16-bit
        # type to the other it goes through float32.
        return all(_is_16_bit(v.type) for v in (*op.operands, *op.results))
    return any(_is_16_bit(v.type) for v in (*op.operands, *op.results))


def _widens_result(op: ir.Operation, result: ir.Value) -> bool:
    """A float-to-float cast rounds to its result type itself."""
    return _is_16_bit(result.type) and not (op.name == tcp.CastOp.OPERATION_NAME
                                            and is_float(element_type(op.operands[0].type)))


def _f32(t: ir.RankedTensorType) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(t.shape, ir.F32Type.get(), t.encoding)


def _cast(v: ir.Value, t: ir.RankedTensorType) -> ir.Value:
    return tcp.CastOp.create(t, in_=v).result


def _keeps_operands(op: ir.Operation) -> bool:
    return op.name in _PRODUCTS and all(str(element_type(v.type)) == "bf16" for v in op.operands)


def _widen(op: ir.Operation) -> None:
    keep = _keeps_operands(op)
    with ir.InsertionPoint(op), op.location:
        operands = [_cast(v, _f32(ir.RankedTensorType(v.type))) if _is_16_bit(v.type) and not keep else v
                    for v in op.operands]
        wide = op.clone()
        for i, v in enumerate(operands):
            wide.operands[i] = v
        widened = [_widens_result(op, r) for r in op.results]
        for old, new, widen in zip(op.results, wide.results, widened):
            if widen:
                new.set_type(_f32(ir.RankedTensorType(old.type)))
    with ir.InsertionPoint.after(wide), op.location:
        results = [_cast(new, old.type) if widen else new
                   for old, new, widen in zip(op.results, wide.results, widened)]
    for old, new in zip(op.results, results):
        old.replace_all_uses_with(new)
    op.erase()
