"""Reading, verifying and writing MLIR modules that contain TCP ops."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from torch_mlir import ir

from .context import make_context
from .diagnostics import Diagnostic, DiagnosticError, format_location, from_mlir_error
from .dialects.tcp_base import DIALECT, VerifyError, verify_op
from .dialects.tcp_syntax import TcpSyntaxError, to_custom, to_generic
from .files import read
from .weights.module_weights import ModuleWeights, strip_resources


def parse_module(text: str, filename: str = "-", context: ir.Context | None = None,
                 verify: bool = True) -> ir.Module:
    """Parse MLIR text in which TCP ops may use their custom syntax."""
    try:
        generic = to_generic(text, filename)
    except TcpSyntaxError as e:
        raise DiagnosticError([Diagnostic(f"{e.filename}:{e.line}:{e.col}", e.message)]) from None
    try:
        module = ir.Module.parse(generic, context)
    except ir.MLIRError as e:
        raise from_mlir_error(e, filename) from None
    if verify:
        verify_module(module, filename)
    return module


def verify_module(module: ir.Module | ir.Operation, filename: str | None = None) -> None:
    """MLIR's verifier for registered ops, then TCP's rules for TCP ops.
    Raises DiagnosticError listing every failing op."""
    op = module.operation
    try:
        op.verify()
    except ir.MLIRError as e:
        raise from_mlir_error(e, filename) from None
    diags = [Diagnostic(format_location(err.operation.location, filename),
                        f"'{err.operation.name}' op {err.message}")
             for err in tcp_errors(op)]
    if diags:
        raise DiagnosticError(diags)


def tcp_errors(root: ir.Operation) -> list[VerifyError]:
    """Every TCP op that breaks its definition, and every other op that MLIR
    does not know (only TCP may be unregistered)."""
    errors: list[VerifyError] = []
    context = root.context

    def visit(op: ir.Operation) -> ir.WalkResult:
        op = op.operation
        name = op.name
        if name.startswith(DIALECT + "."):
            message = verify_op(op)
            if message is not None:
                errors.append(VerifyError(op, message))
        elif not context.is_registered_operation(name):
            errors.append(VerifyError(op, f"is unregistered (dialect '{name.split('.')[0]}' is not known)"))
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return errors


def print_module(module: ir.Module | ir.Operation, debug_info: bool = False) -> str:
    """Module text with TCP ops in their custom syntax."""
    text = module.operation.get_asm(enable_debug_info=debug_info, assume_verified=True)
    return to_custom(text)


def read_module(text: str, filename: str, weights: Path | None = None,
                frozen: bool = False) -> tuple[ir.Module, ModuleWeights]:
    """Parse a module and find its weights: the file it names (or
    `weights`), and the blobs of a dialect_resources section in its text
    (which the parsed module does not keep: it prints without them)."""
    text, blobs = strip_resources(text)
    module = parse_module(text, filename)
    return module, ModuleWeights.of(module, filename, blobs, weights, frozen)


@contextmanager
def parsed(path: Path, frozen: bool = False):
    """The module in `path` and its weights (read_module), in a fresh
    context."""
    with make_context(), ir.Location.unknown():
        yield read_module(read(path), str(path), frozen=frozen)
