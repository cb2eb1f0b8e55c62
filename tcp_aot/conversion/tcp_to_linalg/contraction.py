"""TCP -> linalg: contractions. Matrix products in the plain layouts become
linalg.matmul and linalg.batch_matmul (what later tiling and vectorization
recognize); any other contraction is a linalg.generic with one loop per
batch, free and contracting dim. bfloat16 operands of a float32 result
(int8 ones of an int32 result) are extended in the body (linalg.matmul's own
semantics for them)."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg

from ...dialects import tcp
from ..pattern_list import PatternList
from ...linalg_builders import PARALLEL, REDUCTION, dim_of, filled, structured, widened_multiply_add, zero

PATTERNS = PatternList()



@PATTERNS.register(tcp.ContractOp.OPERATION_NAME)
def lower_contract(op, rewriter):
    view = tcp.ContractOp(op)
    lb, rb, lc, rc = view.dims()
    lhs_rank, rhs_rank = (ir.RankedTensorType(v.type).rank for v in (view.lhs, view.rhs))
    lhs_free = [d for d in range(lhs_rank) if d not in lb + lc]
    rhs_free = [d for d in range(rhs_rank) if d not in rb + rc]
    sizes = [dim_of(view.lhs, d) for d in lb + lhs_free] + [dim_of(view.rhs, d) for d in rhs_free]
    out_t = ir.RankedTensorType(view.out.type)
    init = filled(out_t, sizes, zero(out_t.element_type))
    if (lb, rb, lc, rc, lhs_rank, rhs_rank) == ([], [], [1], [0], 2, 2):
        rewriter.replace_op(op, [linalg.matmul(view.lhs, view.rhs, outs=[init])])
        return
    if (lb, rb, lc, rc, lhs_rank, rhs_rank) == ([0], [0], [2], [1], 3, 3):
        rewriter.replace_op(op, [linalg.batch_matmul(view.lhs, view.rhs, outs=[init])])
        return
    # Loops: batch dims, lhs's free dims, rhs's free dims, contracting dims.
    n_out = len(lb) + len(lhs_free) + len(rhs_free)
    n_loops = n_out + len(lc)

    def operand_map(rank, batch, contracting, free, free_start):
        exprs = []
        for d in range(rank):
            if d in batch:
                loop = batch.index(d)
            elif d in contracting:
                loop = n_out + contracting.index(d)
            else:
                loop = free_start + free.index(d)
            exprs.append(ir.AffineDimExpr.get(loop))
        return ir.AffineMap.get(n_loops, 0, exprs)

    maps = [operand_map(lhs_rank, lb, lc, lhs_free, len(lb)),
            operand_map(rhs_rank, rb, rc, rhs_free, len(lb) + len(lhs_free)),
            ir.AffineMap.get(n_loops, 0, [ir.AffineDimExpr.get(i) for i in range(n_out)])]
    iterators = [PARALLEL] * n_out + [REDUCTION] * len(lc)
    result = structured([view.lhs, view.rhs], [init], maps, iterators,
                        lambda a, b, acc: [widened_multiply_add(a, b, acc)])
    rewriter.replace_op(op, result)
