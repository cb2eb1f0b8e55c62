"""Running a transform schedule (tcp_aot/schedules/<name>.mlir) on a module:
the transform interpreter applies its named sequence, held in a module of
its own (so a program's function may share the schedule's name)."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects.transform import interpreter

from .. import schedules


def apply_schedule(root: ir.Operation, name: str) -> None:
    with root.context, ir.Location.unknown():
        library = ir.Module.parse(
            f"module attributes {{transform.with_named_sequence}} {{\n{schedules.text(name)}\n}}")
    (sequence,) = library.body.operations
    interpreter.apply_named_sequence(root, sequence, library)
