"""The TCP backend contract: what a .tcp.mlir may contain."""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import func

from ..diagnostics import Diagnostic, DiagnosticError, format_location

ALLOWED_DIALECTS = ("tcp", "tensor", "arith", "func")
# A runtime check with its message (torch.runtime.assert).
ALLOWED_OPS = ("cf.assert",)


def verify_backend_contract(root: ir.Operation, filename: str | None = None) -> None:
    """Only TCP, tensor, arith and func ops (and cf.assert); every function
    takes and returns ranked tensors and returns at least one."""
    diags: list[Diagnostic] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        op = op.operation
        dialect = op.name.split(".", 1)[0]
        if op.name != "builtin.module" and dialect not in ALLOWED_DIALECTS and op.name not in ALLOWED_OPS:
            diags.append(Diagnostic(format_location(op.location, filename),
                                    f"'{op.name}' is outside the TCP backend contract "
                                    f"(only {', '.join(ALLOWED_DIALECTS)} ops and cf.assert are allowed)"))
        if isinstance(op.opview, func.FuncOp):
            diags.extend(_signature_errors(op.opview, filename))
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    if diags:
        raise DiagnosticError(diags)


def _signature_errors(f: func.FuncOp, filename: str | None) -> list[Diagnostic]:
    where = format_location(f.location, filename)
    name = f.name.value
    ftype = f.type
    errors = []
    if not ftype.results:
        errors.append(Diagnostic(where, f"function '{name}' returns no tensor; a compiled function "
                                        f"must return at least one tensor"))
    for kind, types in (("argument", ftype.inputs), ("result", ftype.results)):
        for i, t in enumerate(types):
            if not isinstance(t, ir.RankedTensorType):
                errors.append(Diagnostic(where, f"{kind} #{i} of function '{name}' has type {t}; "
                                                f"only ranked tensors can cross the compiled ABI"))
    return errors
