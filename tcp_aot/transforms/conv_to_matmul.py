"""conv-to-matmul: a convolution of one group (linalg.conv_{1,2,3}d_nc..._fc...,
static weight) becomes matrix products per image, so that it runs through
the matmul schedule's register tiles. Two forms:

* Shifted products (stride 1, at least `shifted-min-channels` channels;
  where a micro-kernel computes the products, only an image too few rows
  high for blocks of rows whose im2col copy would exceed
  `im2col-max-bytes`): with the image's positions numbered over its padded
  grid (row-major, so an output position and the input it reads at kernel
  offset k are a constant distance apart), one product per kernel offset
  accumulates

      out[n] (F x positions) += weight[:, :, k] (F x C) @ x[n] (C x positions, shifted by k)

  reading the image in place. Positions run over whole padded rows: the
  columns past the output's width are computed and dropped (kernel - 1 of
  every row, a few percent of the work). With static shapes and no
  micro-kernel for the type (microkernels.py: float32 has one) the
  positions are rounded up to whole register tiles (TILE_COLUMNS), and the
  image is copied with zeros after its end when that makes the last offset
  read past it. Otherwise no copy of the input is made.
* im2col: one product per image,

      out[n] (F x positions) = weight (F x C*kernel) @ columns(x[n]) (C*kernel x positions)

  where column p of columns(x[n]) holds the input window of output position
  p (a copy; a 1x1 stride-1 convolution reads the image as it is). Used for
  strided convolutions, for few channels, where each shifted product
  would be too shallow to keep register tiles busy while the copy is small,
  for small images (their dropped columns cost more than the copy);
  and for int8 ones into int32 (quantized), whose products the micro-kernel
  computes (microkernels.py): it takes the weight's rows whole.

A 1x1 or im2col product whose result is padded by a constant (a
depthwise or 3x3 convolution reads it; its other readers, a residual add,
then read the padded tensor's interior), an im2col product that a
micro-kernel computes (a 3 x 3 convolution of stride 1 included), padded
after or not, and a 1x1 product whose epilogue reads such an interior,
go by blocks in an scf.forall
that each thread takes blocks of, each block finished by the epilogue
while in cache: blocks of whole output rows (_row_blocks), each copying
the im2col windows of its own input rows (_block_columns), or, for images
too few rows high (14 x 14, 7 x 7), blocks of filters (_filter_blocks).
A padded result's blocks make the padded tensor itself, each writing its
borders too. Computed whole, the product went to a buffer of its own,
copied into the padded tensor's interior on one thread (MobileNetV3-large:
-2 % at 1 thread, -5 % at 2; EfficientNet-B0: -3 %, -6 %), an im2col went
to memory and back (ResNet-50's stem: -4 %; its 3 x 3 convolutions of
stride 1, computed as shifted products or whole: -1.5 %, -2.8 % at 2
threads), and the borders were filled on one thread, a store a row apart
for each column (EfficientNet-B0 -4 % at 1 thread, -11 % at 2;
MobileNetV3-large -6 % at 2; ResNet-50 -2 %, -5 %). Where a strided
pooling, or a strided depthwise convolution that is not cut into register
tiles (tcp-to-linalg's _reads_phases), reads the padded tensor through its
phases (a copy, linalg_builders.stride_phases), the blocks write the
phases instead, each row split into them from cache: the copy went
through memory on its own (MobileNetV3-large -4 % at 1 thread,
EfficientNet-B0 -2 %, when their depthwise convolutions read phases).

The images are an scf.for over the batch. It runs after elementwise fusion,
which would otherwise fold the copy back into the product. The elementwise
op that is the convolution's only use (its bias, activation, a residual
add, an int8 requantization) runs in the loop too, on each image: a
product whose result it reads whole (1x1 and im2col convolutions) then
has it as its epilogue (mark-product-epilogues), finished tile by tile
while in cache instead of in a pass of its own over the output (int8
ResNet-50 at batch 1: 25.5 -> 22.8 ms; float32 at batch 8: 400 -> 385 ms).
A 1 x 1 convolution of an image scaled per image and channel (a
squeeze-and-excitation gate, _Scaling) reads the image itself, its weight's
columns scaled by the gate image by image instead.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from torch_mlir import ir
from torch_mlir.dialects import arith, linalg, scf, tensor

from ..linalg_builders import (
    DYNAMIC, Size, as_index, batch_element, combine, dim_of, empty, empty_like, extract_slice, filled, generic,
    multiply, PHASES, insert_batch_element, insert_slice, pad, size_add, size_floordiv, size_mod, size_mul,
    size_product, size_sub, split_sizes, stride_phases, tensor_type, zero,
)
from ..walk import collect, defining_op, is_elementwise
from .epilogues import elementwise_use
from .loop_groups import contiguous
from .microkernels import KERNELS
from .pad_product_columns import TILE_COLUMNS
from .pads import filled_borders, padding_constant
from .parallel import PRODUCT_TILE, ParallelOptions, product_unevenness, unevenness


@dataclass(frozen=True)
class ConvToMatmulOptions:
    # Below this many input channels, shifted products are too shallow (each
    # register tile is loaded and stored once per kernel offset for C steps
    # of FMAs): im2col's copy is then cheaper.
    shifted_min_channels: int = 8
    # Where the micro-kernel computes the product, the image is too few rows
    # high for blocks of rows and im2col's copy of it is at most this many
    # bytes, im2col's one product beats the shifted ones, which compute
    # kernel - 1 dropped columns per row (7 x 7: 63 columns for 49) and
    # start a register tile per kernel offset: ResNet-50's 3 x 3
    # convolutions of 7 x 7 and 14 x 14 images (1.8 MB), -2 % at 1 thread
    # with those of 28 x 28 (3.6 MB; now by blocks of rows); at 56 x 56 (7.2
    # MB) the whole image's copy left L3's share and the gain (0.6 %) with it.
    im2col_max_bytes: int = 4 << 20


_CONVS = ("linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nchw_fchw", "linalg.conv_3d_ncdhw_fcdhw")


def conv_to_matmul(root: ir.Operation, *, options: ConvToMatmulOptions = ConvToMatmulOptions()) -> None:
    for op in collect(root, lambda o: o.name in _CONVS and _static_weight(o)):
        epilogue = _epilogue_per_image(op)
        # With its epilogue, the loop replaces both, where the epilogue was
        # (its other inputs may be computed after the convolution).
        last = op if epilogue is None else epilogue
        padding = _padding(last.results[0])
        scaling = _input_scaling(op)
        with ir.InsertionPoint(last), op.location:
            result, padded = _as_matmuls(op, options, epilogue, padding, scaling)
        if padded:
            padding.result().replace_all_uses_with(result)
            if padding.phases is not None:
                padding.phases.erase()
            padding.pad.erase()
            # The result's other readers (a residual add) read the interior.
            if any(True for _ in last.results[0].uses):
                with ir.InsertionPoint(last), op.location:
                    result = _interior(result, padding, ir.RankedTensorType(last.results[0].type))
        last.results[0].replace_all_uses_with(result)
        if epilogue is not None:
            epilogue.erase()
        op.erase()
        if scaling is not None:
            scaling.generic.erase()


def _static_weight(op: ir.Operation) -> bool:
    return ir.RankedTensorType(op.operands[1].type).has_static_shape


def _attr_ints(op: ir.Operation, name: str) -> list[int]:
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _is_zero_fill(v: ir.Value) -> bool:
    """Whether v is a linalg.fill of the constant 0 (the lowering's init)."""
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.operation.name != "linalg.fill":
        return False
    value = owner.operation.operands[0].owner
    if not isinstance(value, (ir.Operation, ir.OpView)) or value.operation.name != "arith.constant":
        return False
    attr = value.operation.attributes["value"]
    return (ir.FloatAttr(attr).value if isinstance(attr, ir.FloatAttr) else ir.IntegerAttr(attr).value) == 0


def _epilogue_per_image(op: ir.Operation) -> ir.Operation | None:
    """The elementwise linalg.generic that is the convolution's only use, when
    it can run on each image: the convolution into zeros, read at the
    identity map (elementwise_use); no linalg.index; each other input read
    along the batch as its first dim, or not at all."""
    found = elementwise_use(op.results[0]) if _is_zero_fill(op.operands[2]) else None
    if found is None or collect(found[0], lambda o: o.name == "linalg.index"):
        return None
    epilogue = found[0]
    maps = [ir.AffineMapAttr(m).value for m in epilogue.opview.indexing_maps]
    return epilogue if all(_batch_read(m) is not None for m in maps) else None


@dataclass(frozen=True)
class _Scaling:
    """The elementwise generic making a 1 x 1 convolution's input, which
    multiplies an image y [N, C, H, W] (its input `image`, read at the
    identity map) by a factor per image and channel that its other inputs
    make, read along N and C only: a squeeze-and-excitation block's gate
    (EfficientNet-B0's sigmoid, MobileNetV3's hardsigmoid, fused into the
    multiply). The factors then scale the weight's columns image by image,
    W diag(s) y = W (s y), and the convolution reads y: a pass over the
    image, written and read back, becomes F x C multiplies."""
    generic: ir.Operation
    image: int

    def factors(self) -> ir.Value:
        """The factors, [N, C, 1...]: the generic's body (moved here)
        yielding the factor it multiplied the image's element by, on its
        other inputs (the image, unread, at its first position)."""
        g = self.generic.opview
        maps = [ir.AffineMapAttr(m).value for m in g.indexing_maps]
        image = g.inputs[self.image]
        x_t = ir.RankedTensorType(image.type)
        sizes = [dim_of(image, 0), x_t.shape[1]] + [1] * (x_t.rank - 2)
        init = empty(tensor_type(sizes, x_t.element_type), sizes)
        per_channel = ir.AffineMap.get(x_t.rank, 0, [ir.AffineDimExpr.get(0), ir.AffineDimExpr.get(1)]
                                       + [ir.AffineConstantExpr.get(0)] * (x_t.rank - 2))
        in_maps = [per_channel if i == self.image else m for i, m in enumerate(maps[:-1])]
        new = linalg.GenericOp([init.type], list(g.inputs), [init],
                               ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in in_maps + [maps[-1]]]),
                               g.iterator_types)
        block = g.regions[0].blocks[0]
        element = block.arguments[self.image]
        product = next(iter(element.uses)).owner
        factor = next(v for v in product.operands if v != element)
        list(block.operations)[-1].operands[0] = factor
        product.erase()
        block.append_to(new.regions[0])
        return new.results[0]


