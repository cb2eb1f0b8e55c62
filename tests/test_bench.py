"""The benchmark apparatus: a program's bench.json from the workflow (a
small model and a TCP source, with short timings) and the report over
programs. Benchmarks are measured, never asserted against a threshold."""

from __future__ import annotations

import contextlib
import json
import math
import re
import subprocess
import sys
import time

import numpy as np
import pytest

from tcp_aot.bench.compile_cost import compile_stage_costs, program_compile_seconds, program_costs
from tcp_aot.bench.measure import Timing, fastest_of_rounds, time_calls
from tcp_aot.bench.outputs import OutputMismatch, compare_outputs
from tcp_aot.bench.peers import installed, prepare_peers
from tcp_aot.bench.library import table as library_table
from tcp_aot.bench.program import resized
from tcp_aot.bench.report import compile_costs, geometric_mean, table
from tcp_aot.errors import StageError
from workflow import copy_workflow, set_config, snakemake


def test_time_calls_takes_enough_calls_and_time():
    calls = []
    timing = time_calls(lambda: calls.append(1), min_calls=20, min_seconds=0.05, warmup_calls=2)
    assert timing.calls >= 20 and len(calls) == timing.calls + 2
    assert 0 <= timing.min_ms <= timing.median_ms <= timing.p90_ms


def test_a_disturbed_round_does_not_count():
    calm, disturbed = Timing(50, 1.0, 0.9, 1.1), Timing(50, 15.0, 0.9, 30.0)
    taken, settled = [], []
    rounds = {"a": iter([disturbed, calm]), "b": iter([calm, disturbed])}
    measures = {key: (lambda key=key: taken.append(key) or next(rounds[key])) for key in rounds}
    best = fastest_of_rounds(measures, 2, lambda: settled.append(1))
    assert best == {"a": calm, "b": calm}
    assert taken == ["a", "b", "a", "b"] and len(settled) == 4  # in turn, settling after each


def test_a_measure_disturbed_by_other_processes_is_retaken_and_a_quiet_one_preferred():
    quiet, busy = Timing(50, 2.0, 1.9, 2.1), Timing(50, 1.0, 0.9, 1.1, busy_elsewhere=1.0)
    rounds = {"a": iter([busy, busy, busy, quiet]), "b": iter([busy, quiet])}
    taken = []
    measures = {key: (lambda key=key: taken.append(key) or next(rounds[key])) for key in rounds}
    best = fastest_of_rounds(measures, 2, lambda: None)
    assert best == {"a": quiet, "b": quiet}
    assert taken == ["a", "b", "a", "b", "a", "a"]  # b was quiet in round 2; a retaken until quiet


def test_a_measure_disturbed_in_every_try_is_kept_and_says_so():
    busy = Timing(50, 1.0, 0.9, 1.1, busy_elsewhere=0.8)
    best = fastest_of_rounds({"a": lambda: busy}, 2, lambda: None)
    assert best["a"].disturbed and best["a"].as_dict()["busy_elsewhere"] == 0.8


def test_time_calls_sees_another_process_keeping_a_core_busy():
    neighbour = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.1)
        timing = time_calls(lambda: time.sleep(0.001), min_calls=5, min_seconds=0.5)
    finally:
        neighbour.kill()
    assert 0.5 < timing.busy_elsewhere <= 2.5 and timing.disturbed


@pytest.fixture(scope="module")
def benched(tmp_path_factory):
    workdir = copy_workflow(tmp_path_factory.mktemp("bench"))
    config = set_config(workdir, models={"two_outputs": "models.two_outputs.two_outputs_loader",
                                         "matmul_ranks": "models.matmul_ranks.matmul_ranks_loader",
                                         "mlp": "models.mlp.mlp_loader"},
                        tcp_sources={"basic_tcp_ops": {}})
    config["bench"].update(min_calls=5, min_seconds=0.05, peers=["aoti", "iree"])
    # mlp is its own "float32 original" (baselines): timed twice in each round.
    config["bench"]["library"] = {"min_calls": 3, "min_seconds": 0.05, "sizes": {"mlp": [[1], [5]]},
                                  "baselines": {"mlp": "mlp"},
                                  "targets": {"ratio": 100.0, "geometric_mean": 100.0, "fma_peak": {"mlp": 0.99},
                                              "of_baseline": {"mlp": 100.0}}}
    set_config(workdir, bench=config["bench"])
    run = snakemake(workdir, "-j2", "bench", "bench_library")
    assert run.returncode == 0, run.report
    return workdir


