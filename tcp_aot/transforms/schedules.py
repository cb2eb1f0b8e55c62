"""Running a transform schedule (tcp_aot/schedules/<name>.mlir) on a module:
the transform interpreter applies its named sequence, held in a module of
its own (so a program's function may share the schedule's name), beside the
sequences it includes."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects.transform import interpreter

from .. import schedules


def apply_schedule(root: ir.Operation, name: str) -> None:
    with root.context, ir.Location.unknown():
        library = ir.Module.parse(
            f"module attributes {{transform.with_named_sequence}} {{\n{schedules.text(name)}\n}}")
    sequence = next(op for op in library.body.operations if ir.StringAttr(op.attributes["sym_name"]).value == name)
    interpreter.apply_named_sequence(root, sequence, library)
