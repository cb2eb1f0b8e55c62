"""TCP -> linalg: convolution and pooling on [N, C, spatial...] tensors.

The input is first dilated (input_dilation: a transposed convolution) and
padded with tensor.pad. A convolution of one group is then the named
linalg.conv_{1,2,3}d_nc..._fc... (optimize-linalg makes it matrix products:
transforms/conv_to_matmul.py). A depthwise one (each group reads one input
channel) is an elementwise linalg.generic whose body sums one product per
kernel offset; any other grouped one is a linalg.generic on [N, G, C/G, ...]
views. Both have the output positions innermost, so that LLVM vectorizes
along them. Pooling is, like a depthwise convolution, an elementwise
linalg.generic combining one window per kernel offset (with the window
dims as reduction loops, its innermost loop was the window's 3 steps:
ResNet-50's 3 x 3 max pooling took 1.1 ms, 3 % of int8 ResNet-50), or with
more than MAX_DEPTHWISE_TAPS offsets a generic with the window dims as
reduction loops (mark-parallel splits generics among threads, not the named
linalg.pooling_* ops: ResNet-50's max pooling took as long on 2 threads as
on 1); average pooling divides by torch's divisor in a second elementwise
generic.
"""

from __future__ import annotations

import functools
import itertools
import math

from torch_mlir import ir
from torch_mlir.dialects import arith, linalg, tensor

from ...dialects import tcp
from ..pattern_list import PatternList
from ...linalg_builders import (
    PARALLEL, REDUCTION, Size, as_index, depthwise_register_tiles, dim_of, elementwise, empty, extract_slice,
    filled, generic, multiply, pad, size_add, size_floordiv, size_max, size_min, size_mul, size_sub, split_sizes,
    stride_phases, structured, tensor_type, widened, widened_multiply_add, zero,
)

PATTERNS = PatternList()

_NAMED_CONV = {1: linalg.conv_1d_ncw_fcw, 2: linalg.conv_2d_nchw_fchw, 3: linalg.conv_3d_ncdhw_fcdhw}


def _sizes(v: ir.Value) -> list[Size]:
    return [dim_of(v, d) for d in range(ir.RankedTensorType(v.type).rank)]


def window_count(size: Size, kernel: Size, stride: int, dilation: int) -> Size:
    """How many windows fit: (size - dilation * (kernel - 1) - 1) // stride + 1,
    or none (tcp.conv_output_size)."""
    span = size_sub(size_sub(size, size_mul(dilation, size_sub(kernel, 1))), 1)
    return size_max(size_add(size_floordiv(span, stride), 1), 0)


def _empty_result(sizes: list[Size]) -> bool:
    """Whether a static output dim is 0: no window fits, nothing to compute
    (and the named ops would reject the shapes)."""
    return any(isinstance(s, int) and s == 0 for s in sizes)


def padded(x: ir.Value, low: list[Size], high: list[Size], value: ir.Value) -> ir.Value:
    """x padded with the scalar `value` on its spatial dims (dims 2...)."""
    if all(isinstance(p, int) and p == 0 for p in low + high):
        return x
    return pad(x, [0, 0] + low, [0, 0] + high, value)


def dilated(x: ir.Value, factors: list[int]) -> ir.Value:
    """x with factor - 1 zeros between neighbours along each spatial dim."""
    if all(f == 1 for f in factors):
        return x
    sizes = _sizes(x)
    new = sizes[:2] + [size_max(size_add(size_mul(size_sub(s, 1), f), 1), 0) for s, f in zip(sizes[2:], factors)]
    elem = ir.RankedTensorType(x.type).element_type
    base = filled(tensor_type(new, elem), new, zero(elem))
    strides = [1, 1] + factors
    offsets = [0] * len(sizes)
    dynamic_sizes, static_sizes = split_sizes(sizes)
    return tensor.InsertSliceOp(x, base, [], dynamic_sizes, [], offsets, static_sizes, strides).result


