"""mark-parallel: which linalg ops run on several threads. An op runs in
parallel when it does enough work to pay for waking the threads (at least
ParallelOptions.min_work iterations times the ops of one, min_product_work
iterations for a product, min_vector_product_work for a matrix times a
vector): decided at compile time when its shape is
static, else at run time, by an scf.if
between a copy that runs in parallel and one that does not (generics, and
transposes: BERT-base's copies of its attention heads, 3 % of its call,
took as long on two threads as on one). The parallel copy gets an
attribute naming the loop dim to split among threads, which
schedules/parallel.mlir tiles with scf.forall: `tcp_aot.parallel = d`
splits dim d one iteration at a time (the dims inside stay whole, so LLVM
still vectorizes the innermost one); a depthwise convolution's channels,
`tcp_aot.parallel_images = 1`, with its images (dim 0) split too, so that
no loop over images wraps the register tiles of each thread's channel
(schedules/depthwise.mlir; LLVM hoisted the address of each of their
hundreds of loads out of it, and spilled them); `tcp_aot.parallel_chunks = d` splits
the innermost dim d, when no other is worth splitting, into pieces of 4096
iterations. A matrix product is marked `tcp_aot.parallel = d` unless its
static output is a single tile: the schedule splits it by tiles of its
output, its dims from d on into PRODUCT_TILE pieces and those before d
whole (`tcp_aot.parallel_from_zero = d` when the linalg.fill of its init
zeroes it: the schedule moves the fill into the tiles, which are zeroed
while in cache); one with an epilogue (epilogues.py) is marked
`tcp_aot.parallel_with_epilogue = d` instead: the schedule splits the
epilogue by those tiles and fuses the product and its fill into each, and
the epilogue is not split on its own. d is 0 (tiles of rows and columns)
unless tiles of whole rows, d = 1, share the work more evenly among
threads (_product_split_dim). Only parallel dims are split, never a sum, so results do
not depend on the thread count. An op whose body checks its values (a
gather's index check) stays on the calling thread: a failed check ends a
status-returning call there (runtime_errors.py), which a worker thread
could not do.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from torch_mlir import ir
from torch_mlir.dialects import arith, scf, tensor

from ..walk import collect, defining_op
from .depthwise import ATTR as DEPTHWISE_ATTR
from .epilogues import epilogue_of, finishes_a_product, zeroed_by_fill
from .runtime_errors import failure_status


@dataclass(frozen=True)
class ParallelOptions:
    """Below this many loop iterations (of a generic, times the ops of one),
    one thread is faster than waking others (a parallel region costs 0.5 to
    2 us on 2 threads here). Small ops are still worth splitting: one the
    calling thread runs alone reads and writes memory that the other
    thread's cache holds from the ops before (split among threads), and
    each line it takes over costs a transfer between cores. EfficientNet-B0's
    squeeze-and-excitation scale at 7 x 7 (1152 x 49 values) took 7 us on
    1 thread and 27 to 36 us on the calling thread of 2; 2^16 -> 2^12:
    EfficientNet-B0 -3 % at 2 threads, MobileNetV3-large -1.3 %, neither
    slower at 1 thread; 2^10 gained nothing more. A product's iteration is
    one FMA, a fraction of a cycle in the register-tiled kernel:
    at 2^16, the kernel-offset products of small convolutions ran slower on
    2 threads than on 1 (unet_small 0.68 against 0.64 ms; 0.57 and 0.56 ms
    at 2^18). A matrix times a vector (one static row or column of output)
    reads an element of its matrix per FMA, bound by memory as an
    elementwise op is: min_vector_product_work, which splits the
    squeeze-and-excitation products of MobileNetV3-large and
    EfficientNet-B0 at batch 1 (960 x 240 to 1152 x 48 weights: 0.4 ms of
    MobileNetV3-large's call on one thread, as long on two; -1.3 to -3.4 %
    of its time at 2 threads, EfficientNet-B0 -1.2 %)."""

    min_work: int = 1 << 12
    min_product_work: int = 1 << 18
    min_vector_product_work: int = 1 << 15


# The output tile schedules/parallel.mlir gives each thread of a product.
PRODUCT_TILE = 128
# schedules/parallel.mlir splits loop dims 0 to SPLIT_DIMS - 1: no op is
# marked on another (it would match nothing and run on one thread).
SPLIT_DIMS = 6

ATTR = "tcp_aot.parallel"
IMAGES_ATTR = "tcp_aot.parallel_images"
CHUNKS_ATTR = "tcp_aot.parallel_chunks"
FROM_ZERO_ATTR = "tcp_aot.parallel_from_zero"
WITH_EPILOGUE_ATTR = "tcp_aot.parallel_with_epilogue"
_MARKS = (ATTR, IMAGES_ATTR, CHUNKS_ATTR, FROM_ZERO_ATTR, WITH_EPILOGUE_ATTR)
_PARALLEL = "#linalg.iterator_type<parallel>"
# The products' loops (m, n, k) and (b, m, n, k), as each operand reads them.
_MATMUL_MAPS = {"linalg.matmul": [(0, 2), (2, 1), (0, 1)], "linalg.batch_matmul": [(0, 1, 3), (0, 3, 2), (0, 1, 2)]}
_MATMULS = tuple(_MATMUL_MAPS)


def mark_parallel(root: ir.Operation, *, options: ParallelOptions = ParallelOptions()) -> None:
    # An epilogue goes with its product (which may move it into an scf.if).
    ops = [op for op in collect(root, lambda o: o.name in ("linalg.generic", "linalg.transpose") or o.name in _MATMULS)
           if not finishes_a_product(op)]
    for op in ops:
        if _inside_parallel_code(op) or _checks_values(op):
            continue
        loops = _loops(op)
        if loops is None:
            continue
        ranges, parallel_dims = loops
        # Products are split by tiles of their output whatever their shape.
        dim = _product_split_dim(op.name, ranges) if op.name in _MATMULS else _split_dim(ranges, parallel_dims)
        if dim is None or (op.name in _MATMULS and _output_tiles(ranges, parallel_dims) == 1):
            continue
        mark = (CHUNKS_ATTR if dim == len(ranges) - 1 and op.name not in _MATMULS else ATTR, _i64(dim))
        if epilogue_of(op) is not None:
            mark = (WITH_EPILOGUE_ATTR, _i64(dim))
        elif dim == 1 and DEPTHWISE_ATTR in op.attributes:
            mark = (IMAGES_ATTR, _i64(dim))
        elif op.name == "linalg.matmul" and zeroed_by_fill(op):
            mark = (FROM_ZERO_ATTR, _i64(dim))
        # Iterations enough to be worth the threads: the work over the ops of one.
        enough = (_product_work(ranges, options) if op.name in _MATMULS
                  else -(-options.min_work // _ops_per_iteration(op)))
        if all(isinstance(r, int) for r in ranges):
            if math.prod(ranges) >= enough:
                op.attributes[mark[0]] = mark[1]
            continue
        _choose_at_run_time(op, ranges, mark, enough)


def _product_work(ranges: list, options: ParallelOptions) -> int:
    """The iterations a product (loops [batch,] rows, columns, sum) needs
    to be worth threads."""
    vector = any(isinstance(r, int) and r == 1 for r in ranges[-3:-1])
    return options.min_vector_product_work if vector else options.min_product_work


def _ops_per_iteration(op: ir.Operation) -> int:
    """The ops a generic's body computes (at least 1, a copy's): a
    depthwise convolution's iteration sums 25 products, and EfficientNet-B0's
    of 1152 channels of 7 x 7 (56448 iterations) ran on one thread."""
    if op.name != "linalg.generic":
        return 1
    body = op.regions[0].blocks[0].operations
    return max(1, sum(1 for o in body if o.name not in ("linalg.yield", "arith.constant")))


def _output_tiles(ranges: list, parallel_dims: list[int]) -> int | None:
    """How many tiles schedules/parallel.mlir cuts a product's output into
    (one matrix of a batch into PRODUCT_TILE x PRODUCT_TILE ones), or None
    when a dim is dynamic. A product of one tile would be one thread's work
    in a parallel region the others only wait through."""
    *batch, rows, cols = [ranges[d] for d in parallel_dims]
    if not all(isinstance(r, int) for r in (*batch, rows, cols)):
        return None
    return math.prod(batch) * math.ceil(rows / PRODUCT_TILE) * math.ceil(cols / PRODUCT_TILE)


def _product_split_dim(name: str, ranges: list) -> int:
    """0 (tiles of rows and columns) or, for a linalg.matmul of static
    columns whose whole rows share its work more evenly among 2 to 4
    threads, 1 (tiles of whole rows). OpenMP gives each thread a run of
    consecutive tiles, row of tiles after row of tiles: ViT-B/16's 197
    tokens made tiles 128 and 69 rows high, and one of 2 threads all the
    first (0.65 of the work). Rows known only at run time are weighed by
    the mean over 1 to 1024 of them."""
    rows, cols = ranges[0], ranges[1]
    if name != "linalg.matmul" or not isinstance(cols, int):
        return 0
    whole = unevenness(_pieces(cols, PRODUCT_TILE))
    tiled = _tiled_unevenness(rows, cols) if isinstance(rows, int) else _mean_tiled_unevenness(cols)
    return 1 if whole < 0.97 * tiled else 0


def product_unevenness(rows: int, cols: int) -> float:
    """The unevenness of the split this pass gives a static rows x cols
    product: tiles of rows and columns, or of whole rows, the more even."""
    return min(_tiled_unevenness(rows, cols), unevenness(_pieces(cols, PRODUCT_TILE)))


def _tiled_unevenness(rows: int, cols: int) -> float:
    return unevenness([r * c for r in _pieces(rows, PRODUCT_TILE) for c in _pieces(cols, PRODUCT_TILE)])


@functools.cache
def _mean_tiled_unevenness(cols: int) -> float:
    if math.ceil(cols / PRODUCT_TILE) >= 16:
        return math.inf  # whole rows are within 1/8 of even, whatever the rows
    return sum(_tiled_unevenness(rows, cols) for rows in range(1, 1025)) / 1024


def _pieces(size: int, tile: int) -> list[int]:
    return [min(tile, size - start) for start in range(0, size, tile)]


def unevenness(work: list[int]) -> float:
    """How much longer than an even share the busiest of 2, 3 and 4 threads
    works (3.0: even), each thread taking a run of consecutive tiles, as
    many as the others or one more (OpenMP's static schedule)."""
    total = sum(work)
    total_unevenness = 0.0
    for threads in (2, 3, 4):
        each, extra = divmod(len(work), threads)
        start, largest = 0, 0
        for t in range(threads):
            count = each + (t < extra)
            largest = max(largest, sum(work[start:start + count]))
            start += count
        total_unevenness += largest * threads / total
    return total_unevenness


def _i64(n: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), n)


