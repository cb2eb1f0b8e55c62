"""The stages of the build graph: one module per stage, named after the code
it runs (the Snakemake rule of the same name calls it through scripts/).

A stage reads its inputs, writes its output atomically (a temporary file in
the same folder, then a rename) and raises StageError or DiagnosticError on a
known failure; `common.run_stage` turns those into one line on stderr and a
non-zero exit.

Each module imports only what its stage runs, and a stage that runs pass
pipelines names them in PIPELINES: stage_code.py reads both to know which
package files a stage depends on, so that editing one reruns exactly the
stages that run it.
"""
