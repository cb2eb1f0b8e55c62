"""Products the .so's runtime computes: micro-kernels written in C
(c_interface/tcp_aot_microkernels.c), called from the compiled code.

A matrix product of bfloat16 operands into float32 (widen_floats.py makes
one of every bf16 contraction) or of int8 operands into int32
(int8_products.py, quantized programs) runs on the CPU's AMX tile unit
where it has one: TDPBF16PS multiplies a 16 x 32 by a 32 x 16 bf16 tile in
the time of 16 AVX-512 FMAs of 16 floats, TDPBSSD a 16 x 64 by a 64 x 16
int8 tile, which no vector schedule reaches. The kernel packs B into the
groups of rows the instructions read and picks AMX, AVX-512's dot products
(VDPBF16PS, VPDPBUSD) or a portable loop at run time (the .so runs on any
x86-64 CPU).

A float32 product runs there too: a linear layer's B, a weight, is packed
once, at the first call, into blocks of 32 columns that the kernel's
register tiles read as one stream (the matmul schedule reads B in place, a
row of B per step of K, each on another page when N is large); a
convolution's A, the weight, is packed once by blocks of 8 rows, and its
B, the image, is read in place or packed as the kernel goes, as is the B
of a product of two values computed at run time (512 x 512 x 512: 3.4 ms
on the matmul schedule, 1.25 ms on the kernel, eager 2.7 ms).

- `mark_microkernel_products`, on tensors after schedule-parallel (which
  may have split the product into tiles shared among threads): each such
  linalg.matmul becomes the same product as a linalg.generic marked
  `tcp_aot.microkernel`, which the matmul schedule leaves alone. A product
  into zeros (a linalg.fill of 0, or the slices of one that a parallel
  loop's threads write) is marked `tcp_aot.from_zero` and writes what the
  fill filled instead (an uninitialized tensor, or a tile of the output):
  the kernel starts its tiles at zero. Else
  every product copied one zero-filled buffer (the fills of a model's
  products of one shape are one value after CSE, which each product's
  buffer then copies): 5 % of BERT-base's time in bfloat16.
- `call_microkernels`, after bufferization: each marked generic becomes a
  call of the kernel on its buffers (strided views, through MLIR's C
  interface of memref descriptors) and whether it adds to C.
- `inline_call_scopes`, after convert-scf-to-openmp and canonicalize: the
  memref.alloca_scope that wraps a parallel loop's body is inlined when it
  holds no alloca. Canonicalization keeps one holding a call (the callee
  might allocate, though on its own stack), and convert-scf-to-cf would
  then make it several blocks, which the op does not allow.
"""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, func, memref

from ..linalg_builders import (
    DYNAMIC, PARALLEL, REDUCTION, any_strides, declare_kernel, structured, widened_multiply_add,
)
from ..walk import collect

ATTR = "tcp_aot.microkernel"
# The marked product's init is not read: C = A x B.
FROM_ZERO = "tcp_aot.from_zero"
# The kernels, by the element types of A, B and C.
KERNELS = {("bf16", "bf16", "f32"): "__tcp_aot_matmul_bf16", ("i8", "i8", "i32"): "__tcp_aot_matmul_i8",
           ("f32", "f32", "f32"): "__tcp_aot_matmul_f32"}

# linalg.matmul's loops (m, n, k) as A, B and C read them.
_MATMUL_MAPS = ((0, 2), (2, 1), (0, 1))
# Each product's indexing maps with its operands in the plain layouts.
_PLAIN = {
    "linalg.matmul": "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
                     "affine_map<(d0, d1, d2) -> (d0, d1)>]",
    "linalg.batch_matmul": "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> "
                           "(d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]",
}


def plain_layout(op: ir.Operation) -> bool:
    """Operands in the plain layouts (a product built in Python may not
    carry its maps yet)."""
    return "indexing_maps" not in op.attributes or str(op.attributes["indexing_maps"]) == _PLAIN[op.name]


def computed_by_microkernel(op: ir.Operation) -> bool:
    """Whether a micro-kernel computes this product (a batch_matmul: its
    matrices, once batch-matmul-to-matmuls has split it), partial tiles of
    columns as they are."""
    return _kernel(op) is not None


def _kernel(op: ir.Operation) -> str | None:
    types = tuple(str(ir.ShapedType(v.type).element_type) for v in op.operands)
    return KERNELS.get(types) if plain_layout(op) else None


def mark_microkernel_products(root: ir.Operation) -> None:
    for op in collect(root, lambda o: o.name == "linalg.matmul"):
        kernel = _kernel(op)
        if kernel is None:
            continue
        lhs, rhs, init = op.operands
        from_zero = _start_from_zero(init)
        init = from_zero if isinstance(from_zero, ir.Value) else init
        with ir.InsertionPoint(op), op.location:
            maps = [ir.AffineMap.get(3, 0, [ir.AffineDimExpr.get(d) for d in dims]) for dims in _MATMUL_MAPS]
            (product,) = structured([lhs, rhs], [init], maps, [PARALLEL, PARALLEL, REDUCTION],
                                    lambda a, b, acc: [widened_multiply_add(a, b, acc)])
        product.owner.attributes[ATTR] = ir.StringAttr.get(kernel)
        if from_zero:
            product.owner.attributes[FROM_ZERO] = ir.UnitAttr.get()
        op.results[0].replace_all_uses_with(product)
        op.erase()


