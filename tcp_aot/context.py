"""The one MLIR context a process compiles in."""

from __future__ import annotations

from torch_mlir import ir, passmanager
from torch_mlir.dialects import torch as torch_d


def make_context() -> ir.Context:
    """A context with the Torch dialects loaded and TCP's ops admitted.

    TCP ops are unregistered operations to MLIR (see dialects/tcp_base.py),
    hence `allow_unregistered_dialects`; verify_module rejects any other
    unregistered op (their definitions are Python classes, known once
    dialects/tcp.py is imported, as module_io does). torch_c (the
    Torch/builtin tensor casts) has no Python registration: it is loaded as a
    dependency of a torch pass, run once on an empty module."""
    ctx = ir.Context()
    torch_d.register_dialect(ctx)
    ctx.allow_unregistered_dialects = True
    with ctx, ir.Location.unknown():
        empty = ir.Module.create()
        passmanager.PassManager.parse("builtin.module(torch-func-backend-type-conversion)").run(empty.operation)
    return ctx
