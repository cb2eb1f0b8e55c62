"""The back end in one call, for the compilers that run in a process (the
torch.compile backend, the numerics bisection, the profile): NAME.tcp.mlir
-> NAME.so, the weights (the file NAME.tcp.mlir names) embedded; the files
between them written in a folder, as the workflow's stages write them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from . import assemble, llvm_ir, optimize, shared_object, signature, tcp_to_llvm

if TYPE_CHECKING:
    from torch_mlir import ir


def build_shared_object(name: str, tcp_mlir: Path, weights: Path, toolchain_json: Path, opt_level: int, so: Path,
                        work: Path, pipeline: str = tcp_to_llvm.PIPELINE,
                        kernels: Callable[[ir.Module], list[dict]] | None = None) -> None:
    """`so` built from `tcp_mlir`, the files between them in `work`.
    `pipeline` and `kernels`: a profiled build's (tcp_to_llvm.lower)."""
    files = {ext: work / f"{name}.{ext}" for ext in ("signature.json", "llvm.mlir", "ll", "opt.ll", "S")}
    signature.write_signature(name, tcp_mlir, files["signature.json"], "embedded")
    found = tcp_to_llvm.lower(tcp_mlir, files["llvm.mlir"], pipeline, kernels)
    llvm_ir.translate(files["llvm.mlir"], files["ll"])
    optimize.optimize(files["ll"], files["opt.ll"], toolchain_json, opt_level)
    assemble.assemble(files["opt.ll"], files["S"], toolchain_json, opt_level)
    shared_object.link(files["S"], so, toolchain_json, files["signature.json"], weights, found)
