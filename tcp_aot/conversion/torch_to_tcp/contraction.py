"""Torch -> TCP: matrix products. torch-mlir's decompositions bring matmul
(every rank combination, broadcast batch dims), linear, addmm, baddbmm and
einsum here as mm and bmm (with permutes, views, broadcasts and adds), and
1-D products as mul + sum; both become tcp.contract."""

from __future__ import annotations

from torch_mlir import ir

from ...dialects import tcp
from ..pattern_list import PatternList
from .utils import cast_to, replace, result_tensor, to_builtin

PATTERNS = PatternList()


def contract(lhs: ir.Value, rhs: ir.Value, out: ir.Type, batch: int, lhs_contracting: int,
             rhs_contracting: int) -> ir.Value:
    """tcp.contract with the leading `batch` dims of both operands as batch
    dims and one contracting dim each."""
    return tcp.ContractOp.create(out, lhs=lhs, rhs=rhs, lhs_batch_dims=list(range(batch)),
                                 rhs_batch_dims=list(range(batch)), lhs_contracting_dims=[lhs_contracting],
                                 rhs_contracting_dims=[rhs_contracting]).result


@PATTERNS.register("torch.aten.mm", "torch.aten.bmm")
def convert_mm(op, rewriter):
    """[M, K] x [K, N] (mm), [B, M, K] x [B, K, N] (bmm)."""
    result = result_tensor(op)
    elem = result.element_type()
    lhs, rhs = (cast_to(to_builtin(v), elem) for v in op.operands[:2])
    batch = 1 if op.name == "torch.aten.bmm" else 0
    replace(rewriter, op, [contract(lhs, rhs, result.builtin(), batch, batch + 1, batch)])
