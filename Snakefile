# tcp_aot: PyTorch programs (models/) and TCP programs (tcp_sources/) compiled
# ahead of time to shared objects, each checked by a generated C++ test.
# `snakemake -j2` builds and tests everything; `snakemake results/NAME.so`
# builds one program; every stage's output is a file under results/.

from snakemake.utils import min_version, validate

min_version("9.0")


configfile: "config.yaml"


validate(config, "schemas/config.schema.yaml")


include: "rules/common.smk"


rule all:
    input:
        expand("results/{name}.test.ok", name=PROGRAMS),


include: "rules/frontend.smk"
include: "rules/compile.smk"
include: "rules/test.smk"
