"""Output-dims functions: for each public function F, a function
`F__output_dims` taking F's inputs and returning the dims of all of F's
results as one tensor<K x i64> (result 0's dims first). It reads only the
inputs' dims, never their data, and runs F's shape guards, so a caller can
size F's outputs (or learn that the inputs are wrong) before calling F.

It is F with its results replaced by their dims, simplified until no
computation is left: MLIR reifies each result's dims from the inputs' dims
(resolve-ranked-shaped-type-result-dims), and canonicalization deletes the
computation nothing reads any more. Runs on linalg-on-tensors, after the
shape guards are in.
"""

from __future__ import annotations

from torch_mlir import ir, passmanager
from torch_mlir.dialects import arith, func, tensor

from ..abi import OUTPUT_DIMS
from ..errors import StageError
from ..linalg_builders import KERNEL_PREFIX
from ..walk import collect
from .runtime_errors import failure_status


_SIMPLIFY = "func.func(scf-for-loop-canonicalization,resolve-ranked-shaped-type-result-dims,canonicalize,cse)"
# What may remain: dim arithmetic, the guards and their messages.
_LEFT = ("func.return", "tensor.dim", "tensor.from_elements", "scf.if", "scf.yield", "llvm.call",
         "llvm.mlir.addressof", "affine.apply", "affine.min", "affine.max")


def add_output_dims_functions(root: ir.Operation) -> None:
    for op in list(root.regions[0].blocks[0].operations):
        op = op.operation
        if is_public_function(op):
            _add(op)


def is_public_function(op: ir.Operation) -> bool:
    """A function defined here that callers of the .so see."""
    return op.name == "func.func" and bool(op.regions[0].blocks) and not (
        "sym_visibility" in op.attributes and ir.StringAttr(op.attributes["sym_visibility"]).value == "private")


def _dim_of_loop_init(dim: ir.Operation) -> bool:
    """tensor.dim of an scf.for result -> of the loop's init value, when the
    loop keeps that value's shape (_keeps_shape). MLIR's own folder does not
    see through loops."""
    source = dim.operands[0]
    if isinstance(source, ir.BlockArgument) or source.owner.operation.name != "scf.for":
        return False
    loop = source.owner.operation
    i = ir.OpResult(source).result_number
    if not _keeps_shape(loop, i):
        return False
    dim.operands[0] = loop.operands[3 + i]  # after lower bound, upper bound, step
    return True


def _keeps_shape(loop: ir.Operation, i: int) -> bool:
    """Each iteration of scf.for `loop` yields its iter_arg i updated in
    place: through a chain of insert_slice and insert destinations, linalg
    outs and inner loops that keep their own iter_arg's shape."""
    body = loop.regions[0].blocks[0]
    iter_arg = body.arguments[1 + i]
    v = list(body.operations)[-1].operands[i]
    while v != iter_arg:
        if isinstance(v, ir.BlockArgument):
            return False
        producer = v.owner.operation
        if producer.name in ("tensor.insert_slice", "tensor.insert"):
            v = producer.operands[1]
        elif producer.name.startswith("linalg.") and "operandSegmentSizes" in producer.attributes:
            v = producer.operands[len(producer.operands) - len(producer.results) + ir.OpResult(v).result_number]
        elif producer.name == "scf.for" and _keeps_shape(producer, ir.OpResult(v).result_number):
            v = producer.operands[3 + ir.OpResult(v).result_number]
        else:
            return False
    return True


def _add(original: ir.Operation) -> None:
    name = ir.StringAttr(original.attributes["sym_name"]).value
    clone = original.clone(ir.InsertionPoint.after(original))
    clone.attributes["sym_name"] = ir.StringAttr.get(name + OUTPUT_DIMS)
    ret = collect(clone, lambda o: o.name == "func.return")[0]
    i64 = ir.IntegerType.get_signless(64)
    with ir.InsertionPoint(ret), ret.location:
        dims = []
        for v in ret.operands:
            t = ir.RankedTensorType(v.type)
            for d in range(t.rank):
                size = t.shape[d] if not t.is_dynamic_dim(d) else \
                    arith.IndexCastOp(i64, tensor.DimOp(v, arith.ConstantOp(ir.IndexType.get(), d).result)).result
                dims.append(arith.ConstantOp(i64, size).result if isinstance(size, int) else size)
        all_dims = tensor.FromElementsOp(ir.RankedTensorType.get([len(dims)], i64), dims).result
        func.ReturnOp([all_dims])
    ret.erase()
    for check in collect(clone, lambda o: failure_status(o) == "value"):
        check.erase()
    # The runtime's kernels (attention's) only write buffers of data, which no dim reads.
    for call in collect(clone, lambda o: o.name == "func.call" and
                        ir.FlatSymbolRefAttr(o.attributes["callee"]).value.startswith(KERNEL_PREFIX)):
        call.erase()
    inputs = ir.FunctionType(ir.TypeAttr(clone.attributes["function_type"]).value).inputs
    clone.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, [all_dims.type]))
    simplify = passmanager.PassManager.parse(_SIMPLIFY)
    simplify.run(clone)
    while any([_dim_of_loop_init(dim) for dim in collect(clone, lambda o: o.name == "tensor.dim")]):
        simplify.run(clone)
    left = sorted({o.name for o in collect(clone, lambda o: o.name != "func.func")
                   if o.name not in _LEFT and not o.name.startswith("arith.")})
    if left:
        raise StageError(f"@{name}: its results' dims depend on more than its inputs' dims "
                         f"({', '.join(left)} remain in @{name}{OUTPUT_DIMS})")
