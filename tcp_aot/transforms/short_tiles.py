"""short-tile-first: a parallel loop whose last tile is short runs it first.

Tiling n columns by 128 (schedules/parallel.mlir) leaves a short last tile
when 128 does not divide n: MobileNetV3's 28 x 28 products split their 784
columns in 6 tiles of 128 and one of 16. OpenMP's static schedule gives
each thread a contiguous range of iterations, and the first n mod T
threads one more than the rest, so on 2 threads the first took tiles 0-3
(512 columns) and the second tiles 4-6 (272). Rotating the iterations by
one, iteration 0 running the last tile and iteration i tile i - 1, hands
the short tile to a thread that has an extra iteration: 400 and 384
columns. On any thread count no thread gets more work than before. Tiles
keep their offsets (the register tiles' alignment); only the order changes.

Runs on a single-dim scf.forall with a static trip count, where a size the
body clamps with affine.min (the tile's extent) is smaller in the last
iteration than in the first: after the schedules, before
scf-forall-to-parallel.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import affine

from ..linalg_builders import DYNAMIC
from ..walk import collect
from .sequential_tiles import ATTR as SEQUENTIAL


def short_tile_first(root: ir.Operation) -> None:
    for forall in collect(root, lambda op: op.name == "scf.forall" and SEQUENTIAL not in op.attributes):
        trips = _trip_count(forall.opview)
        if trips is not None and trips > 1 and _last_tile_short(forall.opview, trips):
            _rotate(forall.opview, trips)


def _trip_count(forall) -> int | None:
    lower, upper, step = (list(b) for b in (forall.staticLowerBound, forall.staticUpperBound, forall.staticStep))
    if len(upper) != 1 or DYNAMIC in (lower + upper + step):
        return None
    return (upper[0] - lower[0] + step[0] - 1) // step[0]


def _last_tile_short(forall, trips: int) -> bool:
    """Some affine.min of the induction variable alone (a tile's extent) is
    smaller in the last iteration than in the first."""
    iv = forall.induction_variables[0]
    lower, step = forall.staticLowerBound[0], forall.staticStep[0]
    for use in iv.uses:
        op = use.owner.operation
        if op.name != "affine.min" or len(op.operands) != 1:
            continue
        extent = ir.AffineMapAttr(op.attributes["map"]).value
        first = _evaluate(extent, lower)
        last = _evaluate(extent, lower + (trips - 1) * step)
        if first is not None and last is not None and last < first:
            return True
    return False


def _evaluate(extent: ir.AffineMap, x: int) -> int | None:
    """The min of a one-dim map's results at x; None if one uses a symbol."""
    values = [_expr(e, x) for e in extent.results]
    return None if None in values else min(values)


def _expr(e: ir.AffineExpr, x: int) -> int | None:
    if isinstance(e, ir.AffineConstantExpr):
        return e.value
    if isinstance(e, ir.AffineDimExpr):
        return x
    operations = {ir.AffineAddExpr: lambda a, b: a + b, ir.AffineMulExpr: lambda a, b: a * b,
                  ir.AffineModExpr: lambda a, b: a % b, ir.AffineFloorDivExpr: lambda a, b: a // b,
                  ir.AffineCeilDivExpr: lambda a, b: -(-a // b)}
    if type(e) not in operations:
        return None  # a symbol
    lhs, rhs = _expr(e.lhs, x), _expr(e.rhs, x)
    return None if lhs is None or rhs is None else operations[type(e)](lhs, rhs)


def _rotate(forall, trips: int) -> None:
    """Iteration i runs what iteration (i - 1) mod trips did."""
    iv = forall.induction_variables[0]
    lower, step = forall.staticLowerBound[0], forall.staticStep[0]
    d0 = ir.AffineDimExpr.get(0)
    # i -> lower + ((i - lower) / step + trips - 1) mod trips * step
    index = ir.AffineExpr.get_floor_div(d0 - lower, step)
    rotated = ir.AffineMap.get(1, 0, [(index + (trips - 1)) % trips * step + lower])
    with ir.InsertionPoint.at_block_begin(forall.body), forall.location:
        tile = affine.AffineApplyOp(rotated, [iv])
    iv.replace_all_uses_except(tile.result, tile.operation)
