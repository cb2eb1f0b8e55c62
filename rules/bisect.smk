# The numerics bisection, on demand (`snakemake results/foo.bisect.txt`; not
# in the default target): the first op of a program whose value, in the
# compiled code or in TCP, diverges from the interpreter's or from eager
# PyTorch's beyond the program's tolerance.


rule bisect:
    input:
        unpack(bisect_inputs),
        tcp_mlir="results/{name}.tcp.mlir",
        npz="results/{name}.npz",
        toolchain="results/toolchain.json",
        script="scripts/bisection.py",
        code=code("bisect"),
    output:
        "results/{name}.bisect.txt",
    log:
        "logs/bisect/{name}.log",
    benchmark:
        "benchmarks/bisect/{name}.tsv"
    params:
        flags=bisect_flags,
        opt_level=config["toolchain"]["opt_level"],
    resources:
        mem_mb=memory("bisect"),
    shell:
        "python {input.script} --name {wildcards.name} --tcp-mlir {input.tcp_mlir} --npz {input.npz}"
        " --toolchain {input.toolchain} --opt-level {params.opt_level} {params.flags}"
        " --output {output} --log {log}"
