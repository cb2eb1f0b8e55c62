"""conv-to-matmul: a convolution of one group (linalg.conv_{1,2,3}d_nc..._fc...,
static weight) becomes one matrix product per image, so that it runs through
the matmul schedule's register tiles:

    out[n] (F x positions) = weight (F x C*kernel) @ columns(x[n]) (C*kernel x positions)

where column p of columns(x[n]) holds the input window of output position p
(im2col, a copy; a 1x1 stride-1 convolution reads the image as it is). The
images are an scf.for over the batch. It runs after elementwise fusion,
which would otherwise fold the copy back into the product.
"""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import linalg, scf, tensor

from ..conversion.tcp_to_linalg.contraction import zero
from ..conversion.tcp_to_linalg.utils import DYNAMIC, Size, as_index, dim_of, empty, filled, generic, size_mul
from ..walk import collect

_CONVS = ("linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nchw_fchw", "linalg.conv_3d_ncdhw_fcdhw")


def conv_to_matmul(root: ir.Operation) -> None:
    for op in collect(root, lambda o: o.name in _CONVS and _static_weight(o)):
        with ir.InsertionPoint(op), op.location:
            result = _as_matmuls(op)
        op.results[0].replace_all_uses_with(result)
        op.erase()


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


def _as_matmuls(op: ir.Operation) -> ir.Value:
    x, w, init = op.operands
    stride, dilation = _attr_ints(op, "strides"), _attr_ints(op, "dilations")
    out_t = ir.RankedTensorType(op.results[0].type)
    spatial = len(stride)
    out_sizes = [dim_of(init, 2 + d) for d in range(spatial)]
    elem = out_t.element_type
    w_t = ir.RankedTensorType(w.type)
    kernel = list(w_t.shape[2:])
    filters = w_t.shape[0]
    weights = tensor.CollapseShapeOp(ir.RankedTensorType.get([filters, math.prod(w_t.shape[1:])], elem), w,
                                     [[0], list(range(1, w_t.rank))]).result
    positions = _product(out_sizes)
    flat_sizes = [dim_of(x, 0), filters, positions]
    flat_t = _type(flat_sizes, elem)
    one = as_index(1)
    loop = scf.ForOp(as_index(0), as_index(dim_of(x, 0)), one, [empty(flat_t, flat_sizes)])
    with ir.InsertionPoint(loop.body):
        n = loop.induction_variable
        image = _image(x, n)
        channels = w_t.shape[1]
        if all(k == 1 for k in kernel) and all(s == 1 for s in stride):
            columns = _flatten_spatial(image, channels)
        else:
            columns = _columns(image, channels, kernel, stride, dilation, out_sizes)
        product_t = _type([filters, positions], elem)
        product = linalg.matmul(weights, columns, outs=[filled(product_t, [filters, positions], zero(elem))])
        scf.YieldOp([_insert_image(product, loop.inner_iter_args[0], n)])
    reassociation = [[0], [1], list(range(2, 2 + spatial))]
    dynamic = [as_index(s) for s in [dim_of(x, 0), filters] + out_sizes if not isinstance(s, int)]
    result = tensor.ExpandShapeOp(out_t, loop.results[0], reassociation, dynamic, list(out_t.shape)).result
    if _is_zero_fill(init):
        return result
    # A convolution accumulating into something else than zeros (not made by
    # the lowering, but legal linalg): add what it accumulated into.
    return generic([result, init], empty(out_t, [dim_of(init, d) for d in range(out_t.rank)]),
                   [ir.AffineMap.get_identity(out_t.rank)] * 2, _add)


def _add(a: ir.Value, b: ir.Value) -> ir.Value:
    from ..conversion.tcp_to_linalg.reduction import combine

    return combine("Sum", a, b)


def _type(sizes: list[Size], elem: ir.Type) -> ir.RankedTensorType:
    return ir.RankedTensorType.get([s if isinstance(s, int) else DYNAMIC for s in sizes], elem)


def _product(sizes: list[Size]) -> Size:
    total: Size = 1
    for s in sizes:
        total = size_mul(total, s)
    return total


def _image(x: ir.Value, n: ir.Value) -> ir.Value:
    """x[n] without its batch dim."""
    t = ir.RankedTensorType(x.type)
    sizes = [dim_of(x, d) for d in range(1, t.rank)]
    out_t = _type(sizes, t.element_type)
    return tensor.ExtractSliceOp(out_t, x, [n], [as_index(s) for s in sizes if not isinstance(s, int)], [],
                                 [DYNAMIC] + [0] * (t.rank - 1), [1] + list(out_t.shape), [1] * t.rank).result


def _insert_image(value: ir.Value, into: ir.Value, n: ir.Value) -> ir.Value:
    """`into` with its n-th image replaced by `value` (no batch dim)."""
    t = ir.RankedTensorType(into.type)
    sizes = [dim_of(value, d) for d in range(t.rank - 1)]
    static_sizes = [1] + [s if isinstance(s, int) else DYNAMIC for s in sizes]
    return tensor.InsertSliceOp(value, into, [n], [as_index(s) for s in sizes if not isinstance(s, int)], [],
                                [DYNAMIC] + [0] * (t.rank - 1), static_sizes, [1] * t.rank).result


def _flatten_spatial(image: ir.Value, channels: int) -> ir.Value:
    """[C, spatial...] -> [C, positions]."""
    t = ir.RankedTensorType(image.type)
    positions = _product([dim_of(image, d) for d in range(1, t.rank)])
    return tensor.CollapseShapeOp(_type([channels, positions], t.element_type), image,
                                  [[0], list(range(1, t.rank))]).result


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
    windows = generic([image], empty(_type(shape, t.element_type), shape), [in_map], lambda v: v)
    depth = channels * math.prod(kernel)
    return tensor.CollapseShapeOp(_type([depth, _product(out_sizes)], t.element_type), windows,
                                  [list(range(1 + spatial)), list(range(1 + spatial, loops))]).result
