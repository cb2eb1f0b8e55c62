"""Results written where they go, not copied there after bufferization.

- pad-by-borders: a tensor.pad by one value of anything but a loop's
  result (a model's input image, for its first convolution) fills only
  its borders, and its interior is written by the elementwise op that
  makes the source, when the pad is that op's only use (an int8 model's
  quantization of its input), or else by a copy: an identity generic,
  which schedule-parallel's canonicalization folds away, so that
  bufferization copies the source in, on the calling thread (a 3 x 224 x
  224 image: about 0.05 ms). Bufferized as it was, the pad filled the
  whole padded buffer first, on one thread too.
- pad-in-place: a tensor.pad by one value of the result of a loop that
  fills a tensor.empty (a convolution's loop over images, conv-to-matmul,
  when its blocks do not make the padded tensor themselves) makes the
  loop write into the padded tensor's interior instead, and fills only the
  borders: bufferization then gives the loop a view of the padded buffer,
  where it had filled the whole padded buffer and copied the loop's result
  into it. Those fills and copies, on the calling thread only, took a
  tenth of MobileNetV3-large's time (its depthwise convolutions pad their
  input).
- insert-in-place: an op filling a tensor.empty (a convolution's product
  of one image, [C, H x W]) whose result is reshaped and inserted into a
  contiguous slice of a loop's tensor (its image of the [N, C, H, W]
  output) writes into that slice instead: bufferized as it was, the result
  went to a buffer of its own and was copied over, on one thread (3 % of
  ResNet-50's time at 1 thread).
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg, tensor

from ..linalg_builders import (
    DYNAMIC, dim_of, empty, extract_slice, generic, insert_slice, size_add, tensor_type,
)
from ..walk import collect, defining_op, is_elementwise


def pad_in_place(root: ir.Operation) -> None:
    for pad in collect(root, lambda op: op.name == "tensor.pad"):
        source = pad.operands[0]
        loop = defining_op(source)
        padding = _static_padding(pad)
        if padding is None or loop is None or loop.name != "scf.for" or len(list(source.uses)) != 1:
            continue
        init_at = 3 + ir.OpResult(source).result_number  # lower bound, upper bound, step, inits
        init = defining_op(loop.operands[init_at])
        if init is None or init.name != "tensor.empty" or len(list(loop.operands[init_at].uses)) != 1:
            continue
        source_t = ir.RankedTensorType(source.type)
        low = padding[1]
        with ir.InsertionPoint(loop), pad.location:
            # The loop's result has the sizes of the tensor it fills.
            sizes = [dim_of(init.results[0], d) for d in range(source_t.rank)]
            borders = _borders(pad, *padding, sizes)
            loop.operands[init_at] = extract_slice(borders, low, sizes, source_t)
        with ir.InsertionPoint(pad), pad.location:
            result = insert_slice(source, borders, low, sizes)
        pad.results[0].replace_all_uses_with(result)
        pad.erase()


def pad_by_borders(root: ir.Operation) -> None:
    for pad in collect(root, lambda op: op.name == "tensor.pad"):
        source = pad.operands[0]
        producer = defining_op(source)
        padding = _static_padding(pad)
        if padding is None or (producer is not None and producer.name == "scf.for"):
            continue
        source_t = ir.RankedTensorType(source.type)
        low = padding[1]
        writer = producer if _writes_fresh_tensor(producer, source) else None
        # The borders are made before the source's writer, which writes the interior.
        with ir.InsertionPoint(writer if writer is not None else pad), pad.location:
            like = writer.operands[len(writer.operands) - 1] if writer is not None else source
            sizes = [dim_of(like, d) for d in range(source_t.rank)]
            borders = _borders(pad, *padding, sizes)
            interior = extract_slice(borders, low, sizes, source_t)
            if writer is not None:
                writer.operands[len(writer.operands) - 1] = interior
        with ir.InsertionPoint(pad), pad.location:
            written = source if writer is not None else generic(
                [source], interior, [ir.AffineMap.get_identity(source_t.rank)], lambda v: v)
            result = insert_slice(written, borders, low, sizes)
        pad.results[0].replace_all_uses_with(result)
        pad.erase()


def _static_padding(pad: ir.Operation) -> tuple[ir.Operation, list[int], list[int]] | None:
    """The constant a tensor.pad fills with and its static sizes before and
    after the source along each dim, when it has them."""
    constant = padding_constant(pad)
    low, high = (list(ir.DenseI64ArrayAttr(pad.attributes[name])) for name in ("static_low", "static_high"))
    return None if constant is None or DYNAMIC in low + high else (constant, low, high)


def _borders(pad: ir.Operation, constant: ir.Operation, low: list[int], high: list[int], sizes: list) -> ir.Value:
    """The pad's result around an interior of `sizes`: its borders filled,
    its interior left for its writer."""
    padded = [size_add(size_add(s, lo), hi) for s, lo, hi in zip(sizes, low, high)]
    return filled_borders(empty(ir.RankedTensorType(pad.results[0].type), padded), constant.clone().results[0],
                          low, high, sizes, padded)


def _writes_fresh_tensor(op: ir.Operation | None, result: ir.Value) -> bool:
    """Whether `result`, its only use the pad, is an elementwise generic's
    written into a tensor.empty that nothing else reads."""
    if op is None or not is_elementwise(op) or len(op.results) != 1 or len(list(result.uses)) != 1:
        return False
    init = op.operands[len(op.operands) - 1]
    empty_init = defining_op(init)
    return (empty_init is not None and empty_init.name == "tensor.empty" and len(list(init.uses)) == 1
            and not list(op.opview.regions[0].blocks[0].arguments[len(op.operands) - 1].uses))


def filled_borders(tensor: ir.Value, value: ir.Value, low: list, high: list, sizes: list,
                    padded: list) -> ir.Value:
    """`tensor` with `value` in a slab before (`low`) and after (`high`)
    the interior (`sizes`) along each dim."""
    rank = len(sizes)
    elem = ir.RankedTensorType(tensor.type).element_type
    for d in range(rank):
        for start, width in ((0, low[d]), (size_add(low[d], sizes[d]), high[d])):
            if width == 0:
                continue
            offsets = [0] * d + [start] + [0] * (rank - d - 1)
            slab = padded[:d] + [width] + padded[d + 1:]
            border = extract_slice(tensor, offsets, slab, tensor_type(slab, elem))
            tensor = insert_slice(linalg.fill(value, outs=[border]), tensor, offsets, slab)
    return tensor


def padding_constant(pad: ir.Operation) -> ir.Operation | None:
    """The arith.constant a pad fills with, if it fills with one."""
    owner = defining_op(list(pad.regions[0].blocks[0].operations)[-1].operands[0])
    return owner if owner is not None and owner.name == "arith.constant" else None


def insert_in_place(root: ir.Operation) -> None:
    for insert in collect(root, lambda op: op.name == "tensor.insert_slice"):
        expand = defining_op(insert.operands[0])
        if expand is None or expand.name != "tensor.expand_shape" or len(list(expand.results[0].uses)) != 1:
            continue
        producer = defining_op(expand.operands[0])
        if producer is None or not (producer.name == "scf.forall" or producer.name.startswith("linalg.")):
            continue
        # A destination-style op's results are its last operands' (shared_outs, outs).
        result = ir.OpResult(expand.operands[0])
        at = len(producer.operands) - len(producer.results) + result.result_number
        init = defining_op(producer.operands[at])
        if (init is None or init.name != "tensor.empty" or len(list(producer.operands[at].uses)) != 1
                or len(list(result.uses)) != 1 or not _contiguous_slice(insert)
                or not all(_defined_before(v, producer) for v in insert.operands[2:])):
            continue
        view = insert.opview
        with ir.InsertionPoint(producer), insert.location:
            window = tensor.ExtractSliceOp(expand.results[0].type, view.dest, list(view.offsets), list(view.sizes),
                                           list(view.strides), view.static_offsets, view.static_sizes,
                                           view.static_strides)
            producer.operands[at] = tensor.CollapseShapeOp(init.results[0].type, window.result,
                                                           expand.attributes["reassociation"]).result
        init.erase()


def _contiguous_slice(insert: ir.Operation) -> bool:
    """Whether an insert_slice writes a contiguous part of a tensor whose
    buffer has no layout of its own: single elements along its leading dims,
    whole ones after; the tensor is a loop's, which it started as a
    tensor.empty."""
    dest = insert.operands[1]
    if not isinstance(dest, ir.BlockArgument) or dest.owner.owner.name != "scf.for":
        return False
    loop = dest.owner.owner
    start = defining_op(loop.operands[3 + dest.arg_number - 1])  # lower bound, upper bound, step, inits
    if start is None or start.name != "tensor.empty":
        return False
    offsets, sizes, strides = (list(ir.DenseI64ArrayAttr(insert.attributes[f"static_{name}"]))
                               for name in ("offsets", "sizes", "strides"))
    shape = ir.RankedTensorType(dest.type).shape
    if any(s != 1 for s in strides) or DYNAMIC in sizes:
        return False
    leading = next((d for d, size in enumerate(sizes) if size != 1), len(sizes))
    return all(offsets[d] == 0 and sizes[d] == shape[d] for d in range(leading, len(sizes)))


def _defined_before(v: ir.Value, op: ir.Operation) -> bool:
    owner = defining_op(v)
    if owner is None:
        return True  # a block argument of a block holding op (or around it)
    return owner.block == op.block and owner.is_before_in_block(op)
