"""mark-depthwise-convolutions: a depthwise convolution (tcp-to-linalg's
elementwise generic over [N, C, H, W] that sums one window times one
per-channel weight per kernel offset, with the bias and activation that
elementwise fusion merged into it) of static width gets the attribute
`tcp_aot.depthwise_tile = array<i64: R, L>`: schedule-depthwise
(schedules/depthwise.mlir) cuts it into tiles of R rows by L columns of
one image's channel and vectorizes each: the tile's R vectors of sums stay
in registers over the kernel's offsets, each weight is broadcast once per
tile, and the epilogue finishes the sums before they are stored.
mark-parallel then splits it among threads by images and channels.

Left to LLVM's loop vectorizer, each row was a loop of its own that
reloaded the channel's spilled weights, and a row of 7 or 14 was one
masked vector: EfficientNet-B0's 5 x 5 convolution of 1152 channels of
7 x 7 with its SiLU ran at 5 GFLOP/s.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import tensor

from ..linalg_builders import depthwise_register_tiles
from ..walk import collect, is_elementwise
from .loop_groups import operand_dims

ATTR = "tcp_aot.depthwise_tile"

# Lanes of a vector register (f32 on AVX-512); rows of at most NARROW_LANES
# take vectors of that many (AVX2's), which do as many FMAs per cycle.
LANES = 16
NARROW_LANES = 8
# Rows of a tile: 8 vectors of sums over many kernel offsets, 4 over at most
# SHORT_KERNEL, whose epilogue (a SiLU's exponential and division) then
# weighs more than the sums and needs the registers.
ROWS = 8
SHORT_KERNEL_ROWS = 4
SHORT_KERNEL = 9


def mark_depthwise_convolutions(root: ir.Operation) -> None:
    for op in collect(root, is_depthwise_convolution):
        inputs = _input_dims(op)
        result = ir.RankedTensorType(op.results[0].type)
        if not depthwise_register_tiles(result, inputs.count([0, 1, 2, 3])):
            continue
        width = result.shape[3]
        lanes = NARROW_LANES if width <= NARROW_LANES else LANES
        rows = SHORT_KERNEL_ROWS if inputs.count([1]) <= SHORT_KERNEL else ROWS
        op.attributes[ATTR] = ir.DenseI64ArrayAttr.get([rows, lanes])
        _read_channel_values_by_channel(op, inputs)


def _read_channel_values_by_channel(op: ir.Operation, inputs: list[list[int | None]]) -> None:
    """Each [1, C, 1, 1] input read as (0, c, 0, 0) (the bias) becomes a [C]
    input read at c, as the weights are: the vectorizer then loads it once
    and broadcasts it (read as 4-D, it became a loop inserting one lane at a
    time, a fifth of the convolution's time)."""
    maps = list(op.opview.indexing_maps)
    for i, (value, dims) in enumerate(zip(op.opview.inputs, inputs)):
        if dims != [None, 1, None, None]:
            continue
        t = ir.RankedTensorType(value.type)
        with ir.InsertionPoint(op), op.location:
            flat_t = ir.RankedTensorType.get([t.shape[1]], t.element_type)
            op.operands[i] = tensor.CollapseShapeOp(flat_t, value, [[0, 1, 2, 3]]).result
        maps[i] = ir.AffineMapAttr.get(ir.AffineMap.get(4, 0, [ir.AffineDimExpr.get(1)]))
    op.attributes["indexing_maps"] = ir.ArrayAttr.get(maps)


def is_depthwise_convolution(op: ir.Operation) -> bool:
    """An elementwise generic of one float result over [N, C, H, W] that sums
    windows times per-channel weights, as tcp-to-linalg builds it: at least
    two inputs read whole (a window each) and two read by channel (a column
    of weights each)."""
    if not is_elementwise(op) or len(op.results) != 1:
        return False
    result = ir.RankedTensorType(op.results[0].type)
    if result.rank != 4 or not isinstance(result.element_type, ir.FloatType):
        return False
    inputs = _input_dims(op)
    return inputs is not None and inputs.count([0, 1, 2, 3]) >= 2 and inputs.count([1]) >= 2


def _input_dims(op: ir.Operation) -> list[list[int | None]] | None:
    """The loop each dim of each input reads (operand_dims), or None."""
    dims = operand_dims(op)
    return None if dims is None else dims[:len(op.opview.inputs)]
