# tcp_aot: PyTorch programs (models/) and TCP programs (tcp_sources/) compiled
# ahead of time to shared objects, each checked by a generated C++ test.
# `snakemake -j2` builds and tests everything; `snakemake results/NAME.so`
# builds one program; every stage's output is a file under results/.

from snakemake.exceptions import WorkflowError
from snakemake.utils import min_version, validate

from tcp_aot.config import describe_validation_error

min_version("9.0")


configfile: "config.yaml"


try:
    validate(config, "schemas/config.schema.yaml")
except WorkflowError as e:
    raise WorkflowError(describe_validation_error(e)) from None


include: "rules/common.smk"


rule all:
    input:
        expand("results/{name}.test.ok", name=PROGRAMS),
        expand("results/{name}.h", name=PROGRAMS),


# The library models of models/zoo/ at small and at real sizes (`snakemake -j2
# zoo --resources mem_mb=...`: each rule declares its memory; 21 minutes and at
# most 5 GB on 2 cores).
rule zoo:
    input:
        expand("results/{name}.test.ok", name=ZOO),


include: "rules/code.smk"
include: "rules/frontend.smk"
include: "rules/compile.smk"
include: "rules/interface.smk"
include: "rules/test.smk"
include: "rules/bench.smk"
include: "rules/bisect.smk"
include: "rules/profile.smk"
include: "rules/coverage.smk"