def test_a_model_is_timed_against_eager(benched):
    result = json.loads((benched / "results/two_outputs.bench.json").read_text())
    assert result["program"] == "two_outputs" and result["threads"] == [1, 2] and result["rounds"] == 2
    assert result["machine"]["cpu_model"] and result["machine"]["logical_cpus"] >= 1
    main = result["functions"]["func_main"]
    assert main["flop"] == 0  # no contraction, no convolution
    for n in ("1", "2"):
        t = main["timings"][n]
        assert t["ours"]["calls"] >= 5 and t["eager"]["calls"] >= 5
        assert math.isclose(t["ratio"], t["ours"]["median_ms"] / t["eager"]["median_ms"])


def test_a_model_is_timed_beside_the_peers_installed(benched):
    peers = json.loads((benched / "results/two_outputs.bench.json").read_text())["functions"]["func_main"]["peers"]
    for peer in ("aoti", "iree"):
        if not installed(peer):
            assert peers[peer] == {"status": "not installed"}
            continue
        assert peers[peer]["status"] == "ok", peers[peer]
        assert peers[peer]["compile_s"] > 0
        assert all(peers[peer]["timings"][n]["calls"] >= 5 for n in ("1", "2"))
    assert "| program | ours 1T | AOTInductor 1T | IREE 1T | ours 2T |" in (benched / "results/bench.md").read_text()


@pytest.mark.skipif(not installed("aoti"), reason="AOTInductor needs g++ (make bench-peers)")
def test_a_peer_that_cannot_compile_a_model_is_reported_not_raised():
    import torch

    class DataDependentBranch(torch.nn.Module):
        def forward(self, x):
            return x + 1 if x.sum() > 0 else x - 1

    x = np.ones((2, 3), np.float32)
    with contextlib.ExitStack() as workdirs:
        result, runners = prepare_peers(["aoti"], DataDependentBranch(), None, [torch.from_numpy(x)],
                                        [torch.from_numpy(x)], [x + 1], [1], 1e-5, 1e-6, workdirs)
    assert result["aoti"]["status"] == "failed" and runners == {}
    assert result["aoti"]["reason"].startswith("GuardOnDataDependentSymNode: ")


def test_a_model_reports_its_accuracy_against_eager(benched):
    accuracy = json.loads((benched / "results/matmul_ranks.bench.json").read_text())["functions"]["func_main"][
        "accuracy"]
    assert accuracy["rtol"] == 1e-5 and accuracy["atol"] == 1e-6
    assert 0 <= accuracy["atol_needed"] <= accuracy["atol"]  # it passed its test
    assert 0 < accuracy["max_abs"] < 1e-4 and accuracy["max_rel"] > 0  # sums in another order than eager's
    assert re.search(r"\| matmul_ranks \| [0-9.e-]+ \| [0-9.e-]+ \| 1e-05 \| 1e-06 \| [0-9.e-]+ \|",
                     (benched / "results/bench.md").read_text())


def test_accuracy_gives_the_atol_needed_at_the_rtol():
    want = np.array([1.0, -100.0, 0.0, np.nan], np.float32)
    got = np.array([1.5, -100.2, 1e-3, np.nan], np.float32)
    accuracy = compare_outputs([got], [want], rtol=1e-3, atol=0.6)
    assert accuracy.max_abs == pytest.approx(0.5)
    assert accuracy.max_rel == pytest.approx(0.5)  # 0.5 / 1.0; the 0 reference has no relative error
    assert accuracy.atol_needed == pytest.approx(0.5 - 1e-3)  # -100.2 needs 0.2 - 0.1
    with pytest.raises(OutputMismatch, match="output 0 differs from the reference in 1 of 4 elements"):
        compare_outputs([got], [want], rtol=1e-3, atol=0.4)


