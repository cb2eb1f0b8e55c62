# Compilation: Torch or a TCP source -> TCP -> LLVM dialect -> LLVM IR ->
# optimized LLVM IR -> assembly -> shared object, for the target CPU.


rule mlir_tcp:
    input:
        unpack(tcp_stage_inputs),
        script="scripts/mlir_tcp.py",
        code=code("mlir_tcp"),
    output:
        mlir="results/{name}.tcp.mlir",
        weights="results/{name}.weights",
    priority: depth_first("mlir_tcp")
    log:
        "logs/mlir_tcp/{name}.log",
    benchmark:
        "benchmarks/mlir_tcp/{name}.tsv"
    params:
        flags=tcp_stage_flags,
    resources:
        mem_mb=memory("mlir_tcp"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.mlir} {params.flags}"
        " --output {output.mlir} --weights {output.weights} --log {log}"


rule mlir_llvm:
    input:
        mlir="results/{name}.tcp.mlir",
        weights="results/{name}.weights",
        script="scripts/mlir_llvm.py",
        code=code("mlir_llvm"),
    output:
        "results/{name}.llvm.mlir",
    priority: depth_first("mlir_llvm")
    log:
        "logs/mlir_llvm/{name}.log",
    benchmark:
        "benchmarks/mlir_llvm/{name}.tsv"
    resources:
        mem_mb=memory("mlir_llvm"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.mlir}"
        " --output {output} --log {log}"


rule ll:
    input:
        mlir="results/{name}.llvm.mlir",
        script="scripts/ll.py",
        code=code("ll"),
    output:
        "results/{name}.ll",
    priority: depth_first("ll")
    log:
        "logs/ll/{name}.log",
    benchmark:
        "benchmarks/ll/{name}.tsv"
    resources:
        mem_mb=memory("ll"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.mlir}"
        " --output {output} --log {log}"


rule toolchain:
    input:
        script="scripts/toolchain.py",
        code=code("toolchain"),
    output:
        "results/toolchain.json",
    priority: SHARED_JOBS_FIRST
    log:
        "logs/toolchain/toolchain.log",
    benchmark:
        "benchmarks/toolchain/toolchain.tsv"
    params:
        llc=config["toolchain"]["llc"],
        opt=config["toolchain"]["opt"],
        clang=config["toolchain"]["clang"],
        clangxx=config["toolchain"]["clangxx"],
        min_major=config["toolchain"]["min_llvm_major"],
        target_cpu=config["toolchain"]["target_cpu"],
    shell:
        "python {input.script} --name toolchain --llc {params.llc} --opt {params.opt} --clang {params.clang}"
        " --clangxx {params.clangxx} --min-llvm-major {params.min_major} --target-cpu {params.target_cpu}"
        " --output {output} --log {log}"


rule opt:
    input:
        ll="results/{name}.ll",
        toolchain="results/toolchain.json",
        script="scripts/opt.py",
        code=code("optimize"),
    output:
        "results/{name}.opt.ll",
    priority: depth_first("opt")
    log:
        "logs/opt/{name}.log",
    benchmark:
        "benchmarks/opt/{name}.tsv"
    params:
        opt_level=config["toolchain"]["opt_level"],
    resources:
        mem_mb=memory("opt"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.ll}"
        " --toolchain {input.toolchain} --opt-level {params.opt_level}"
        " --output {output} --log {log}"


rule S:
    input:
        ll="results/{name}.opt.ll",
        toolchain="results/toolchain.json",
        script="scripts/S.py",
        code=code("assemble"),
    output:
        "results/{name}.S",
    priority: depth_first("S")
    log:
        "logs/S/{name}.log",
    benchmark:
        "benchmarks/S/{name}.tsv"
    params:
        opt_level=config["toolchain"]["opt_level"],
    resources:
        mem_mb=memory("S"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.ll}"
        " --toolchain {input.toolchain} --opt-level {params.opt_level}"
        " --output {output} --log {log}"


rule so:
    input:
        asm="results/{name}.S",
        signature="results/{name}.signature.json",
        weights="results/{name}.weights",
        toolchain="results/toolchain.json",
        script="scripts/so.py",
        code=code("shared_object"),
    output:
        "results/{name}.so",
    priority: depth_first("so")
    log:
        "logs/so/{name}.log",
    benchmark:
        "benchmarks/so/{name}.tsv"
    resources:
        mem_mb=memory("so"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.asm} --signature {input.signature}"
        " --toolchain {input.toolchain} --weights {input.weights} --output {output} --log {log}"
