"""fold-conv-affine: the per-output-channel scales and shifts that follow a
convolution of constant weights (an eval-mode batch norm, a bias, a layer
scale) become part of its weights and one bias add.

An eval-mode batch norm reaches TCP as (conv - mean) * (1 / sqrt(var + eps))
* gamma + beta, each factor a constant broadcast over the batch and spatial
dims. Left alone, it costs a square root and a division per output element
in the convolution's epilogue, and where two branches meet (a ResNet
bottleneck's residual add) a kernel that runs at a tenth of the memory
bandwidth. Here the chain
    y = ((conv(x, W) op1 c1) op2 c2) ...      op in {+, -, *, /}
becomes y = conv(x, W * scale) + shift, with scale and shift computed from
the c's by TCP ops on constants: tcp-simplify folds them (and the scaled
weights) at compile time, and a weight derived from a model's state keeps
the recipe that derives it (weights/module_weights.py).

The chain is followed while each value has one use. Reassociating the
factors changes rounding by an ulp or so per factor, as any compiler that
folds batch norms does. A chain that reads weights is left alone when the
weights file is frozen (tcp-to-linalg on a final .tcp.mlir): the folds
could not happen, and the scaling would run at every call.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import tensor

from ..dialects import tcp
from ..dialects.tcp_base import is_float
from ..linalg_builders import dim_of, index_const
from ..walk import collect
from .simplify import is_constant, is_weight
from .tcp_builders import splat
from ..weights.module_weights import ModuleWeights

_ELEMENTWISE = {tcp.AddOp.OPERATION_NAME: "+", tcp.SubOp.OPERATION_NAME: "-",
                tcp.MulOp.OPERATION_NAME: "*", tcp.DivFOp.OPERATION_NAME: "/"}
_COMMUTATIVE = ("+", "*")


def fold_conv_affine(root: ir.Operation, weights: ModuleWeights | None) -> None:
    frozen = weights is not None and weights.frozen
    for conv in collect(root, lambda o: o.name == tcp.ConvOp.OPERATION_NAME):
        out_type = ir.RankedTensorType(conv.results[0].type).element_type
        # Weights of the result's type: bf16 ones summed in f32 would need a rounding of their scaling.
        if is_constant(conv.operands[1]) and is_float(out_type) and \
                ir.RankedTensorType(conv.operands[1].type).element_type == out_type:
            steps = _chain(conv)
            if steps and not (frozen and any(is_weight(v) for v in [conv.operands[1]] + [c for _, c, _ in steps])):
                _fold(conv, steps)


def _channel_constant(v: ir.Value, channels: int) -> ir.Value | None:
    """The [1, channels, 1, ...] constant that `v` broadcasts over every dim
    but the channels (dim 1), or None."""
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.operation.name != tcp.BroadcastOp.OPERATION_NAME:
        return None
    source = owner.operation.operands[0]
    shape = ir.RankedTensorType(source.type).shape
    expected = [1, channels] + [1] * (len(shape) - 2)
    return source if is_constant(source) and shape == expected else None


def _chain(conv: ir.Operation) -> list[tuple[str, ir.Value, ir.Operation]]:
    """The elementwise ops by channel constants that follow `conv`, each
    the only reader of the previous one's result (but for its dims):
    (op, constant, the op)."""
    channels = ir.RankedTensorType(conv.results[0].type).shape[1]
    steps = []
    value = conv.results[0]
    while True:
        uses = [u for u in value.uses if u.owner.operation.name != "tensor.dim"]
        if len(uses) != 1:
            return steps
        user = uses[0].owner.operation
        kind = _ELEMENTWISE.get(user.name)
        if kind is None or (uses[0].operand_number == 1 and kind not in _COMMUTATIVE):
            return steps
        if user.name == tcp.DivFOp.OPERATION_NAME and "rounding_mode" in user.attributes:
            return steps
        constant = _channel_constant(user.operands[1 - uses[0].operand_number], channels)
        if constant is None:
            return steps
        steps.append((kind, constant, user))
        value = user.results[0]


def _fold(conv: ir.Operation, steps: list[tuple[str, ir.Value, ir.Operation]]) -> None:
    last = steps[-1][2]
    channel_t = ir.RankedTensorType(steps[0][1].type)
    for _, c, _ in steps:  # constants, defined anywhere before their reader: before the conv, to scale its weights
        c.owner.move_before(conv)
    with last.location:
        with ir.InsertionPoint(conv):
            scale, shift = _affine(steps, channel_t)
            if scale is not None:
                conv.operands[1] = _scaled_weights(conv.operands[1], scale)
        result = conv.results[0]
        if shift is not None:
            with ir.InsertionPoint(last):
                result = tcp.AddOp.create(result.type, in1=result, in2=_broadcast_channels(shift, result)).result
    for _, _, op in steps[:-1]:
        op.results[0].replace_all_uses_with(conv.results[0])  # tensor.dim: all have the conv's shape
    last.results[0].replace_all_uses_with(result)
    for _, _, op in reversed(steps):
        op.erase()


def _affine(steps, t: ir.RankedTensorType) -> tuple[ir.Value | None, ir.Value | None]:
    """scale and shift ([1, C, 1, ...]; None for 1 and 0) with
    chain(v) = v * scale + shift."""
    scale = shift = None

    def apply(op_class, a: ir.Value | None, b: ir.Value) -> ir.Value:
        return op_class.create(t, in1=a, in2=b).result

    for kind, c, _ in steps:
        if kind == "+":
            shift = c if shift is None else apply(tcp.AddOp, shift, c)
        elif kind == "-":
            shift = apply(tcp.SubOp, shift if shift is not None else splat(t, 0.0), c)
        elif kind == "*":
            scale = c if scale is None else apply(tcp.MulOp, scale, c)
            shift = None if shift is None else apply(tcp.MulOp, shift, c)
        else:
            scale = apply(tcp.DivFOp, scale if scale is not None else splat(t, 1.0), c)
            shift = None if shift is None else apply(tcp.DivFOp, shift, c)
    return scale, shift


def _scaled_weights(w: ir.Value, scale: ir.Value) -> ir.Value:
    """W * scale, scale [1, O, 1, ...] along W's output channels (dim 0)."""
    w_t = ir.RankedTensorType(w.type)
    scale_t = ir.RankedTensorType(scale.type)
    rank = w_t.rank
    by_output = ir.RankedTensorType.get([w_t.shape[0]] + [1] * (rank - 1), w_t.element_type)
    flat = tensor.CollapseShapeOp(ir.RankedTensorType.get([scale_t.shape[1]], w_t.element_type), scale,
                                  [list(range(rank))]).result
    column = tensor.ExpandShapeOp(by_output, flat, [list(range(rank))], [], [w_t.shape[0]] + [1] * (rank - 1)).result
    spread = tcp.BroadcastOp.create(w_t, in_=column, new_dim_sizes=[index_const(s) for s in w_t.shape[1:]],
                                    axes=list(range(1, rank))).result
    return tcp.MulOp.create(w_t, in1=w, in2=spread).result


def _broadcast_channels(c: ir.Value, like: ir.Value) -> ir.Value:
    """The [1, C, 1, ...] constant `c` broadcast to `like`'s shape."""
    rank = ir.RankedTensorType(like.type).rank
    axes = [0] + list(range(2, rank))
    sizes = [dim_of(like, d) for d in axes]
    return tcp.BroadcastOp.create(like.type, in_=c, new_dim_sizes=[index_const(s) if isinstance(s, int) else s
                                                                  for s in sizes], axes=axes).result
