# Set-up and the two entry points. `make` builds and tests every program,
# `make test` runs the test suite; both install what they need first (once:
# a second run only checks).

VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTHON ?= python3
JOBS ?= 2
# This machine's memory, for Snakemake to share among the jobs it runs at once
# (each rule declares what its job needs).
MEM_MB ?= $(shell awk '/^MemTotal:/ {print int($$2 / 1024 * 0.9)}' /proc/meminfo)

# Debian packages: the LLVM 22 tools, LLVM's OpenMP runtime and MLIR's C
# runner headers for the back end, googletest for the execute tests, graphviz
# for `snakemake --dag`.
APT_PACKAGES := llvm-22 clang-22 libomp-22-dev libmlir-22-dev libgtest-dev graphviz
# For the test suite: its single-node SLURM cluster, and AddressSanitizer's
# runtime for the C interface tests.
APT_TEST_PACKAGES := slurmctld slurmd slurm-client munge libclang-rt-22-dev

.PHONY: all setup setup-test test bench-peers clean

all: setup
	$(BIN)/snakemake -j$(JOBS) --resources mem_mb=$(MEM_MB)

# One pytest worker per core, a test file per worker at a time (a file's
# module fixtures, such as the workflow's build, stay in one process): the
# suite's serial tests leave the other core idle.
test: setup setup-test
	$(BIN)/pytest -n $(JOBS) --dist loadfile

setup: $(STAMP)
	@./scripts/apt_install.sh $(APT_PACKAGES)

setup-test:
	@./scripts/apt_install.sh $(APT_TEST_PACKAGES)

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install --quiet --quiet --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

# The peers `snakemake bench` times beside ours: AOTInductor (torch's, built
# with g++) and IREE (pinned wheels).
bench-peers: setup
	@./scripts/apt_install.sh g++
	$(BIN)/pip install --quiet --quiet --disable-pip-version-check -r requirements-peers.txt

clean:
	rm -rf results logs benchmarks .snakemake
