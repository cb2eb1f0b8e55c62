"""Weights as data (docs/weights.md): a program's constants travel as one
binary file per stage (file.py), which the IR names; while a module
compiles, module_weights.py holds them and those passes derive from them
(new weights of a program's layout: tcp_aot/new_weights.py, which runs the
interpreter, above this package).

What the IR and the files agree on:"""

from __future__ import annotations

from pathlib import Path

# Constants of at least this many bytes are weights; smaller ones stay in the
# IR, where passes can see their values. A model's parameters and buffers
# are weights whatever their size, so that new weights can replace them.
THRESHOLD = 1024

WEIGHTS_ATTR = "tcp_aot.weights"  # module attribute: its weights file, relative to the module's file
SOURCE_ATTR = "tcp_aot.weight"  # an argument of a recipe: the entry it stands for


def weights_path(module_file: Path) -> Path:
    """The weights file a stage writes beside `module_file`: foo.weights for
    foo.tcp.mlir, foo.torch.weights for foo.torch.mlir."""
    stem = module_file.name.removesuffix(".mlir").removesuffix(".tcp")
    return module_file.with_name(stem + ".weights")
