"""Performance: a program's compiled code timed against eager PyTorch on the
same inputs in one process (program.py, measure.py), its outputs checked
first (outputs.py), other compilers timed beside it (peers.py), what its
contractions and convolutions compute (flops.py, from the interpreter's
run), the machine (machine.py), and the reports over all programs
(report.py, compile_cost.py)."""
