"""fence-narrowed-products: where an elementwise op reads two products (a
bottleneck block's residual add of its expansion and of its downsample
convolution; SwiGLU's product of the gate and up projections), narrowed
on the way (an int8 model's requantization of the int32 sum; a bf16
model's rounding of the f32 one), linalg-fuse-elementwise-ops would fold
both chains into the op, which then finishes one product only
(conv-to-matmul, mark-product-epilogues): the other went to memory in its
wide type and was narrowed there (int8 ResNet-50's downsamples: 4 times
the bytes of their int8 results; -2.4 % at 1 thread, -1 % at 2). The op
keeps one chain (one not narrowed, if any, or the last); a fence
(fusion_fences.py) where each other chain is narrowed keeps that
narrowing with its own product, whose epilogue then writes the narrow
value, which the op reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir

from ..walk import collect, defining_op, is_elementwise
from .fusion_fences import fence, fusable_producer, single_use

_REDUCTION = "#linalg.iterator_type<reduction>"


@dataclass(frozen=True)
class _Chain:
    product: ir.Operation
    # The operand (user, index) that first reads a value narrower than the
    # product's on the way from it, if any.
    narrowed: tuple[ir.Operation, int] | None


def fence_narrowed_products(root: ir.Operation) -> None:
    for join in collect(root, is_elementwise):
        chains = [c for i in range(len(join.opview.inputs)) if (c := _chain(join, i)) is not None]
        if len(chains) < 2:
            continue
        # The op finishes one product: one that is not narrowed, if any.
        kept = next((c for c in chains if c.narrowed is None), chains[-1])
        for chain in chains:
            if chain is not kept and chain.narrowed is not None:
                fence(*chain.narrowed)


def _chain(user: ir.Operation, i: int) -> _Chain | None:
    """The product that operand i of `user` is computed from through the
    generics the fusion would fold into `user` (the first found)."""
    value = user.operands[i]
    op = defining_op(value)
    if op is not None and _is_product(op):
        return _Chain(op, None) if single_use(value) else None
    producer = fusable_producer(value)
    if producer is None:
        return None
    for j in range(len(producer.opview.inputs)):
        chain = _chain(producer, j)
        if chain is not None:
            if chain.narrowed is None and _width(value) < _width(chain.product.results[0]):
                return _Chain(chain.product, (user, i))
            return chain
    return None


def _is_product(op: ir.Operation) -> bool:
    """A contraction or convolution (named, or a generic that reduces)."""
    if op.name == "linalg.generic":
        return any(str(it) == _REDUCTION for it in op.opview.iterator_types)
    return op.name.startswith(("linalg.conv", "linalg.depthwise_conv")) or "matmul" in op.name


def _width(v: ir.Value) -> int:
    return ir.RankedTensorType(v.type).element_type.width
