"""int8-products: a contraction or convolution of dequantized int8 tensors
(what a PT2E-quantized linear layer or convolution is after Torch -> TCP,
see conversion/torch_to_tcp/quantization.py) becomes one of the int8
tensors themselves, summed exactly in int32 (on the CPU's int8 tiles, see
transforms/microkernels.py), then scaled back to float32:

    A = (f32(qa) - za) * sa                      per tensor (an activation)
    B = (f32(qb) - zb[n]) * sb[n]                per tensor, or per channel n of
                                                 B's free dims (a weight), zb = 0
    sum_k A[m, k] B[k, n] = sa sb[n] (sum_k qa qb - za sum_k qb[k, n])

An activation's za and sa are constants (static quantization) or computed
at run time from its range (dynamic quantization, which quantizes to
uint8: qa - 128 is then the int8 operand, za - 128 its zero point).

The layout ops between a dequantize and the contraction (reshapes,
transposes, broadcasts) move the int8 tensor instead, as long as a
per-channel B's channel stays one free dim. A convolution's zero padding is
the zero point in int8: its int8 input is padded with it first. The sums
and scales are TCP ops on the weights, which tcp-simplify folds at compile
time (derived weights, as a swapped weights file needs them).

Summing in int32 is exact where PyTorch's float32 sum of dequantized
values rounds: a value that the next quantize rounds at a tie by a hair
may land one quantization step away from eager PyTorch's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import tensor

from ..dialects import tcp
from ..dialects.tcp_base import PURE, element_type, has_trait, i64_array
from ..interpreter import Interpreter, InterpreterError
from ..walk import collect
from .tcp_builders import reshaped, splat, spread, times
from ..weights.module_weights import ModuleWeights

# Ops that move elements without computing on them (cloned onto the int8 tensor).
_LAYOUT = (tcp.TransposeOp.OPERATION_NAME, tcp.BroadcastOp.OPERATION_NAME, "tensor.collapse_shape",
           "tensor.expand_shape")


@dataclass
class Dequantized:
    """A float32 operand that is `layout` (ops, innermost first) applied to
    (f32(q) - zero_point) * scale, q read as unsigned or signed;
    zero_point and scale as given, before their broadcast to q's shape,
    with their values when they are constants."""
    q: ir.Value
    unsigned: bool
    zero_point: ir.Value
    zero_point_value: np.ndarray | None
    scale: ir.Value
    scale_value: np.ndarray | None
    layout: list[ir.Operation]

    @property
    def per_tensor(self) -> bool:
        return all(s == 1 for v in (self.zero_point, self.scale) for s in ir.RankedTensorType(v.type).shape)

    @property
    def shift(self) -> int:
        """What q's int8 operand adds to it."""
        return -128 if self.unsigned else 0

    def signed_zero_point(self) -> float | None:
        """The zero point of the int8 operand, when it is a constant."""
        return None if self.zero_point_value is None else float(self.zero_point_value.item()) + self.shift

    def built_zero_point(self) -> float | ir.Value:
        """The zero point of the int8 operand, as a number or built at run time."""
        za = self.signed_zero_point()
        if za is not None:
            return za
        return tcp.AddOp.create(self.zero_point.type, in1=self.zero_point,
                                in2=splat(ir.RankedTensorType(self.zero_point.type), self.shift)).result

    def built_scale(self) -> float | ir.Value:
        return float(self.scale_value.item()) if self.scale_value is not None else self.scale


