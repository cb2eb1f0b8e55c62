"""tcp-simplify: what MLIR's canonicalizer would do for TCP ops if it knew
them (they are unregistered operations to MLIR, so it leaves them alone):

- an op whose operands are all constants becomes a constant, computed by the
  NumPy interpreter (a weight's transpose, cast or reshape is then done once,
  at compile time), unless its results hold more elements than its operands
  (a broadcast stays a broadcast, unless an op that reads it reads a
  constant at least as large: a weight times a per-channel scale folds
  whole; a pad folds up to twice its operand's size); a value computed
  from weights becomes a
  weight derived from them (weights/module_weights.py), unless the weights
  are frozen (their file is final), when the op stays;
- each op's own folds and canonicalizations (TcpOp.fold, TcpOp.canonicalize:
  x * 1 is x, an arg_reduce whose indices nobody reads is a reduce);
- a pure TCP op whose results nobody reads is erased (and tensor.dim and
  reshapes between them).
"""

from __future__ import annotations

import numpy as np
from torch_mlir import ir

from ..dialects import tcp
from ..dialects.tcp_base import PURE, TcpOp, has_trait, is_resource_elements, lookup, numpy_dtype
from ..interpreter import Interpreter, InterpreterError
from ..walk import collect
from ..weights.module_weights import ModuleWeights

# Ops evaluated on constant operands: TCP's pure ops and tensor reshapes.
_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")
_SKIP = (tcp.SymbolicIntOp.OPERATION_NAME, tcp.ConstOp.OPERATION_NAME)


def simplify(root: ir.Operation, weights: ModuleWeights | None) -> None:
    _fold_constants(root, weights)
    _fold(root)
    _canonicalize(root)
    _erase_dead_ops(root)


# ---------------------------------------------------------------------------
# Constant folding
# ---------------------------------------------------------------------------


def is_constant(v: ir.Value) -> bool:
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return False
    return owner.operation.name in (tcp.ConstOp.OPERATION_NAME, "arith.constant")


def is_weight(constant: ir.Value) -> bool:
    """Whether a constant's value is a weight (dense_resource), not in the IR."""
    attributes = constant.owner.operation.attributes
    return "value" in attributes and is_resource_elements(attributes["value"])


def _reads_weights(op: ir.Operation) -> bool:
    return any(is_weight(v) for v in op.operands)


def _foldable(op: ir.Operation, weights: ModuleWeights | None) -> bool:
    if op.name in _SKIP or not op.operands or len(op.regions):
        return False
    if not (has_trait(op, PURE) or op.name in _RESHAPES):
        return False
    if not all(isinstance(r.type, ir.RankedTensorType) and ir.RankedTensorType(r.type).has_static_shape
               for r in op.results):
        return False
    if not all(is_constant(v) for v in op.operands):
        return False
    if _reads_weights(op) and (weights is None or weights.frozen or len(op.results) != 1):
        return False
    given = sum(_numel(v.type) for v in op.operands if isinstance(v.type, ir.RankedTensorType))
    definition = lookup(op.name)
    if definition is not None:
        given *= definition.FOLD_GROWTH
    return sum(_numel(r.type) for r in op.results) <= max(given, _beside(op), 1)


def _beside(op: ir.Operation) -> int:
    """The size of the smallest of the largest constants that each user of
    `op` reads besides it: folding `op` makes nothing larger than what its
    users' folds will replace."""
    sizes = []
    for use in op.results[0].uses if len(op.results) == 1 else ():
        others = [_numel(v.type) for v in use.owner.operation.operands
                  if v != op.results[0] and is_constant(v) and isinstance(v.type, ir.RankedTensorType)]
        sizes.append(max(others, default=0))
    return min(sizes, default=0)


def _numel(t: ir.Type) -> int:
    return int(np.prod(ir.RankedTensorType(t).shape))


def _fold_constants(root: ir.Operation, weights: ModuleWeights | None) -> None:
    """Top-down, so that a folded constant feeds the next fold."""
    interpreter = Interpreter(None, weights)
    for op in collect(root, lambda o: True, ir.WalkOrder.PRE_ORDER):
        if not _foldable(op, weights):
            continue
        if _fold_op(op):  # x * 1 is x: no new constant (nor a weight derived from x)
            continue
        try:
            env = {v: interpreter.evaluate(v.owner.operation, {})[v.result_number] for v in op.operands}
            values = interpreter.evaluate(op, env)
        except InterpreterError:
            continue  # an index out of range (the compiled code reports it)
        with ir.InsertionPoint(op), op.location:
            if _reads_weights(op):
                attrs = [weights.derive(op, np.asarray(values[0], dtype=_dtype(op.results[0].type)))]
            else:
                attrs = [_dense(value, r.type) for r, value in zip(op.results, values)]
            constants = [tcp.ConstOp.create(r.type, value=a).result for r, a in zip(op.results, attrs)]
        for r, c in zip(op.results, constants):
            r.replace_all_uses_with(c)
        op.erase()


def _dtype(t: ir.Type) -> np.dtype:
    return numpy_dtype(ir.RankedTensorType(t).element_type)


def _dense(value: np.ndarray, t: ir.Type) -> ir.Attribute:
    """An inline constant; a splat when every element is equal (as MLIR
    prints the ones it makes: dense<1.0> : tensor<64xf32>)."""
    value = np.array(value, order="C")
    elem = ir.RankedTensorType(t).element_type
    if value.size > 1 and value.tobytes() == np.full_like(value, value.flat[0]).tobytes():  # bit for bit: -0.0, NaNs
        return ir.DenseElementsAttr.get_splat(ir.RankedTensorType(t), ir.DenseElementsAttr.get(
            value.reshape(-1)[:1], type=elem).get_splat_value())
    return ir.DenseElementsAttr.get(value, type=elem)


# ---------------------------------------------------------------------------
# Each op's folds
# ---------------------------------------------------------------------------


def _tcp_ops(root: ir.Operation) -> list[TcpOp]:
    return [lookup(op.name)(op) for op in collect(root, lambda o: lookup(o.name) is not None)]


def _fold(root: ir.Operation) -> None:
    for view in _tcp_ops(root):
        _replace(view.operation, view.fold())


def _fold_op(op: ir.Operation) -> bool:
    definition = lookup(op.name)
    return definition is not None and _replace(op, definition(op).fold())


def _replace(op: ir.Operation, values: list[ir.Value] | None) -> bool:
    if values is None:
        return False
    for result, value in zip(op.results, values):
        result.replace_all_uses_with(value)
    return True


def _canonicalize(root: ir.Operation) -> None:
    for view in _tcp_ops(root):
        view.canonicalize()


# Side-effect-free ops of other dialects between TCP ops: a dead chain
# through them (a tensor.dim of a dead op's operand, read by a dead
# broadcast) is erased whole too.
_PURE_OTHERS = ("tensor.dim", "tensor.expand_shape", "tensor.collapse_shape", "arith.constant")


def _erase_dead_ops(root: ir.Operation) -> None:
    """Users before producers (the reverse of program order), so that one
    pass erases a dead chain whole."""
    is_pure = lambda op: _is_pure_tcp(op) or op.name in _PURE_OTHERS  # noqa: E731
    for op in reversed(collect(root, is_pure, ir.WalkOrder.PRE_ORDER)):
        if not any(list(r.uses) for r in op.results):
            op.erase()


def _is_pure_tcp(op: ir.Operation) -> bool:
    definition: type[TcpOp] | None = lookup(op.name)
    return definition is not None and has_trait(op, PURE) and bool(op.results)

