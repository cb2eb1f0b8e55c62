"""pad-weight-columns: a contraction by a constant matrix of K x N whose N
columns pad-product-columns would pad to whole register tiles (GPT-2's
language-model head: 50257 columns of its tied embedding) reads the matrix
padded once, at compile time (tcp-simplify folds the tcp.pad into a derived
weight), and its result is cut back to N: padded at the linalg level, the
weight (154 MB for GPT-2) was copied at every call. Left alone when the
weights file is frozen (tcp-to-linalg on a final .tcp.mlir): the pad could
not be folded there.
"""

from __future__ import annotations

import numpy as np
from torch_mlir import ir

from ..dialects import tcp
from ..dialects.tcp_base import i64_array, numpy_dtype
from ..linalg_builders import dim_of, index_const
from ..walk import collect
from ..weights.module_weights import ModuleWeights
from .pad_product_columns import padded_width
from .simplify import is_constant, is_weight


def pad_weight_columns(root: ir.Operation, weights: ModuleWeights | None) -> None:
    frozen = weights is not None and weights.frozen
    for op in collect(root, lambda o: o.name == tcp.ContractOp.OPERATION_NAME):
        rhs = op.operands[1]
        rhs_t = ir.RankedTensorType(rhs.type)
        if tcp.ContractOp(op).accumulates_bf16_in_f32() or tcp.ContractOp(op).accumulates_i8_in_i32():
            continue  # its micro-kernel takes partial tiles as they are (microkernels.py)
        if not (is_constant(rhs) and rhs_t.rank == 2 and i64_array(op.attributes["rhs_contracting_dims"]) == [0]
                and not i64_array(op.attributes["rhs_batch_dims"])):
            continue
        width = padded_width(rhs_t.shape[1])
        if width is None or (frozen and is_weight(rhs)):
            continue
        _pad(op, rhs, width)


def _pad(op: ir.Operation, rhs: ir.Value, width: int) -> None:
    rhs_t, out_t = ir.RankedTensorType(rhs.type), ir.RankedTensorType(op.results[0].type)
    elem = rhs_t.element_type
    with ir.InsertionPoint(op), op.location:
        scalar_t = ir.RankedTensorType.get([], elem)
        zero = tcp.ConstOp.create(scalar_t, value=ir.DenseElementsAttr.get(
            np.zeros((), numpy_dtype(elem)), type=elem)).result
        padded = tcp.PadOp.create(ir.RankedTensorType.get([rhs_t.shape[0], width], elem), in_=rhs, value=zero,
                                  low=[0, 0], high=[0, width - rhs_t.shape[1]]).result
        wide_t = ir.RankedTensorType.get(list(out_t.shape[:-1]) + [width], elem)
        product = op.clone()
        product.operands[1] = padded
        product.results[0].set_type(wide_t)
        sizes = [dim_of(product.results[0], d) for d in range(out_t.rank - 1)] + [out_t.shape[-1]]
        cut = tcp.SliceOp.create(out_t, in_=product.results[0], starts=[index_const(0)] * out_t.rank,
                                 sizes=[index_const(s) if isinstance(s, int) else s for s in sizes],
                                 strides=[index_const(1)] * out_t.rank).result
    op.results[0].replace_all_uses_with(cut)
    op.erase()
