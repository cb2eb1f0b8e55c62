# The execute test: generated for the program's signature, compiled against
# its .so, run on the reference tensors.


rule test_cpp:
    input:
        tcp_mlir="results/{name}.tcp.mlir",
        npz="results/{name}.npz",
    output:
        "results/{name}_test.cpp",
    log:
        "logs/test_cpp/{name}.log",
    benchmark:
        "benchmarks/test_cpp/{name}.tsv"
    params:
        flags=test_cpp_flags,
    shell:
        "{PYTHON} scripts/test_cpp.py --name {wildcards.name} --tcp-mlir {input.tcp_mlir}"
        " --npz {input.npz} {params.flags} --output {output} --log {log}"


rule test_bin:
    input:
        cpp="results/{name}_test.cpp",
        so="results/{name}.so",
        toolchain="results/toolchain.json",
    output:
        "results/{name}_test",
    log:
        "logs/test_bin/{name}.log",
    benchmark:
        "benchmarks/test_bin/{name}.tsv"
    shell:
        "{PYTHON} scripts/test_bin.py --name {wildcards.name} --input {input.cpp}"
        " --so {input.so} --toolchain {input.toolchain} --output {output} --log {log}"


rule test_run:
    input:
        binary="results/{name}_test",
        npz="results/{name}.npz",
        so="results/{name}.so",
    output:
        "results/{name}.test.ok",
    log:
        "logs/test_run/{name}.log",
    benchmark:
        "benchmarks/test_run/{name}.tsv"
    shell:
        "{PYTHON} scripts/test_run.py --name {wildcards.name} --binary {input.binary}"
        " --npz {input.npz} --output {output} --log {log}"
