# Benchmarks (not part of the default target): `snakemake bench` times every
# program against eager PyTorch and writes the report; one program's timing
# is results/NAME.bench.json. It includes `snakemake bench_library`, which
# times the library models at their real size on inputs of other sizes
# (config.yaml's bench.library): results/NAME.bench_SIZES.json, e.g.
# bert_base.bench_1x128.json, and results/bench_library.md.
# A benchmark job takes the cores it times with (config.yaml's bench.threads):
# with `-j` that many, it runs alone.


rule bench_program:
    input:
        unpack(bench_inputs),
        script="scripts/bench.py",
        code=code("bench"),
    output:
        "results/{name}.bench.json",
    log:
        "logs/bench_program/{name}.log",
    benchmark:
        "benchmarks/bench_program/{name}.tsv"
    threads: config["bench"]["threads"]
    params:
        flags=bench_flags,
        installed_peers=installed_peers,
    resources:
        mem_mb=memory("bench_program"),
    shell:
        "python {input.script} --name {wildcards.name} --so {input.so} --tcp-mlir {input.tcp_mlir}"
        " --npz {input.npz} --toolchain {input.toolchain} {params.flags} --output {output} --log {log}"


rule bench:
    input:
        results=expand("results/{name}.bench.json", name=PROGRAMS),
        # Not read by this report: `snakemake bench` also times the library
        # models at their real size (rule bench_library, below).
        library="results/bench_library.md",
        script="scripts/bench_report.py",
        code=code("bench_report"),
    output:
        table=report("results/bench.md", caption="../docs/bench_caption.rst", category="Benchmark"),
        plot=report("results/bench.png", caption="../docs/bench_caption.rst", category="Benchmark"),
    log:
        "logs/bench/bench.log",
    benchmark:
        "benchmarks/bench/bench.tsv"
    params:
        # The bench section as the workflow sees it, --configfile and --config included.
        bench_config=json.dumps(config["bench"]),
    shell:
        "python {input.script} --name bench --results results --benchmarks benchmarks"
        " --bench-config {params.bench_config:q} --output {output.table} --plot {output.plot} --log {log}"


rule bench_library_program:
    input:
        unpack(library_bench_inputs),
        script="scripts/bench.py",
        code=code("bench"),
    output:
        "results/{name}.bench_{sizes}.json",
    wildcard_constraints:
        sizes=r"[0-9]+(x[0-9]+)*",
    log:
        "logs/bench_library_program/{name}_{sizes}.log",
    benchmark:
        "benchmarks/bench_library_program/{name}_{sizes}.tsv"
    threads: config["bench"]["threads"]
    params:
        flags=library_bench_flags,
        installed_peers=installed_peers,
    resources:
        mem_mb=memory("bench_program"),
    shell:
        "python {input.script} --name {wildcards.name} --so {input.so} --tcp-mlir {input.tcp_mlir}"
        " --npz {input.npz} --toolchain {input.toolchain} {params.flags} --output {output} --log {log}"


rule bench_library:
    input:
        results=library_benches(),
        script="scripts/bench_report.py",
        code=code("bench_report"),
    output:
        table=report("results/bench_library.md", caption="../docs/bench_caption.rst", category="Benchmark"),
        plot=report("results/bench_library.png", caption="../docs/bench_caption.rst", category="Benchmark"),
    log:
        "logs/bench_library/bench_library.log",
    benchmark:
        "benchmarks/bench_library/bench_library.tsv"
    params:
        bench_config=json.dumps(config["bench"]),
    shell:
        "python {input.script} --name bench_library --library {input.results} --bench-config {params.bench_config:q}"
        " --output {output.table} --plot {output.plot} --log {log}"