def int8_products(root: ir.Operation, weights: ModuleWeights | None) -> None:
    if weights is not None and weights.frozen:
        return  # the weights' column sums and scales could not fold: they would run at every call
    constants = _Constants(weights)
    is_contract = lambda o: o.name == tcp.ContractOp.OPERATION_NAME  # noqa: E731
    # A weight broadcast along a batch (a 3-D matmul's decomposition) meets one product first.
    for op in collect(root, is_contract):
        view = tcp.ContractOp(op)
        if _quantized_operands(view.lhs, view.rhs, view.out, constants) is not None:
            view.canonicalize()
    for op in collect(root, is_contract):
        view = tcp.ContractOp(op)
        operands = _quantized_operands(view.lhs, view.rhs, view.out, constants)
        if operands is None:
            continue
        lhs, rhs = operands
        channel = None if rhs.per_tensor else _channel_dim(rhs, view)
        if not rhs.per_tensor and channel is None:
            continue
        if lhs.signed_zero_point() != 0.0 and view.dims()[1]:
            continue  # the column sums of a batched B would need B's batch dims moved first
        _rewrite_contract(view, lhs, rhs, channel)
    for op in collect(root, lambda o: o.name == tcp.ConvOp.OPERATION_NAME):
        view = tcp.ConvOp(op)
        operands = _quantized_operands(view.input, view.weight, view.out, constants)
        if operands is None or ir.IntegerAttr(view.groups).value != 1 or \
                any(f != 1 for f in view.input_dilation_()):
            continue  # a grouped or transposed convolution stays in float32
        x, w = operands
        if w.layout or not (w.per_tensor or _only_axis(w.scale) == 0) or x.zero_point_value is None:
            continue  # a padded input needs its zero point at compile time
        _rewrite_conv(view, x, w)


def _quantized_operands(a: ir.Value, b: ir.Value, out: ir.Value, constants: "_Constants"):
    """The dequantized operands of a float32 product: a per tensor, b signed
    with constant zero points 0 and scales, or None."""
    if str(element_type(out.type)) != "f32":
        return None
    a, b = _dequantized(a, constants), _dequantized(b, constants)
    if a is None or b is None or not a.per_tensor or b.unsigned or b.scale_value is None or \
            b.zero_point_value is None or np.any(b.zero_point_value != 0):
        return None
    return a, b


class _Constants:
    """NumPy values of the tensors computed from constants by static ops."""

    def __init__(self, weights: ModuleWeights | None):
        self.interpreter = Interpreter(None, weights)
        self.values: dict = {}

    def value(self, v: ir.Value) -> np.ndarray | None:
        if v in self.values:
            return self.values[v]
        owner = v.owner
        result = None
        if isinstance(owner, (ir.Operation, ir.OpView)):
            op = owner.operation
            static = all(ir.RankedTensorType(r.type).has_static_shape for r in op.results
                         if isinstance(r.type, ir.RankedTensorType))
            if static and (has_trait(op, PURE) or op.name in ("tensor.expand_shape", "tensor.collapse_shape")):
                operands = [self.value(x) for x in op.operands]
                if all(x is not None for x in operands):
                    try:
                        result = self.interpreter.evaluate(op, dict(zip(op.operands, operands)))[v.result_number]
                    except InterpreterError:
                        result = None
        self.values[v] = result
        return result


def _dequantized(v: ir.Value, constants: _Constants) -> Dequantized | None:
    layout = []
    while (op := _owner(v)) is not None and op.name in _LAYOUT:
        layout.append(op)
        v = op.operands[0]
    mul = tcp.producer(v, tcp.MulOp)
    sub = mul and tcp.producer(mul.in1, tcp.SubOp)
    cast = sub and tcp.producer(sub.in1, tcp.CastOp)
    if cast is None or str(element_type(cast.in_.type)) != "i8":
        return None
    zero_point, scale = _unbroadcast(sub.in2), _unbroadcast(mul.in2)
    if not all(ir.RankedTensorType(x.type).has_static_shape for x in (zero_point, scale)):
        return None
    return Dequantized(cast.in_, tcp.CastOp(cast).signedness("in") == "Unsigned", zero_point,
                       constants.value(zero_point), scale, constants.value(scale), list(reversed(layout)))


def _owner(v: ir.Value) -> ir.Operation | None:
    owner = v.owner
    return owner.operation if isinstance(owner, (ir.Operation, ir.OpView)) else None