def _input_scaling(op: ir.Operation) -> _Scaling | None:
    """The _Scaling of a 1 x 1 convolution of stride 1 (float32, into
    zeros) whose input only it reads, when its output has at least 4
    positions per filter. Its product then reads the scaled weight in
    place, not packed once as the kernel packs a weight: on EfficientNet-B0's
    14 x 14 projections (80 and 112 filters), that cost more than the
    multiply it saved, and on its 7 x 7 images scaling the weight (192 x
    1152) costs more than the multiply (1152 x 49). A/B of EfficientNet-B0
    at batch 1, its 112 x 112 to 28 x 28 projections scaled: -3.2 % at 1
    thread, -5.3 % at 2 (scaling all but the 7 x 7 ones: -2.4 %, -2.5 %)."""
    x, w, init = op.operands
    w_t, out_t = ir.RankedTensorType(w.type), ir.RankedTensorType(init.type)
    if (any(k != 1 for k in w_t.shape[2:]) or any(v != 1 for v in _attr_ints(op, "strides"))
            or DYNAMIC in out_t.shape[2:] or 4 * w_t.shape[0] > math.prod(out_t.shape[2:])
            or not isinstance(out_t.element_type, ir.F32Type) or w_t.element_type != out_t.element_type
            or not _is_zero_fill(init)):
        return None
    scaling = defining_op(x)
    if scaling is None or not is_elementwise(scaling) or len(scaling.results) != 1 or len(list(x.uses)) != 1:
        return None
    g = scaling.opview
    maps = [ir.AffineMapAttr(m).value for m in g.indexing_maps]
    identity = ir.AffineMap.get_identity(out_t.rank)
    block = g.regions[0].blocks[0]
    n_inputs = len(g.inputs)
    images = [i for i, v in enumerate(g.inputs) if maps[i] == identity and v.type == x.type]
    if len(images) != 1 or maps[-1] != identity or list(block.arguments[n_inputs].uses):
        return None
    image = images[0]
    if any(_reads_spatial(m) for i, m in enumerate(maps[:-1]) if i != image):
        return None
    # The body yields factor * y, and reads y there only.
    uses = list(block.arguments[image].uses)
    product = uses[0].owner if len(uses) == 1 else None
    yielded = list(block.operations)[-1].operands[0]
    if product is None or product.name != "arith.mulf" or product.results[0] != yielded:
        return None
    return _Scaling(scaling, image)


