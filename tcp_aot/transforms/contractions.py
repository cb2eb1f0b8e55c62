"""contractions-to-matmul: every contraction becomes a product the matmul
schedule tiles and vectorizes.

A contraction is a linalg.generic of two inputs whose body multiplies them
(bfloat16 ones extended to the float32 of the output) and adds into its
output, each operand read through a permutation of some of its loops, with
at least one M, N and K loop (below): what tcp.contract lowers to in any
layout other than [M, K] x [K, N] and [B, M, K] x [B, K, N] (attention's transposed keys,
4-D products, batch dims inside, a weight contracted along its first dim),
and what elementwise fusion makes of a product when it folds a reshape
into it (one of bfloat16 operands is made a matmul before that fusion
instead: fusion would fold the rounding of its operands into its body,
which the micro-kernel cannot take). Its loops are batch loops (read by
both operands and the output), M (lhs and output), N (rhs and output) and
K (both operands, reduced). It becomes

    lhs -> [batch..., M..., K...] -> [B, M, K]      (a transpose where the dims are in another order; a collapse)
    rhs -> [batch..., K..., N...] -> [B, K, N]
    linalg.batch_matmul (linalg.matmul without batch loops) into the output, laid out [B, M, N] the same way
    -> [batch..., M..., N...] -> the output's order (an expand; a transpose where needed)

A transpose is a copy, paid once per call, against a product read in an
order that strides through memory at every step of its register tiles. An
output that a fill starts is filled again in its new layout rather than
moved. Runs after elementwise fusion, which would fold the reshapes back
into a generic.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg, tensor

from ..linalg_builders import Size, dim_of, empty, size_product, split_sizes, tensor_type
from ..walk import named

_PRODUCTS = {("arith.mulf", "arith.addf"), ("arith.muli", "arith.addi")}


def contractions_to_matmul(root: ir.Operation, element_types: tuple[str, ...] | None = None) -> None:
    """`element_types`: only the contractions of operands of one of these types."""
    for op in named(root, "linalg.generic"):
        loops = _contraction_loops(op)
        if loops is not None and (element_types is None or {
                str(ir.ShapedType(v.type).element_type) for v in op.operands[:2]} <= set(element_types)):
            _to_matmul(op, *loops)


def _maps(op: ir.Operation) -> list[list[int]]:
    """Each operand's dims as loop numbers (None when a map is not a
    projected permutation)."""
    out = []
    for attr in ir.ArrayAttr(op.attributes["indexing_maps"]):
        exprs = ir.AffineMapAttr(attr).value.results
        if not all(isinstance(e, ir.AffineDimExpr) for e in exprs):
            return None
        dims = [ir.AffineDimExpr(e).position for e in exprs]
        if len(set(dims)) != len(dims):
            return None
        out.append(dims)
    return out


def _contraction_loops(op: ir.Operation):
    """(lhs, rhs, out dims as loops; batch, M, N and K loops) of a generic
    that is a contraction, else None."""
    if len(op.operands) != 3 or len(op.results) != 1:
        return None
    maps = _maps(op)
    if maps is None:
        return None
    a, b, acc = op.regions[0].blocks[0].arguments
    body = list(op.regions[0].blocks[0].operations)
    # bfloat16 (int8) operands extended to a float32 (int32) sum come first.
    extended = {}
    while body and body[0].name in ("arith.extf", "arith.extsi") and body[0].operands[0] in (a, b):
        extended[body[0].results[0]] = body[0].operands[0]
        body = body[1:]
    if len(body) != 3 or body[2].name != "linalg.yield" or (body[0].name, body[1].name) not in _PRODUCTS:
        return None
    mul, add = body[0], body[1]
    factors = {extended.get(v, v) for v in mul.operands}
    if factors != {a, b} or a == b or \
            {add.operands[0], add.operands[1]} != {acc, mul.results[0]} or body[2].operands[0] != add.results[0]:
        return None
    lhs, rhs, out = maps
    iterators = [str(i) for i in ir.ArrayAttr(op.attributes["iterator_types"])]
    groups = {"batch": [], "m": [], "n": [], "k": []}
    for loop in range(len(iterators)):
        where = (loop in lhs, loop in rhs, loop in out)
        kind = {(True, True, True): "batch", (True, False, True): "m", (False, True, True): "n",
                (True, True, False): "k"}.get(where)
        if kind is None or (kind == "k") != ("reduction" in iterators[loop]):
            return None
        groups[kind].append(loop)
    if not (groups["m"] and groups["n"] and groups["k"]):
        return None  # a matrix-vector product, a dot or an outer product: no register tile to fill
    return lhs, rhs, out, groups["batch"], groups["m"], groups["n"], groups["k"]


def _to_matmul(op: ir.Operation, lhs_loops, rhs_loops, out_loops, batch, m, n, k) -> None:
    lhs, rhs, init = op.operands
    elem = ir.RankedTensorType(op.results[0].type).element_type
    with ir.InsertionPoint(op), op.location:
        sizes = {}  # each loop's size: static where an operand knows it
        operands = ((lhs, lhs_loops), (rhs, rhs_loops), (init, out_loops))
        for static in (True, False):
            for value, loops in operands:
                for d, loop in enumerate(loops):
                    if loop not in sizes and static != ir.RankedTensorType(value.type).is_dynamic_dim(d):
                        sizes[loop] = dim_of(value, d)
        a = _grouped(lhs, lhs_loops, [batch, m, k] if batch else [m, k], sizes)
        b = _grouped(rhs, rhs_loops, [batch, k, n] if batch else [k, n], sizes)
        out_groups = [batch, m, n] if batch else [m, n]
        c = _start(init, out_loops, out_groups, sizes)
        product = (linalg.batch_matmul if batch else linalg.matmul)(a, b, outs=[c])
        result = _back(product, out_groups, out_loops, sizes, elem)
    op.results[0].replace_all_uses_with(result)
    op.erase()


def _grouped(x: ir.Value, loops: list[int], groups: list[list[int]], sizes: dict[int, Size]) -> ir.Value:
    """Operand x (its dims the loops `loops`) with its dims in the order of
    `groups`, each group collapsed into one dim (an empty one: a unit dim)."""
    t = ir.RankedTensorType(x.type)
    order = [loops.index(loop) for g in groups for loop in g]
    if order != list(range(t.rank)):
        permuted = [sizes[loops[d]] for d in order]
        x = linalg.transpose(x, outs=[empty(tensor_type(permuted, t.element_type), permuted)],
                             permutation=order).results[0]
    group_sizes = [[sizes[loop] for loop in g] for g in groups]
    kept = [g for g in group_sizes if g]
    if any(len(g) > 1 for g in kept):
        x = tensor.CollapseShapeOp(tensor_type([size_product(g) for g in kept], t.element_type), x,
                                   _spans([len(g) for g in kept])).result
    if len(kept) < len(groups):
        shape = [size_product(g) if g else 1 for g in group_sizes]
        dynamic, static = split_sizes(shape)
        x = tensor.ExpandShapeOp(tensor_type(shape, t.element_type), x, _units([bool(g) for g in groups]),
                                 dynamic, static).result
    return x


def _spans(lengths: list[int]) -> list[list[int]]:
    """Consecutive dims in groups of these lengths."""
    spans, start = [], 0
    for n in lengths:
        spans.append(list(range(start, start + n)))
        start += n
    return spans


def _units(kept: list[bool]) -> list[list[int]]:
    """The reassociation between dims `kept` and all dims, the others unit
    dims: each kept dim with the unit dims after it (the first also with
    those before it); none when no dim is kept."""
    where = [i for i, k in enumerate(kept) if k]
    return [list(range(0 if j == 0 else i, where[j + 1] if j + 1 < len(where) else len(kept)))
            for j, i in enumerate(where)]


def _start(init: ir.Value, loops: list[int], groups: list[list[int]], sizes: dict[int, Size]) -> ir.Value:
    """The product's output in the [B,] M, N layout: a fill of the same
    value when a fill makes the generic's, else the generic's moved."""
    owner = init.owner
    t = ir.RankedTensorType(init.type)
    if isinstance(owner, (ir.Operation, ir.OpView)) and owner.operation.name == "linalg.fill":
        shape = [size_product([sizes[loop] for loop in g]) for g in groups]
        return linalg.fill(owner.operation.operands[0], outs=[empty(tensor_type(shape, t.element_type), shape)])
    return _grouped(init, loops, groups, sizes)


def _back(product: ir.Value, groups: list[list[int]], out_loops: list[int], sizes: dict[int, Size],
          elem: ir.Type) -> ir.Value:
    """The [B,] M, N product as the generic's output: each dim expanded back
    into the loops it stands for (a unit dim for none dropped), then put in
    the output's order."""
    loops = [loop for g in groups for loop in g]
    shape = [sizes[loop] for loop in loops]
    kept = [g for g in groups if g]
    if len(kept) < len(groups):
        product = tensor.CollapseShapeOp(tensor_type([size_product([sizes[loop] for loop in g]) for g in kept], elem),
                                         product, _units([bool(g) for g in groups])).result
    if any(len(g) > 1 for g in kept):
        dynamic, static = split_sizes(shape)
        product = tensor.ExpandShapeOp(tensor_type(shape, elem), product, _spans([len(g) for g in kept]), dynamic,
                                       static).result
    order = [loops.index(loop) for loop in out_loops]
    if order == list(range(len(order))):
        return product
    out_shape = [shape[d] for d in order]
    return linalg.transpose(product, outs=[empty(tensor_type(out_shape, elem), out_shape)],
                            permutation=order).results[0]
