# The code each stage runs: results/code/STAGE.txt lists the package files
# of stage STAGE with their checksums (tcp_aot/stage_code.py). Every rule
# takes its stage's listing and its script as inputs, so that editing the
# compiler reruns exactly the stages that run the edited file, and what
# follows them.


localrules:
    stage_code,


rule stage_code:
    input:
        code_files,
    output:
        "results/code/{stage}.txt",
    priority: SHARED_JOBS_FIRST
    log:
        "logs/stage_code/{stage}.log",
    benchmark:
        "benchmarks/stage_code/{stage}.tsv"
    shell:
        "python scripts/stage_code.py --name {wildcards.stage} --output {output} --log {log}"
