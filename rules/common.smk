# Helpers shared by the rules: which programs exist, what kind each is, and
# the inputs and options that depend on it.

import json
import os
import shlex
import sys
from pathlib import Path

from snakemake.exceptions import WorkflowError

from tcp_aot.bench.peers import installed as peer_installed
from tcp_aot.config import program_tolerance
from tcp_aot.coverage import MODEL_STAGES
from tcp_aot.loader import module_file
from tcp_aot.resources import mem_mb
from tcp_aot.scheduling import install as install_scheduler_repair
from tcp_aot.stage_code import source_files, stage_files, stages
from tcp_aot.toolchain import TEST_SUPPORT_HEADER

# At most one pending re-evaluation of the ready jobs (tcp_aot/scheduling.py).
install_scheduler_repair()

# Jobs' `python` is the interpreter that runs Snakemake (the project's
# virtualenv): its directory goes first on the PATH that jobs inherit.
envvars:
    "PATH",


_PATH = os.environ["PATH"]
os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{_PATH}"

# A second config file may list the models `snakemake coverage` reports on
# (rules/coverage.smk) under coverage.models: the rules build them as models,
# and `snakemake` alone still builds config.yaml's programs only.
COVERAGE_MODELS = config["coverage"]["models"] if "coverage" in config else {}
MODELS = config["models"] | config.get("models_on_demand", {}) | COVERAGE_MODELS
TCP_SOURCES = config["tcp_sources"]
PROGRAMS = list(config["models"]) + list(TCP_SOURCES)
COVERAGE_PROGRAMS = list(COVERAGE_MODELS) or PROGRAMS

_clash = sorted(set(MODELS) & set(TCP_SOURCES))
if _clash:
    raise ValueError(f"config.yaml: {', '.join(_clash)} is both a model and a TCP source")


wildcard_constraints:
    name=r"[A-Za-z][A-Za-z0-9_]*",
    stage="|".join(stages()),


# Among the jobs ready to run, those of later stages first (each rule's
# `priority`): a program goes through its stages before the next one starts,
# so tests pass from the first minutes on, and fewer jobs are ready at once
# (Snakemake reads the sizes of every ready job's inputs whenever it chooses).
# A model's stages in an order where each comes after those it reads from.
STAGE_ORDER = [stage for stage, _ in MODEL_STAGES]


def depth_first(rule):
    return STAGE_ORDER.index(rule) + 1


# The jobs that every program waits on (the toolchain, the stages' code
# listings, the tests' support header) run as soon as they can.
SHARED_JOBS_FIRST = len(STAGE_ORDER) + 1


def code(stage):
    """The listing of the package files `stage` runs (rules/code.smk)."""
    return f"results/code/{stage}.txt"


def code_files(wildcards):
    """The package files stage `wildcards.stage` runs, relative to the
    working directory when the package lives under it."""
    here = Path.cwd()
    return [str(p.relative_to(here)) if p.is_relative_to(here) else str(p)
            for p in stage_files(wildcards.stage)]


def memory(rule):
    """A rule's `resources: mem_mb`, estimated from its inputs' sizes
    (tcp_aot/resources.py)."""
    return lambda wildcards, input: mem_mb(rule, [str(p) for p in input],
                                           f"benchmarks/{rule}/{wildcards.name}.tsv")


def is_model(name):
    if name in MODELS:
        return True
    if name in TCP_SOURCES:
        return False
    raise ValueError(
        f"'{name}' is not in config.yaml: list it under models: or tcp_sources:"
    )


def loader_path(name):
    entry = MODELS[name]
    return entry if isinstance(entry, str) else entry["loader"]


# The real-world zoo: the models whose loaders live in models/zoo/, at small
# sizes in the default target and at their real size on demand.
ZOO = [name for name in MODELS if loader_path(name).startswith("models.zoo.")]


def loader_file(wildcards):
    """The loader's module file and those of the models/ modules it imports
    (a model in bfloat16 builds on its float32 loader), when it exists (else
    the stage reports that the module cannot be imported)."""
    loader = loader_path(wildcards.name)
    if not module_file(loader).exists():
        return []
    return [str(path) for path in source_files(loader.rsplit(".", 1)[0], Path("."))]


def program_source(wildcards):
    """Where the program comes from: its loader or its TCP source."""
    name = wildcards.name
    return loader_path(name) if is_model(name) else f"tcp_sources/{name}.mlir"


def tcp_stage_inputs(wildcards):
    name = wildcards.name
    if is_model(name):
        return {"mlir": f"results/{name}.torch.mlir", "weights": f"results/{name}.torch.weights"}
    return {"mlir": f"tcp_sources/{name}.mlir"}


def tcp_stage_flags(wildcards):
    entry = MODELS.get(wildcards.name)
    if not isinstance(entry, dict):
        return ""
    return " ".join((["--allow-unconverted"] if entry.get("allow_unconverted") else [])
                    + ([f"--precision {entry['precision']}"] if "precision" in entry else []))


def npz_inputs(wildcards):
    name = wildcards.name
    inputs = {"script": "scripts/npz.py"}
    if is_model(name):
        return inputs | {"loader": loader_file(wildcards), "torch_mlir": f"results/{name}.torch.mlir",
                         "code": code("npz_model")}
    return inputs | {"tcp_mlir": f"results/{name}.tcp.mlir", "weights": f"results/{name}.weights",
                     "code": code("npz_tcp_source")}


