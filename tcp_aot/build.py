"""The workflow's back-end stages in one call, for the compilers that run
in a process (the torch.compile backend, the numerics bisection):
NAME.tcp.mlir -> NAME.so, every stage's file written beside it, the weights
(the file NAME.tcp.mlir names) embedded."""

from __future__ import annotations

from pathlib import Path

from .stages import assemble, ll, mlir_llvm, optimize, shared_object, signature


def build_shared_object(name: str, tcp_mlir: Path, weights: Path, toolchain_json: Path, opt_level: int) -> Path:
    files = {ext: tcp_mlir.with_name(f"{name}.{ext}") for ext in
             ("signature.json", "llvm.mlir", "ll", "opt.ll", "S", "so")}
    signature.run(name, tcp_mlir, files["signature.json"], "embedded")
    mlir_llvm.run(tcp_mlir, files["llvm.mlir"])
    ll.run(files["llvm.mlir"], files["ll"])
    optimize.run(files["ll"], files["opt.ll"], toolchain_json, opt_level)
    assemble.run(files["opt.ll"], files["S"], toolchain_json, opt_level)
    shared_object.run(files["S"], files["so"], toolchain_json, files["signature.json"], weights)
    return files["so"]