@PATTERNS.register(tcp.ConvOp.OPERATION_NAME)
def lower_conv(op, rewriter):
    view = tcp.ConvOp(op)
    x = dilated(view.input, view.input_dilation_())
    elem = ir.RankedTensorType(x.type).element_type
    w = view.weight
    stride, dilation = view.stride_(), view.dilation_()
    groups = ir.IntegerAttr(view.groups).value
    spatial = len(stride)
    low, high = view.padding_low_(), view.padding_high_()
    in_sizes = [size_add(size_add(dim_of(x, 2 + d), low[d]), high[d]) for d in range(spatial)]
    out_sizes = [window_count(in_sizes[d], dim_of(w, 2 + d), stride[d], dilation[d]) for d in range(spatial)]
    out_t = ir.RankedTensorType(view.out.type)
    phases = _is_depthwise(x, w, groups) and _reads_phases(
        stride, tensor_type([dim_of(x, 0), groups] + out_sizes, out_t.element_type), _kernel(w),
        _multiplier(w, groups))
    if phases:
        high = [size_add(h, extra) for h, extra in zip(high, _strides_padding(in_sizes, stride))]
    x = padded(x, low, high, zero(elem))
    if _empty_result(out_sizes):
        result = empty(out_t, [dim_of(view.input, 0), dim_of(w, 0)] + out_sizes)
    elif groups == 1:  # linalg's convolutions extend int8 operands to an int32 result themselves
        init = filled(out_t, [dim_of(view.input, 0), dim_of(w, 0)] + out_sizes, zero(out_t.element_type))
        result = _NAMED_CONV[spatial](x, w, outs=[init], strides=stride, dilations=dilation)
    elif _is_depthwise(x, w, groups):
        result = _depthwise_conv(x, w, groups, stride, dilation, out_sizes, out_t, phases)
    else:
        result = _grouped_conv(x, w, groups, stride, dilation, out_sizes, out_t)
    rewriter.replace_op(op, [result])


# A depthwise convolution or a pooling with a kernel of more offsets than
# this stays a reduction loop (_grouped_conv, _pool_generic): one operand
# per offset would not pay.
MAX_DEPTHWISE_TAPS = 64


def _kernel(w: ir.Value) -> list[int]:
    return list(ir.RankedTensorType(w.type).shape[2:])


def _multiplier(w: ir.Value, groups: int) -> int:
    """A depthwise convolution's output channels per input channel."""
    return ir.RankedTensorType(w.type).shape[0] // groups


def _is_depthwise(x: ir.Value, w: ir.Value, groups: int) -> bool:
    w_t = ir.RankedTensorType(w.type)
    return (dim_of(x, 1) == groups and w_t.has_static_shape
            and w_t.shape[1] == 1 and math.prod(w_t.shape[2:]) <= MAX_DEPTHWISE_TAPS)


def _depthwise_conv(x, w, groups, stride, dilation, out_sizes, out_t, phases: bool) -> ir.Value:
    """A convolution whose groups each read one input channel (channel
    multiplier M = O / G) as one elementwise linalg.generic over the output
    viewed as [N, G, M, S...] (as [N, G, S...] when M = 1) that sums one
    product per kernel offset k:

        out[n, g, m, s] = sum over k of x[n, g, s * stride + k * dilation] * w[g, m, k]

    Its loops are all parallel with the positions innermost: LLVM vectorizes
    the contiguous row reads of every offset (a reduction loop over the
    kernel, innermost or not, it turns into gathers), and elementwise fusion
    merges the bias and activation that follow. With `phases` (a stride the
    register tiles do not read in place: _reads_phases), x (padded to whole
    strides) is first copied into its phases (stride_phases), where each
    offset's window is contiguous: read in x, every other element, LLVM
    gathered them (EfficientNet-B0's 3 x 3 and 5 x 5 convolutions of
    stride 2 took a quarter of its time)."""
    spatial = len(stride)
    elem = out_t.element_type
    w_t = ir.RankedTensorType(w.type)
    kernel = _kernel(w)
    multiplier = _multiplier(w, groups)
    # Weights as [G, M, K] (or [G, K]), one column per kernel offset.
    w = tensor.CollapseShapeOp(ir.RankedTensorType.get([w_t.shape[0], math.prod(kernel)], w_t.element_type), w,
                               [[0], list(range(1, w_t.rank))]).result
    channel = [0, 1] if multiplier > 1 else [0]
    if multiplier > 1:
        w = _split_dim(w, 0, groups, multiplier)
    n = dim_of(x, 0)
    out_shape = [n, groups] + ([multiplier] if multiplier > 1 else []) + out_sizes
    loops = len(out_shape)
    d = ir.AffineDimExpr.get
    # Each offset reads a strided window of x the output's size (a map of
    # shifted dims instead would make linalg take the loop ranges from x).
    windows = _tap_windows(x, kernel, stride, dilation, [n, groups] + out_sizes, phases)
    x_map = ir.AffineMap.get(loops, 0, [d(0), d(1)] + [d(loops - spatial + i) for i in range(spatial)])
    # Each offset's weights as a column of their own, read by channel (a map
    # to a constant column would keep the linalg vectorizer off the op).
    column_shape = ir.RankedTensorType(w.type).shape[:-1]
    column_t = tensor_type(column_shape, w_t.element_type)
    columns = [extract_slice(w, [0] * len(column_shape) + [t], column_shape + [1], column_t)
               for t in range(len(windows))]
    w_map = ir.AffineMap.get(loops, 0, [d(1 + c) for c in channel])

    def body(*values):
        xs, ws = values[:len(windows)], values[len(windows):]
        total = multiply(widened(xs[0], elem), widened(ws[0], elem))
        for a, b in zip(xs[1:], ws[1:]):
            total = widened_multiply_add(a, b, total, contract=True)
        return total

    result = generic(windows + columns, empty(tensor_type(out_shape, elem), out_shape),
                     [x_map] * len(windows) + [w_map] * len(columns), body)
    if multiplier == 1:
        return result
    return tensor.CollapseShapeOp(out_t, result, [[0], [1, 2]] + [[i] for i in range(3, 3 + spatial)]).result