def _unbroadcast(v: ir.Value) -> ir.Value:
    broadcast = tcp.producer(v, tcp.BroadcastOp)
    return broadcast.in_ if broadcast is not None else v


def _channel_dim(rhs: Dequantized, view: tcp.ContractOp) -> int | None:
    """The output dim of a per-channel rhs's channel, when the channel stays
    one free dim of rhs through its layout ops, else None."""
    axis = _only_axis(rhs.scale)
    if axis is None:
        return None
    for op in rhs.layout:
        axis = _moved_axis(op, axis)
        if axis is None:
            return None
    lb, rb, lc, rc = view.dims()
    if axis in rb + rc:
        return None
    lhs_free = ir.RankedTensorType(view.lhs.type).rank - len(lb) - len(lc)
    rhs_free = [d for d in range(ir.RankedTensorType(view.rhs.type).rank) if d not in rb + rc]
    return len(lb) + lhs_free + rhs_free.index(axis)


def _only_axis(scale: ir.Value) -> int | None:
    """The one dim along which per-channel scales vary (of more than one element)."""
    axes = [d for d, s in enumerate(ir.RankedTensorType(scale.type).shape) if s != 1]
    return axes[0] if len(axes) == 1 else None


def _moved_axis(op: ir.Operation, axis: int) -> int | None:
    """Where a layout op puts its operand's dim `axis` (a dim of more than
    one element), or None when it merges or splits it."""
    if op.name == tcp.TransposeOp.OPERATION_NAME:
        return i64_array(op.attributes["permutation"]).index(axis)
    if op.name == tcp.BroadcastOp.OPERATION_NAME:
        return axis  # it grows unit dims only
    groups = [[ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)] for g in ir.ArrayAttr(op.attributes["reassociation"])]
    if op.name == "tensor.expand_shape":
        result = ir.RankedTensorType(op.results[0].type).shape
        kept = [d for d in groups[axis] if result[d] != 1]
        return kept[0] if len(kept) == 1 else None
    source = ir.RankedTensorType(op.operands[0].type).shape
    group = next(i for i, g in enumerate(groups) if axis in g)
    return group if all(source[d] == 1 for d in groups[group] if d != axis) else None


def _rewrite_contract(view: tcp.ContractOp, lhs: Dequantized, rhs: Dequantized, channel: int | None) -> None:
    lb, rb, lc, rc = view.dims()
    with ir.InsertionPoint(view.operation), view.location:
        qa, qb = _moved(lhs), _moved(rhs)
        acc = tcp.ContractOp.create(_int32(view.out), lhs=qa, rhs=qb, lhs_batch_dims=lb, rhs_batch_dims=rb,
                                    lhs_contracting_dims=lc, rhs_contracting_dims=rc).result
        result = _rescaled(acc, lhs, rhs, channel, lambda: _sums(qb, rc))
    view.out.replace_all_uses_with(result)
    view.operation.erase()


def _rewrite_conv(view: tcp.ConvOp, x: Dequantized, w: Dequantized) -> None:
    """A padded input reads zeros, which are the zero point in int8: the
    int8 input is padded with it first."""
    low, high = view.padding_low_(), view.padding_high_()
    with ir.InsertionPoint(view.operation), view.location:
        qx, qw = _moved(x), _moved(w)
        if any(low + high):
            t = ir.RankedTensorType(qx.type)
            shape = [s if ir.ShapedType.is_dynamic_size(s) else s + (lo + hi if d >= 2 else 0)
                     for d, (s, lo, hi) in enumerate(zip(t.shape, [0, 0] + low, [0, 0] + high))]
            i8 = t.element_type
            value = tcp.ConstOp.create(ir.RankedTensorType.get([], i8), value=ir.DenseElementsAttr.get_splat(
                ir.RankedTensorType.get([], i8), ir.IntegerAttr.get(i8, int(x.signed_zero_point())))).result
            qx = tcp.PadOp.create(ir.RankedTensorType.get(shape, i8), in_=qx, value=value, low=[0, 0] + low,
                                  high=[0, 0] + high).result
        zeros = [0] * len(low)
        acc = tcp.ConvOp.create(_int32(view.out), input=qx, weight=qw, stride=view.stride_(),
                                dilation=view.dilation_(), input_dilation=view.input_dilation_(), padding_low=zeros,
                                padding_high=zeros, groups=1).result
        rank = ir.RankedTensorType(qw.type).rank
        channel = None if w.per_tensor else 1
        result = _rescaled(acc, x, w, channel, lambda: _per_channel(_sums(qw, list(range(1, rank))), rank))
    view.out.replace_all_uses_with(result)
    view.operation.erase()


