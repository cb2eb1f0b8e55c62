"""address-weights: the compiled code reads its weights from the weights
file the .so is given, not from its own text.

Bufferization makes each weight (a `dense_resource<name>` constant) a
global, and the LLVM lowering takes its address (`llvm.mlir.addressof`).
This pass, on the LLVM dialect, erases those globals and computes each
address as the weights' base address plus the entry's offset in the
weights file (weights/file.py). The base address comes from the .so's
runtime, `__tcp_aot_weights()` (c_interface/tcp_aot_runtime.c), called once
at the entry of each function that reads weights: it returns the data of
the weights file in use (embedded in the .so, mapped beside it, or swapped
by the caller), or fails the call when none could be loaded.

The module also gets `__tcp_aot_weights_layout`, the layout and recipes of
the weights file it was compiled against (Layout.text()), which the
runtime compares a weights file with before using it. So the code and the
layout it reads travel together, in every artifact from foo.llvm.mlir on.
"""

from __future__ import annotations

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import llvm

from ..diagnostics import Diagnostic, DiagnosticError, format_location
from ..dialects.tcp_base import is_resource_elements, resource_name
from ..weights.file import Layout
from ..weights.module_weights import ModuleWeights
from .runtime_errors import escape_llvm_string

BASE = "__tcp_aot_weights"
LAYOUT = "__tcp_aot_weights_layout"

_DYNAMIC_INDEX = -2**31  # GEP's marker of an index given as an operand
_INBOUNDS = 3  # #llvm.gep_flags<inbounds> (inbounds_flag | nusw)


def address_weights(root: ir.Operation, weights: ModuleWeights | None) -> None:
    layout = weights.layout() if weights is not None else Layout(())
    offsets = {e.name: e for e in layout.entries}
    block = root.regions[0].blocks[0]
    weight_globals: dict[str, int] = {}
    for op in list(block.operations):
        op = op.operation
        value = op.attributes["value"] if op.name == "llvm.mlir.global" and "value" in op.attributes else None
        if value is None or not is_resource_elements(value):
            continue
        name = resource_name(value)
        entry = offsets.get(name)
        if entry is None:
            raise DiagnosticError([Diagnostic(format_location(op.location),
                                              f"weight {name} is not in the weights file")])
        if entry.nbytes != _bytes(value.type):
            raise DiagnosticError([Diagnostic(format_location(op.location),
                                              f"weight {name} is {value.type}, the weights file holds "
                                              f"{entry.nbytes} bytes for it")])
        weight_globals[ir.StringAttr(op.attributes["sym_name"]).value] = entry.offset
        op.erase()
    declarations = [_layout_global(layout)]
    if weight_globals:
        declarations.append(f"llvm.func hidden @{BASE}() -> !llvm.ptr")
        for f in block.operations:
            if f.operation.name == "llvm.func" and f.operation.regions[0].blocks:
                _address_from_base(f.operation, weight_globals)
    parsed = ir.Module.parse("\n".join(declarations), root.context)
    existing = list(block.operations)
    for op in list(parsed.body.operations):
        if existing:
            op.operation.move_before(existing[0])
        else:
            block.append(op.operation)


def _bytes(t: ir.Type) -> int:
    shaped = ir.RankedTensorType(t)
    width = ir.IntegerType(shaped.element_type).width if isinstance(shaped.element_type, ir.IntegerType) else \
        {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[str(shaped.element_type)]
    return int(np.prod(shaped.shape, dtype=np.int64)) * -(-width // 8)


def _layout_global(layout: Layout) -> str:
    data = layout.text().encode() + b"\0"
    return (f'llvm.mlir.global external hidden constant @{LAYOUT}("{escape_llvm_string(data)}") '
            f'{{addr_space = 0 : i32}} : !llvm.array<{len(data)} x i8>')


def _address_from_base(f: ir.Operation, offsets: dict[str, int]) -> None:
    """Each address of a weight global in `f` becomes base + offset, the
    base fetched once at f's entry."""
    uses = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        op = op.operation
        if op.name == "llvm.mlir.addressof" and ir.FlatSymbolRefAttr(op.attributes["global_name"]).value in offsets:
            uses.append(op)
        return ir.WalkResult.ADVANCE

    f.walk(visit)
    if not uses:
        return
    ptr, i8, i64 = llvm.PointerType.get(), ir.IntegerType.get_signless(8), ir.IntegerType.get_signless(64)
    with ir.InsertionPoint.at_block_begin(f.regions[0].blocks[0]), ir.Location.unknown():
        base = llvm.CallOp(ptr, [], [], [], callee=BASE).result
    for op in uses:
        offset = offsets[ir.FlatSymbolRefAttr(op.attributes["global_name"]).value]
        with ir.InsertionPoint(op), op.location:
            # A dynamic index: a constant one is 32 bits, and weights may pass 2 GiB.
            index = llvm.ConstantOp(i64, ir.IntegerAttr.get(i64, offset)).result
            address = llvm.GEPOp(ptr, base, [index], [_DYNAMIC_INDEX], i8, _INBOUNDS).result
        op.results[0].replace_all_uses_with(address)
        op.erase()