def _grouped_conv(x, w, groups, stride, dilation, out_sizes, out_t) -> ir.Value:
    """The convolution on views [N, G, C/G, S...] and [G, O/G, C/G, K...]:
    out[n, g, o, s] += x[n, g, c, s * stride + k * dilation] * w[g, o, c, k],
    the loops in the order n, g, o, c, k..., s... (positions innermost)."""
    spatial = len(stride)
    elem = out_t.element_type
    n, c = dim_of(x, 0), dim_of(x, 1)
    o = dim_of(w, 0)
    xg = _split_dim(x, 1, groups, size_floordiv(c, groups))
    wg = _split_dim(w, 0, groups, size_floordiv(o, groups))
    out_shape = [n, groups, size_floordiv(o, groups)] + out_sizes
    init = filled(tensor_type(out_shape, elem), out_shape, zero(elem))
    # Loops: n, g, o, then c, k... (reduced), then s...
    loops = 3 + 2 * spatial + 1
    d = ir.AffineDimExpr.get
    k = [d(4 + i) for i in range(spatial)]
    s = [d(4 + spatial + i) for i in range(spatial)]
    x_map = ir.AffineMap.get(loops, 0, [d(0), d(1), d(3)] +
                             [s[i] * stride[i] + k[i] * dilation[i] for i in range(spatial)])
    w_map = ir.AffineMap.get(loops, 0, [d(1), d(2), d(3)] + k)
    out_map = ir.AffineMap.get(loops, 0, [d(0), d(1), d(2)] + s)
    iterators = [PARALLEL] * 3 + [REDUCTION] * (1 + spatial) + [PARALLEL] * spatial
    result = structured([xg, wg], [init], [x_map, w_map, out_map], iterators,
                        lambda a, b, acc: [widened_multiply_add(a, b, acc)])[0]
    groups_reassociation = [[0], [1, 2]] + [[i] for i in range(3, 3 + spatial)]
    return tensor.CollapseShapeOp(out_t, result, groups_reassociation).result


def _reads_phases(stride: list[int], result: ir.RankedTensorType, kernel: list[int], multiplier: int) -> bool:
    """Whether a depthwise convolution of this [N, C, S...] result reads
    its windows from x's phases: with a stride, unless schedule-depthwise
    cuts it into register tiles (depthwise_register_tiles; its
    generic's result is this one when each input channel makes one output
    channel) whose rows are every other element of x's (a stride of at most
    2 along the width): the tiles read each such row as contiguous vectors
    and keep every other lane (deinterleave-strided-reads), and the 1 x 1
    convolution before it writes x in place, not split into phases as its
    rows go (at 112 x 112, EfficientNet-B0's 16 -> 96 expansion spent half
    its own time writing the phases, each row's 57 floats a partial cache
    line at both ends). Read in place without tiles, LLVM gathered them."""
    if all(s == 1 for s in stride):
        return False
    tiled = multiplier == 1 and depthwise_register_tiles(result, math.prod(kernel))
    return not (tiled and stride[-1] <= 2)


def _strides_padding(sizes: list[Size], stride: list[int]) -> list[Size]:
    """The high padding that makes padded spatial sizes whole strides, for
    the phases _tap_windows reads (none without a stride)."""
    if all(s == 1 for s in stride):
        return [0] * len(stride)
    return [size_sub(size_mul(size_floordiv(size_add(n, s - 1), s), s), n) for n, s in zip(sizes, stride)]


