# Front end of a model: its loader -> Torch dialect and its weights, and
# the reference tensors (for TCP sources, from the NumPy interpreter).


rule mlir_torch:
    input:
        loader=loader_file,
        script="scripts/mlir_torch.py",
        code=code("mlir_torch"),
    output:
        mlir="results/{name}.torch.mlir",
        weights="results/{name}.torch.weights",
    priority: depth_first("mlir_torch")
    log:
        "logs/mlir_torch/{name}.log",
    benchmark:
        "benchmarks/mlir_torch/{name}.tsv"
    params:
        loader=lambda wildcards: loader_path(wildcards.name),
    resources:
        mem_mb=memory("mlir_torch"),
    shell:
        "python {input.script} --name {wildcards.name} --loader {params.loader}"
        " --output {output.mlir} --weights {output.weights} --log {log}"


rule npz:
    input:
        unpack(npz_inputs),
    output:
        "results/{name}.npz",
    priority: depth_first("npz")
    log:
        "logs/npz/{name}.log",
    benchmark:
        "benchmarks/npz/{name}.tsv"
    params:
        flags=npz_flags,
    resources:
        mem_mb=memory("npz"),
    shell:
        "python {input.script} --name {wildcards.name} {params.flags}"
        " --output {output} --log {log}"
