"""Torch -> TCP: convolution (1-D to 3-D, strided, padded, dilated, grouped,
transposed, with bias) and pooling (max and average).

torch-mlir brings conv1d/2d/3d, conv_transpose and padding="same" as
aten.convolution with explicit padding, 1-D pooling as 2-D pooling between
an unsqueeze and a squeeze, and adaptive average pooling as avg_pool2d (or,
to a 1x1 output, as a mean).
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import tensor

from ...dialects import tcp
from ..pattern_list import PatternList, Unsupported
from .utils import (
    broadcast_like, const_bool, const_int, const_ints, expand_rank, is_none, replace, result_tensor, to_builtin,
    with_unit_dims,
)

PATTERNS = PatternList()


def _per_dim(v: ir.Value, spatial: int, what: str, default: list[int] | None = None) -> list[int]:
    """An int list with one entry per spatial dim (PyTorch repeats a single
    entry; an empty stride list means the kernel size)."""
    values = const_ints(v, what)
    if not values and default is not None:
        return default
    if len(values) == 1:
        return values * spatial
    if len(values) != spatial:
        raise Unsupported(f"{what} has {len(values)} entries for {spatial} spatial dims")
    return values


@PATTERNS.register("torch.aten.convolution")
def convert_convolution(op, rewriter):
    result = result_tensor(op)
    x, w = (to_builtin(v) for v in op.operands[:2])
    spatial = result.rank - 2
    stride = _per_dim(op.operands[3], spatial, "stride")
    padding = _per_dim(op.operands[4], spatial, "padding")
    dilation = _per_dim(op.operands[5], spatial, "dilation")
    groups = const_int(op.operands[8], "groups")
    attrs = {"stride": stride, "dilation": dilation, "input_dilation": [1] * spatial,
             "padding_low": padding, "padding_high": padding}
    if const_bool(op.operands[6], "transposed"):
        w, attrs = _as_forward_convolution(w, groups, stride, padding, dilation,
                                           _per_dim(op.operands[7], spatial, "output_padding"))
    out = tcp.ConvOp.create(result.builtin(), input=x, weight=w, groups=groups, **attrs).result
    if not is_none(op.operands[2]):
        bias = to_builtin(op.operands[2])
        # [O] -> [1, O, 1, ...], broadcast to the output.
        shaped = with_unit_dims(expand_rank(bias, 2), list(range(2, result.rank)))
        out = tcp.AddOp.create(out.type, in1=out, in2=broadcast_like(shaped, out)).result
    replace(rewriter, op, [out])


def _as_forward_convolution(w, groups, stride, padding, dilation, output_padding):
    """A transposed convolution is a convolution of the input dilated by the
    stride, padded by dilation * (kernel - 1) - padding (plus output_padding
    at the end), with the kernel flipped and its in/out channels swapped per
    group: weight [G * Cin, Cout, K...] becomes [G * Cout, Cin, K...]."""
    t = ir.RankedTensorType(w.type)
    if any(t.is_dynamic_dim(d) for d in range(t.rank)):
        raise Unsupported("a transposed convolution needs a static weight shape")
    kernel = list(t.shape[2:])
    low = [d * (k - 1) - p for d, k, p in zip(dilation, kernel, padding)]
    if min(low) < 0:
        raise Unsupported("a transposed convolution with padding larger than dilation * (kernel - 1)")
    c_in, c_out = t.shape[0] // groups, t.shape[1]
    grouped = ir.RankedTensorType.get([groups, c_in, c_out] + kernel, t.element_type)
    rank = t.rank + 1
    w = tensor.ExpandShapeOp(grouped, w, [[0, 1]] + [[i] for i in range(2, rank)], [], list(grouped.shape)).result
    swapped = ir.RankedTensorType.get([groups, c_out, c_in] + kernel, t.element_type)
    w = tcp.TransposeOp.create(swapped, in_=w, permutation=[0, 2, 1] + list(range(3, rank))).result
    merged = ir.RankedTensorType.get([groups * c_out, c_in] + kernel, t.element_type)
    w = tensor.CollapseShapeOp(merged, w, [[0, 1]] + [[i] for i in range(2, rank)]).result
    w = tcp.FlipOp.create(merged, in_=w, axes=list(range(2, t.rank))).result
    spatial = len(kernel)
    return w, {"stride": [1] * spatial, "dilation": dilation, "input_dilation": stride, "padding_low": low,
               "padding_high": [lo + op for lo, op in zip(low, output_padding)]}


# Operand positions: kernel_size, stride, padding, dilation, ceil_mode,
# count_include_pad, divisor_override (None where the op has none).
_POOLS = {
    "torch.aten.max_pool1d": ("Max", 1, (1, 2, 3, 4, 5, None, None)),
    "torch.aten.max_pool2d": ("Max", 2, (1, 2, 3, 4, 5, None, None)),
    "torch.aten.max_pool3d": ("Max", 3, (1, 2, 3, 4, 5, None, None)),
    "torch.aten.avg_pool1d": ("Avg", 1, (1, 2, 3, None, 4, 5, None)),
    "torch.aten.avg_pool2d": ("Avg", 2, (1, 2, 3, None, 4, 5, 6)),
    "torch.aten.avg_pool3d": ("Avg", 3, (1, 2, 3, None, 4, 5, 6)),
}


@PATTERNS.register(*_POOLS)
def convert_pool(op, rewriter):
    kind, spatial, at = _POOLS[op.name]
    result = result_tensor(op)
    x = to_builtin(op.operands[0])
    if result.rank != spatial + 2:
        raise Unsupported("pooling without a batch dim")
    kernel = _per_dim(op.operands[at[0]], spatial, "kernel_size")
    attrs = {
        "kind": kind,
        "kernel_size": kernel,
        "stride": _per_dim(op.operands[at[1]], spatial, "stride", default=kernel),
        "padding": _per_dim(op.operands[at[2]], spatial, "padding"),
        "dilation": [1] * spatial if at[3] is None else _per_dim(op.operands[at[3]], spatial, "dilation"),
        "ceil_mode": const_bool(op.operands[at[4]], "ceil_mode"),
    }
    if kind == "Avg":
        attrs["count_include_pad"] = const_bool(op.operands[at[5]], "count_include_pad")
        if at[6] is not None and not is_none(op.operands[at[6]]):
            attrs["divisor_override"] = const_int(op.operands[at[6]], "divisor_override")
    replace(rewriter, op, [tcp.PoolOp.create(result.builtin(), in_=x, **attrs).result])

