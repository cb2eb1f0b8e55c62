"""Running a transform schedule (tcp_aot/schedules/<name>.mlir) on a module:
its named sequence is put into the module, the transform interpreter runs
it, and it is taken out again."""

from __future__ import annotations

from torch_mlir import ir, passmanager

from .. import schedules

_MARK = "transform.with_named_sequence"


def apply_schedule(root: ir.Operation, name: str) -> None:
    with root.context, ir.Location.unknown():
        library = ir.Module.parse(f"module attributes {{{_MARK}}} {{\n{schedules.text(name)}\n}}")
    body = root.regions[0].blocks[0]
    moved = [op.operation for op in library.body.operations]
    for op in moved:
        body.append(op)
    root.attributes[_MARK] = ir.UnitAttr.get(root.context)
    try:
        passmanager.PassManager.parse(f"builtin.module(transform-interpreter{{entry-point={name}}})",
                                      root.context).run(root)
    finally:
        for op in moved:
            op.erase()
        del root.attributes[_MARK]
