"""The ABI of compiled functions: what callers may rely on.

- Each public function also gets a C interface, `_mlir_ciface_<name>`,
  taking a pointer to its results struct and pointers to the inputs' memref
  descriptors (StridedMemRefType): unlike memref descriptors returned by
  value, that is the platform's C calling convention for any rank.
- Inputs are read-only: bufferization must not reuse an argument's buffer
  for a result (`bufferization.writable = false`).
- Every result is a fresh allocation the caller frees (see owned_results).
"""

from __future__ import annotations

from torch_mlir import ir


def annotate_abi(root: ir.Operation) -> None:
    for op in root.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        if "sym_visibility" in op.attributes and ir.StringAttr(op.attributes["sym_visibility"]).value != "public":
            continue
        op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        n_args = len(op.regions[0].blocks[0].arguments)
        given = list(ir.ArrayAttr(op.attributes["arg_attrs"])) if "arg_attrs" in op.attributes else []
        given += [ir.DictAttr.get({})] * (n_args - len(given))
        op.attributes["arg_attrs"] = ir.ArrayAttr.get([_read_only(ir.DictAttr(a)) for a in given])


def _read_only(attrs: ir.DictAttr) -> ir.DictAttr:
    entries = {attrs[i].name: attrs[i].attr for i in range(len(attrs))}
    return ir.DictAttr.get(entries | {"bufferization.writable": ir.BoolAttr.get(False)})
