"""What a function's contractions and convolutions compute, in floating-point
operations (a multiply-add counts 2), for given inputs: the operand shapes
come from running the function in the NumPy interpreter on those inputs."""

from __future__ import annotations

import math

import numpy as np

from ..dialects import tcp
from ..interpreter import Interpreter


def flops(interpreter: Interpreter, function: str, inputs: list[np.ndarray]) -> int:
    total = 0

    def observe(op, operands, results) -> None:
        nonlocal total
        if op.name == tcp.ContractOp.OPERATION_NAME:
            lhs, rhs = (a.shape for a in operands)
            _, rb, _, rc = tcp.ContractOp(op).dims()
            # lhs's dims (batch, free and contracting) times rhs's free dims
            total += 2 * math.prod(lhs) * math.prod(s for d, s in enumerate(rhs) if d not in rb + rc)
        elif op.name == tcp.ConvOp.OPERATION_NAME:
            # each output element sums (C / groups) x kernel products
            total += 2 * math.prod(results[0].shape) * math.prod(operands[1].shape[1:])

    interpreter.run(function, inputs, observe)
    return total
