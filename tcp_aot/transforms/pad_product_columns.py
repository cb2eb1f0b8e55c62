"""pad-product-columns: a matrix product (linalg.matmul, batch_matmul)
whose columns are static but not a multiple of the register tile's
(TILE_COLUMNS, schedules/matmul.mlir) computes whole tiles: its right
operand and its output padded with zeros, the result cut back. Its partial
tile would be a vector of odd width (17 columns of a 7x7 image, 5 of
ViT's 197 tokens), which LLVM spills around every FMA: ResNet-50's 7x7
1x1 convolutions ran at 8% of the FMA peak, 9x slower than padded. Products
of fewer columns than one tile, dynamic ones (their partial tiles stay
scalar loops), and those whose partial tile is whole 8-lane vectors (1000
classes: 31 tiles and 8 columns) are left alone: padding copies the right
operand at every call, as much memory traffic as a batch of one's product
(a constant one is padded at compile time instead: pad_weight_columns.py).
Products a micro-kernel computes (microkernels.py: float32, bfloat16 into
float32, int8 into int32) are left alone too: it takes partial tiles as
they are (its edge tiles through a block in cache), and padding copied B
at every call: ResNet-50's 7 x 7 1 x 1 convolutions, and with
conv-to-matmul's 3 x 3 ones of any size, 3 % of its time.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg

from ..linalg_builders import dim_of, extract_slice, pad, zero
from ..walk import collect
from .microkernels import computed_by_microkernel, plain_layout

# The columns of schedules/matmul.mlir's register tile (8 x 32).
TILE_COLUMNS = 32
# A partial tile of a multiple of this many columns is whole AVX vectors of f32.
VECTOR_LANES = 8

_PRODUCTS = {"linalg.matmul": linalg.matmul, "linalg.batch_matmul": linalg.batch_matmul}


def padded_width(columns: int) -> int | None:
    """The columns a product of `columns` computes, padded to whole register
    tiles; None when it computes them as they are."""
    if ir.ShapedType.is_dynamic_size(columns) or columns <= TILE_COLUMNS or columns % TILE_COLUMNS % VECTOR_LANES == 0:
        return None
    return -(-columns // TILE_COLUMNS) * TILE_COLUMNS


def pad_product_columns(root: ir.Operation) -> None:
    for op in collect(root, lambda o: o.name in _PRODUCTS):
        columns = ir.RankedTensorType(op.results[0].type).shape[-1]
        width = padded_width(columns)
        if width is None or not plain_layout(op) or computed_by_microkernel(op):
            continue
        lhs, rhs, init = op.operands
        with ir.InsertionPoint(op), op.location:
            padded = _PRODUCTS[op.name](lhs, _pad_columns(rhs, width), outs=[_pad_columns(init, width)])
            cut = _first_columns(padded, columns, op.results[0].type)
        op.results[0].replace_all_uses_with(cut)
        op.erase()


def _pad_columns(x: ir.Value, width: int) -> ir.Value:
    """x with zeros after its last dim's elements, to `width` of them."""
    t = ir.RankedTensorType(x.type)
    return pad(x, [0] * t.rank, [0] * (t.rank - 1) + [width - t.shape[-1]], zero(t.element_type))


def _first_columns(x: ir.Value, columns: int, t: ir.Type) -> ir.Value:
    rank = ir.RankedTensorType(t).rank
    return extract_slice(x, [0] * rank, [dim_of(x, d) for d in range(rank - 1)] + [columns], t)
