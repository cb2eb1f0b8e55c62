"""Torch -> TCP: scaled_dot_product_attention, which the frontend keeps
whole (frontend.py), becomes one tcp.attention: its mask as one added to
the scores (a boolean one as 0 and -inf), and grouped keys and values (enable_gqa) repeated to the query's heads."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import tensor

from ...dialects import tcp
from ...dialects.tcp_base import is_bool
from ...linalg_builders import index_const
from ..pattern_list import PatternList, Unsupported
from .utils import (
    broadcast_like, cast_to, const_bool, const_number, dim_of, expand_rank, is_none, replace, result_tensor,
    scalar_tensor, to_builtin,
)

PATTERNS = PatternList()


@PATTERNS.register("torch.aten.scaled_dot_product_attention")
def convert_attention(op, rewriter):
    query, key, value, mask, dropout_p, is_causal, scale, enable_gqa = op.operands
    if const_number(dropout_p, "dropout_p") != 0:
        raise Unsupported("dropout_p must be 0 (attention's dropout is a training op: put the model in eval mode)")
    result = result_tensor(op)
    elem = result.element_type()
    q, k, v = (cast_to(to_builtin(x), elem) for x in (query, key, value))
    rank = ir.RankedTensorType(q.type).rank
    if rank < 2 or any(ir.RankedTensorType(x.type).rank != rank for x in (k, v)):
        raise Unsupported("query, key and value must have one rank, at least 2")
    if not is_none(enable_gqa) and const_bool(enable_gqa, "enable_gqa"):
        k, v = (_repeat_heads(x, q) for x in (k, v))
    factor = None if is_none(scale) else float(const_number(scale, "scale"))
    with_mask = _additive_mask(mask, elem, rank)
    out = tcp.AttentionOp.create(result.builtin(), query=q, key=k, value=v, mask=with_mask, scale=factor,
                                 causal=const_bool(is_causal, "is_causal")).result
    replace(rewriter, op, [out])


def _additive_mask(mask: ir.Value, elem: ir.Type, rank: int) -> ir.Value:
    """The mask as values added to the scores, of the query's rank (unit
    dims in front); no mask is a 1 x ... x 1 zero."""
    if is_none(mask):
        return scalar_tensor(0.0, elem, rank)
    m = expand_rank(to_builtin(mask), rank)
    if not is_bool(ir.RankedTensorType(m.type).element_type):
        return cast_to(m, elem)
    zeros, masked = (broadcast_like(scalar_tensor(x, elem, rank), m) for x in (0.0, float("-inf")))
    return tcp.SelectOp.create(zeros.type, cond=m, on_true=zeros, on_false=masked).result


def _repeat_heads(x: ir.Value, query: ir.Value) -> ir.Value:
    """Key or value [..., Hkv, S, E] with each head repeated H / Hkv times
    in place (torch's repeat_interleave), to the query's H heads."""
    t = ir.RankedTensorType(x.type)
    heads, kv_heads = ir.RankedTensorType(query.type).shape[-3], t.shape[-3]
    if t.rank < 3 or heads == kv_heads:
        return x
    dynamic = ir.ShapedType.get_dynamic_size()
    if dynamic in (heads, kv_heads) or heads % kv_heads:
        raise Unsupported(f"enable_gqa needs static head counts, the query's a multiple of the key's (got {heads} "
                          f"and {kv_heads})")
    d = t.rank - 3
    grouped = list(t.shape[:d + 1]) + [1] + list(t.shape[d + 1:])
    reassociation = [[i] for i in range(d)] + [[d, d + 1]] + [[i + 1] for i in range(d + 1, t.rank)]
    sizes = [dim_of(x, i) for i in range(t.rank) if t.is_dynamic_dim(i)]
    unit = tensor.ExpandShapeOp(ir.RankedTensorType.get(grouped, t.element_type), x, reassociation, sizes,
                                grouped).result
    repeated_t = ir.RankedTensorType.get(grouped[:d + 1] + [heads // kv_heads] + grouped[d + 2:], t.element_type)
    repeated = tcp.BroadcastOp.create(repeated_t, in_=unit, new_dim_sizes=[index_const(heads // kv_heads)],
                                      axes=[d + 1]).result
    out_t = ir.RankedTensorType.get(list(t.shape[:d]) + [heads] + list(t.shape[d + 1:]), t.element_type)
    return tensor.CollapseShapeOp(out_t, repeated, reassociation).result