def _reads_spatial(m: ir.AffineMap) -> bool:
    """Whether a map of (n, c, spatial...) reads a spatial dim, or
    anything but dims and constants."""
    return not all(isinstance(e, ir.AffineConstantExpr) or isinstance(e, ir.AffineDimExpr) and e.position < 2
                   for e in m.results)


def _scaled_weights(weights: ir.Value, factors: ir.Value, n: ir.Value) -> ir.Value:
    """weights [F, C] with column c multiplied by image n's factor c
    (factors [N, C, 1...])."""
    t = ir.RankedTensorType(weights.type)
    filters, channels = t.shape
    ones = [1] * (ir.RankedTensorType(factors.type).rank - 2)
    image_factors = extract_slice(factors, [n, 0] + [0] * len(ones), [1, channels] + ones,
                                  tensor_type([channels], t.element_type))
    columns = ir.AffineMap.get(2, 0, [ir.AffineDimExpr.get(1)])
    return generic([weights, image_factors], empty(t, [filters, channels]), [ir.AffineMap.get_identity(2), columns],
                   multiply)


def _reads_sparse(epilogue: ir.Operation | None, conv: ir.Operation) -> bool:
    """Whether the epilogue reads, besides the convolution, a tensor that is
    not sure to be dense (a padded tensor's interior: MobileNetV3's first
    residual add reads the stem's). A 1 x 1 convolution computed whole could
    not have it cut into the product's tiles (mark-product-epilogues reads
    it over the product's [F, positions]): it ran on its own, through
    memory, its result copied once more on one thread, and took longer at
    2 threads than at 1. By blocks of rows, each block's part of it is
    read as rows (MobileNetV3-large: -1.1 % at 1 thread, -1.3 % at 2)."""
    return epilogue is not None and any(v != conv.results[0] and not contiguous(v) for v in epilogue.opview.inputs)


def _batch_read(m: ir.AffineMap) -> bool | None:
    """Whether a map reads loop 0 (the batch) as its first result (True) or
    not at all (False); None for any other use of it."""
    reads = [isinstance(e, ir.AffineDimExpr) and e.position == 0 for e in m.results]
    if not any(reads):
        return False if all(isinstance(e, (ir.AffineDimExpr, ir.AffineConstantExpr)) for e in m.results) else None
    return True if reads[0] and not any(reads[1:]) and isinstance(m.results[0], ir.AffineDimExpr) else None


def _without_batch(m: ir.AffineMap) -> ir.AffineMap:
    """A map of _batch_read's kinds on the loops after the batch's."""
    results = list(m.results)[1:] if _batch_read(m) else list(m.results)
    shifted = [ir.AffineDimExpr.get(e.position - 1) if isinstance(e, ir.AffineDimExpr) else e for e in results]
    return ir.AffineMap.get(m.n_dims - 1, 0, shifted)


def _epilogue_of_image(epilogue: ir.Operation, conv: ir.Value, product: ir.Value, n: ir.Value,
                       part: tuple[int, ir.Value, int] | None = None, into: ir.Value | None = None) -> ir.Value:
    """The epilogue on image n: reading `product` where it read the
    convolution, each other input's image n (or all of it, when it does not
    vary along the batch); with `part` (loop, first, count), on that part of
    the image only: rows (loop 1) or filters (loop 0); written into `into`
    when given (where its result goes). Its body moves into the new op."""
    generic = epilogue.opview
    maps = [_without_batch(ir.AffineMapAttr(m).value) for m in generic.indexing_maps]
    batch_read = [_batch_read(ir.AffineMapAttr(m).value) for m in generic.indexing_maps]
    inputs = [product if v == conv else _part_of(batch_element(v, n) if batch else v, m, part)
              for v, m, batch in zip(generic.inputs, maps, batch_read)]
    sizes = [dim_of(product, d) for d in range(ir.RankedTensorType(product.type).rank)]
    init = into if into is not None else empty(
        tensor_type(sizes, ir.RankedTensorType(epilogue.results[0].type).element_type), sizes)
    new = linalg.GenericOp([init.type], inputs, [init], ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
                           ir.ArrayAttr.get(list(generic.iterator_types)[1:]))
    generic.regions[0].blocks[0].append_to(new.regions[0])
    return new.results[0]


