"""products-in-bf16: a model's `precision: bf16` (config.yaml; the
torch.compile backend's `precision` option). Every float32 contraction
and convolution reads its operands rounded to bfloat16 and sums their products in float32,
as torch.autocast("cpu", dtype=torch.bfloat16) computes a matmul, but
without rounding the sum: the products run on the CPU's bf16 tiles
(microkernels.py) and read half the bytes of weights, which tcp-simplify
converts at compile time. Inputs, outputs and every other op stay float32.

The module gets `tcp_aot.precision = "bf16"`: the program's signature
records it, and its results are compared with bfloat16's tolerance
(element_types.tolerance), since its products differ from float32's by
bfloat16's rounding of their operands.
"""

from __future__ import annotations

from torch_mlir import ir

from ..dialects import tcp
from ..dialects.tcp_base import element_type
from ..walk import collect

ATTR = "tcp_aot.precision"


def products_in_bf16(root: ir.Operation) -> None:
    for op in collect(root, _is_f32_product):
        with ir.InsertionPoint(op), op.location:
            for i, operand in enumerate(op.operands):
                t = ir.RankedTensorType(operand.type)
                op.operands[i] = tcp.CastOp.create(ir.RankedTensorType.get(t.shape, ir.BF16Type.get(), t.encoding),
                                                   in_=operand).result
    root.attributes[ATTR] = ir.StringAttr.get("bf16")


def _is_f32_product(op: ir.Operation) -> bool:
    return op.name in (tcp.ContractOp.OPERATION_NAME, tcp.ConvOp.OPERATION_NAME) and all(
        isinstance(element_type(v.type), ir.F32Type) for v in (*op.operands, *op.results))


def precision(module: ir.Module) -> str | None:
    """The precision a module's products were compiled in, when not its own."""
    attrs = module.operation.attributes
    return ir.StringAttr(attrs[ATTR]).value if ATTR in attrs else None
