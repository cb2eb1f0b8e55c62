"""Destination functions: for each public function F, `F__into` taking F's
inputs and then one buffer per result, which it writes instead of
allocating the result (destination passing). The C interface's
status-returning entry calls it, so a result lands in the caller's buffer
with no allocation and no copy. F itself keeps its ABI (fresh result
buffers the caller frees): it becomes a wrapper that allocates the
results, sized by F__output_dims when they are dynamic, and calls F__into.

F__into is F with each returned allocation (or the allocations an scf.if
chooses between) replaced by the buffer passed for it; a result that is
not an allocation of its own type (a view, a cast) is copied into its
buffer instead, and so is a result allocated before a check of values (a
gather's indices) that may still fail, so that a call that fails a check
has written no output (a decoder's embedding lookup comes first: its
logits are computed in place). The compiled code checks that a buffer it
writes has the dims it computed, a tcp_aot bug otherwise. Runs on memrefs,
after own-results (every result its own allocation) and before buffer
deallocation, which then frees the wrapper's dims.
"""

from __future__ import annotations

import math

from torch_mlir import ir
from torch_mlir.dialects import arith, func, memref

from ..errors import StageError
from ..walk import collect
from ..abi import INTO, OUTPUT_DIMS
from .output_dims import is_public_function
from .owned_results import branch_allocations
from .runtime_errors import Messages, fail_if, failure_status

ALIGNMENT = 64  # as one-shot-bufferize aligns its allocations


def add_destination_functions(root: ir.Operation) -> None:
    block = root.regions[0].blocks[0]
    functions = {ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation
                 for op in block.operations if op.operation.name == "func.func"}
    messages = Messages(root, "__tcp_aot_destination_message_")
    for name, op in functions.items():
        if is_public_function(op) and not name.endswith((OUTPUT_DIMS, INTO)):
            into = _add_into(op, name, messages)
            _make_wrapper(op, name, into, functions.get(name + OUTPUT_DIMS))
    messages.define()


def _function_type(op: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)


def _add_into(original: ir.Operation, name: str, messages: Messages) -> ir.Operation:
    into = original.clone(ir.InsertionPoint.after(original))
    into.attributes["sym_name"] = ir.StringAttr.get(name + INTO)
    entry = into.regions[0].blocks[0]
    ret = list(entry.operations)[-1]
    results = _function_type(original).results
    outs = [entry.add_argument(t, ret.location) for t in results]
    checks = collect(into, lambda o: failure_status(o) == "value")
    last_check = max((_position_in(entry, check) for check in checks), default=-1)
    with ir.InsertionPoint(ret), ret.location:
        for i, (v, out) in enumerate(zip(list(ret.operands), outs)):
            if not _compute_in(v, out, f"@{name} result {i}", messages, after=last_check):
                memref.CopyOp(v, out)
        func.ReturnOp([])
    ret.erase()
    inputs = _function_type(original).inputs
    into.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs + results, []))
    if "arg_attrs" in into.attributes:
        given = list(ir.ArrayAttr(into.attributes["arg_attrs"]))
        into.attributes["arg_attrs"] = ir.ArrayAttr.get(given + [ir.DictAttr.get({})] * len(results))
    if "res_attrs" in into.attributes:
        del into.attributes["res_attrs"]
    return into


def _position_in(block: ir.Block, op: ir.Operation) -> int:
    """The index in `block` of the op of `block` that is or holds `op`."""
    while op.parent is not None and op.parent.operation != block.owner.operation:
        op = op.parent.operation
    return next(i for i, o in enumerate(block.operations) if o.operation == op)


