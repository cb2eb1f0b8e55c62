"""The transform schedules agree with the passes that mark ops for them."""

from __future__ import annotations

import re
from pathlib import Path

import tcp_aot.schedules
from tcp_aot.transforms.parallel import ATTR, CHUNKS_ATTR, SPLIT_DIMS

SCHEDULES = Path(tcp_aot.schedules.__file__).parent


def test_the_parallel_schedule_splits_every_dim_mark_parallel_marks():
    """An op marked on a dim the schedule has no block for would run on one
    thread, with nothing to say so."""
    text = (SCHEDULES / "parallel.mlir").read_text()
    for attr in (ATTR, CHUNKS_ATTR):
        blocks = re.findall(rf'ops{{\["linalg.generic", "linalg.transpose"\]}} attributes{{{attr} = (\d+) : i64}}', text)
        dims = sorted(int(d) for d in blocks)
        assert dims == list(range(SPLIT_DIMS)), attr