def _int32(out: ir.Value) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(ir.RankedTensorType(out.type).shape, ir.IntegerType.get_signless(32))


def _rescaled(acc: ir.Value, a: Dequantized, b: Dequantized, channel: int | None, sums) -> ir.Value:
    """sa sb (f32(acc) - za sums()): `sums()` b's sums over the contracting
    dims, laid out along acc's dims; sb per channel along acc's dim
    `channel` (or per tensor)."""
    t = ir.RankedTensorType(acc.type)
    out_t = ir.RankedTensorType.get(t.shape, ir.F32Type.get())
    result = tcp.CastOp.create(out_t, in_=acc, in_int_signedness="Signed").result
    if a.signed_zero_point() != 0.0:
        result = tcp.SubOp.create(out_t, in1=result, in2=spread(times(sums(), a.built_zero_point()), result)).result
    sa, sb = a.built_scale(), float(b.scale_value.item()) if b.per_tensor else None
    if channel is None and isinstance(sa, float):
        factor = splat(ir.RankedTensorType.get([1] * t.rank, out_t.element_type), sa * sb)
    elif channel is None:
        factor = reshaped(times(splat(ir.RankedTensorType.get([1], out_t.element_type), sb), sa), [1] * t.rank)
    else:
        channels = int(np.prod(ir.RankedTensorType(b.scale.type).shape))
        along = [1] * t.rank
        along[channel] = channels
        factor = reshaped(times(reshaped(b.scale, [channels]), sa), along)
    return tcp.MulOp.create(out_t, in1=result, in2=spread(factor, result)).result


def _per_channel(sums: ir.Value, rank: int) -> ir.Value:
    """[O] as [1, O, 1, ...] (a convolution's output channels)."""
    return reshaped(sums, [1, ir.RankedTensorType(sums.type).shape[0]] + [1] * (rank - 2))


def _moved(operand: Dequantized) -> ir.Value:
    """The int8 tensor (an unsigned one shifted by -128, which wraps) through
    the operand's layout ops (clones of them)."""
    x = operand.q
    if operand.shift:
        t = ir.RankedTensorType(x.type)
        shift = splat(ir.RankedTensorType.get([1] * t.rank, t.element_type), operand.shift)
        x = tcp.AddOp.create(t, in1=x, in2=spread(shift, x)).result
    for op in operand.layout:
        clone = op.clone()
        clone.operands[0] = x
        t = ir.RankedTensorType(op.results[0].type)
        clone.results[0].set_type(ir.RankedTensorType.get(t.shape, ir.RankedTensorType(x.type).element_type))
        x = clone.results[0]
    return x


def _sums(qb: ir.Value, contracting: list[int]) -> ir.Value:
    """qb summed over its contracting dims, in float32 (exact: |sum| < 2^24
    for K < 2^17)."""
    t = ir.RankedTensorType(qb.type)
    f32 = ir.F32Type.get()
    wide = tcp.CastOp.create(ir.RankedTensorType.get(t.shape, f32), in_=qb, in_int_signedness="Signed").result
    kept = [s for d, s in enumerate(t.shape) if d not in contracting]
    return tcp.ReduceOp.create(ir.RankedTensorType.get(kept, f32), in_=wide, kind="Sum", axes=contracting).result
