"""interleave-long-chains: the innermost scalar loops whose body is a long
chain of dependent operations (an approximated transcendental is 25 to 60
of them) get `llvm.loop.interleave.count` (8) for LLVM's loop
vectorizer, which then runs that many vector iterations side by side.

LLVM interleaves only loops with a cheap body: it counts on out-of-order
execution to overlap the iterations of a big one. With chains this long the
core's scheduler holds one or two iterations and the FP pipes wait on
latency. Measured on AVX-512 (Zen 5, one thread), interleaved 1, 4 and 8
times: sigmoid(2x + 1) * tanh(x) on 1024 x 1024 f32 0.456, 0.383 and
0.383 ms; softmax over 1024, 256 rows, 0.106, 0.096 and 0.089 ms.
"""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir

from ..walk import collect


@dataclass(frozen=True)
class InterleaveOptions:
    min_chain: int = 16  # dependent ops in one iteration from which a loop is interleaved
    count: int = 8
    # A loop known to run fewer times gains nothing (the vector loop would not run).
    min_trip_count: int = 128


_NOT_COUNTED = {"arith.constant", "memref.load", "memref.store", "scf.yield"}


def interleave_long_chains(root: ir.Operation, *, options: InterleaveOptions = InterleaveOptions()) -> None:
    annotation = f"#llvm.loop_annotation<interleave = #llvm.loop_interleave<count = {options.count}>>"
    for loop in collect(root, lambda op: op.name == "scf.for"):
        trips = static_trip_count(loop)
        if (innermost_scalar(loop) and (trips is None or trips >= options.min_trip_count)
                and longest_chain(loop) >= options.min_chain):
            loop.attributes["loop_annotation"] = ir.Attribute.parse(annotation)


def longest_chain(loop: ir.Operation) -> int:
    """The most operations of the loop's body that depend on each other in
    sequence (an op holding regions counts as one step after its ops)."""
    depth: dict[ir.Value, int] = {}

    def visit(block: ir.Block) -> int:
        longest = 0
        for op in block.operations:
            op = op.operation
            inner = max((visit(b) for r in op.regions for b in r.blocks), default=0)
            own = 0 if op.name in _NOT_COUNTED else 1
            d = own + max([inner] + [depth.get(v, 0) for v in op.operands])
            for result in op.results:
                depth[result] = d
            longest = max(longest, d)
        return longest

    return visit(loop.regions[0].blocks[0])


def innermost_scalar(loop: ir.Operation) -> bool:
    """No loop inside and no vector value: code the MLIR schedules already
    vectorized is not LLVM's to interleave."""
    nested = collect(loop, lambda op: op != loop and op.name in ("scf.for", "scf.while", "scf.parallel"))
    vectors = collect(loop, lambda op: any(isinstance(r.type, ir.VectorType) for r in op.results))
    return not nested and not vectors


def static_trip_count(loop: ir.Operation) -> int | None:
    """How many times an scf.for runs, when its bounds and step are constants."""
    bounds = []
    for v in list(loop.operands)[:3]:
        owner = v.owner
        if isinstance(owner, ir.Block) or owner.operation.name != "arith.constant":
            return None
        bounds.append(ir.IntegerAttr(owner.attributes["value"]).value)
    lower, upper, step = bounds
    return max(0, -(-(upper - lower) // step))
