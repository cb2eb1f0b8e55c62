"""The transform schedules agree with the passes that mark ops for them."""

from __future__ import annotations

import re
from pathlib import Path

import tcp_aot.schedules
from tcp_aot.transforms import depthwise
from tcp_aot.transforms.parallel import ATTR, CHUNKS_ATTR, FROM_ZERO_ATTR, IMAGES_ATTR, SPLIT_DIMS, WITH_EPILOGUE_ATTR

SCHEDULES = Path(tcp_aot.schedules.__file__).parent


def test_the_parallel_schedule_splits_every_dim_mark_parallel_marks():
    """An op marked on a dim the schedule has no block for would run on one
    thread, with nothing to say so."""
    text = (SCHEDULES / "parallel.mlir").read_text()
    for attr in (ATTR, CHUNKS_ATTR):
        blocks = re.findall(rf'ops{{\["linalg.generic", "linalg.transpose"\]}} attributes{{{attr} = (\d+) : i64}}', text)
        dims = sorted(int(d) for d in blocks)
        assert dims == list(range(SPLIT_DIMS)), attr


def test_the_parallel_schedule_tiles_every_product_mark_parallel_marks():
    """Products are marked 0 (tiles of rows and columns) or 1 (tiles of
    whole rows), plain, zeroed by a fill or with an epilogue."""
    text = (SCHEDULES / "parallel.mlir").read_text()
    for attr in (ATTR, FROM_ZERO_ATTR, WITH_EPILOGUE_ATTR):
        blocks = re.findall(rf'ops{{\["linalg.matmul"\]}}\s+attributes{{{attr} = (\d+) : i64}}', text)
        assert sorted(int(d) for d in blocks) == [0, 1], attr


def test_the_parallel_schedule_splits_depthwise_convolutions_by_images_and_channels():
    text = (SCHEDULES / "parallel.mlir").read_text()
    assert re.search(rf'ops{{\["linalg.generic"\]}} attributes{{{IMAGES_ATTR} = 1 : i64}}', text)


def test_the_depthwise_schedule_tiles_and_vectorizes_every_tile_mark_depthwise_chooses():
    """A tile with no block would leave its convolution whole, unvectorized."""
    text = (SCHEDULES / "depthwise.mlir").read_text()
    for rows in (depthwise.ROWS, depthwise.SHORT_KERNEL_ROWS):
        for lanes in (depthwise.LANES, depthwise.NARROW_LANES):
            marked = rf'attributes{{{depthwise.ATTR} = array<i64: {rows}, {lanes}>}}'
            assert len(re.findall(marked, text)) == 2, (rows, lanes)  # tiled, then vectorized
            assert f"vector_sizes [1, 1, {rows}, {lanes}]" in text, (rows, lanes)
