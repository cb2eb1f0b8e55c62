"""The memory each rule declares (tcp_aot/resources.py): estimated from its
inputs' sizes, at least the peak of its last run, and declared by every
stage's rule, so that `snakemake --resources mem_mb=N` never starts jobs
that together need more than N."""

from __future__ import annotations

import re

from tcp_aot.resources import STAGES, mem_mb


def test_estimates_grow_with_the_weights_and_code_read(tmp_path):
    weights, code = tmp_path / "m.weights", tmp_path / "m.tcp.mlir"
    weights.write_bytes(bytes(100 << 20))
    code.write_text("x" * (1 << 20))
    base = STAGES["mlir_tcp"][0]
    assert mem_mb("mlir_tcp", [str(tmp_path / "missing.weights")]) == base
    assert mem_mb("mlir_tcp", [str(weights), str(code), "scripts/mlir_tcp.py"]) == base + 200 + 40
    assert mem_mb("mlir_llvm", [str(weights), str(code)]) == STAGES["mlir_llvm"][0] + 40  # it reads no data


def test_the_last_run_peak_raises_an_estimate(tmp_path):
    benchmark = tmp_path / "m.tsv"
    benchmark.write_text("s\th:m:s\tmax_rss\tmax_vms\n12.5\t0:00:12\t9000.5\t12000\n")
    assert mem_mb("mlir_torch", [], str(benchmark)) == 9901
    assert mem_mb("mlir_torch", [], str(tmp_path / "none.tsv")) == STAGES["mlir_torch"][0]


def test_every_stage_rule_declares_its_memory(root):
    rules = {}
    for smk in (root / "rules").glob("*.smk"):
        for block in re.split(r"(?m)^(?=rule )", smk.read_text()):
            m = re.match(r"rule (\w+):", block)
            if m:
                rules[m.group(1)] = block
    for stage in STAGES:
        assert f'mem_mb=memory("{stage}")' in rules[stage], stage
