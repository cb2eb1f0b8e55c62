"""Torch -> TCP: the quantize / dequantize ops of PT2E-quantized programs
(torchao's convert_pt2e leaves them around each float op), as the
elementwise arithmetic of PyTorch's own decompositions
(torch/ao/quantization/fx/_decomposed.py), rounding for rounding:
  quantize_per_tensor(x)   = clamp(round_even(x * f32(1 / scale)) + zero_point, min, max)
  dequantize_per_tensor(q) = (f32(q) - zero_point) * scale
  dequantize_per_channel(q)= (q - zero_points[c]) * scales[c] along `axis`
TCP's integers are signless 8-bit: a uint8 quantized tensor is held as
int8 shifted by -128 (its zero point and bounds shifted alike), which is
exact as long as only dequantize reads it, and the quantize pattern checks
that it does. tcp-simplify folds the dequantized weights at compile time.
"""

from __future__ import annotations

from torch_mlir import ir

from ...dialects import tcp
from ..pattern_list import PatternList, Unsupported
from .utils import (TORCH_DTYPE_CODES, broadcast_like, cast_to, const_int, const_number, defining_op, is_none,
                    normalize_dim, replace, result_tensor, scalar_tensor, to_builtin, torch_tensor, with_unit_dims)

PATTERNS = PatternList()

_DEQUANTIZE = "torch.quantized_decomposed.dequantize_per_tensor"
# How far a quantized dtype's values are shifted to be held as int8.
_SHIFT = {"ui8": -128, "si8": 0}


def _quantized_dtype(v: ir.Value, what: str) -> str:
    dtype = TORCH_DTYPE_CODES.get(const_int(v, what))
    if dtype not in _SHIFT:
        raise Unsupported(f"{what} {dtype} is not supported (int8 and uint8 are)")
    return dtype


def _f32() -> ir.Type:
    return ir.F32Type.get()


def _elementwise(make, a: ir.Value, b: ir.Value | float) -> ir.Value:
    """a (op) b, with a number b broadcast to a's shape."""
    t = ir.RankedTensorType(a.type)
    if not isinstance(b, ir.Value):
        b = scalar_tensor(b, t.element_type, t.rank)
    return make.create(a.type, in1=a, in2=broadcast_like(b, a) if b.type != a.type else b).result


@PATTERNS.register("torch.quantized_decomposed.quantize_per_tensor")
def convert_quantize_per_tensor(op, rewriter):
    x_t, scale, zero_point, lo, hi, dtype = op.operands
    dtype = _quantized_dtype(dtype, "quantized dtype")
    if torch_tensor(x_t.type).dtype != "f32":
        raise Unsupported("quantize_per_tensor of a non-float32 tensor")
    if dtype == "ui8":
        for use in op.result.uses:
            if use.owner.name != _DEQUANTIZE:
                # A function's results are already builtin tensors when patterns run.
                reader = "the function's return" if use.owner.name == "torch_c.to_builtin_tensor" else use.owner.name
                raise Unsupported(f"its uint8 result is read by {reader}; only {_DEQUANTIZE} can read it")
    shift = _SHIFT[dtype]
    x = to_builtin(x_t)
    q = tcp.RoundEvenOp.create(x.type, in_=_elementwise(tcp.MulOp, x, 1.0 / const_number(scale, "scale"))).result
    q = _elementwise(tcp.AddOp, q, float(const_int(zero_point, "zero point") + shift))
    q = tcp.ClampOp.create(q.type, in_=q, min_float=float(const_int(lo, "quant_min") + shift),
                           max_float=float(const_int(hi, "quant_max") + shift)).result
    replace(rewriter, op, [cast_to(q, ir.IntegerType.get_signless(8))])


def _quantized_input(v: ir.Value) -> ir.Value:
    """The int8 tensor behind a quantized operand (a uint8 one is the shifted
    tensor its quantize pattern produced)."""
    if torch_tensor(v.type).dtype == "si8":
        return to_builtin(v)
    owner = defining_op(v)
    if owner is not None and owner.name == "torch_c.from_builtin_tensor":
        return owner.operands[0]
    raise Unsupported("its uint8 operand does not come from quantize_per_tensor")


@PATTERNS.register(_DEQUANTIZE)
def convert_dequantize_per_tensor(op, rewriter):
    q_t, scale, zero_point, _, _, dtype, out_dtype = op.operands
    dtype = _quantized_dtype(dtype, "quantized dtype")
    if not is_none(out_dtype) or result_tensor(op).dtype != "f32":
        raise Unsupported("dequantize to a dtype other than float32")
    x = cast_to(_quantized_input(q_t), _f32())
    x = _elementwise(tcp.SubOp, x, float(const_int(zero_point, "zero point") + _SHIFT[dtype]))
    replace(rewriter, op, [_elementwise(tcp.MulOp, x, float(const_number(scale, "scale")))])


@PATTERNS.register("torch.quantized_decomposed.dequantize_per_channel")
def convert_dequantize_per_channel(op, rewriter):
    q_t, scales, zero_points, axis, _, _, dtype, out_dtype = op.operands
    dtype = _quantized_dtype(dtype, "quantized dtype")
    if dtype != "si8":
        raise Unsupported("dequantize_per_channel of uint8")
    if not is_none(out_dtype) or result_tensor(op).dtype != "f32":
        raise Unsupported("dequantize to a dtype other than float32")
    x = cast_to(to_builtin(q_t), _f32())
    rank = ir.RankedTensorType(x.type).rank
    axis = normalize_dim(const_int(axis, "axis"), rank)

    def per_channel(v: ir.Value) -> ir.Value:
        """A [C] operand as [1, .., C, .., 1] (C at `axis`), in f32."""
        return cast_to(with_unit_dims(to_builtin(v), [d for d in range(rank) if d != axis]), _f32())

    if not is_none(zero_points):
        x = _elementwise(tcp.SubOp, x, broadcast_like(per_channel(zero_points), x))
    replace(rewriter, op, [_elementwise(tcp.MulOp, x, broadcast_like(per_channel(scales), x))])
