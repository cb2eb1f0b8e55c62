# The program's interface: its signature (carried by the .so) and the C
# header of the .so.


rule signature:
    input:
        tcp_mlir="results/{name}.tcp.mlir",
        weights="results/{name}.weights",
        script="scripts/signature.py",
        code=code("signature"),
    output:
        "results/{name}.signature.json",
    priority: depth_first("signature")
    log:
        "logs/signature/{name}.log",
    benchmark:
        "benchmarks/signature/{name}.tsv"
    params:
        weights_mode=lambda wildcards: weights_mode(wildcards.name),
    resources:
        mem_mb=memory("signature"),
    shell:
        "python {input.script} --name {wildcards.name} --tcp-mlir {input.tcp_mlir}"
        " --weights-mode {params.weights_mode} --output {output} --log {log}"


rule header:
    input:
        signature="results/{name}.signature.json",
        script="scripts/header.py",
        code=code("header"),
    output:
        "results/{name}.h",
    priority: depth_first("header")
    log:
        "logs/header/{name}.log",
    benchmark:
        "benchmarks/header/{name}.tsv"
    params:
        source=program_source,
    resources:
        mem_mb=memory("header"),
    shell:
        "python {input.script} --name {wildcards.name} --signature {input.signature}"
        " --source {params.source:q} --output {output} --log {log}"
