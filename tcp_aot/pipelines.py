"""Every pass and pass pipeline of the compiler, by name.

A pass is either an upstream MLIR / torch-mlir pass (given by its textual
pipeline) or a Python function registered here. Pipelines are lists of pass
names. tcp-opt, the Snakemake stages and the tests all run these by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from torch_mlir import ir, passmanager

from .conversion.tcp_to_linalg import (
    convert_tcp_to_linalg, drop_symbolic_shape_ops, inline_groups,
)
from .conversion.torch_to_tcp import convert_torch_to_tcp
from .diagnostics import from_mlir_error
from .module_io import verify_module
from .transforms.abi import annotate_abi
from .transforms.backend_contract import verify_backend_contract
from .transforms.owned_results import own_results
from .transforms.runtime_errors import asserts_to_stderr
from .transforms.shape_guards import insert_shape_guards


@dataclass(frozen=True)
class PassOptions:
    filename: str | None = None  # names the source in diagnostics
    allow_unconverted: bool = False  # keep unconvertible torch ops as tcp.custom_op
    resource_blobs: dict[str, bytes] = field(default_factory=dict)  # see module_io.resource_blobs


PythonPass = Callable[[ir.Operation, PassOptions], None]

PYTHON_PASSES: dict[str, tuple[PythonPass, str]] = {
    "convert-torch-to-tcp": (
        lambda op, o: convert_torch_to_tcp(op, o.allow_unconverted, o.filename, o.resource_blobs),
        "Convert Torch ops to TCP (fails listing every op that does not convert)"),
    "verify-tcp-backend-contract": (
        lambda op, o: verify_backend_contract(op, o.filename),
        "Check that only TCP, tensor, arith and func ops remain, with tensor signatures"),
    "tcp-verify": (
        lambda op, o: verify_module(op, o.filename),
        "Verify every op, TCP ops against their definitions"),
    "insert-shape-guards": (
        lambda op, o: insert_shape_guards(op),
        "Check input dims at function entry; abort with a message when the program's assumptions fail"),
    "drop-tcp-symbolic-shape-ops": (
        lambda op, o: drop_symbolic_shape_ops(op),
        "Remove tcp.symbolic_int and tcp.bind_symbolic_shape"),
    "inline-tcp-groups": (
        lambda op, o: inline_groups(op),
        "Inline the bodies of tcp.group and tcp.isolated_group"),
    "convert-tcp-to-linalg": (
        lambda op, o: convert_tcp_to_linalg(op, o.filename),
        "Lower TCP ops to linalg, tensor, arith and math"),
    "annotate-abi": (
        lambda op, o: annotate_abi(op),
        "Give public functions a C interface and read-only inputs"),
    "asserts-to-stderr": (
        lambda op, o: asserts_to_stderr(op),
        "Make cf.assert print its message (and checked values) on stderr before aborting"),
    "own-results": (
        lambda op, o: own_results(op),
        "Give every returned buffer its own allocation (the caller frees it)"),
}

_BUFFERIZE = ("one-shot-bufferize{bufferize-function-boundaries "
              "function-boundary-type-conversion=identity-layout-map}")

PIPELINES: dict[str, list[str]] = {
    "torch-to-tcp": [
        "torch-func-backend-type-conversion",
        "convert-torch-to-tcp",
        "func.func(torch-finalizing-backend-type-conversion)",
        "canonicalize", "cse",
        "verify-tcp-backend-contract",
        "tcp-verify",
    ],
    "tcp-to-linalg": [
        "tcp-verify",
        "insert-shape-guards",
        "drop-tcp-symbolic-shape-ops",
        "inline-tcp-groups",
        "convert-tcp-to-linalg",
        "asserts-to-stderr",
        "canonicalize", "cse",
        "linalg-fuse-elementwise-ops",
    ],
    "linalg-to-memref": [
        "annotate-abi",
        _BUFFERIZE,
        "own-results",
        "buffer-deallocation-pipeline",
        "func.func(refback-munge-memref-copy)",
    ],
    "memref-to-llvm": [
        "convert-linalg-to-loops",
        "convert-scf-to-cf",
        "expand-strided-metadata",
        "lower-affine",
        "finalize-memref-to-llvm",
        "convert-math-to-libm",
        "convert-math-to-llvm",
        "arith-expand",
        "convert-arith-to-llvm",
        "convert-index-to-llvm",
        "convert-cf-to-llvm",
        "convert-func-to-llvm",
        "reconcile-unrealized-casts",
        "canonicalize",
    ],
}
PIPELINES["tcp-to-llvm"] = PIPELINES["tcp-to-linalg"] + PIPELINES["linalg-to-memref"] + PIPELINES["memref-to-llvm"]


def expand(names: list[str]) -> list[str]:
    """Pass names with pipeline names replaced by their passes."""
    out: list[str] = []
    for name in names:
        out.extend(expand(PIPELINES[name]) if name in PIPELINES else [name])
    return out


def build_pass_manager(names: list[str], options: PassOptions = PassOptions()) -> passmanager.PassManager:
    pm = passmanager.PassManager()
    for name in expand(names):
        if name in PYTHON_PASSES:
            fn, description = PYTHON_PASSES[name]
            pm.add(_adapt(fn, options), name=name, argument=name, description=description)
        else:
            pm.add(name)
    return pm


def _adapt(fn: PythonPass, options: PassOptions):
    def run(op: ir.Operation, pass_) -> None:
        fn(op, options)
    return run


def run(module: ir.Module | ir.Operation, names: list[str], options: PassOptions = PassOptions()) -> None:
    """Run passes/pipelines by name. Failures, of Python and of upstream
    passes alike, raise DiagnosticError."""
    try:
        build_pass_manager(names, options).run(module.operation)
    except ir.MLIRError as e:
        raise from_mlir_error(e, options.filename) from None
