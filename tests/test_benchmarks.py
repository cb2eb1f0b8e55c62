"""The stage-cost report built from Snakemake's benchmark files."""

from tcp_aot.bench.compile_cost import report, stage_costs

HEADER = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"


def test_report_sums_each_stage(tmp_path):
    for stage, program, seconds, rss in [("npz", "a", 2.5, 300.0), ("npz", "b", 1.0, 250.0),
                                         ("so", "a", 0.25, 8.0)]:
        (tmp_path / stage).mkdir(exist_ok=True)
        (tmp_path / stage / f"{program}.tsv").write_text(HEADER + f"{seconds}\t0:00:02\t{rss}\t1\t1\t1\t0\t0\t50\t1\n")
    costs = stage_costs(tmp_path)
    assert [(c.stage, c.jobs, c.total_s, c.slowest, c.peak_rss_mb) for c in costs] == [
        ("npz", 2, 3.5, "a", 300.0), ("so", 1, 0.25, "a", 8.0)]
    lines = report(costs).splitlines()
    assert lines[1].split() == ["npz", "2", "3.5", "2.50", "300", "a"]
    assert lines[-1].split() == ["all", "3", "3.8"]
