"""TCP -> linalg: attention, computed by the .so's runtime
(c_interface/tcp_aot_microkernels.c, `__tcp_aot_attention_f32`) one [L, E]
query matrix at a time: a block of queries meets the keys a block at a
time, its softmax kept online (a running maximum and sum per query, as
flash attention does), so that the [L, S] scores never go to memory. No
composition of linalg ops does that: tiled and fused, the two products
and the softmax between them would still need the whole row of scores
before the second product.

The operands' buffers (bufferization.to_buffer) and a fresh result buffer
meet the kernel in an scf.forall over the batch and head dims (a thread
per slice, once it is an OpenMP loop), as 2-D strided views; a mask dim of
1 is read at 0 (the kernel reads its last two dims of 1 with stride 0).
An operand that is a transpose (the heads split out of [batch, seq,
heads, dim] as models write it) is read through a transposed view of its
input's buffer (memref.transpose): the kernel takes any strides, and the
transpose no longer copies the tensor.

Float32 and bfloat16 in blocks (bfloat16 converted as the kernel copies
it, widen-16-bit-floats leaving it alone), float64 in plain loops;
float16 reaches here widened to float32, as every computing op does."""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, bufferization, func, memref, scf
from torch_mlir.dialects import math as math_d

from ...dialects import tcp
from ...dialects.tcp_base import i64_array
from ...linalg_builders import DYNAMIC, any_strides, declare_kernel, dim_of, index_const
from ..pattern_list import PatternList, Unsupported

PATTERNS = PatternList()

# By element type: f32's and bf16's in blocks, f64's a query and a key at a
# time (plain loops). The scale is passed in the type the kernel computes in.
KERNELS = {"f32": "__tcp_aot_attention_f32", "bf16": "__tcp_aot_attention_bf16", "f64": "__tcp_aot_attention_f64"}


@PATTERNS.register(tcp.AttentionOp.OPERATION_NAME)
def lower_attention(op, rewriter):
    view = tcp.AttentionOp(op)
    out_t = ir.RankedTensorType(view.out.type)
    kernel = KERNELS.get(str(out_t.element_type))
    if kernel is None:
        raise Unsupported(f"attention is computed in f32, bf16 or f64 (f16 widened to f32), not "
                          f"{out_t.element_type}")
    elem = out_t.element_type
    compute = ir.F32Type.get() if str(elem) == "bf16" else elem
    rank = out_t.rank
    buffers = [_read_buffer(x) for x in (view.query, view.key, view.value)]
    buffers.append(bufferization.ToBufferOp(_buffer_type(view.mask.type), view.mask, read_only=True).result)
    sizes = [_dim(view.query, d) for d in range(rank - 1)] + [_dim(view.value, rank - 1)]
    out = memref.AllocOp(ir.MemRefType.get(out_t.shape, elem),
                         [s for s in sizes if isinstance(s, ir.Value)], []).result
    out_view = memref.CastOp(_buffer_type(out_t), out).result
    matrix = any_strides([DYNAMIC, DYNAMIC], elem)
    kernel_type = declare_kernel(_module(op), kernel, [matrix] * 5 + [compute, ir.IntegerType.get_signless(1)])
    scale = _scale(view, compute)
    causal = arith.ConstantOp(ir.IntegerType.get_signless(1), int(ir.BoolAttr(view.causal).value)).result

    def call(indices: list[ir.Value]) -> None:
        mats = [_matrix(b, indices) for b in [*buffers, out_view]]
        args = [memref.CastOp(t, m).result for t, m in zip(kernel_type.inputs, mats)]
        func.CallOp([], ir.FlatSymbolRefAttr.get(kernel), args + [scale, causal])

    if rank == 2:
        call([])
    else:
        loop = scf.ForallOp([0] * (rank - 2), sizes[:rank - 2], [1] * (rank - 2))
        with ir.InsertionPoint(loop.body):
            call(list(loop.induction_variables))
            scf.InParallelOp()
    rewriter.replace_op(op, [bufferization.ToTensorOp(out_t, out, restrict=True, writable=True).result])


def _scale(view: tcp.AttentionOp, elem: ir.Type) -> ir.Value:
    """The op's scale, or 1/sqrt(E) of its query."""
    if view.scale is not None:
        return arith.ConstantOp(elem, ir.FloatAttr(view.scale).value).result
    features = _dim(view.query, ir.RankedTensorType(view.query.type).rank - 1)
    if isinstance(features, int):
        return arith.ConstantOp(elem, 1 / math.sqrt(features)).result
    count = arith.UIToFPOp(elem, arith.IndexCastUIOp(ir.IntegerType.get_signless(64), features).result).result
    return math_d.RsqrtOp(count).result


def _read_buffer(x: ir.Value) -> ir.Value:
    """x's buffer, read only: a transposed view of the input's buffer where
    x is a transpose (tcp's, or linalg's if it was lowered first)."""
    source, perm = _transposed(x)
    if source is None:
        return bufferization.ToBufferOp(_buffer_type(x.type), x, read_only=True).result
    buffer = bufferization.ToBufferOp(_buffer_type(source.type), source, read_only=True).result
    return memref.TransposeOp(_buffer_type(x.type), buffer,
                              ir.AffineMapAttr.get(ir.AffineMap.get_permutation(perm))).result


def _dim(x: ir.Value, d: int) -> ir.Value | int:
    """Dim d of x, read from the input of the transpose that gives x if one
    does (which then need not be computed at all)."""
    source, perm = _transposed(x)
    return dim_of(x, d) if source is None else dim_of(source, perm[d])


def _transposed(x: ir.Value) -> tuple[ir.Value | None, list[int]]:
    """The input and permutation of the transpose that gives x, if one does."""
    transpose = tcp.producer(x, tcp.TransposeOp)
    if transpose is not None:
        return transpose.in_, i64_array(transpose.permutation)
    owner = x.owner
    if isinstance(owner, (ir.Operation, ir.OpView)) and owner.operation.name == "linalg.transpose":
        return owner.operation.operands[0], list(ir.DenseI64ArrayAttr(owner.operation.attributes["permutation"]))
    return None, []


def _buffer_type(t: ir.Type) -> ir.MemRefType:
    """The buffer of a tensor, of any strides and offset."""
    shaped = ir.RankedTensorType(t)
    return any_strides(shaped.shape, shaped.element_type)


def _matrix(buffer: ir.Value, indices: list[ir.Value]) -> ir.Value:
    """The [rows, cols] matrix of `buffer` at the batch `indices` (index 0
    along a dim of 1, a mask's broadcast dim)."""
    t = ir.MemRefType(buffer.type)
    rank = t.rank
    if rank == 2:
        return buffer
    offsets = [index_const(0) if t.shape[d] == 1 else i for d, i in enumerate(indices)] + [index_const(0)] * 2
    sizes = [1] * (rank - 2) + [_dim_of_memref(buffer, d) for d in (rank - 2, rank - 1)]
    return memref.SubViewOp(any_strides(t.shape[-2:], t.element_type), buffer, offsets,
                            [s for s in sizes if isinstance(s, ir.Value)], [], [DYNAMIC] * rank,
                            [s if isinstance(s, int) else DYNAMIC for s in sizes], [1] * rank).result


def _dim_of_memref(buffer: ir.Value, d: int) -> ir.Value | int:
    t = ir.MemRefType(buffer.type)
    return t.shape[d] if not t.is_dynamic_dim(d) else memref.DimOp(buffer, index_const(d)).result


def _module(op: ir.OpView) -> ir.Operation:
    op = op.operation
    while op.name != "builtin.module":
        op = op.parent.operation
    return op
