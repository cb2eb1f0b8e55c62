# Compilation: Torch or a TCP source -> TCP -> LLVM dialect -> LLVM IR ->
# host assembly -> shared object.


rule mlir_tcp:
    input:
        tcp_stage_input,
    output:
        "results/{name}.tcp.mlir",
    log:
        "logs/mlir_tcp/{name}.log",
    benchmark:
        "benchmarks/mlir_tcp/{name}.tsv"
    params:
        flags=tcp_stage_flags,
    shell:
        "{PYTHON} scripts/mlir_tcp.py --name {wildcards.name} --input {input} {params.flags}"
        " --output {output} --log {log}"


rule mlir_llvm:
    input:
        "results/{name}.tcp.mlir",
    output:
        "results/{name}.llvm.mlir",
    log:
        "logs/mlir_llvm/{name}.log",
    benchmark:
        "benchmarks/mlir_llvm/{name}.tsv"
    shell:
        "{PYTHON} scripts/mlir_llvm.py --name {wildcards.name} --input {input}"
        " --output {output} --log {log}"


rule ll:
    input:
        "results/{name}.llvm.mlir",
    output:
        "results/{name}.ll",
    log:
        "logs/ll/{name}.log",
    benchmark:
        "benchmarks/ll/{name}.tsv"
    shell:
        "{PYTHON} scripts/ll.py --name {wildcards.name} --input {input}"
        " --output {output} --log {log}"


rule toolchain:
    output:
        "results/toolchain.json",
    log:
        "logs/toolchain/toolchain.log",
    benchmark:
        "benchmarks/toolchain/toolchain.tsv"
    params:
        llc=config["toolchain"]["llc"],
        clang=config["toolchain"]["clang"],
        clangxx=config["toolchain"]["clangxx"],
        min_major=config["toolchain"]["min_llvm_major"],
    shell:
        "{PYTHON} scripts/toolchain.py --name toolchain --llc {params.llc} --clang {params.clang}"
        " --clangxx {params.clangxx} --min-llvm-major {params.min_major}"
        " --output {output} --log {log}"


rule S:
    input:
        ll="results/{name}.ll",
        toolchain="results/toolchain.json",
    output:
        "results/{name}.S",
    log:
        "logs/S/{name}.log",
    benchmark:
        "benchmarks/S/{name}.tsv"
    params:
        opt_level=config["toolchain"]["opt_level"],
    shell:
        "{PYTHON} scripts/S.py --name {wildcards.name} --input {input.ll}"
        " --toolchain {input.toolchain} --opt-level {params.opt_level}"
        " --output {output} --log {log}"


rule so:
    input:
        asm="results/{name}.S",
        toolchain="results/toolchain.json",
    output:
        "results/{name}.so",
    log:
        "logs/so/{name}.log",
    benchmark:
        "benchmarks/so/{name}.tsv"
    shell:
        "{PYTHON} scripts/so.py --name {wildcards.name} --input {input.asm}"
        " --toolchain {input.toolchain} --output {output} --log {log}"