def npz_flags(wildcards):
    name = wildcards.name
    if is_model(name):
        return f"--loader {loader_path(name)} --torch-mlir results/{name}.torch.mlir"
    options = {**config["tcp_source_defaults"], **TCP_SOURCES[name]}
    flags = f"--tcp-mlir results/{name}.tcp.mlir --seed {options['seed']} --dim-sizes"
    flags += "".join(f" {size}" for size in options["dim_sizes"])
    if options["int_range"] is not None:
        flags += " --int-range {} {}".format(*options["int_range"])
    return flags


def weights_mode(name):
    """How a program's .so ships its weights: the model's own setting, else
    config.yaml's."""
    entry = MODELS.get(name)
    return entry.get("weights", config["weights"]) if isinstance(entry, dict) else config["weights"]


def test_cpp_flags(wildcards):
    tol = program_tolerance(config, wildcards.name)
    flags = f"--rtol {tol['rtol']} --atol {tol['atol']}"
    return flags if is_model(wildcards.name) else f"{flags} --tcp-source"


def bisect_inputs(wildcards):
    inputs = {"weights": f"results/{wildcards.name}.weights"}
    return inputs | ({"loader": loader_file(wildcards)} if is_model(wildcards.name) else {})


def bisect_flags(wildcards):
    tol = program_tolerance(config, wildcards.name)
    flags = f"--rtol {tol['rtol']} --atol {tol['atol']}"
    return f"{flags} --loader {loader_path(wildcards.name)}" if is_model(wildcards.name) else flags


def bench_inputs(wildcards):
    name = wildcards.name
    inputs = {"so": f"results/{name}.so", "tcp_mlir": f"results/{name}.tcp.mlir", "npz": f"results/{name}.npz",
              "weights": f"results/{name}.weights", "toolchain": "results/toolchain.json"}
    return inputs | ({"loader": loader_file(wildcards)} if is_model(name) else {})


def library_bench_inputs(wildcards):
    """bench_inputs, and the files of the float32 original a model is timed
    beside (bench.library.baselines)."""
    return bench_inputs(wildcards) | _baseline_files(wildcards.name)


def _baseline_files(name):
    baseline = config["bench"].get("library", {}).get("baselines", {}).get(name)
    if not baseline:
        return {}
    return {f"baseline_{kind}": f"results/{baseline}.{ext}"
            for kind, ext in (("so", "so"), ("tcp_mlir", "tcp.mlir"), ("npz", "npz"), ("weights", "weights"))}


def bench_flags(wildcards):
    bench = config["bench"]
    return _bench_flags(wildcards.name, bench["min_calls"], bench["min_seconds"])


def library_bench_flags(wildcards):
    library = config["bench"]["library"]
    flags = _bench_flags(wildcards.name, library["min_calls"], library["min_seconds"]) + f" --sizes {wildcards.sizes}"
    baseline = _baseline_files(wildcards.name)
    for key in ("baseline_so", "baseline_tcp_mlir", "baseline_npz"):  # its weights are found beside its .so
        flags += f" --{key.replace('_', '-')} {baseline[key]}" if baseline else ""
    return flags


def _bench_flags(name, min_calls, min_seconds):
    tol, bench = program_tolerance(config, name), config["bench"]
    flags = (f"--threads {bench['threads']} --rtol {tol['rtol']} --atol {tol['atol']}"
             f" --min-calls {min_calls} --min-seconds {min_seconds} --rounds {bench['rounds']}")
    if not is_model(name):
        return flags
    peers = bench.get("peers", [])
    return flags + f" --loader {loader_path(name)}" + (f" --peers {' '.join(peers)}" if peers else "")


def library_benches():
    """results/NAME.bench_SIZES.json of each model and sizes of bench.library."""
    sizes = config["bench"].get("library", {}).get("sizes", {})
    unknown = sorted(set(sizes) - set(MODELS))
    if unknown:
        raise ValueError(f"config.yaml: bench.library names {', '.join(unknown)}, which no models section has")
    return [f"results/{name}.bench_{'x'.join(map(str, s))}.json" for name, all_sizes in sizes.items()
            for s in all_sizes]


def installed_peers(wildcards):
    """The configured peers installed here: a rule parameter, so that a
    model's bench reruns once `make bench-peers` has installed one."""
    return [p for p in config["bench"].get("peers", []) if peer_installed(p)] if is_model(wildcards.name) else []


def local_cores(wildcards):
    """The cores of this run (--cores), or, under a cluster executor, which
    sets none, this machine's: read only when a job needs them."""
    try:
        return workflow.cores
    except WorkflowError:
        return os.cpu_count()


def nested_snakemake_args():
    """What the nested run of `snakemake coverage` needs to see the same
    workflow: the Snakefile, and the config given on the command line
    (--configfile, --config); it reads config.yaml itself."""
    args = ["--snakefile", workflow.main_snakefile]
    if workflow.overwrite_configfiles:
        args += ["--configfile", *map(str, workflow.overwrite_configfiles)]
    if workflow.config_settings.config_args:
        args += ["--config", *workflow.config_settings.config_args]
    return shlex.join(args)