def _checks_values(op: ir.Operation) -> bool:
    return bool(collect(op, lambda o: failure_status(o) is not None))


def _inside_parallel_code(op: ir.Operation) -> bool:
    """Whether op is in the parallel copy of an op (_choose_at_run_time) or
    in an scf.forall (a convolution's blocks of rows, conv-to-matmul)."""
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.forall" or parent.name == "scf.if" and any(m in parent.attributes for m in _MARKS):
            return True
        parent = parent.parent
    return False


def _loops(op: ir.Operation) -> tuple[list[ir.Value | int], list[int]] | None:
    """Each loop's range (an int, or the tensor.dim giving it, created before
    `op`) and which loops are parallel, or None when a range is not the size
    of an operand's dim."""
    if op.name == "linalg.generic":
        maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
        parallel = [i for i, it in enumerate(ir.ArrayAttr(op.attributes["iterator_types"])) if str(it) == _PARALLEL]
    elif op.name == "linalg.transpose":
        # Its loops are its output's dims: output dim i reads input dim permutation[i].
        permutation = list(ir.DenseI64ArrayAttr(op.attributes["permutation"]))
        reads = [permutation.index(d) for d in range(len(permutation))]
        maps = [ir.AffineMap.get(len(permutation), 0, [ir.AffineDimExpr.get(i) for i in reads]),
                ir.AffineMap.get_identity(len(permutation))]
        parallel = list(range(len(permutation)))
    else:
        operand_dims = _MATMUL_MAPS[op.name]
        n_loops = 1 + max(max(dims) for dims in operand_dims)
        maps = [ir.AffineMap.get(n_loops, 0, [ir.AffineDimExpr.get(d) for d in dims]) for dims in operand_dims]
        parallel = list(range(maps[0].n_dims - 1))  # every dim but the contracted one
    ranges: list[ir.Value | int | None] = [None] * maps[0].n_dims
    for operand, amap in zip(op.operands, maps):
        t = operand.type
        if not isinstance(t, ir.RankedTensorType):
            continue
        t = ir.RankedTensorType(t)
        for position, expr in enumerate(amap.results):
            if not isinstance(expr, ir.AffineDimExpr) or ranges[expr.position] is not None:
                continue
            if not t.is_dynamic_dim(position):
                ranges[expr.position] = t.shape[position]
            else:
                with ir.InsertionPoint(op), op.location:
                    index = arith.ConstantOp(ir.IndexType.get(), position).result
                    ranges[expr.position] = tensor.DimOp(operand, index).result
    if any(r is None for r in ranges):
        return None
    return ranges, parallel