def test_contractions_report_gflops(benched):
    main = json.loads((benched / "results/matmul_ranks.bench.json").read_text())["functions"]["func_main"]
    # Multiply-adds of the contractions: v@b (5x3), x@b (2x4x5x3), x@y (4x2x4x5x3), mm (4x5x3), bmm
    # (2x4x5x3); v.w and a@w arrive as mul + sum.
    assert main["flop"] == 2 * (15 + 120 + 480 + 60 + 120)
    t = main["timings"]["1"]
    assert math.isclose(t["gflops"], main["flop"] / t["ours"]["median_ms"] / 1e6)


def test_a_tcp_source_times_every_function_without_eager(benched):
    result = json.loads((benched / "results/basic_tcp_ops.bench.json").read_text())
    assert len(result["functions"]) > 1
    for function in result["functions"].values():
        assert function["timings"]["1"]["eager"] is None and function["timings"]["1"]["ratio"] is None


def test_the_report_has_a_row_per_program_and_a_plot(benched):
    text = (benched / "results/bench.md").read_text()
    assert "| two_outputs |" in text and "| matmul_ranks |" in text and "| basic_tcp_ops @" in text
    # Each program's compile cost: seconds / peak MB per stage, the size of each file.
    row = next(line for line in text.splitlines() if line.startswith("| two_outputs | ") and " / " in line)
    assert re.search(r"\| \d+\.\d / \d+ \|", row) and " kB |" in row
    assert (benched / "results/bench.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_library_bench_times_a_model_on_inputs_of_other_sizes(benched):
    result = json.loads((benched / "results/mlp.bench_5.json").read_text())
    main = result["functions"]["func_main"]
    sample = json.loads((benched / "results/mlp.bench.json").read_text())["functions"]["func_main"]
    assert result["sizes"] == [5] and main["input_shapes"][0][0] == 5 and sample["input_shapes"][0][0] != 5
    assert main["flop"] > 0 and main["timings"]["1"]["ours"]["calls"] >= 3 and main["timings"]["1"]["eager"]
    assert result["peaks"]["fma_gflops"] > 0 and main["accuracy"]["max_abs"] < 1e-4
    text = (benched / "results/bench_library.md").read_text()
    assert "| mlp (1) | " in text and "| mlp (5) | " in text and "% peak 1T" in text
    assert "| mlp (1): ours / eager, 1 thread | " in text and " | ≤ 100.0 | yes |" in text
    assert re.search(r"\| mlp \(1\): fraction of the FMA peak, 1 thread \| 0\.\d\d \| ≥ 0\.99 \| no \|", text)
    assert result["baseline"] == "mlp"
    for n in ("1", "2"):
        t = main["timings"][n]
        assert t["baseline"]["calls"] >= 3
        assert math.isclose(t["of_baseline"], t["ours"]["median_ms"] / t["baseline"]["median_ms"])
    assert re.search(r"\| mlp \(5\) \| mlp \| [0-9.]+ \([0-9.]+\) \| [0-9.]+ \|", text)
    assert re.search(r"\| mlp \(1\): ours / ours on its float32 original, 1 thread \| [0-9.]+ \| ≤ 100\.0 \| yes \|",
                     text)
    assert (benched / "results/bench_library.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_inputs_are_cut_or_repeated_to_other_sizes():
    ids = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(resized(ids, [1]), [[0, 1, 2]])
    np.testing.assert_array_equal(resized(ids, [3, 5]), [[0, 1, 2, 0, 1], [3, 4, 5, 3, 4], [0, 1, 2, 0, 1]])
    with pytest.raises(StageError, match=r"an input of shape \[6\] has no dim 1 to make of size 2"):
        resized(np.arange(6), [6, 2])


def test_library_report_gives_fractions_of_the_peak_and_checks_its_targets():
    benches = []
    for sizes, ours, eager in (([1], 10.0, 5.0), ([8], 40.0, 50.0)):
        bench = _bench("net", ours, eager)
        bench["sizes"], bench["peaks"] = sizes, {"fma_gflops": 100.0, "bandwidth_gbs": 10.0}
        for n, t in bench["functions"]["func_main"]["timings"].items():
            t["gflops"] = 30.0 * int(n)
        bench["functions"]["func_main"]["peers"] = {
            "aoti": {"status": "ok", "compile_s": 1.0, "timings": {"1": {"median_ms": 8.0}, "2": {"median_ms": 2.0}}}}
        benches.append(bench)
    # The first sizes were timed beside a float32 original 4 times as slow.
    benches[0]["baseline"] = "net_f32"
    for n, t in benches[0]["functions"]["func_main"]["timings"].items():
        t["baseline"], t["of_baseline"] = {"median_ms": 40.0 / int(n)}, 0.25
    text = library_table(benches, {"sizes": {"net": [[1], [8]]},
                                   "targets": {"ratio": 1.0, "scaling": 0.55, "fma_peak": {"net": 0.25},
                                               "of_baseline": {"net": 0.2}}})
    assert "| model (inputs' leading dims) | ours 1T | eager 1T | AOTInductor 1T | ours 2T |" in text
    assert "| net (1) | 10.0 (2.00) | 5.000 | 8.000 (1.60) | 5.000 (1.00) | 5.000 | 2.000 (0.40) | 0.50 | 30.0 | 30% " in text
    assert "| net (1): ours / eager, 1 thread | 2.00 | ≤ 1.0 | no |" in text
    assert "| net (1): ours 2 threads / 1 thread | 0.50 | ≤ 0.55 | yes |" in text
    assert "| net (1): fraction of the FMA peak, 1 thread | 0.30 | ≥ 0.25 | yes |" in text
    assert "| net (1) | net_f32 | 10.0 (0.25) | 40.0 | 5.000 (0.25) | 20.0 |" in text
    assert "| net (8) | net_f32" not in text  # not timed beside it
    assert "| net (1): ours / ours on its float32 original, 1 thread | 0.25 | ≤ 0.2 | no |" in text
    assert "net (8)" not in text.split("| target |")[1]  # targets at the first sizes only
    assert "- 1 thread: ours at most the best peer's time on 0 of 1 models" in text


def _bench(program, ours, eager, threads=(1, 2)):
    timings = {str(n): {"ours": {"median_ms": ours / n}, "eager": {"median_ms": eager},
                        "ratio": ours / n / eager, "gflops": None} for n in threads}
    return {"program": program, "threads": list(threads), "functions": {"func_main": {"timings": timings}},
            "machine": {"cpu_model": "cpu", "logical_cpus": 2, "llvm_host_cpu": "x", "simd_flags": []}}


def test_report_targets_and_geometric_mean():
    benches = [_bench("a", 1.0, 2.0), _bench("b", 8.0, 2.0)]
    text = table(benches, {"a": 1.5}, {"real_models": ["a", "b"], "targets": {"a": {"ratio": 0.6, "scaling": 0.5},
                                                                               "b": {"ratio": 1.0}}})
    assert "| a | 1.000 | 2.000 | 0.50 | 0.500 | 2.000 | 0.25 | 0.50 |" in text
    assert "Geometric mean of the ratios over the 2 real models: 1.41 (1 thread), 0.71 (2 threads)" in text
    assert "| a: ours / eager, 1 thread | 0.50 | ≤ 0.6 | yes |" in text
    assert "| a: ours 2 threads / ours 1 thread | 0.50 | ≤ 0.5 | yes |" in text
    assert "| b: ours / eager, 1 thread | 4.00 | ≤ 1.0 | no |" in text
    assert geometric_mean([2.0, 8.0]) == pytest.approx(4.0)


def test_report_marks_times_taken_beside_a_busy_neighbour():
    bench = _bench("a", 1.0, 2.0)
    bench["functions"]["func_main"]["timings"]["2"]["ours"]["busy_elsewhere"] = 0.9
    text = table([bench, _bench("b", 1.0, 2.0)], {}, {})
    assert "| a | 1.000 | 2.000 | 0.50 | 0.500\\* | 2.000 | 0.25 | 0.50 |" in text
    assert "| b | 1.000 | 2.000 | 0.50 | 0.500 | 2.000 |" in text
    assert "\\* taken while other processes kept more than 0.5 of a core busy, in every try" in text
    assert "taken while" not in table([_bench("b", 1.0, 2.0)], {}, {})


def test_report_puts_peers_beside_ours_and_says_why_one_has_no_time():
    bench = _bench("a", 1.0, 2.0)
    bench["functions"]["func_main"]["peers"] = {
        "aoti": {"status": "ok", "compile_s": 9.0, "timings": {"1": {"median_ms": 0.5}, "2": {"median_ms": 0.05}}},
        "iree": {"status": "failed", "reason": "error: 'foo' op unsupported"}}
    text = table([bench, _bench("b", 1.0, 2.0)], {"a": 1.5}, {"real_models": ["a"]})
    assert "| program | ours 1T | AOTInductor 1T | IREE 1T | ours 2T | AOTInductor 2T | IREE 2T |" in text
    assert "| a | 1.000 (0.50) | 0.500 (0.25) | failed | 0.500 (0.25) | 0.0500 (0.03) | failed |" in text
    assert "| b | 1.000" not in text.split("Beside other compilers")[1]  # no peer ran b
    assert "- IREE on a: error: 'foo' op unsupported" in text
    assert ("AOTInductor over the 1 real models it ran: geometric mean of the ratios to eager 0.25 (1T), 0.03 (2T) "
            "(ours 0.50 (1T), 0.25 (2T)); compile time 9.0 s per model (ours 1.5 s)") in text


def test_report_gives_each_compile_stage(tmp_path):
    for stage, program, seconds in [("mlir_tcp", "a", 0.5), ("mlir_tcp", "b", 1.5), ("opt", "a", 0.25),
                                    ("npz", "a", 9.0)]:
        (tmp_path / stage).mkdir(exist_ok=True)
        (tmp_path / stage / f"{program}.tsv").write_text(f"s\tmax_rss\n{seconds}\t10\n")
    text = table([_bench("a", 1.0, 2.0), _bench("b", 1.0, 2.0)], program_compile_seconds(tmp_path), {},
                 compile_stage_costs(tmp_path))
    assert "| a | 1.000 | 2.000 | 0.50 | 0.500 | 2.000 | 0.25 | 0.50 | — | — | 0.8 |" in text
    assert "| mlir_tcp | 2 | 2.0 | 1.00 | 1.50 | b |" in text
    assert "| opt | 1 | 0.2 | 0.25 | 0.25 | a |" in text
    assert "| npz |" not in text  # the reference, not a compile stage


def test_report_gives_each_programs_compile_cost_by_size(tmp_path):
    benchmarks, results = tmp_path / "benchmarks", tmp_path / "results"
    results.mkdir()
    for program, weights, seconds in [("big", 5_000_000, 3.0), ("small", 2_000, 0.5)]:
        for stage in ("mlir_tcp", "opt"):
            (benchmarks / stage).mkdir(parents=True, exist_ok=True)
            (benchmarks / stage / f"{program}.tsv").write_text(f"s\tmax_rss\n{seconds}\t{weights / 1e5}\n")
        (results / f"{program}.weights").write_bytes(bytes(weights))
        (results / f"{program}.S").write_bytes(bytes(1500))
    lines = compile_costs(program_costs(benchmarks, results, ["big", "small"]))
    rows = [line for line in lines if line.startswith("| big") or line.startswith("| small")]
    assert rows == ["| small | 2.0 kB | 0.5 / 0 | 0.5 / 0 | 1.0 | — | 2.0 kB | — | — | — | 1.5 kB | — |",
                    "| big | 5.0 MB | 3.0 / 50 | 3.0 / 50 | 6.0 | — | 5.0 MB | — | — | — | 1.5 kB | — |"]


def test_the_fma_peak_loop_runs_on_the_widest_vectors(tmp_path):
    # clang's tuning for Intel server CPUs prefers 256-bit vectors: without
    # the flag the loop ran on ymm halves and read as half the zmm peak.
    from tcp_aot.bench import peak
    from tcp_aot.toolchain import resolve_target_cpu
    if "avx512f" not in open("/proc/cpuinfo").read():
        pytest.skip("this host has no AVX-512")
    source = tmp_path / "fma.c"
    source.write_text(peak._FMA)
    cpu = resolve_target_cpu("llc-22", "host")
    assembly = subprocess.run(["clang-22", *peak.clang_flags(cpu), "-S", str(source), "-o", "-"],
                              capture_output=True, text=True, check=True).stdout
    fmas = re.findall(r"vfmadd\w+\s+%(\w)mm", assembly)
    assert fmas and set(fmas) == {"z"}
