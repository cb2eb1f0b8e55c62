"""Iterating groups of adjacent loops of a linalg.generic as one loop:
which groups every operand allows (of loops of one kind: parallel, or
reduction), and the rewrite (each operand collapsed along the groups, the
result expanded back). Used by collapse-contiguous-loops and
mark-product-epilogues."""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import linalg, tensor

from ..linalg_builders import DYNAMIC, dim_of, empty, size_product, split_sizes
from ..walk import defining_op

# What the new generic gets from its builder; every other attribute is kept.
_STRUCTURAL = {"indexing_maps", "iterator_types", "operandSegmentSizes"}


def operand_dims(op: ir.Operation) -> list[list[int | None]] | None:
    """Each operand's map as the loop each dim reads (None: a unit dim read
    at 0), or None when a map is anything else."""
    maps = []
    for attr in op.opview.indexing_maps:
        dims: list[int | None] = []
        for expr in ir.AffineMapAttr(attr).value.results:
            if isinstance(expr, ir.AffineDimExpr):
                dims.append(expr.position)
            elif isinstance(expr, ir.AffineConstantExpr) and expr.value == 0:
                dims.append(None)
            else:
                return None
        loops = [d for d in dims if d is not None]
        if len(set(loops)) != len(loops):
            return None
        maps.append(dims)
    return maps


def contiguous(v: ir.Value) -> bool:
    """Whether v's buffer is sure to be dense: a function's argument or a
    fresh buffer, reached through the ops that write into their init (or a
    loop's), reshape their source or take whole trailing dims of it
    (_leading_run)."""
    while True:
        op = defining_op(v)
        if op is None:
            return isinstance(v.owner.owner, ir.OpView) and v.owner.owner.operation.name == "func.func"
        if op.name in ("tensor.empty", "arith.constant", "tensor.pad", "bufferization.alloc_tensor"):
            return True
        if op.name in ("tensor.collapse_shape", "tensor.expand_shape"):
            v = op.operands[0]
        elif op.name == "scf.for":
            v = op.opview.initArgs[ir.OpResult(v).result_number]
        elif op.name == "tensor.insert_slice":
            v = op.operands[1]
        elif op.name == "tensor.extract_slice" and _leading_run(op):
            v = op.operands[0]
        elif op.name.startswith("linalg."):
            # Destination-passing style: result i is init i's buffer, the inits last.
            v = op.operands[len(op.operands) - len(op.results) + ir.OpResult(v).result_number]
        else:
            return False


def _leading_run(slice_: ir.Operation) -> bool:
    """Whether an extract_slice takes a run of its source's first dim whole
    (every later dim whole, unit strides: an image of a batch, a block of a
    convolution's filters): a dense part of a dense source."""
    source = ir.RankedTensorType(slice_.operands[0].type)
    offsets = list(ir.DenseI64ArrayAttr(slice_.attributes["static_offsets"]))
    sizes = list(ir.DenseI64ArrayAttr(slice_.attributes["static_sizes"]))
    strides = list(ir.DenseI64ArrayAttr(slice_.attributes["static_strides"]))
    return (all(o == 0 for o in offsets[1:]) and all(s == 1 for s in strides)
            and all(not source.is_dynamic_dim(d) and sizes[d] == source.shape[d] for d in range(1, source.rank)))


def _joinable(maps: list[list[int | None]], i: int) -> bool:
    """Whether every map reads loops i and i + 1 as one run, or neither."""
    for dims in maps:
        if i in dims or i + 1 in dims:
            if i not in dims or i + 1 not in dims or dims.index(i + 1) != dims.index(i) + 1:
                return False
    return True


def widest_groups(maps: list[list[int | None]], iterators: list[str]) -> list[list[int]]:
    """Runs of adjacent loops of one kind (`iterators`: each loop's
    iterator type) that every map reads as one run."""
    groups = [[0]]
    for i in range(len(iterators) - 1):
        if iterators[i] == iterators[i + 1] and _joinable(maps, i):
            groups[-1].append(i + 1)
        else:
            groups.append([i + 1])
    return groups


def groups_fit(maps: list[list[int | None]], groups: list[list[int]]) -> bool:
    """Whether every map reads each group of loops as one run."""
    return all(_joinable(maps, i) for g in groups for i in g[:-1])


def _reassociation(dims: list[int | None], groups: list[list[int]]) -> list[list[int]]:
    """An operand's dims grouped as its loops are: a group's first loop with
    the loops after it, every other dim alone."""
    size = {g[0]: len(g) for g in groups}
    result, p = [], 0
    while p < len(dims):
        n = size.get(dims[p], 1) if dims[p] is not None else 1
        result.append(list(range(p, p + n)))
        p += n
    return result


