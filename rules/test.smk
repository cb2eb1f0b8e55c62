# The execute test: generated for the program's signature, compiled against
# its .so, run on the reference tensors.


rule test_cpp:
    input:
        tcp_mlir="results/{name}.tcp.mlir",
        weights="results/{name}.weights",
        npz="results/{name}.npz",
        script="scripts/test_cpp.py",
        code=code("test_cpp"),
    output:
        "results/{name}_test.cpp",
    priority: depth_first("test_cpp")
    log:
        "logs/test_cpp/{name}.log",
    benchmark:
        "benchmarks/test_cpp/{name}.tsv"
    params:
        flags=test_cpp_flags,
    resources:
        mem_mb=memory("test_cpp"),
    shell:
        "python {input.script} --name {wildcards.name} --tcp-mlir {input.tcp_mlir}"
        " --npz {input.npz} {params.flags} --output {output} --log {log}"


rule test_support:
    input:
        header=TEST_SUPPORT_HEADER,
        toolchain="results/toolchain.json",
        script="scripts/test_support.py",
        code=code("test_support"),
    output:
        pch="results/tcp_aot_test_support.pch",
        obj="results/tcp_aot_test_support.o",
    priority: SHARED_JOBS_FIRST
    log:
        "logs/test_support/test_support.log",
    benchmark:
        "benchmarks/test_support/test_support.tsv"
    shell:
        "python {input.script} --name test_support --toolchain {input.toolchain}"
        " --output {output.pch} --object {output.obj} --log {log}"


rule test_bin:
    input:
        cpp="results/{name}_test.cpp",
        so="results/{name}.so",
        toolchain="results/toolchain.json",
        support_pch=rules.test_support.output.pch,
        support_obj=rules.test_support.output.obj,
        script="scripts/test_bin.py",
        code=code("test_bin"),
    output:
        "results/{name}_test",
    priority: depth_first("test_bin")
    log:
        "logs/test_bin/{name}.log",
    benchmark:
        "benchmarks/test_bin/{name}.tsv"
    resources:
        mem_mb=memory("test_bin"),
    shell:
        "python {input.script} --name {wildcards.name} --input {input.cpp}"
        " --so {input.so} --toolchain {input.toolchain} --support-pch {input.support_pch}"
        " --support-object {input.support_obj} --output {output} --log {log}"


rule test_run:
    input:
        binary="results/{name}_test",
        npz="results/{name}.npz",
        so="results/{name}.so",
        script="scripts/test_run.py",
        code=code("test_run"),
    output:
        "results/{name}.test.ok",
    priority: depth_first("test_run")
    log:
        "logs/test_run/{name}.log",
    benchmark:
        "benchmarks/test_run/{name}.tsv"
    params:
        threads=" ".join(str(n) for n in config["test_threads"]),
    resources:
        mem_mb=memory("test_run"),
    shell:
        "python {input.script} --name {wildcards.name} --binary {input.binary}"
        " --npz {input.npz} --threads {params.threads} --output {output} --log {log}"
