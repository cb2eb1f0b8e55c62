"""batch-matmul-to-matmuls: a linalg.batch_matmul becomes an scf.for over
its batch of linalg.matmul, one per matrix, on slices of its operands and
output: schedules/matmul.mlir register-tiles and vectorizes matmuls only,
and a batch_matmul reached LLVM as scalar loops (attention's scores x
values in ViT-B/16: 3% of the FMA peak, a fifth of a call). Runs after
pad-product-columns, whose padding each matmul keeps, and before
mark-parallel, which splits each matmul of enough work among threads.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import linalg, scf

from ..linalg_builders import as_index, batch_element, dim_of, insert_batch_element
from ..walk import named
from .microkernels import plain_layout


def batch_matmul_to_matmuls(root: ir.Operation) -> None:
    for op in filter(plain_layout, named(root, "linalg.batch_matmul")):
        lhs, rhs, init = op.operands
        with ir.InsertionPoint(op), op.location:
            loop = scf.ForOp(as_index(0), as_index(dim_of(init, 0)), as_index(1), [init])
            with ir.InsertionPoint(loop.body):
                b = loop.induction_variable
                out = loop.inner_iter_args[0]
                product = linalg.matmul(batch_element(lhs, b), batch_element(rhs, b), outs=[batch_element(out, b)])
                scf.YieldOp([insert_batch_element(product, out, b)])
        op.results[0].replace_all_uses_with(loop.results[0])
        op.erase()
