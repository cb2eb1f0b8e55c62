"""A NumPy interpreter of TCP modules. Each TCP op's semantics (PyTorch's,
spelled out) are its `evaluate` in dialects/tcp.py; this runs them in program
order, with what the backend contract allows around TCP ops: func, tensor
shape ops and scalar arith. It is the oracle for TCP programs (tcp_sources/)
and for the per-op tests.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import numpy as np
from torch_mlir import ir

from .dialects.tcp import trunc_div
from .dialects.tcp_base import (
    ISOLATED_FROM_ABOVE, InterpreterError, dense_array, element_type, has_trait, is_float, is_resource_elements,
    lookup, numpy_dtype, resource_name,
)
from .element_types import ELEMENT_TYPES, LOW_PRECISION_FLOATS
from .weights.file import WeightsError

if TYPE_CHECKING:
    from .weights.module_weights import ModuleWeights

def _np_value(attr: ir.Attribute, t: ir.Type, weights: ModuleWeights | None) -> np.ndarray:
    shape = ir.RankedTensorType(t).shape if isinstance(t, ir.RankedTensorType) else ()
    dtype = numpy_dtype(element_type(t))
    if is_resource_elements(attr):
        name = resource_name(attr)
        if weights is None:
            raise InterpreterError(f"the data of weight {name} is not at hand (no weights given)")
        try:
            return weights.array(name, ir.RankedTensorType(t)).copy()
        except WeightsError as e:
            raise InterpreterError(str(e)) from None
    return np.broadcast_to(dense_array(attr), shape).astype(dtype)


# ---------------------------------------------------------------------------
# Other dialects allowed around TCP
# ---------------------------------------------------------------------------

_ARITH_BINARY: dict[str, Callable] = {
    "arith.addi": lambda a, b: a + b, "arith.subi": lambda a, b: a - b, "arith.muli": lambda a, b: a * b,
    "arith.divsi": lambda a, b: trunc_div(np.asarray(a), np.asarray(b)),
    "arith.divui": lambda a, b: a // b, "arith.ceildivui": lambda a, b: -(-a // b),
    "arith.floordivsi": lambda a, b: a // b, "arith.maxsi": max, "arith.minsi": min,
}
_CMPI = {0: np.equal, 1: np.not_equal, 2: np.less, 3: np.less_equal, 4: np.greater, 5: np.greater_equal}
_ARITH_FLOAT = {"arith.addf": np.add, "arith.subf": np.subtract, "arith.mulf": np.multiply,
                "arith.divf": np.divide}
# arith.cmpf predicates by number (ordered ones false on NaN; une true on NaN).
_CMPF = {1: np.equal, 2: np.greater, 3: np.greater_equal, 4: np.less, 5: np.less_equal, 14: np.not_equal}


class Interpreter:
    """Runs a module's functions. `weights` holds the data of its
    dense_resource constants."""

    def __init__(self, module: ir.Module | None, weights: ModuleWeights | None = None):
        self.weights = weights
        self.functions = {}
        for op in module.body.operations if module is not None else []:
            if op.operation.name == "func.func":
                self.functions[ir.StringAttr(op.attributes["sym_name"]).value] = op.operation
        self.observe: Callable[[ir.Operation, list, list], None] | None = None
        self._env: dict = {}  # the values in sight of the op being evaluated

    def run(self, name: str, args: list[np.ndarray],
            observe: Callable[[ir.Operation, list, list], None] | None = None) -> list[np.ndarray]:
        """The function's results for `args`; `observe(op, operands, results)`
        is called after every op it runs."""
        f = self.functions[name]
        block = f.regions[0].blocks[0]
        env = {arg: np.asarray(value) for arg, value in zip(block.arguments, args)}
        self.observe = observe
        try:
            with np.errstate(all="ignore"):
                return self._block(block, env)
        finally:
            self.observe = None

    def evaluate(self, op: ir.Operation, env: dict) -> list:
        """The results of one op whose operands' values `env` holds."""
        with np.errstate(all="ignore"):
            return self._op(op, env)

    def _block(self, block: ir.Block, env: dict) -> list[np.ndarray]:
        for op in block.operations:
            op = op.operation
            if op.name in ("func.return", "tcp.yield"):
                return [env[v] for v in op.operands]
            try:
                values = self._op(op, env)
            except InterpreterError:
                raise
            except Exception as e:
                raise InterpreterError(f"{op.name} at {op.location}: {type(e).__name__}: {e}") from None
            for result, value in zip(op.results, values):
                env[result] = value
            if self.observe is not None:
                self.observe(op, [env[v] for v in op.operands], values)
        raise InterpreterError("block has no terminator")

    def constant(self, attr: ir.Attribute, t: ir.Type) -> np.ndarray:
        return _np_value(attr, t, self.weights)

    def run_region(self, op: ir.Operation, args: list) -> list:
        block = op.regions[0].blocks[0]
        inner = {} if has_trait(op, ISOLATED_FROM_ABOVE) else dict(self._env)
        inner.update(zip(block.arguments, args))
        return self._block(block, inner)

    def _op(self, op: ir.Operation, env: dict) -> list:
        args = [env[v] for v in op.operands]
        cls = lookup(op.name)
        if cls is not None:
            outer, self._env = self._env, env
            try:
                if not cls.COMPUTES:
                    return cls(op).evaluate(args, self)
                results = cls(op).evaluate([_widened(a) for a in args], self)
            finally:
                self._env = outer
            return [_rounded(r, result.type) for r, result in zip(results, op.results)]
        name = op.name
        if name == "arith.constant":
            attr = op.attributes["value"]
            t = op.results[0].type
            if isinstance(t, ir.RankedTensorType):
                return [_np_value(attr, t, self.weights)]
            return [numpy_dtype(t).type(ir.FloatAttr(attr).value if is_float(t) else ir.IntegerAttr(attr).value)]
        if name in _ARITH_BINARY:
            return [_ARITH_BINARY[name](int(args[0]), int(args[1]))]
        if name in _ARITH_FLOAT:
            return [_ARITH_FLOAT[name](args[0], args[1])]
        if name == "arith.sitofp":
            return [numpy_dtype(op.results[0].type).type(int(args[0]))]
        if name == "arith.cmpf":
            predicate = ir.IntegerAttr(op.attributes["predicate"]).value
            if predicate not in _CMPF:
                raise InterpreterError(f"the interpreter does not know arith.cmpf predicate {predicate}")
            return [bool(_CMPF[predicate](args[0], args[1]))]
        if name == "cf.assert":
            if not args[0]:
                raise InterpreterError(ir.StringAttr(op.attributes["msg"]).value)
            return []
        if name == "arith.index_cast":
            return [numpy_dtype(op.results[0].type).type(int(args[0]))]
        if name == "arith.cmpi":
            predicate = ir.IntegerAttr(op.attributes["predicate"]).value
            return [bool(_CMPI[predicate](args[0], args[1]))]
        if name == "arith.select":
            return [args[1] if args[0] else args[2]]
        if name == "tensor.dim":
            return [np.int64(args[0].shape[int(args[1])])]
        if name in ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast"):
            shape = ir.RankedTensorType(op.results[0].type).shape
            if name == "tensor.expand_shape":
                shape = list(_static_or(shape, args[1:]))
            elif name == "tensor.collapse_shape":
                groups = [[ir.IntegerAttr(d).value for d in group] for group in op.attributes["reassociation"]]
                shape = [math.prod(args[0].shape[d] for d in group) for group in groups]
            elif any(s == ir.ShapedType.get_dynamic_size() for s in shape):
                shape = [-1 if s == ir.ShapedType.get_dynamic_size() else s for s in shape]
            return [args[0].reshape(shape)]
        if name == "tensor.from_elements":
            t = ir.RankedTensorType(op.results[0].type)
            return [np.array(args, dtype=numpy_dtype(t.element_type)).reshape(t.shape)]
        if name == "tensor.empty":
            t = ir.RankedTensorType(op.results[0].type)
            return [np.zeros(list(_static_or(t.shape, args)), dtype=numpy_dtype(t.element_type))]
        raise InterpreterError(f"the interpreter does not know '{name}'")


# A TCP op that computes on 16-bit floats does so in float32 and rounds its
# results once, as PyTorch's CPU kernels and the compiled code do
# (transforms/widen_floats.py); one that only moves values keeps their bits.
_LOW_PRECISION = tuple(ELEMENT_TYPES[t].numpy for t in LOW_PRECISION_FLOATS)


def _widened(value):
    if isinstance(value, (np.ndarray, np.generic)) and value.dtype in _LOW_PRECISION:
        return value.astype(np.float32)
    return value


def _rounded(value, t: ir.Type):
    if isinstance(t, ir.ShapedType) and str(t.element_type) in LOW_PRECISION_FLOATS:
        return np.asarray(value).astype(ELEMENT_TYPES[str(t.element_type)].numpy)
    return value


def _static_or(shape, dynamic_values):
    values = iter(dynamic_values)
    for s in shape:
        yield int(next(values)) if s == ir.ShapedType.get_dynamic_size() else s
