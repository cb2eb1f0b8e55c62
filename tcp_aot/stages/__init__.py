"""The stages of the build graph: one module per stage, named after the code
it runs (the Snakemake rule of the same name calls it through scripts/).

A stage is a thin file-in, file-out wrapper: the compiler's own steps are in
tcp_aot/compiler (which the torch.compile backend, the bisection and the
profile call too), reading and writing files in tcp_aot/files.py (outputs
written atomically: a temporary file in the same folder, then a rename).
What the stages add is how they run: `common.run_stage` turns a StageError
or DiagnosticError into one line on stderr and a non-zero exit, and logs a
reproducer. Nothing outside this package imports it (tests/test_imports.py).

Each module imports only what its stage runs, and a stage that runs pass
pipelines names them in PIPELINES: stage_code.py reads both to know which
package files a stage depends on, so that editing one reruns exactly the
stages that run it.
"""
