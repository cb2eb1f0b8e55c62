"""Elementwise generics over fewer, longer loops.

collapse-contiguous-loops: a linalg.generic iterates as one loop the
adjacent loops of one kind (parallel, or reduction) that every operand
reads as one run (the two dims next to each other and in order, or neither
of them). NCHW's H and W, 14 x 14 in ResNet-50's last stages, become one
loop of 196 iterations, which LLVM's loop vectorizer takes (a loop of 14 it
leaves scalar: an int8 model's requantizing epilogues ran at a tenth of the
memory's speed), while the threads' split (mark-parallel, next) stays on
the outer dims; so do a global average pooling's 7 x 7 reduction loops.

Each operand is collapsed (tensor.collapse_shape) along the same groups and
the result expanded back. Left alone: ops that read linalg.index, with a
map other than a projected permutation (unit dims read at 0 allowed), with
an operand whose buffer may be strided (a slice: its collapse would be a
copy) unless it is the expansion of the value the collapsed op then reads
(a convolution's product whose columns were cut from whole register tiles:
its epilogue on each image ran scalar loops of 14, EfficientNet-B0's SiLUs
5 ms of its 26), and a product's epilogue (mark-product-epilogues cuts it
into the product's tiles).

collapse-expanded-elementwise (before a second elementwise fusion): an
elementwise generic of expand_shapes' results iterates the collapsed
dims, so that fusion merges it with the op before the reshape
(collapse_expanded_elementwise).
"""

from __future__ import annotations

from torch_mlir import ir

from ..walk import collect, defining_op
from .epilogues import finishes_a_product
from .loop_groups import collapse, collapsible, groups_fit, operand_dims, reassociation_of, widest_groups

_PARALLEL = "#linalg.iterator_type<parallel>"


def collapse_contiguous_loops(root: ir.Operation) -> None:
    for op in collect(root, lambda op: op.name == "linalg.generic"):
        maps = operand_dims(op)
        if maps is None or not _collapsible(op):
            continue
        iterators = [str(it) for it in op.opview.iterator_types]
        groups = widest_groups(maps, iterators)
        if len(groups) < len(iterators) and all(
                collapsible(v, dims, groups) for v, dims in zip(op.operands, maps)):
            collapse(op, maps, groups)


def _collapsible(op: ir.Operation) -> bool:
    if len(op.results) != 1:
        return False
    if collect(op, lambda inner: inner.name == "linalg.index"):
        return False
    if finishes_a_product(op):
        return False
    return all(isinstance(v.type, ir.RankedTensorType) for v in op.operands)



def collapse_expanded_elementwise(root: ir.Operation) -> None:
    """collapse-expanded-elementwise: an elementwise generic whose operands
    are a tensor.expand_shape's results (all of one reassociation), or read
    no two dims of one of its groups (a bias, a constant), iterates the
    collapsed dims, its result expanded after it; in program order, so a
    chain of such ops goes down the chain. A linear layer's [batch * seq, n]
    output seen as [batch, seq, n] by its activation (and collapsed again
    for the next product) is then fused with the layer's bias add, the
    product's epilogue: ViT-B/16's, BERT's and GPT-2's GELUs ran as a pass
    of their own over each feed-forward product's output."""
    for op in collect(root, lambda o: o.name == "linalg.generic"):
        if len(op.results) != 1 or not _collapsible(op):
            continue
        maps = operand_dims(op)
        iterators = [str(it) for it in op.opview.iterator_types]
        identity = list(range(len(iterators)))
        if maps is None or maps[-1] != identity or any(it != _PARALLEL for it in iterators):
            continue
        expanded = [v.owner.operation for v in op.operands[:-1] if _is_expand(v)]
        groups = reassociation_of(expanded[0]) if expanded else None
        if (groups is None or len(groups) == len(iterators) or [d for g in groups for d in g] != identity
                or not groups_fit(maps, groups)
                or any(_is_expand(v) and dims != identity for v, dims in zip(op.operands, maps))
                or any(reassociation_of(e) != groups for e in expanded)
                or not all(_is_expand(v) or _reads_groups_alone(dims, groups)
                           for v, dims in zip(op.operands[:-1], maps[:-1]))
                or not all(collapsible(v, dims, groups) for v, dims in zip(op.operands, maps))):
            continue
        out_read = bool(list(op.regions[0].blocks[0].arguments[len(op.operands) - 1].uses))
        new = collapse(op, maps, groups)
        # Into the init of the op before the reshape (when its value is not
        # read): a new one sized by the expanded value's dims kept that
        # value, and so the op before, from fusing with this one.
        source = defining_op(expanded[0].operands[0])
        init = defining_op(source.operands[len(source.operands) - 1]) if source is not None else None
        if (not out_read and source is not None and source.name.startswith("linalg.") and init is not None
                and init.name == "tensor.empty" and init.results[0].type == new.results[0].type):
            new.operands[len(new.operands) - 1] = init.results[0]


def _is_expand(v: ir.Value) -> bool:
    return isinstance(v.owner, ir.OpView) and v.owner.operation.name == "tensor.expand_shape"


def _reads_groups_alone(dims: list[int | None], groups: list[list[int]]) -> bool:
    """Whether an operand reads at most one loop of each group (it is not reshaped)."""
    return all(sum(d in g for d in dims) <= 1 for g in groups)
