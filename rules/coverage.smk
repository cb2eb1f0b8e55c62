# The coverage report (not part of the default target): `snakemake -j2
# coverage` builds every program as far as it goes and writes
# results/coverage.md, the last stage each reached, whether its test passed,
# and the torch ops that do not convert to TCP with how many programs each
# blocks. A second config file may list other models to report on instead
# (coverage.models): `snakemake -j2 coverage --configfile my_models.yaml`.
#
# The job builds the programs with a nested `snakemake --keep-going`, since
# Snakemake runs no job after one of its inputs failed (tcp_aot/coverage.py).

import time


# Local: the nested snakemake runs the programs' jobs itself.
localrules:
    coverage,


rule coverage:
    input:
        # Every program needs it: when it fails, the report would say nothing.
        toolchain="results/toolchain.json",
        script="scripts/coverage.py",
        code=code("coverage"),
    output:
        "results/coverage.md",
    log:
        "logs/coverage/coverage.log",
    benchmark:
        "benchmarks/coverage/coverage.tsv"
    # Every core, for the nested run, which then runs alone (it ignores the lock).
    threads: local_cores
    params:
        models=" ".join(name for name in COVERAGE_PROGRAMS if is_model(name)),
        tcp_sources=" ".join(name for name in COVERAGE_PROGRAMS if not is_model(name)),
        nested=nested_snakemake_args(),
        # A new value at every run, so that the job always runs: the nested
        # snakemake knows what is out of date, this rule's inputs do not.
        started=time.time(),
    shell:
        "python {input.script} --name coverage --cores {threads} --models {params.models}"
        " --tcp-sources {params.tcp_sources} --output {output} --log {log} -- {params.nested}"