def _part_of(v: ir.Value, m: ir.AffineMap, part: tuple[int, ir.Value, int] | None) -> ir.Value:
    """The part of v that an image's `part` (loop, first, count) reads
    through m, whose loops are (filter, row, column): the dims it indexes
    by that loop."""
    if part is None:
        return v
    loop, first, count = part
    t = ir.RankedTensorType(v.type)
    by_loop = [isinstance(e, ir.AffineDimExpr) and e.position == loop for e in m.results]
    if not any(by_loop):
        return v
    sizes = [count if b else dim_of(v, d) for d, b in enumerate(by_loop)]
    return extract_slice(v, [first if b else 0 for b in by_loop], sizes, tensor_type(sizes, t.element_type))


@dataclass(frozen=True)
class _Padding:
    """A tensor.pad of a convolution's result by a constant, along its
    spatial dims only, by static sizes; with `phases`, the pad's only use,
    the padded tensor's copy into the phases of a strided convolution
    (linalg_builders.stride_phases), which the result's blocks then write
    instead."""
    pad: ir.Operation
    low: list[int]  # per spatial dim
    high: list[int]
    value: ir.Attribute
    phases: ir.Operation | None

    def result(self) -> ir.Value:
        """The value the convolution's blocks make: the padded tensor, or its phases."""
        return (self.pad if self.phases is None else self.phases).results[0]

    def stride(self) -> list[int]:
        shape = ir.RankedTensorType(self.phases.results[0].type).shape
        return shape[2:2 + len(self.low)]

    def constant(self) -> ir.Value:
        """The value it pads with, made here."""
        with self.pad.location:
            return arith.ConstantOp(self.value.type, self.value).result


def _padding(v: ir.Value) -> _Padding | None:
    """The padding of v when one of its uses is a tensor.pad of _Padding's
    kind (its other uses then read the padded tensor's interior, and the
    blocks write the phases only for the pad's sole reader)."""
    uses = list(v.uses)
    pads = [u.owner for u in uses if u.owner.name == "tensor.pad"]
    if len(pads) != 1:
        return None
    op = pads[0]
    low, high = (list(ir.DenseI64ArrayAttr(op.attributes[name])) for name in ("static_low", "static_high"))
    constant = padding_constant(op)
    if constant is None or DYNAMIC in low + high or any(low[:2] + high[:2]):
        return None
    pad_uses = list(op.results[0].uses)
    phases = (pad_uses[0].owner if len(uses) == 1 and len(pad_uses) == 1 and PHASES in pad_uses[0].owner.attributes
              else None)
    return _Padding(op, low[2:], high[2:], constant.attributes["value"], phases)


def _interior(padded: ir.Value, padding: _Padding, t: ir.RankedTensorType) -> ir.Value:
    """The unpadded tensor of type t inside `padded`."""
    sizes = [dim_of(padded, 0)] + t.shape[1:]
    return extract_slice(padded, [0, 0] + padding.low, sizes, t)