def _tap_windows(x: ir.Value, kernel: list[int], stride: list[int], dilation: list[int],
                 sizes: list[Size], phases: bool) -> list[ir.Value]:
    """For each kernel offset, in order, the [N, C, S...] window of the
    padded x it reads: strided slices of x, or with `phases` (x's spatial
    sizes then whole strides) contiguous slices of its phases, copied once."""
    offsets = [[t * dl for t, dl in zip(tap, dilation)] for tap in itertools.product(*(range(k) for k in kernel))]
    if phases:
        phases = stride_phases(x, stride)
        return [_phase_window(phases, offset, stride, sizes) for offset in offsets]
    return [_window(x, offset, sizes, stride) for offset in offsets]


def _phase_window(phases: ir.Value, offsets: list[int], stride: list[int], sizes: list[Size]) -> ir.Value:
    """The [N, C, S...] window of the strided x at `offsets`, read from its
    phases: the phase of each offset, from offset // stride on."""
    spatial = len(stride)
    elem = ir.RankedTensorType(phases.type).element_type
    slice_sizes = sizes[:2] + [1] * spatial + sizes[2:]
    dynamic_sizes, static_sizes = split_sizes(slice_sizes)
    starts = [0, 0] + [o % s for o, s in zip(offsets, stride)] + [o // s for o, s in zip(offsets, stride)]
    window = tensor.ExtractSliceOp(tensor_type(slice_sizes, elem), phases, [], dynamic_sizes, [], starts,
                                   static_sizes, [1] * (2 + 2 * spatial)).result
    # The phase dims dropped by a reshape, not by the slice: a rank-reducing
    # slice cannot tell them from a dynamic spatial size of 1.
    groups = [[0], [1], list(range(2, 3 + spatial))] + [[2 + spatial + i] for i in range(1, spatial)]
    return tensor.CollapseShapeOp(tensor_type(sizes, elem), window, groups).result


def _window(x: ir.Value, offsets: list[int], sizes: list[Size], stride: list[int]) -> ir.Value:
    """The [N, C, S...] slice of x at [0, 0, offsets] with `stride` along the spatial dims."""
    out_t = tensor_type(sizes, ir.RankedTensorType(x.type).element_type)
    dynamic_sizes, static_sizes = split_sizes(sizes)
    return tensor.ExtractSliceOp(out_t, x, [], dynamic_sizes, [], [0, 0] + offsets, static_sizes,
                                 [1, 1] + stride).result


def _split_dim(v: ir.Value, dim: int, outer: int, inner: Size) -> ir.Value:
    """v with dim `dim` split into [outer, inner]."""
    sizes = _sizes(v)
    shape = sizes[:dim] + [outer, inner] + sizes[dim + 1:]
    reassociation = [[i] for i in range(dim)] + [[dim, dim + 1]] + [[i + 1] for i in range(dim + 1, len(sizes))]
    out_t = tensor_type(shape, ir.RankedTensorType(v.type).element_type)
    dynamic = [as_index(s) for s in shape if not isinstance(s, int)]
    return tensor.ExpandShapeOp(out_t, v, reassociation, dynamic, list(out_t.shape)).result


@PATTERNS.register(tcp.PoolOp.OPERATION_NAME)
def lower_pool(op, rewriter):
    view = tcp.PoolOp(op)
    kernel, stride, padding, dilation = view.window()
    ceil_mode = view.attr("ceil_mode") is not None and ir.BoolAttr(view.ceil_mode).value
    x = view.in_
    elem = ir.RankedTensorType(x.type).element_type
    is_max = view.pool_kind == "Max"
    spatial = len(kernel)
    sizes = _sizes(x)
    out_sizes = [_pool_output_size(sizes[2 + d], kernel[d], stride[d], padding[d], dilation[d], ceil_mode)
                 for d in range(spatial)]
    # High padding reaches the end of the last window (a ceil_mode window may
    # end past the padded input).
    high = [size_max(padding[d], size_sub(size_add(size_mul(size_sub(out_sizes[d], 1), stride[d]),
                                                   dilation[d] * (kernel[d] - 1) + 1),
                                          size_add(sizes[2 + d], padding[d])))
            for d in range(spatial)]
    fill_value = arith.ConstantOp(elem, float("-inf") if is_max else 0.0).result
    out_t = ir.RankedTensorType(view.out.type)
    if _empty_result(out_sizes):
        rewriter.replace_op(op, [filled(out_t, sizes[:2] + out_sizes, fill_value)])
        return
    combine = arith.MaximumFOp if is_max else arith.AddFOp
    if math.prod(kernel) <= MAX_DEPTHWISE_TAPS:
        in_sizes = [size_add(size_add(n, p), h) for n, p, h in zip(sizes[2:], padding, high)]
        high = [size_add(h, extra) for h, extra in zip(high, _strides_padding(in_sizes, stride))]
        windows = _tap_windows(padded(x, list(padding), high, fill_value), kernel, stride, dilation,
                               sizes[:2] + out_sizes, any(s > 1 for s in stride))
        result = elementwise(windows, out_t, lambda *values: functools.reduce(
            lambda acc, v: combine(acc, v).result, values, fill_value))
    else:
        init = filled(out_t, sizes[:2] + out_sizes, fill_value)
        window = tensor.EmptyOp(kernel, elem).result
        result = _pool_generic(padded(x, list(padding), high, fill_value), window, init, stride, dilation, combine)
    if not is_max:
        result = _divide_by_window_size(view, result, sizes[2:], kernel, stride, padding)
    rewriter.replace_op(op, [result])


def _pool_generic(x, window, init, stride, dilation, combine) -> ir.Value:
    spatial = len(stride)
    loops = 2 + 2 * spatial
    d = ir.AffineDimExpr.get
    o = [d(2 + i) for i in range(spatial)]
    k = [d(2 + spatial + i) for i in range(spatial)]
    x_map = ir.AffineMap.get(loops, 0, [d(0), d(1)] + [o[i] * stride[i] + k[i] * dilation[i]
                                                       for i in range(spatial)])
    maps = [x_map, ir.AffineMap.get(loops, 0, k), ir.AffineMap.get(loops, 0, [d(0), d(1)] + o)]
    iterators = [PARALLEL] * (2 + spatial) + [REDUCTION] * spatial
    return structured([x, window], [init], maps, iterators, lambda a, _, acc: [combine(acc, a).result])[0]


def _pool_output_size(size: Size, kernel: int, stride: int, padding: int, dilation: int, ceil_mode: bool) -> Size:
    """torch's pooling output size (tcp.pool_output_size), on sizes that may
    be dynamic."""
    if isinstance(size, int):
        return tcp.pool_output_size(size, kernel, stride, padding, dilation, ceil_mode)
    span = size_sub(size_add(size, 2 * padding), dilation * (kernel - 1) + 1)
    out = size_add(size_floordiv(size_add(span, stride - 1 if ceil_mode else 0), stride), 1)
    if ceil_mode:
        # The last window must start inside the input or the low padding.
        starts_outside = arith.CmpIOp(arith.CmpIPredicate.sge, as_index(size_mul(size_sub(out, 1), stride)),
                                      as_index(size_add(size, padding))).result
        out = arith.SelectOp(starts_outside, as_index(size_sub(out, 1)), as_index(out)).result
    return size_max(out, 0)


def _divide_by_window_size(view: tcp.PoolOp, sums: ir.Value, sizes: list[Size], kernel, stride, padding):
    """Each window's sum divided by torch's divisor: divisor_override, or the
    window clipped to the padded input (count_include_pad) or to the input."""
    out_t = ir.RankedTensorType(sums.type)
    elem = out_t.element_type
    override = view.attr("divisor_override")
    include_pad = view.attr("count_include_pad") is not None and ir.BoolAttr(view.count_include_pad).value
    # Values used inside the body are computed outside it.
    limits = [(as_index(size_add(s, p)), as_index(s)) for s, p in zip(sizes, padding)]
    i64 = ir.IntegerType.get_signless(64)

    def body(total: ir.Value) -> ir.Value:
        if override is not None:
            divisor = arith.ConstantOp(elem, float(ir.IntegerAttr(override).value)).result
            return arith.DivFOp(total, divisor).result
        count = as_index(1)
        for d, ((padded_end, size), k, s, p) in enumerate(zip(limits, kernel, stride, padding)):
            start = arith.SubIOp(arith.MulIOp(linalg.IndexOp(2 + d).result, as_index(s)).result,
                                 as_index(p)).result
            end = size_min(size_add(start, k), padded_end)
            if not include_pad:
                start, end = size_max(start, 0), size_min(end, size)
            count = size_mul(count, size_sub(end, start))
        divisor = arith.SIToFPOp(elem, arith.IndexCastOp(i64, as_index(count)).result).result
        return arith.DivFOp(total, divisor).result

    return generic([sums], empty(out_t, _sizes(sums)), [ir.AffineMap.get_identity(out_t.rank)], body)

