"""deinterleave-strided-reads: a vector.transfer_read of every other element
(a memref whose innermost stride is 2: a stride-2 depthwise convolution's
window, tcp-to-linalg's _reads_phases) reads the elements between too, as
one contiguous vector twice as long, and keeps the even lanes
(vector.deinterleave, a shuffle of two registers). Left as it is, each
such read became a loop of one scalar load per lane.

The wide read is masked to the last element the strided one reads, so it
reads nothing the strided one would not reach: a masked tile of v lanes
reads 2v - 1 elements (a read whose mask is made otherwise than by
vector.constant_mask or vector.create_mask stays as it is). It keeps the
strided read's `in_bounds`: where that one may run past the end, lane k of
the wide one runs past the view of 2n - 1 elements exactly when lane k / 2
of the strided one runs past its n.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, memref, vector

from ..walk import collect, defining_op

_DYNAMIC = ir.ShapedType.get_dynamic_size()
_DYNAMIC_STRIDE = ir.ShapedType.get_dynamic_stride_or_offset()


def deinterleave_strided_reads(root: ir.Operation) -> None:
    for read in collect(root, lambda op: op.name == "vector.transfer_read"):
        if _every_other_element(read):
            _read_wide(read)


def _every_other_element(read: ir.Operation) -> bool:
    source = read.operands[0].type
    if not isinstance(source, ir.MemRefType):
        return False
    source = ir.MemRefType(source)
    strides, _ = source.get_strides_and_offset()
    vector_t = ir.VectorType(read.results[0].type)
    permutation = ir.AffineMapAttr(read.attributes["permutation_map"]).value
    minor_identity = ir.AffineMap.get_minor_identity(source.rank, vector_t.rank)
    return (source.rank > 0 and strides[-1] == 2 and permutation == minor_identity
            and not vector_t.scalable and _wide_mask_source(read) is not None)


def _mask(read: ir.Operation) -> ir.Value | None:
    segments = list(ir.DenseI32ArrayAttr(read.attributes["operandSegmentSizes"]))
    return read.operands[len(read.operands) - 1] if segments[-1] else None


def _wide_mask_source(read: ir.Operation) -> ir.Operation | bool | None:
    """The op making the read's mask (True when it has none), or None when
    the pass cannot widen it."""
    mask = _mask(read)
    if mask is None:
        return True
    op = defining_op(mask)
    return op if op is not None and op.name in ("vector.constant_mask", "vector.create_mask") else None


def _read_wide(read: ir.Operation) -> None:
    source = read.operands[0]
    source_t = ir.MemRefType(source.type)
    vector_t = ir.VectorType(read.results[0].type)
    rank = source_t.rank
    indices = list(read.operands[1:1 + rank])
    padding = read.operands[1 + rank]
    index = ir.IndexType.get()
    with ir.InsertionPoint(read), read.location:
        # The same view with every element of the innermost dim: its size
        # 2n - 1 reaches the last element of the strided one.
        metadata = memref.ExtractStridedMetadataOp(source).results
        base, offset = metadata[0], metadata[1]
        sizes, strides = list(metadata[2:2 + rank]), list(metadata[2 + rank:])
        shape = list(source_t.shape)
        static_strides, _ = source_t.get_strides_and_offset()
        two = arith.ConstantOp(index, 2).result
        one = arith.ConstantOp(index, 1).result
        if shape[-1] == _DYNAMIC:
            sizes[-1] = _twice_less_one(sizes[-1], two, one)
        wide_shape = shape[:-1] + [_DYNAMIC if shape[-1] == _DYNAMIC else 2 * shape[-1] - 1]
        wide_strides = static_strides[:-1] + [1]
        wide_t = ir.MemRefType.get(wide_shape, source_t.element_type,
                                   ir.StridedLayoutAttr.get(_DYNAMIC_STRIDE, wide_strides))
        dynamic_sizes = [s for s, n in zip(sizes, wide_shape) if n == _DYNAMIC]
        dynamic_strides = [s for s, n in zip(strides, wide_strides) if n == _DYNAMIC_STRIDE]
        wide = memref.ReinterpretCastOp(wide_t, base, [offset], dynamic_sizes, dynamic_strides,
                                        [_DYNAMIC_STRIDE], wide_shape, wide_strides).result
        wide_indices = indices[:-1] + [arith.MulIOp(indices[-1], two).result]
        lanes = list(vector_t.shape)
        wide_vector_t = ir.VectorType.get(lanes[:-1] + [2 * lanes[-1]], vector_t.element_type)
        mask = _wide_mask(_wide_mask_source(read), lanes, two, one)
        wide_read = vector.TransferReadOp(wide_vector_t, wide, wide_indices,
                                          ir.AffineMap.get_minor_identity(rank, vector_t.rank), padding,
                                          read.attributes["in_bounds"], mask=mask).result
        even = vector.DeinterleaveOp(wide_read).results[0]
    read.results[0].replace_all_uses_with(even)
    read.erase()


def _wide_mask(source: ir.Operation | bool, lanes: list[int], two: ir.Value, one: ir.Value) -> ir.Value:
    """The mask of the wide read: the strided read's first v lanes of the
    innermost dim become the first 2v - 1 (all of it when unmasked)."""
    mask_t = ir.VectorType.get(lanes[:-1] + [2 * lanes[-1]], ir.IntegerType.get_signless(1))
    if source is True:
        return vector.ConstantMaskOp(mask_t, lanes[:-1] + [2 * lanes[-1] - 1]).result
    if source.name == "vector.constant_mask":
        sizes = list(ir.DenseI64ArrayAttr(source.attributes["mask_dim_sizes"]))
        return vector.ConstantMaskOp(mask_t, sizes[:-1] + [max(0, 2 * sizes[-1] - 1)]).result
    sizes = list(source.operands)
    return vector.CreateMaskOp(mask_t, sizes[:-1] + [_twice_less_one(sizes[-1], two, one)]).result


def _twice_less_one(n: ir.Value, two: ir.Value, one: ir.Value) -> ir.Value:
    return arith.SubIOp(arith.MulIOp(n, two).result, one).result