def _compute_in(v: ir.Value, out: ir.Value, what: str, messages: Messages, after: int) -> bool:
    """Make the code that computes v compute it in `out`: replace v's
    allocation (or those an scf.if chooses between) by `out`, or by its
    inverse view when v reshapes or casts an allocation. False, changing
    nothing, when v is something else (a slice, an argument, a constant),
    or is allocated at or before position `after` of the function's block."""
    if not isinstance(v.owner, (ir.Operation, ir.OpView)):
        return False
    op = v.owner.operation
    if op.name in _VIEWS and isinstance(op.operands[0].owner, (ir.Operation, ir.OpView)) \
            and op.operands[0].owner.operation.name == "memref.alloc":
        allocs = [op.operands[0].owner.operation]
    elif v.type != out.type:
        return False
    elif op.name == "memref.alloc":
        allocs = [op]
    elif op.name == "scf.if" and (allocs := branch_allocations(v)) is not None:
        pass
    else:
        return False
    entry = out.owner
    if any(_position_in(entry, alloc) <= after for alloc in allocs):
        return False
    for alloc in allocs:
        with ir.InsertionPoint(alloc), alloc.location:
            t = ir.MemRefType(alloc.results[0].type)
            alloc_sizes = _sizes(t, list(alloc.operands))
            out_type = ir.MemRefType(out.type)
            out_sizes = _sizes(out_type, [memref.DimOp(out, _index(d)).result for d in range(out_type.rank)
                                          if out_type.is_dynamic_dim(d)])
            identity = [[d] for d in range(t.rank)]
            if op.name == "memref.collapse_shape":
                groups = _reassociation(op)
                pairs = zip(groups, identity[:len(groups)])
                replacement = memref.ExpandShapeOp(t, out, op.attributes["reassociation"], list(alloc.operands),
                                                   t.shape).result
            elif op.name == "memref.expand_shape":
                groups = _reassociation(op)
                pairs = zip(identity[:len(groups)], groups)
                replacement = memref.CollapseShapeOp(t, out, op.attributes["reassociation"]).result
            else:
                pairs = zip(identity, identity)
                replacement = out if op.name in ("memref.alloc", "scf.if") else memref.CastOp(t, out).result
            for alloc_dims, out_dims in pairs:
                _check(_product(alloc_sizes, alloc_dims), _product(out_sizes, out_dims), what, messages)
        alloc.results[0].replace_all_uses_with(replacement)
        alloc.erase()
    return True


# Views that a function may return of an allocation of its own, and that
# have an inverse view of the caller's buffer (own-results keeps the others').
_VIEWS = ("memref.expand_shape", "memref.collapse_shape", "memref.cast")


def _index(n: int) -> ir.Value:
    return arith.ConstantOp(ir.IndexType.get(), n).result


def _sizes(t: ir.MemRefType, dynamic: list[ir.Value]) -> list[ir.Value]:
    given = iter(dynamic)
    return [next(given) if t.is_dynamic_dim(d) else _index(t.shape[d]) for d in range(t.rank)]


def _reassociation(view: ir.Operation) -> list[list[int]]:
    return [[ir.IntegerAttr(d).value for d in group] for group in ir.ArrayAttr(view.attributes["reassociation"])]


def _constant(v: ir.Value) -> int | None:
    owner = v.owner
    if isinstance(owner, (ir.Operation, ir.OpView)) and owner.operation.name == "arith.constant":
        return ir.IntegerAttr(owner.operation.attributes["value"]).value
    return None


def _product(sizes: list[ir.Value], dims: list[int]) -> ir.Value:
    constants = [_constant(sizes[d]) for d in dims]
    if None not in constants:
        return _index(math.prod(constants))
    product = sizes[dims[0]]
    for d in dims[1:]:
        product = arith.MulIOp(product, sizes[d]).result
    return product


def _check(computed: ir.Value, given: ir.Value, what: str, messages: Messages) -> None:
    """Fail when the caller's buffer (sized by F__output_dims) differs from
    what the code computed. Static sizes need no check: the types agree."""
    if _constant(computed) is not None and _constant(given) is not None:
        return
    i64 = ir.IntegerType.get_signless(64)
    differ = arith.CmpIOp(arith.CmpIPredicate.ne, given, computed).result
    symbol = messages.add(f"{what} has a dim of %ld where the code computed %ld (a tcp_aot bug: please report it)\n")
    fail_if(differ, "internal", symbol, arith.IndexCastOp(i64, given).result, arith.IndexCastOp(i64, computed).result)


def _make_wrapper(f: ir.Operation, name: str, into: ir.Operation, output_dims: ir.Operation | None) -> None:
    entry = f.regions[0].blocks[0]
    loc = list(entry.operations)[-1].location
    for op in reversed(list(entry.operations)):
        op.erase()
    results = [ir.MemRefType(t) for t in _function_type(f).results]
    args = list(entry.arguments)
    index = ir.IndexType.get()
    with ir.InsertionPoint(entry), loc:
        dims = None
        if any(t.is_dynamic_dim(d) for t in results for d in range(t.rank)):
            if output_dims is None:
                raise StageError(f"@{name}: its results have dynamic dims but @{name}{OUTPUT_DIMS} is missing "
                                 f"(run add-output-dims-functions first)")
            dims = func.CallOp(_function_type(output_dims).results, name + OUTPUT_DIMS, args).results[0]
        outs, first = [], 0
        for t in results:
            sizes = [arith.IndexCastOp(index, memref.LoadOp(dims, [arith.ConstantOp(index, first + d).result]))
                     .result for d in range(t.rank) if t.is_dynamic_dim(d)]
            first += t.rank
            outs.append(memref.AllocOp(t, sizes, [], alignment=ir.IntegerAttr.get(ir.IntegerType.get_signless(64),
                                                                                   ALIGNMENT)).result)
        func.CallOp([], name + INTO, args + outs)
        func.ReturnOp(outs)
