"""MLIR-style diagnostics (`file:line:col: error: message`) and the errors
that carry them."""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir


@dataclass(frozen=True)
class Diagnostic:
    location: str  # "file:line:col", or "" when unknown
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else ""
        return f"{prefix}{self.severity}: {self.message}"


class DiagnosticError(Exception):
    """One or more diagnostics that stop compilation."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("\n".join(map(str, diagnostics)))
        self.diagnostics = diagnostics


def format_location(loc: ir.Location, filename: str | None = None) -> str:
    """`file:line:col` for a location; `filename` replaces the parser's "-"."""
    if type(loc) is ir.Location:  # diagnostics hand out the base class
        loc = ir.Location.from_attr(loc.attr, loc.context)
    if isinstance(loc, ir.FileLineColLoc):
        name = loc.filename
        if name == "-" and filename:
            name = filename
        return f"{name}:{loc.start_line}:{loc.start_col}"
    if isinstance(loc, ir.NameLoc):
        return format_location(loc.child_loc, filename)
    if isinstance(loc, ir.CallSiteLoc):
        return format_location(loc.callee, filename)
    if isinstance(loc, ir.FusedLoc):
        for inner in loc.locations:
            text = format_location(inner, filename)
            if text:
                return text
    return ""


def from_mlir_error(err: ir.MLIRError, filename: str | None = None) -> DiagnosticError:
    diags = [Diagnostic(format_location(d.location, filename), d.message,
                        str(d.severity).rsplit(".", 1)[-1].lower())
             for d in err.error_diagnostics]
    if not diags:
        diags = [Diagnostic("", str(err))]
    return DiagnosticError(diags)
