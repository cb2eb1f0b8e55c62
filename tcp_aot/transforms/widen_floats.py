"""widen-16-bit-floats: a TCP op that computes on bfloat16 or float16 values
reads them cast to float32, computes in float32 and casts its results back,
each rounded once (to nearest even). That is how PyTorch's CPU kernels
compute on 16-bit floats, and what the NumPy interpreter does for every op
(interpreter.py); the back end then never sees arithmetic on 16-bit floats,
which LLVM would carry out op by op with a rounding after each. Ops that
only move values (`COMPUTES = False` in dialects/tcp.py) keep the 16-bit
type: half the bytes to move. A product (a contraction or a convolution)
of bfloat16 operands keeps them, and sums its terms in float32 before its
one rounding: the bf16 dot products of the CPU's tile unit take them as
they are (transforms/microkernels.py), with half the bytes of weights to
read. So does a float32 product of two bfloat16 values cast to float32,
which is how PyTorch's decompositions write a bf16 linear layer (addmm
computes in float32). Bfloat16 attention keeps its operands too: its
kernel converts them to float32 as it copies them into its blocks, and
rounds its output once. Casts of constants fold in tcp-simplify, which
runs after this pass (optimize-tcp).
"""

from __future__ import annotations

import math

from torch_mlir import ir

from ..dialects import tcp
from ..dialects.tcp import splat_value
from ..dialects.tcp_base import element_type, is_float, lookup
from ..element_types import LOW_PRECISION_FLOATS
from ..walk import collect
from .tcp_builders import splat, times


def widen_16_bit_floats(root: ir.Operation) -> None:
    for op in collect(root, _computes_on_16_bit_floats):
        _widen(op)
    for op in collect(root, lambda o: o.name in _PRODUCTS):
        _read_bf16_sources(op)


# Products of bfloat16 operands, which keep them (summed in float32).
_PRODUCTS = (tcp.ContractOp.OPERATION_NAME, tcp.ConvOp.OPERATION_NAME)


def _read_bf16_sources(op: ir.Operation) -> None:
    """A float32 product of two bfloat16 values cast to float32 reads them,
    through views of them and multiplications by numbers: PyTorch's
    decomposition of scaled_dot_product_attention multiplies the queries
    and the transposed keys by scale^(1/2) each in float32; the product of
    the bfloat16 ones times scale is the same up to float32 rounding (what
    PyTorch's own bfloat16 attention kernel computes)."""
    sources = [_bf16_source(v) for v in op.operands]
    if str(element_type(op.results[0].type)) != "f32" or not all(sources):
        return
    factor = 1.0
    with ir.InsertionPoint(op), op.location:
        for i, (source, views, scale) in enumerate(sources):
            op.operands[i] = _viewed(source, views)
            factor *= scale
    if factor != 1.0:
        uses = [(use.owner, use.operand_number) for use in op.results[0].uses]
        with ir.InsertionPoint.after(op), op.location:
            scaled = times(op.results[0], splat(ir.RankedTensorType.get([1], ir.F32Type.get()), factor))
        for user, i in uses:
            user.operands[i] = scaled


# Ops that move values without computing: a view of bf16 values is one too.
_VIEWS = (tcp.TransposeOp.OPERATION_NAME, "tensor.expand_shape", "tensor.collapse_shape")


def _bf16_source(v: ir.Value) -> tuple[ir.Value, list[ir.Operation], float] | None:
    """The bfloat16 tensor a float32 value is a cast of, with the views taken
    of the cast after it (outermost last) and the numbers it was multiplied by."""
    views, scale = [], 1.0
    while str(element_type(v.type)) == "f32":
        cast = tcp.producer(v, tcp.CastOp)
        if cast is not None:
            return (cast.in_, views[::-1], scale) if str(element_type(cast.in_.type)) == "bf16" else None
        mul = tcp.producer(v, tcp.MulOp)
        if mul is not None:
            factors = [(splat_value(b), a) for a, b in ((mul.in1, mul.in2), (mul.in2, mul.in1))]
            factor, v = next(((f, a) for f, a in factors if f is not None and f != 0.0 and math.isfinite(f)),
                             (None, None))
            if factor is None:
                return None
            scale *= factor
            continue
        owner = v.owner
        if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.operation.name not in _VIEWS:
            return None
        views.append(owner.operation)
        v = owner.operation.operands[0]
    return None


def _viewed(source: ir.Value, views: list[ir.Operation]) -> ir.Value:
    """The views applied to the bfloat16 source instead."""
    for view in views:
        t = ir.RankedTensorType(view.results[0].type)
        view = ir.Operation.create(view.name, results=[ir.RankedTensorType.get(t.shape, element_type(source.type))],
                                   operands=[source, *list(view.operands)[1:]],
                                   attributes={name: view.attributes[name] for name in view.attributes})
        source = view.results[0]
    return source


def _is_16_bit(t: ir.Type) -> bool:
    return isinstance(t, ir.RankedTensorType) and str(t.element_type) in LOW_PRECISION_FLOATS


def _computes_on_16_bit_floats(op: ir.Operation) -> bool:
    cls = lookup(op.name)
    if cls is None or not cls.COMPUTES:
        return False
    if cls in (tcp.ContractOp, tcp.ConvOp) and cls(op).accumulates_bf16_in_f32():
        return False
    if cls is tcp.AttentionOp and str(element_type(op.results[0].type)) == "bf16":
        return False  # its kernel converts as it copies (conversion/tcp_to_linalg/attention.py)
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