def _as_matmuls(op: ir.Operation, options: ConvToMatmulOptions, epilogue: ir.Operation | None = None,
                padding: _Padding | None = None, scaling: _Scaling | None = None) -> tuple[ir.Value, bool]:
    """The convolution as products per image, and whether that includes
    `padding` (the result is then the padded tensor's); of the image that
    `scaling` scales, by weights it scales, when given."""
    x, w, init = op.operands
    factors = None
    if scaling is not None:
        x, factors = scaling.generic.opview.inputs[scaling.image], scaling.factors()
    stride, dilation = _attr_ints(op, "strides"), _attr_ints(op, "dilations")
    out_t = ir.RankedTensorType(op.results[0].type)
    spatial = len(stride)
    out_sizes = [dim_of(init, 2 + d) for d in range(spatial)]
    elem = out_t.element_type
    w_t = ir.RankedTensorType(w.type)
    kernel = list(w_t.shape[2:])
    filters, channels = w_t.shape[0], w_t.shape[1]
    weights = tensor.CollapseShapeOp(ir.RankedTensorType.get([filters, math.prod(w_t.shape[1:])], w_t.element_type),
                                     w, [[0], list(range(1, w_t.rank))]).result
    positions = size_product(out_sizes)
    unit_stride = all(s == 1 for s in stride)
    # A widening product (int8 into int32) is the micro-kernel's, which
    # takes contiguous rows: the whole weight, not one kernel offset's taps.
    widening = w_t.element_type != elem
    flat = all(k == 1 for k in kernel) and unit_stride
    small_copy = (_microkernel_types(elem) and isinstance(positions, int)
                  and channels * math.prod(kernel) * positions * elem.width // 8 <= options.im2col_max_bytes)
    shifted = (not flat and unit_stride and channels >= options.shifted_min_channels and not widening
               and not small_copy)
    # Windows copied (im2col) for products a micro-kernel computes go by
    # blocks of rows whether the output is padded or not (see above): the
    # windows of a 3 x 3 convolution, and of a strided 1 x 1 one; widening
    # ones too (int8 into int32, bf16 into float32: ResNet-50's -1.7 % and
    # -2 % at 1 thread, -3.1 % and -2 % at 2, with their results written
    # where they go), whose whole image's windows went through memory.
    windows_by_rows = not flat and (widening or _microkernel_types(elem))
    rows = filter_block = None
    if _is_zero_fill(init) and all(s != DYNAMIC for s in ir.RankedTensorType(x.type).shape[1:]):
        weight_size = filters * math.prod(w_t.shape[1:])
        if (padding is not None and not shifted) or windows_by_rows or (flat and _reads_sparse(epilogue, op)):
            rows = _block_rows(out_sizes, weight_size, padding is not None and padding.phases is None)
        shifted = shifted and rows is None
        if rows is None and not shifted:
            filter_block = _block_filters(out_sizes, filters, weight_size, padding is not None)
    padded = padding is not None and (rows is not None or filter_block is not None)
    result_t = out_t if epilogue is None else ir.RankedTensorType(epilogue.results[0].type)
    result = empty_like(result_t, init)
    if padded:
        padded_t = ir.RankedTensorType(padding.result().type)
        result = empty(padded_t, [dim_of(init, 0)] + padded_t.shape[1:])
    loop = scf.ForOp(as_index(0), as_index(dim_of(x, 0)), as_index(1), [result])
    with ir.InsertionPoint(loop.body):
        n = loop.induction_variable
        image = batch_element(x, n)
        finish = None if epilogue is None else functools.partial(_epilogue_of_image, epilogue, op.results[0], n=n)
        into = batch_element(loop.inner_iter_args[0], n)
        if factors is not None:
            weights = _scaled_weights(weights, factors, n)
        if rows is not None:
            columns_of = functools.partial(_block_columns, image, kernel, stride, dilation, out_sizes[1])
            product = _row_blocks(weights, columns_of, filters, out_sizes, rows, elem, finish, into, padding)
        else:
            if shifted:
                product = _shifted_products(image, w, dilation, out_sizes)
            else:
                columns = (_flatten_spatial(image, channels) if flat
                           else _columns(image, channels, kernel, stride, dilation, out_sizes))
                if filter_block is not None:
                    product = _filter_blocks(weights, columns, out_sizes, filter_block, elem, finish, into, padding)
                else:
                    product = _unflatten(_product_of(weights, columns, filters, positions, elem), filters, out_sizes)
            if finish is not None and filter_block is None:
                product = finish(product)
        scf.YieldOp([insert_batch_element(product, loop.inner_iter_args[0], n)])
    result = loop.results[0]
    if _is_zero_fill(init):
        return result, padded
    # A convolution accumulating into something else than zeros (not made by
    # the lowering, but legal linalg): add what it accumulated into.
    return generic([result, init], empty(out_t, [dim_of(init, d) for d in range(out_t.rank)]),
                   [ir.AffineMap.get_identity(out_t.rank)] * 2, _add), False


def _product_of(weights: ir.Value, columns: ir.Value, filters: int, positions: Size, elem: ir.Type,
                where: ir.Value | None = None) -> ir.Value:
    """weights (F x depth) @ columns (depth x positions), summed in `elem`
    (into `where`, zeroed, when given)."""
    t = tensor_type([filters, positions], elem)
    if where is None:
        return linalg.matmul(weights, columns, outs=[filled(t, [filters, positions], zero(t.element_type))])
    return linalg.matmul(weights, columns, outs=[linalg.fill(zero(elem), outs=[where])])


def _block_rows(out_sizes: list[Size], weight_size: int, padded: bool) -> int | None:
    """How many rows of a 2-D output each of _row_blocks' blocks
    computes: whole rows, as many as fit in PRODUCT_TILE columns (one, when a
    row is wider), dividing the height; one into a `padded` tensor (its rows
    apart in memory) when a row fills a register tile's columns: a block of
    one row is computed where it goes, one of several into a buffer, then
    copied (EfficientNet-B0's 56-wide expansions with their SiLU, two rows
    a block: -2.5 % at 1 thread; rows of 28 made short tiles the
    micro-kernel computes through a buffer of its own, MobileNetV3-large
    +3 %). An odd number of blocks takes more rows each, up to twice
    PRODUCT_TILE columns, for an even number that 2 threads share evenly: a
    28 x 28 image goes by 4 blocks of 7 rows, not 7 of 4, of which one
    thread took 4 (MobileNetV3-large's 40 x 28 x 28 expansion to 240
    channels, timed per thread: the calling thread's blocks took 143 us,
    the other's 110; now 135 and 126). None when the output is not 2-D of
    static size, or makes fewer than 4 blocks or too little work for
    threads."""
    if len(out_sizes) != 2 or not all(isinstance(s, int) for s in out_sizes):
        return None
    height, width = out_sizes
    rows = max((r for r in range(1, height + 1) if height % r == 0 and r * width <= PRODUCT_TILE), default=1)
    if padded and width >= TILE_COLUMNS:
        rows = 1
    if height // rows % 2:
        rows = min((r for r in range(rows + 1, height + 1)
                    if height % r == 0 and height // r % 2 == 0 and r * width <= 2 * PRODUCT_TILE), default=rows)
    if height // rows < 4 or weight_size * height * width < ParallelOptions.min_product_work:
        return None
    return rows


def _block_filters(out_sizes: list[Size], filters: int, weight_size: int, padded: bool) -> int | None:
    """How many filters each of _filter_blocks' blocks computes, for a 2-D
    output of static size: the most (a multiple of the micro-kernel's
    8-row tiles, at most PRODUCT_TILE) that split the filters into an even
    number of blocks, which 1 or 2 threads share evenly (any number when
    none does). An output not padded takes blocks only where they share
    the work among threads more evenly than mark-parallel's tiles of the
    whole product would (a projection to 112 or 160 filters of a 14 x 14
    or 7 x 7 image: tiles of 128 filters or 128 columns made 2 threads'
    shares 128 and 32, or 128 and 68). None when there are fewer than 2
    blocks or too little work for threads."""
    if len(out_sizes) != 2 or not all(isinstance(s, int) for s in out_sizes):
        return None
    positions = math.prod(out_sizes)
    if weight_size * positions < ParallelOptions.min_product_work:
        return None
    sizes = [b for b in range(8, PRODUCT_TILE + 1, 8) if filters % b == 0 and filters // b >= 2]
    even = [b for b in sizes if filters // b % 2 == 0]
    block = max(even or sizes, default=None)
    if block is None or padded:
        return block
    blocks = unevenness([block * positions] * (filters // block))
    return block if blocks < 0.97 * product_unevenness(filters, positions) else None


def _filter_blocks(weights: ir.Value, columns: ir.Value, out_sizes: list[int], block: int, elem: ir.Type, finish,
                   into: ir.Value, padding: _Padding | None) -> ir.Value:
    """weights (F x depth) @ columns (depth x H*W) by blocks of `block`
    filters, an scf.forall (each thread takes blocks), each block's product
    finished by `finish` (the epilogue on those filters) and written into
    its planes of `into`, the image's [F, H, W], with their borders when
    padded by `padding` (or into their phases, the padded planes' copy for
    a strided convolution, _Padding). For images too few rows high for
    _row_blocks (14 x 14, 7 x 7): computed whole, the product was copied
    into the padded tensor's interior, and the borders filled, on the
    calling thread. Not padded, a block's product is computed where it
    goes."""
    height, width = out_sizes
    out_elem = ir.RankedTensorType(into.type).element_type
    filters, depth = ir.RankedTensorType(weights.type).shape
    (top, left), (bottom, right) = ([0, 0], [0, 0]) if padding is None else (padding.low, padding.high)
    planes_sizes = [block, top + height + bottom, left + width + right]
    value = padding.constant() if padding is not None else None
    phases = padding is not None and padding.phases is not None
    loop = scf.ForallOp([0], [filters // block], [1], [into])
    with ir.InsertionPoint(loop.body):
        first = size_mul(loop.induction_variables[0], block)
        shared = loop.inner_iter_args[0]
        planes_t = tensor_type(planes_sizes, out_elem)
        planes = empty(planes_t, planes_sizes) if phases else extract_slice(shared, [first, 0, 0], planes_sizes,
                                                                            planes_t)
        where = None
        if padding is not None:
            planes = filled_borders(planes, value, [0, top, left], [0, bottom, right], [block, height, width],
                                    planes_sizes)
        elif elem == out_elem:
            where = tensor.CollapseShapeOp(tensor_type([block, height * width], elem), planes,
                                           [[0], [1, 2]]).result
        part = extract_slice(weights, [first, 0], [block, depth],
                             tensor_type([block, depth], ir.RankedTensorType(weights.type).element_type))
        product = _unflatten(_product_of(part, columns, block, height * width, elem, where), block, out_sizes)
        if finish is not None:
            product = finish(product, part=(0, first, block))
        planes = insert_slice(product, planes, [0, top, left], [block, height, width])
        insert = (planes, [first, 0, 0], planes_sizes)
        if phases:
            insert = _planes_into_phases(planes, first, padding.stride(), shared)
        _insert_in_parallel(loop, [insert])
    return loop.results[0]


def _planes_into_phases(planes: ir.Value, first: ir.Value, stride: list[int], phases: ir.Value):
    """A block of filters' padded planes [F', H', W'] split into their
    phases, written into the block's part of `phases` (the image's
    [F, s_h, s_w, H' / s_h, W' / s_w]): the value, offsets and sizes to
    insert."""
    t = ir.RankedTensorType(phases.type)
    sizes = [ir.RankedTensorType(planes.type).shape[0]] + t.shape[1:]
    part = extract_slice(phases, [first, 0, 0, 0, 0], sizes, tensor_type(sizes, t.element_type))
    return _in_phases(planes, stride, part), [first, 0, 0, 0, 0], sizes


def _in_phases(x: ir.Value, stride: list[int], into: ir.Value) -> ir.Value:
    """x [C, S...] as its phases [C, s..., S / s...] (stride_phases), into `into`."""
    result = stride_phases(_with_unit_dim(x), stride, _with_unit_dim(into))
    rank = ir.RankedTensorType(into.type).rank
    return tensor.CollapseShapeOp(into.type, result, [[0, 1]] + [[d + 1] for d in range(1, rank)]).result


def _with_unit_dim(v: ir.Value) -> ir.Value:
    """v [D...] (static) as [1, D...]."""
    t = ir.RankedTensorType(v.type)
    return tensor.ExpandShapeOp(tensor_type([1] + t.shape, t.element_type), v,
                                [[0, 1]] + [[d + 1] for d in range(1, t.rank)], [], [1] + t.shape).result


def _row_blocks(weights: ir.Value, columns_of, filters: int, out_sizes: list[int], rows: int, elem: ir.Type,
                finish, into: ir.Value, padding: _Padding | None) -> ir.Value:
    """weights (F x depth) @ columns (depth x H*W) by blocks of `rows` whole
    rows of the output, an scf.forall (each thread takes blocks), each
    block's columns from `columns_of` (first row, rows), finished by
    `finish` (the epilogue on those rows) and written into `into`, the
    image's [F, H, W], padded by `padding` when given (or its phases, the
    padded tensor's copy for a strided convolution, _Padding). Each block writes
    its rows' borders too; the rows of the borders above and below are
    filled first. A padded output's rows are apart in memory: computed
    whole, the product went to a buffer of its own, copied into the padded
    tensor's interior on one thread (a tenth of MobileNetV3-large's 1 x 1
    convolutions' time at 2 threads), and the borders' columns, filled on
    their own, were a store a row apart each (EfficientNet-B0: 4 % at 1
    thread, 6 % at 2). A block of one row is computed where it goes, and
    so is one of several rows of an output not padded (one run of memory
    there: ResNet-50 -1.6 % at 1 thread, -2.2 % at 2); one of several
    padded rows, or one going into phases, is copied there while it is in
    cache. A narrower result than the product's (int8's requantization) is
    finished where it goes."""
    height, width = out_sizes
    out_elem = ir.RankedTensorType(into.type).element_type
    (top, left), (bottom, right) = ([0, 0], [0, 0]) if padding is None else (padding.low, padding.high)
    padded_width = left + width + right
    value = padding.constant() if padding is not None else None
    phases = padding is not None and padding.phases is not None
    if padding is not None and not phases:
        into = filled_borders(into, value, [0, top, 0], [0, bottom, 0], [filters, height, padded_width],
                              [filters, top + height + bottom, padded_width])
    elif phases:
        border_rows = list(range(top)) + list(range(top + height, top + height + bottom))
        into = _filled_phase_rows(into, value, border_rows, padding.stride())
    loop = scf.ForallOp([0], [height // rows], [1], [into])
    with ir.InsertionPoint(loop.body):
        first = size_mul(loop.induction_variables[0], rows)
        shared = loop.inner_iter_args[0]
        block_at = [0, size_add(first, top), 0]
        block_sizes = [filters, rows, padded_width]
        block_t = tensor_type(block_sizes, out_elem)
        block = empty(block_t, block_sizes) if phases else extract_slice(shared, block_at, block_sizes, block_t)
        if padding is not None:
            block = filled_borders(block, value, [0, 0, left], [0, 0, right], [filters, rows, width], block_sizes)
        columns = columns_of(first, rows)
        t = tensor_type([filters, rows * width], elem)
        rows_t = tensor_type([filters, rows, width], out_elem)
        where = None
        if elem == out_elem and rows == 1:
            where = extract_slice(block, [0, 0, left], [filters, 1, width], t)
        elif elem == out_elem and left == right == 0 and not phases:
            # Whole rows, one after the other in memory.
            where = tensor.CollapseShapeOp(t, extract_slice(block, [0, 0, 0], [filters, rows, width], rows_t),
                                           [[0], [1, 2]]).result
        product = _unflatten(_product_of(weights, columns, filters, rows * width, elem, where), filters, [rows, width])
        if finish is not None:
            # A product of a narrower result (int8's requantization) is finished where it goes.
            into_rows = None if elem == out_elem else extract_slice(block, [0, 0, left], [filters, rows, width], rows_t)
            product = finish(product, part=(1, first, rows), into=into_rows)
        if where is not None and rows == 1:
            # As `where` was cut: bufferization then sees the product written in place.
            product = tensor.CollapseShapeOp(t, product, [[0], [1, 2]]).result
        block = insert_slice(product, block, [0, 0, left], [filters, rows, width])
        inserts = [(block, block_at, block_sizes)]
        if phases:
            inserts = [_row_into_phases(block, r, size_add(first, top + r), padding.stride(), shared)
                       for r in range(rows)]
        _insert_in_parallel(loop, inserts)
    return loop.results[0]


def _insert_in_parallel(loop, inserts: list[tuple[ir.Value, list[Size], list[int]]]) -> None:
    """Each (value, offsets, sizes) inserted into the scf.forall's shared
    tensor by its terminator (unit strides)."""
    with ir.InsertionPoint(loop.terminator().block):
        for value, at, sizes in inserts:
            dynamic, static = split_sizes(at)
            tensor.ParallelInsertSliceOp(value, loop.inner_iter_args[0], dynamic, [], [], static, sizes,
                                         [1] * len(sizes))


def _row_into_phases(block: ir.Value, r: int, row: Size, stride: list[int], phases: ir.Value):
    """Row r of a block ([F, rows, W']), padded row `row` of the image,
    split into its phases, written into its row of `phases` (the image's
    [F, s_h, s_w, H' / s_h, W' / s_w]): the value, offsets and sizes to
    insert."""
    t = ir.RankedTensorType(phases.type)
    filters, width = t.shape[0], ir.RankedTensorType(block.type).shape[2]
    at = [0, size_mod(row, stride[0]), 0, size_floordiv(row, stride[0]), 0]
    sizes = [filters, 1, stride[1], 1, width // stride[1]]
    part = extract_slice(phases, at, sizes, tensor_type([filters, stride[1], width // stride[1]], t.element_type))
    row_t = tensor_type([filters, width], t.element_type)
    return _in_phases(extract_slice(block, [0, r, 0], [filters, 1, width], row_t), stride[1:], part), at, sizes


def _filled_phase_rows(phases: ir.Value, value: ir.Value, rows: list[int], stride: list[int]) -> ir.Value:
    """`phases` (an image's [F, s_h, s_w, H' / s_h, W' / s_w]) with padded
    rows `rows` of the image filled with `value`."""
    t = ir.RankedTensorType(phases.type)
    sizes = [t.shape[0], 1] + t.shape[2:3] + [1] + t.shape[4:]
    for row in rows:
        at = [0, row % stride[0], 0, row // stride[0], 0]
        part = extract_slice(phases, at, sizes, tensor_type(sizes, t.element_type))
        phases = insert_slice(linalg.fill(value, outs=[part]), phases, at, sizes)
    return phases


def _shifted_products(image: ir.Value, w: ir.Value, dilation: list[int], out_sizes: list[Size]) -> ir.Value:
    """The convolution of one image [C, in...] with stride 1, as one product
    per kernel offset on shifted views of the image: [F, out...]."""
    t = ir.RankedTensorType(image.type)
    w_t = ir.RankedTensorType(w.type)
    elem, spatial = t.element_type, t.rank - 1
    filters, channels, kernel = w_t.shape[0], w_t.shape[1], list(w_t.shape[2:])
    in_sizes = [dim_of(image, 1 + d) for d in range(spatial)]
    # Position (o_0, ..., o_last) is o_0 * grid[0] + ... over the padded grid.
    grid = [size_product(in_sizes[d + 1:]) for d in range(spatial)]
    # The product covers positions from 0 to the last output one; it is
    # computed into rows as long as the input's, then cut to the output's.
    span = _sum([size_mul(size_sub(o, 1), g) for o, g in zip(out_sizes, grid)] + [1])
    rows = [out_sizes[0]] + in_sizes[1:]
    width = rows_width = size_product(rows)
    flat = _flatten_spatial(image, channels)
    static = isinstance(span, int) and isinstance(width, int)
    kernel_types = _microkernel_types(elem)
    if static and not kernel_types:
        # Whole register tiles: the columns past the span are dropped like
        # those past each row's end, and read zeros past the image's end.
        span = -(-span // TILE_COLUMNS) * TILE_COLUMNS
        width = max(width, span)
        last_shift = sum((k - 1) * dl * g for k, dl, g in zip(kernel, dilation, grid))
        flat = _zeros_after(flat, last_shift + span)
    acc = filled(tensor_type([filters, width], elem), [filters, width], zero(elem))
    for offsets in itertools.product(*[range(k) for k in kernel]):
        shift = _sum([size_mul(k * dl, g) for k, dl, g in zip(offsets, dilation, grid)])
        taps = extract_slice(w, [0, 0] + list(offsets), [filters, channels] + [1] * spatial,
                      tensor_type([filters, channels], elem))
        # For a micro-kernel, each offset covers all the columns its input
        # lies in: the whole width but for the last offsets (the columns
        # they leave are past the output's last row). The first product
        # then starts from zeros (the micro-kernel's tiles are zeroed in
        # cache, not the whole sum first).
        columns = min(width, ir.RankedTensorType(flat.type).shape[1] - shift) if static and kernel_types else span
        shifted = extract_slice(flat, [0, shift], [channels, columns], tensor_type([channels, columns], elem))
        if columns == width:
            acc = linalg.matmul(taps, shifted, outs=[acc])
            continue
        window = extract_slice(acc, [0, 0], [filters, columns], tensor_type([filters, columns], elem))
        acc = insert_slice(linalg.matmul(taps, shifted, outs=[window]), acc, [0, 0], [filters, columns])
    if width != rows_width:
        acc = extract_slice(acc, [0, 0], [filters, rows_width], tensor_type([filters, rows_width], elem))
    by_rows = _unflatten(acc, filters, rows)
    return extract_slice(by_rows, [0] * (1 + spatial), [filters] + out_sizes, tensor_type([filters] + out_sizes, elem))


def _microkernel_types(elem: ir.Type) -> bool:
    """Whether a micro-kernel computes products of this element type (with
    partial tiles: no columns added, and the image not copied to add zeros
    after it)."""
    return (str(elem),) * 3 in KERNELS


def _zeros_after(flat: ir.Value, length: int) -> ir.Value:
    """[C, positions] extended with zeros to at least `length` positions."""
    extra = length - ir.RankedTensorType(flat.type).shape[1]
    if extra <= 0:
        return flat
    return pad(flat, [0, 0], [0, extra], zero(ir.RankedTensorType(flat.type).element_type))


def _unflatten(product: ir.Value, filters: int, out_sizes: list[Size]) -> ir.Value:
    """[F, positions] -> [F, out...] (the product itself for one spatial dim)."""
    if len(out_sizes) == 1:
        return product
    t = tensor_type([filters] + out_sizes, ir.RankedTensorType(product.type).element_type)
    dynamic, static = split_sizes([filters] + out_sizes)
    return tensor.ExpandShapeOp(t, product, [[0], list(range(1, t.rank))], dynamic, static).result


def _sum(sizes: list[Size]) -> Size:
    total: Size = 0
    for s in sizes:
        total = size_add(total, s)
    return total


def _add(a: ir.Value, b: ir.Value) -> ir.Value:
    return combine("Sum", a, b)


def _flatten_spatial(image: ir.Value, channels: int) -> ir.Value:
    """[C, spatial...] -> [C, positions]."""
    t = ir.RankedTensorType(image.type)
    positions = size_product([dim_of(image, d) for d in range(1, t.rank)])
    return tensor.CollapseShapeOp(tensor_type([channels, positions], t.element_type), image,
                                  [[0], list(range(1, t.rank))]).result


def _block_columns(image: ir.Value, kernel: list[int], stride: list[int], dilation: list[int], width: int,
                   first: ir.Value, rows: int) -> ir.Value:
    """The columns of output rows [first, first + rows) of a 2-D image of
    static shape [C, in...]: the input rows they read, flattened (1x1,
    stride 1) or copied as windows (im2col), [C * kernel, rows * width].
    A block's copy stays in cache for its product; the whole image's (7.4
    MB for ResNet-50's 7 x 7 stem) went to memory and came back."""
    t = ir.RankedTensorType(image.type)
    channels, _, width_in = t.shape
    span = (rows - 1) * stride[0] + (kernel[0] - 1) * dilation[0] + 1
    part = extract_slice(image, [0, size_mul(first, stride[0]), 0], [channels, span, width_in],
                         tensor_type([channels, span, width_in], t.element_type))
    if all(k == 1 for k in kernel) and all(s == 1 for s in stride):
        return _flatten_spatial(part, channels)
    return _columns(part, channels, kernel, stride, dilation, [rows, width])


def _columns(image, channels, kernel, stride, dilation, out_sizes) -> ir.Value:
    """im2col of one image [C, in...]: [C * kernel, positions]; the copy is a
    generic over [C, kernel..., out...], collapsed."""
    spatial = len(kernel)
    t = ir.RankedTensorType(image.type)
    loops = 1 + 2 * spatial
    d = ir.AffineDimExpr.get
    k = [d(1 + i) for i in range(spatial)]
    o = [d(1 + spatial + i) for i in range(spatial)]
    in_map = ir.AffineMap.get(loops, 0, [d(0)] + [o[i] * stride[i] + k[i] * dilation[i] for i in range(spatial)])
    shape = [channels] + list(kernel) + out_sizes
    windows = generic([image], empty(tensor_type(shape, t.element_type), shape), [in_map], lambda v: v)
    depth = channels * math.prod(kernel)
    return tensor.CollapseShapeOp(tensor_type([depth, size_product(out_sizes)], t.element_type), windows,
                                  [list(range(1 + spatial)), list(range(1 + spatial, loops))]).result
