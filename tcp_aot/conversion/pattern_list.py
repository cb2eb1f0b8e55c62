"""A list of rewrite patterns that one conversion's modules add to.

Each op-family module declares its patterns with `@PATTERNS.register(...)`;
the conversion's pass turns the list into a RewritePatternSet. A pattern
function builds the replacement at the rewriter's insertion point (the
location is the op's) and raises `Unsupported(reason)` to decline: whatever it
built before declining is erased again, and the reason is recorded for the
report of ops that did not convert.
"""

from __future__ import annotations

from typing import Callable

from torch_mlir import ir, rewrite

PatternFn = Callable[[ir.OpView, rewrite.PatternRewriter], None]


class Unsupported(Exception):
    """Raised by a pattern (or a helper it calls) when this instance of the op
    cannot be converted; the message says why."""


class PatternList:
    def __init__(self) -> None:
        self.patterns: list[tuple[str, PatternFn]] = []

    def register(self, *op_names: str) -> Callable[[PatternFn], PatternFn]:
        def decorate(fn: PatternFn) -> PatternFn:
            self.patterns.extend((name, fn) for name in op_names)
            return fn
        return decorate

    def populate(self, patterns: rewrite.RewritePatternSet, failures: dict[str, str]) -> None:
        """Add every pattern; declined matches land in failures[op key]."""
        for name, fn in self.patterns:
            patterns.add(name, _guarded(fn, failures))

    def op_names(self) -> set[str]:
        return {name for name, _ in self.patterns}


def op_key(op: ir.Operation) -> str:
    return f"{op.name}@{op.location}"


def _guarded(fn: PatternFn, failures: dict[str, str]):
    def apply(op: ir.OpView, rewriter: rewrite.PatternRewriter) -> bool:
        operation = op.operation
        # What fn builds goes before the op, after this marker: a declined
        # match erases it all (found from the marker only then, so that a
        # match costs nothing per op of the block).
        with ir.InsertionPoint(operation), operation.location:
            marker = ir.Operation.create(_MARKER)
        try:
            with rewriter.ip, operation.location:
                fn(op, rewriter)
        except Unsupported as e:
            created = _between(marker, operation)
            for new_op in reversed(created):
                new_op.erase()
            failures[op_key(operation)] = str(e)
            return True  # failure to match
        finally:
            marker.erase()
        return False
    return apply


_MARKER = "tcp_aot.pattern_start"


def _between(first: ir.Operation, last: ir.Operation) -> list[ir.Operation]:
    """The ops of a block after `first` and before `last`."""
    found, inside = [], False
    for candidate in first.block.operations:
        candidate = candidate.operation
        if candidate == last:
            return found
        if inside:
            found.append(candidate)
        inside = inside or candidate == first
    raise ValueError("op is not in its block")