def _collapsed_type(v: ir.Value, reassociation: list[list[int]]) -> ir.RankedTensorType:
    t = ir.RankedTensorType(v.type)
    shape = []
    for r in reassociation:
        shape.append(ir.ShapedType.get_dynamic_size() if any(t.is_dynamic_dim(d) for d in r)
                     else math.prod(t.shape[d] for d in r))
    return ir.RankedTensorType.get(shape, t.element_type)


def _expanded_from(v: ir.Value, reassociation: list[list[int]]) -> ir.Value | None:
    """The value v is the expansion of along `reassociation`, if it is one."""
    source = defining_op(v)
    if (source is not None and source.name == "tensor.expand_shape"
            and source.operands[0].type == _collapsed_type(v, reassociation)
            and reassociation_of(source) == reassociation):
        return source.operands[0]
    return None


def collapsible(v: ir.Value, dims: list[int | None], groups: list[list[int]]) -> bool:
    """Whether an operand read at `dims` can be read over `groups` of the
    loops: it reads no two loops of a group (it stays as it is: a bias
    read by filter) or only static unit dims beside one (its groups are
    views whatever its strides: a row of a padded image), its buffer is
    dense, or it is the expansion along those groups of a value the
    collapsed op reads instead (which may be strided: a product's columns
    cut from whole register tiles)."""
    reassociation = _reassociation(dims, groups)
    shape = ir.RankedTensorType(v.type).shape
    return (all(len(r) == 1 or (DYNAMIC not in [shape[d] for d in r] and sum(shape[d] != 1 for d in r) <= 1)
                for r in reassociation)
            or contiguous(v) or _expanded_from(v, reassociation) is not None)


def _collapsed(v: ir.Value, reassociation: list[list[int]]) -> ir.Value:
    if all(len(r) == 1 for r in reassociation):
        return v
    collapsed_type = _collapsed_type(v, reassociation)
    source = defining_op(v)
    expanded_from = _expanded_from(v, reassociation)
    if expanded_from is not None:
        return expanded_from
    if source is not None and source.name == "tensor.empty":
        # A buffer of its own, not a view of the larger one: a result the
        # function returns is then the allocation itself (own-results copies
        # a view).
        return empty(collapsed_type, [size_product([dim_of(v, d) for d in r]) for r in reassociation])
    return tensor.CollapseShapeOp(collapsed_type, v, reassociation).result


def reassociation_of(reshape: ir.Operation) -> list[list[int]]:
    return [[ir.IntegerAttr(d).value for d in group] for group in reshape.opview.reassociation]


def collapse(op: ir.Operation, maps: list[list[int | None]], groups: list[list[int]]) -> ir.Operation:
    """Rebuild generic `op` over `groups` of its loops (which groups_fit its
    maps, each of loops of one kind); returns the new generic."""
    generic = op.opview
    iterators = list(generic.iterator_types)
    new_loop = {g[0]: i for i, g in enumerate(groups)}
    init = generic.outputs[0]
    with ir.InsertionPoint(op), op.location:
        operands, new_maps = [], []
        for v, dims in zip(op.operands, maps):
            reassociation = _reassociation(dims, groups)
            operands.append(_collapsed(v, reassociation))
            exprs = [ir.AffineConstantExpr.get(0) if dims[r[0]] is None
                     else ir.AffineDimExpr.get(new_loop[dims[r[0]]]) for r in reassociation]
            new_maps.append(ir.AffineMapAttr.get(ir.AffineMap.get(len(groups), 0, exprs)))
        n_inputs = len(generic.inputs)
        new = linalg.GenericOp([operands[-1].type], operands[:n_inputs], operands[n_inputs:],
                               ir.ArrayAttr.get(new_maps),
                               ir.ArrayAttr.get([iterators[g[0]] for g in groups]))
        for name in op.attributes:
            if name not in _STRUCTURAL:
                new.operation.attributes[name] = op.attributes[name]
        generic.regions[0].blocks[0].append_to(new.regions[0])
        result = new.results[0]
        if result.type != init.type:
            dynamic, static = split_sizes([dim_of(init, d) for d in range(ir.RankedTensorType(init.type).rank)])
            result = tensor.ExpandShapeOp(init.type, result, _reassociation(maps[-1], groups), dynamic,
                                          static).result
    op.results[0].replace_all_uses_with(result)
    op.erase()
    return new.operation
