# The per-kernel profile, on demand (`snakemake results/foo.profile.md`; not
# in the default target): a build of the program with a timer around each
# kernel (results/foo.profile.so; the default .so has none), called on its
# reference inputs with 1 thread and with bench.threads, and where the time
# goes, kernel by kernel. A profile job takes the cores it times with.


rule profile:
    input:
        tcp_mlir="results/{name}.tcp.mlir",
        weights="results/{name}.weights",
        npz="results/{name}.npz",
        toolchain="results/toolchain.json",
        script="scripts/kernel_profile.py",
        code=code("profile"),
    output:
        md="results/{name}.profile.md",
        plot="results/{name}.profile.png",
        so="results/{name}.profile.so",
    log:
        "logs/profile/{name}.log",
    benchmark:
        "benchmarks/profile/{name}.tsv"
    threads: config["bench"]["threads"]
    params:
        opt_level=config["toolchain"]["opt_level"],
        threads=config["bench"]["threads"],
        min_calls=config["bench"]["min_calls"],
        min_seconds=config["bench"]["min_seconds"],
        source_flag=lambda wildcards: "" if is_model(wildcards.name) else "--tcp-source",
    resources:
        mem_mb=memory("profile"),
    shell:
        "python {input.script} --name {wildcards.name} --tcp-mlir {input.tcp_mlir} --weights {input.weights}"
        " --npz {input.npz} --toolchain {input.toolchain} --opt-level {params.opt_level}"
        " --threads {params.threads} --min-calls {params.min_calls} --min-seconds {params.min_seconds}"
        " {params.source_flag} --so {output.so} --plot {output.plot} --output {output.md} --log {log}"