def _start_from_zero(init: ir.Value) -> ir.Value | bool:
    """Whether a product into `init` starts from zero, made so: a fill of 0
    gives way to what it fills (returned, for the product's init); a slice
    of a parallel loop's shared output that this product alone writes,
    filled with 0 before the loop, has the loop's output start unfilled
    instead (True)."""
    fill = _zero_fill(init)
    if fill is not None:
        return _unfilled(fill) or False
    slice_ = init.owner
    if not (isinstance(slice_, (ir.Operation, ir.OpView)) and slice_.operation.name == "tensor.extract_slice"):
        return False
    shared = slice_.operation.operands[0]
    if not isinstance(shared, ir.BlockArgument) or shared.owner.owner.name != "scf.forall":
        return False
    loop = shared.owner.owner
    outputs = len(loop.results)
    position = len(loop.operands) - outputs + shared.arg_number - (len(shared.owner.arguments) - outputs)
    fill = _zero_fill(loop.operands[position])
    # The loop's threads write the whole output, each its slice: the product's and its insertion only.
    users = [use.owner.name for use in shared.uses]
    if fill is None or sorted(users) != ["tensor.extract_slice", "tensor.parallel_insert_slice"]:
        return False
    unfilled = _unfilled(fill)
    if unfilled is None:
        return False
    loop.operands[position] = unfilled
    return True


def _zero_fill(v: ir.Value) -> ir.Operation | None:
    """The linalg.fill of +0 that gives v, if one does."""
    fill = v.owner
    if not (isinstance(fill, (ir.Operation, ir.OpView)) and fill.operation.name == "linalg.fill"):
        return None
    constant = fill.operation.operands[0].owner
    if not isinstance(constant, (ir.Operation, ir.OpView)) or constant.operation.name != "arith.constant":
        return None
    attr = constant.operation.attributes["value"]
    if isinstance(attr, ir.FloatAttr):  # +0, not -0 (a zero product is +0)
        zero = ir.FloatAttr(attr).value == 0.0 and math.copysign(1.0, ir.FloatAttr(attr).value) > 0
    else:
        zero = isinstance(attr, ir.IntegerAttr) and ir.IntegerAttr(attr).value == 0
    return fill.operation if zero else None


def _unfilled(fill: ir.Operation) -> ir.Value | None:
    """What the fill fills, for its one user to write instead: the fill's
    own init when nothing else reads the fill, else a tensor.empty like its
    init (which may be shared), or None."""
    if len(list(fill.results[0].uses)) == 1:
        return fill.operands[1]
    empty = fill.operands[1].owner
    if not isinstance(empty, (ir.Operation, ir.OpView)) or empty.operation.name != "tensor.empty":
        return None
    return empty.operation.clone(ir.InsertionPoint(empty.operation)).results[0]


def call_microkernels(root: ir.Operation) -> None:
    declared = {}
    for op in collect(root, lambda o: o.name == "linalg.generic" and ATTR in o.attributes):
        kernel = ir.StringAttr(op.attributes[ATTR]).value
        if kernel not in declared:
            declared[kernel] = _declare(root, kernel, [ir.MemRefType(v.type).element_type for v in op.operands])
        with ir.InsertionPoint(op), op.location:
            args = [memref.CastOp(t, v).result for t, v in zip(declared[kernel].inputs, op.operands)]
            accumulate = arith.ConstantOp(ir.IntegerType.get_signless(1), int(FROM_ZERO not in op.attributes))
            func.CallOp([], ir.FlatSymbolRefAttr.get(kernel), args + [accumulate.result])
        op.erase()


def _declare(root: ir.Operation, name: str, element_types: list[ir.Type]) -> ir.FunctionType:
    """A product kernel's declaration: one 2-D buffer per operand, and
    whether to add to C."""
    return declare_kernel(root, name, [any_strides([DYNAMIC, DYNAMIC], t) for t in element_types] +
                          [ir.IntegerType.get_signless(1)])


def inline_call_scopes(root: ir.Operation) -> None:
    for scope in collect(root, lambda o: o.name == "memref.alloca_scope"):
        if not collect(scope, lambda o: o.name == "memref.alloca"):
            _inline(scope)


def _inline(scope: ir.Operation) -> None:
    body = scope.regions[0].blocks[0]
    *ops, terminator = [op.operation for op in body.operations]
    for op in ops:
        op.move_before(scope)
    for result, value in zip(scope.results, terminator.operands):
        result.replace_all_uses_with(value)
    scope.erase()
