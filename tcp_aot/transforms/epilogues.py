"""mark-product-epilogues: a matrix product whose only use is an elementwise
linalg.generic of its shape (its epilogue: the bias add and activation
that linalg-fuse-elementwise-ops merged into one op) gets the attribute
`tcp_aot.epilogue`; an epilogue of the product's element type is rewritten
to finish it in place, the product becoming the op's init, read through
its output argument.

The schedules then cut the epilogue into the product's output tiles and
fuse the product into each (schedules/parallel.mlir, schedules/matmul.mlir):
each tile is finished while it is still in cache. Finished in place, the
product has no buffer of its own (it writes the epilogue's result); an
epilogue of another type (a bf16 layer's bias add rounded to bf16, an int8
layer's requantization) reads the tile the product just wrote.

A product first gets a zeroing of its own: CSE makes the fills of a
model's products of one shape (BERT's query, key and value, every layer's)
one op, and a product whose fill others write too has no epilogue (nor
tiles zeroed in cache, mark-parallel), and its buffer would be a copy of
the one filled buffer.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg

from ..walk import collect, defining_op, is_elementwise
from .loop_groups import collapse, collapsible, groups_fit, operand_dims, reassociation_of

ATTR = "tcp_aot.epilogue"


def mark_product_epilogues(root: ir.Operation) -> None:
    for product in collect(root, lambda op: op.name == "linalg.matmul"):
        _own_fill(product)
        _read_unexpanded(product)
        found = _epilogue(product)
        if found is not None:
            if found[0].results[0].type == product.results[0].type:
                _finish_in_place(product, *found)
            product.attributes[ATTR] = ir.UnitAttr.get()


def epilogue_of(product: ir.Operation) -> ir.Operation | None:
    """The epilogue of a marked product (its only use)."""
    if ATTR not in product.attributes:
        return None
    (use,) = product.results[0].uses
    return use.owner


def finishes_a_product(op: ir.Operation) -> bool:
    """Whether `op` is a marked product's epilogue (it goes with the product)."""
    for v in op.operands:
        product = defining_op(v)
        epilogue = epilogue_of(product) if product is not None else None
        if epilogue is not None and epilogue.operation == op.operation:
            return True
    return False


def zeroed_by_fill(product: ir.Operation) -> bool:
    """Whether the product's init is a linalg.fill (its zeroing) that nothing
    else reads, which the schedules move into its tiles."""
    init = defining_op(product.operands[len(product.operands) - 1])
    return init is not None and init.name == "linalg.fill" and len(list(init.results[0].uses)) == 1


def _own_fill(product: ir.Operation) -> None:
    """A product zeroed by a fill (of an uninitialized tensor) that other ops
    use too gets a copy of the fill for itself."""
    init = product.operands[len(product.operands) - 1]
    fill = defining_op(init)
    if fill is None or fill.name != "linalg.fill" or len(list(fill.results[0].uses)) == 1:
        return
    empty = defining_op(fill.operands[1])
    if empty is None or empty.name != "tensor.empty":
        return
    own = fill.clone(ir.InsertionPoint(fill))
    own.operands[1] = empty.clone(ir.InsertionPoint(own)).results[0]
    product.operands[len(product.operands) - 1] = own.results[0]


def elementwise_use(v: ir.Value) -> tuple[ir.Operation, int] | None:
    """The elementwise linalg.generic that is v's only use, and which of its
    inputs v is, when it reads v at the identity map: all loops parallel,
    one result at the identity map, and the op's own init unread."""
    uses = list(v.uses)
    if len(uses) != 1:
        return None
    op, index = uses[0].owner.operation, uses[0].operand_number
    if not is_elementwise(op) or len(op.results) != 1:
        return None
    generic = op.opview
    n_inputs = len(generic.inputs)
    maps = [ir.AffineMapAttr(m).value for m in generic.indexing_maps]
    identity = ir.AffineMap.get_identity(maps[-1].n_dims)
    if (index >= n_inputs
            or maps[index] != identity or maps[-1] != identity
            or list(generic.regions[0].blocks[0].arguments[n_inputs].uses)):
        return None
    return op, index


def _epilogue(product: ir.Operation) -> tuple[ir.Operation, int] | None:
    """The elementwise op that is the product's only use, and which of its
    inputs the product is, when it can finish the product tile by tile: the
    product zeroed by a fill, read at the identity map by an op of the
    product's shape (elementwise_use)."""
    found = elementwise_use(product.results[0]) if zeroed_by_fill(product) else None
    if found is None or (ir.RankedTensorType(found[0].results[0].type).shape
                         != ir.RankedTensorType(product.results[0].type).shape):
        return None
    return found


def _read_unexpanded(product: ir.Operation) -> None:
    """A product read only through a tensor.expand_shape, by one elementwise
    op (contractions-to-matmul's [batch * seq, n] product seen as [batch,
    seq, n], as a decoder's logits and their cast to bf16 are): that op then
    iterates the product's own dims, so that it can finish it."""
    if not zeroed_by_fill(product):
        return
    uses = list(product.results[0].uses)
    expand = uses[0].owner.operation if len(uses) == 1 else None
    if expand is None or expand.name != "tensor.expand_shape" or len(list(expand.results[0].uses)) != 1:
        return
    (use,) = expand.results[0].uses
    op = use.owner.operation
    if not is_elementwise(op) or len(op.results) != 1:
        return
    maps = operand_dims(op)
    n_loops = len(op.opview.iterator_types)
    groups = reassociation_of(expand)
    # An expansion that adds no dims (a 1-D convolution's [F, positions] as
    # [F, W]) leaves nothing to collapse: the op would still read it.
    if (all(len(g) == 1 for g in groups) or maps is None or maps[use.operand_number] != list(range(n_loops))
            or collect(op, lambda inner: inner.name == "linalg.index")
            or not groups_fit(maps, groups)
            or not all(collapsible(v, dims, groups) for v, dims in zip(op.operands, maps))):
        return
    collapse(op, maps, groups)
    expand.erase()


def _finish_in_place(product: ir.Operation, old: ir.Operation, index: int) -> None:
    """Rebuild the epilogue with the product as its init: the input it was
    becomes the block's output argument."""
    generic = old.opview
    inputs = [v for i, v in enumerate(generic.inputs) if i != index]
    maps = [m for i, m in enumerate(generic.indexing_maps) if i != index]
    with ir.InsertionPoint(old), old.location:
        new = linalg.GenericOp([old.results[0].type], inputs, [product.results[0]], ir.ArrayAttr.get(maps),
                               generic.iterator_types)
    old_block = generic.regions[0].blocks[0]
    old_args = list(old_block.arguments)
    kept = [a for i, a in enumerate(old_args[:-1]) if i != index]
    block = new.regions[0].blocks.append(*[a.type for a in kept], old_args[index].type)
    for a, b in zip(kept, block.arguments):
        a.replace_all_uses_with(b)
    old_args[index].replace_all_uses_with(block.arguments[len(kept)])
    for op in [op.operation for op in old_block.operations]:
        op.detach_from_parent()
        block.append(op)
    old.results[0].replace_all_uses_with(new.results[0])
    old.erase()
