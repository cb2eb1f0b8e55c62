"""pad-in-place: a tensor.pad by one value of the result of a loop that
fills a tensor.empty (a convolution's loop over images, conv-to-matmul)
makes the loop write into the padded tensor's interior instead, and fills
only the borders: bufferization then gives the loop a view of the padded
buffer, where it had filled the whole padded buffer and copied the loop's
result into it.

Those fills and copies, on the calling thread only, took a tenth of
MobileNetV3-large's time (its depthwise convolutions pad their input).
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg

from ..linalg_builders import DYNAMIC, dim_of, empty, extract_slice, insert_slice, size_add, tensor_type
from ..walk import collect, defining_op


def pad_in_place(root: ir.Operation) -> None:
    for pad in collect(root, lambda op: op.name == "tensor.pad"):
        source = pad.operands[0]
        loop = defining_op(source)
        constant = _padding_constant(pad)
        if (constant is None or loop is None or loop.name != "scf.for" or len(list(source.uses)) != 1
                or any(s == DYNAMIC for name in ("static_low", "static_high")
                       for s in ir.DenseI64ArrayAttr(pad.attributes[name]))):
            continue
        init_at = 3 + ir.OpResult(source).result_number  # lower bound, upper bound, step, inits
        init = defining_op(loop.operands[init_at])
        if init is None or init.name != "tensor.empty" or len(list(loop.operands[init_at].uses)) != 1:
            continue
        source_t = ir.RankedTensorType(source.type)
        with ir.InsertionPoint(loop), pad.location:
            value = constant.clone().results[0]
            low, high = (list(ir.DenseI64ArrayAttr(pad.attributes[name])) for name in ("static_low", "static_high"))
            # The loop's result has the sizes of the tensor it fills.
            sizes = [dim_of(init.results[0], d) for d in range(source_t.rank)]
            padded = [size_add(size_add(s, lo), hi) for s, lo, hi in zip(sizes, low, high)]
            borders = _filled_borders(empty(ir.RankedTensorType(pad.results[0].type), padded), value, low, high,
                                      sizes, padded)
            loop.operands[init_at] = extract_slice(borders, low, sizes, source_t)
        with ir.InsertionPoint(pad), pad.location:
            result = insert_slice(source, borders, low, sizes)
        pad.results[0].replace_all_uses_with(result)
        pad.erase()


def _filled_borders(tensor: ir.Value, value: ir.Value, low: list, high: list, sizes: list,
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


def _padding_constant(pad: ir.Operation) -> ir.Operation | None:
    """The arith.constant a pad fills with, if it fills with one."""
    owner = defining_op(list(pad.regions[0].blocks[0].operations)[-1].operands[0])
    return owner if owner is not None and owner.name == "arith.constant" else None
