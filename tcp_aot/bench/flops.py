"""What a function's ops compute, in floating-point operations of their
multiply-adds (each op's TcpOp.flops; a multiply-add counts 2), for given
inputs: the operand shapes come from running the function in the NumPy
interpreter on those inputs."""

from __future__ import annotations

import numpy as np

from ..dialects.tcp_base import lookup
from ..interpreter import Interpreter


def flops(interpreter: Interpreter, function: str, inputs: list[np.ndarray]) -> int:
    total = 0

    def observe(op, operands, results) -> None:
        nonlocal total
        definition = lookup(op.name)
        if definition is not None:
            total += definition(op).flops([np.shape(a) for a in operands], [np.shape(r) for r in results])

    interpreter.run(function, inputs, observe)
    return total
