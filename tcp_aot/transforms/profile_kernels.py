"""profile-kernels: time every kernel of a profiled build.

A kernel is one top-level piece of work of a function that computes results
(F__into, see destination.py): a loop nest (or the call of one that
outline-loop-nests made a function), a linalg op, a copy. Each gets a
number and is wrapped in calls of `__tcp_aot_profile_enter(k)` and
`__tcp_aot_profile_exit(k)`, which the profiled .so's runtime defines
(c_interface: they add up the time and the calls of each kernel); the
module's `tcp_aot.profile` attribute lists the kernels (their function, op
and source location: that of the TCP op they come from). Each iteration of
a loop that threads share (an scf.forall, in a kernel or in the function of
a nest outline-loop-nests made) is wrapped in `__tcp_aot_profile_share_enter()`
and `__tcp_aot_profile_share_exit()`, which add its time to its thread's
share of the kernel running: how evenly the threads share a kernel's work.
Runs on buffers, once every loop is in its final shape and before OpenMP's
conversion, so that a kernel's threads run inside its calls. Only a
profiled build runs it (pipelines.py: tcp-to-llvm-profiled); the default
.so carries no timers.
"""

from __future__ import annotations

import json

from torch_mlir import ir
from torch_mlir.dialects import arith, func

from ..abi import INTO
from ..walk import collect

ATTR = "tcp_aot.profile"
ENTER, EXIT = "__tcp_aot_profile_enter", "__tcp_aot_profile_exit"
SHARE_ENTER, SHARE_EXIT = "__tcp_aot_profile_share_enter", "__tcp_aot_profile_share_exit"
# Top-level ops that do no work of their own.
_FREE = ("arith.", "memref.alloc", "memref.alloca", "memref.dealloc", "memref.dim", "memref.subview",
         "memref.cast", "memref.expand_shape", "memref.collapse_shape", "memref.reinterpret_cast",
         "memref.extract_strided_metadata", "memref.get_global", "memref.assume_alignment", "affine.apply",
         "affine.min", "affine.max", "func.return", "llvm.", "index.", "ub.", "bufferization.")


def profile_kernels(root: ir.Operation) -> None:
    kernels = []
    block = root.regions[0].blocks[0]
    functions = [op.operation for op in block.operations
                 if op.operation.name == "func.func" and op.operation.regions[0].blocks
                 and ir.StringAttr(op.operation.attributes["sym_name"]).value.endswith(INTO)]
    for f in functions:
        name = ir.StringAttr(f.attributes["sym_name"]).value
        for op in [o.operation for o in f.regions[0].blocks[0].operations]:
            if op.name.startswith(_FREE):
                continue
            k = len(kernels)
            kernels.append({"function": name, "op": _what(op), "location": str(op.location)})
            with ir.InsertionPoint(op), op.location:
                func.CallOp([], ENTER, [arith.ConstantOp(ir.IntegerType.get_signless(32), k).result])
            with ir.InsertionPoint.after(op), op.location:
                func.CallOp([], EXIT, [arith.ConstantOp(ir.IntegerType.get_signless(32), k).result])
    for loop in collect(root, lambda o: o.name == "scf.forall"):
        body = loop.regions[0].blocks[0]
        with ir.InsertionPoint.at_block_begin(body), loop.location:
            func.CallOp([], SHARE_ENTER, [])
        with ir.InsertionPoint(body.operations[len(body.operations) - 1]), loop.location:
            func.CallOp([], SHARE_EXIT, [])
    with ir.InsertionPoint.at_block_begin(block), root.location:
        for symbol, inputs in ((ENTER, [ir.IntegerType.get_signless(32)]), (EXIT, [ir.IntegerType.get_signless(32)]),
                               (SHARE_ENTER, []), (SHARE_EXIT, [])):
            declaration = func.FuncOp(symbol, (inputs, []), visibility="private")
            declaration.attributes["llvm.linkage"] = ir.Attribute.parse("#llvm.linkage<external>")
    root.attributes[ATTR] = ir.StringAttr.get(json.dumps(kernels))


def _what(op: ir.Operation) -> str:
    """The op, or for the call of an outlined nest, the nest's function."""
    if op.name == "func.call":
        return f"call @{ir.FlatSymbolRefAttr(op.attributes['callee']).value}"
    return op.name


def kernels(module: ir.Module) -> list[dict]:
    """The kernels a profiled module lists (its `tcp_aot.profile`)."""
    return json.loads(ir.StringAttr(module.operation.attributes[ATTR]).value)
