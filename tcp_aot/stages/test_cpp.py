"""Stage test_cpp: the googletest execute test of a program, generated for
its functions' signatures, cases and shape guards."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic
from ..reference.npz import load_npz, npz_key


def run(name: str, tcp_mlir: Path, npz: Path, output: Path, rtol: float, atol: float,
        tcp_source: bool) -> None:
    from torch_mlir import ir

    from ..cpp_test import generate
    from ..module_io import parsed
    from ..compiler.signature import signatures
    from ..transforms.bf16_products import precision
    from ..transforms.shape_guards import collect_guards

    with parsed(tcp_mlir) as (module, _):
        sigs = signatures(module)
        products = precision(module)
        guards = {ir.StringAttr(op.attributes["sym_name"]).value: collect_guards(op.operation)
                  for op in module.body.operations if op.operation.name == "func.func"}
    arrays = load_npz(npz)
    prefixes = {s.name: (f"{s.name}/" if tcp_source else "") for s in sigs}
    shapes = {s.name: [list(arrays[npz_key(prefixes[s.name], 0, f"Input{i}")].shape)
                       for i in range(len(s.inputs))] for s in sigs}
    write_atomic(output, generate(name, sigs, list(arrays), prefixes, rtol, atol, guards, shapes, products))