def _split_dim(ranges: list, parallel_dims: list[int]) -> int | None:
    """The loop to split, among the first SPLIT_DIMS: an outer one (LLVM
    vectorizes along the innermost) that is static with at least 8
    iterations, else dynamic, else static with more than one; else the
    innermost if it has more than one."""
    innermost = len(ranges) - 1
    parallel_dims = [d for d in parallel_dims if d < SPLIT_DIMS]
    outer = [d for d in parallel_dims if d != innermost]
    for good in (lambda r: isinstance(r, int) and r >= 8, lambda r: not isinstance(r, int),
                 lambda r: isinstance(r, int) and r > 1):
        for d in outer:
            if good(ranges[d]):
                return d
    if innermost in parallel_dims and ranges[innermost] != 1:
        return innermost
    return None


def _choose_at_run_time(op: ir.Operation, ranges: list, mark: tuple[str, ir.Attribute], enough: int) -> None:
    """scf.if (work >= enough) { op, split among threads } else { op }, a
    product's epilogue with it in both."""
    epilogue = epilogue_of(op)
    last = op if epilogue is None else epilogue
    fill = defining_op(op.operands[len(op.operands) - 1]) if op.name in _MATMULS and zeroed_by_fill(op) else None
    # At the last op: an epilogue's other inputs may be computed after the product.
    with ir.InsertionPoint(last), op.location:
        work = arith.ConstantOp(ir.IndexType.get(), math.prod(r for r in ranges if isinstance(r, int))).result
        for r in ranges:
            if not isinstance(r, int):
                work = arith.MulIOp(work, r).result
        threshold = arith.ConstantOp(ir.IndexType.get(), enough).result
        worth = arith.CmpIOp(arith.CmpIPredicate.sge, work, threshold).result
        choice = scf.IfOp(worth, [r.type for r in last.results], has_else=True)
        choice.operation.attributes[mark[0]] = mark[1]
        for block, parallel in ((choice.then_block, True), (choice.else_block, False)):
            with ir.InsertionPoint(block):
                # Each copy its own fill, for the schedule to move into its tiles.
                zero = fill.clone().results[0] if fill is not None else None
                copy = op.clone()
                if zero is not None:
                    copy.operands[len(copy.operands) - 1] = zero
                if parallel:
                    copy.attributes[mark[0]] = mark[1]
                if epilogue is not None:
                    finished = epilogue.clone()
                    at = next(i for i, v in enumerate(epilogue.operands) if v == op.results[0])
                    finished.operands[at] = copy.results[0]
                    copy = finished
                scf.YieldOp(list(copy.results))
    for old, new in zip(last.results, choice.results):
        old.replace_all_uses_with(new)
    if epilogue is not None:
        epilogue.erase()
    op.erase()
    if fill is not None:
        fill.erase()
