"""outline-loop-nests: in a function of many loop nests, each nest becomes a
function of its own.

LLVM's function passes do work that grows faster than a function does: for
every value InstCombine looks at, it scans every branch on that value, and
the loop passes' scalar evolution caches grow with the loops around them. A
large model with dynamic dims is one function of a thousand loop nests that
all compare with the same dims: `opt` spent minutes on GPT-2 small. As
functions of their own (`F__nest<k>`, internal, never inlined), the nests
cost what each costs alone, and a nest repeated (the same layer twelve
times, on other buffers) is compiled once. Functions with fewer nests than
OutlineOptions.min_nests stay whole: LLVM is quick on them and sees across their nests.

It runs on buffers, once every loop is in its final shape (after the
schedules; before the conversion to OpenMP, whose regions must stay in the
function that forks them): what a nest reads from around it
(buffers, sizes, values) become the new function's arguments, its results
(the buffer an scf.if chose) the function's. A constant it reads is copied
into it instead: passed in, it reached a parallel loop's OpenMP region
through the struct of captured values, where LLVM could not fold it (a
depthwise convolution's tile computed and spilled the address of each of
its 175 loads; MobileNetV3-large -5 %, BERT-base -1.9 %, ResNet-50 -1 % at
1 thread).
"""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir
from torch_mlir.dialects import func

from ..walk import defining_op


@dataclass(frozen=True)
class OutlineOptions:
    min_nests: int = 64


_NESTS = ("scf.for", "scf.forall", "scf.if", "scf.parallel", "scf.while")


def outline_loop_nests(root: ir.Operation, *, options: OutlineOptions = OutlineOptions()) -> None:
    block = root.regions[0].blocks[0]
    for f in [op.operation for op in block.operations]:
        if f.name != "func.func" or not f.regions[0].blocks:
            continue
        nests = _nests(f.regions[0].blocks[0])
        if len(nests) < options.min_nests:
            continue
        name = ir.StringAttr(f.attributes["sym_name"]).value
        outlined: dict[str, str] = {}  # a function's text (its name left out) -> its name
        for k, nest in enumerate(nests):
            _outline(nest, f"{name}__nest{k}", f, outlined)


def _nests(block: ir.Block) -> list[ir.Operation]:
    """The loop nests of a block: its loops and scf.ifs, but the nests inside
    an scf.if with a branch of several: canonicalization merges adjacent
    scf.ifs of one condition, such as mark-parallel's run-time choices
    between a parallel and a plain loop, and a deep model whose layers are
    each one nest (a product with its epilogue) can sit whole in one."""
    found = []
    for op in block.operations:
        op = op.operation
        if op.name not in _NESTS:
            continue
        branches = [_nests(b) for region in op.regions for b in region.blocks] if op.name == "scf.if" else []
        if any(len(branch) > 1 for branch in branches):
            found += [nest for branch in branches for nest in branch]
        else:
            found.append(op)
    return found


def _outline(nest: ir.Operation, name: str, parent: ir.Operation, outlined: dict[str, str]) -> None:
    """Move `nest` into a new function `name` (after `parent`), called where
    it was; the nest's results become the function's. A function the same
    as one outlined before (a layer repeated: the same code on other
    buffers) is not kept: the call calls that one."""
    reads = _reads_from_outside(nest)
    constants = [v for v in reads if _is_constant(v)]
    reads = [v for v in reads if not _is_constant(v)]
    result_types = [r.type for r in nest.results]
    with ir.InsertionPoint(nest), nest.location:
        call = func.CallOp(result_types, ir.FlatSymbolRefAttr.get(name), reads)
    for old, new in zip(nest.results, call.results):
        old.replace_all_uses_with(new)
    with ir.InsertionPoint(parent.parent.regions[0].blocks[0]), nest.location:
        outlined_function = func.FuncOp(name, ([v.type for v in reads], result_types), visibility="private")
        outlined_function.attributes["llvm.linkage"] = ir.Attribute.parse("#llvm.linkage<internal>")
        outlined_function.attributes["llvm.no_inline"] = ir.UnitAttr.get()
        body = outlined_function.add_entry_block()
    outlined_function.operation.move_after(parent)
    with ir.InsertionPoint(body), nest.location:
        copies = [defining_op(v).clone().results[0] for v in constants]
        nest.move_before(func.ReturnOp(list(nest.results)).operation)
    arguments = dict(zip(reads, body.arguments)) | dict(zip(constants, copies))

    def remap(op: ir.Operation) -> ir.WalkResult:
        for i, v in enumerate(op.operation.operands):
            if v in arguments:
                op.operation.operands[i] = arguments[v]
        return ir.WalkResult.ADVANCE

    nest.walk(remap)
    text = outlined_function.operation.get_asm(assume_verified=True, use_local_scope=True).replace(f"@{name}(", "@(", 1)
    if text in outlined:
        call.operation.attributes["callee"] = ir.FlatSymbolRefAttr.get(outlined[text])
        outlined_function.operation.erase()
    else:
        outlined[text] = name


def _is_constant(v: ir.Value) -> bool:
    op = defining_op(v)
    return op is not None and op.name == "arith.constant"


def _reads_from_outside(nest: ir.Operation) -> list[ir.Value]:
    """The values `nest` uses that are defined around it, in order of use."""
    inside: set = set()
    reads: dict = {}

    def visit(op: ir.Operation) -> ir.WalkResult:
        op = op.operation
        for region in op.regions:
            for b in region.blocks:
                inside.update(b.arguments)
        for v in op.operands:
            if v not in inside:
                reads.setdefault(v, None)
        inside.update(op.results)
        return ir.WalkResult.ADVANCE

    nest.walk(visit, ir.WalkOrder.PRE_ORDER)
    return [v for v in reads if v not in inside]
