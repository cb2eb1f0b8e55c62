"""How compiled code fails at run time.

Every failed check calls `__tcp_aot_fail(code, format, a, b)`: the status
code of the failure (abi.CHECK_STATUS), a printf format and two i64 values for it. The
function is the .so's own (tcp_aot/c_interface/tcp_aot_runtime.c): in a
status-returning call it ends the call with that code and message; through
the memref ABI it prints the message on stderr and calls abort(). The shape
guards use it, and so does every cf.assert (the index checks of gathers):
MLIR lowers cf.assert to puts() on stdout, whose buffer abort() discards,
so its message would be lost, and it could not return a status.
"""

from __future__ import annotations

from torch_mlir import ir
from torch_mlir.dialects import arith, llvm, scf

from ..abi import CHECK_STATUS, STATUS_ATTR
from ..walk import named

FAIL = "__tcp_aot_fail"


# Hidden: each .so's code calls its own, even when several are loaded.
_RUNTIME = f"llvm.func hidden @{FAIL}(i32, !llvm.ptr, i64, i64)"


def escape_llvm_string(data: bytes) -> str:
    """`data` as the LLVM dialect writes a string's characters."""
    return "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:02X}" for b in data)


class Messages:
    """Collects message globals for one module and defines them (with the
    runtime function) in one go."""

    def __init__(self, root: ir.Operation, prefix: str):
        self.root, self.prefix = root, prefix
        self.globals: list[str] = []

    def add(self, text: str) -> str:
        """A symbol for a new message (a printf format with up to two %ld)."""
        symbol = f"{self.prefix}{len(self.globals)}"
        data = text.encode() + b"\0"
        self.globals.append(f'llvm.mlir.global private constant @{symbol}("{escape_llvm_string(data)}") '
                            f'{{addr_space = 0 : i32}} : !llvm.array<{len(data)} x i8>')
        return symbol

    def define(self) -> None:
        """Put the runtime function (once) and the messages atop the module."""
        if not self.globals:
            return
        block = self.root.regions[0].blocks[0]
        defined = {ir.StringAttr(op.operation.attributes["sym_name"]).value for op in block.operations
                   if "sym_name" in op.operation.attributes}
        text = "\n".join(([] if FAIL in defined else [_RUNTIME]) + self.globals)
        parsed = ir.Module.parse(text, self.root.context)
        first = list(block.operations)[0]
        for op in list(parsed.body.operations):
            op.operation.move_before(first)


def failure_status(op: ir.Operation) -> str | None:
    """The status (a CHECK_STATUS key) with which `op` fails, if it is a call of
    __tcp_aot_fail; else None."""
    if op.name != "llvm.call" or "callee" not in op.attributes or \
            ir.FlatSymbolRefAttr(op.attributes["callee"]).value != FAIL:
        return None
    code = ir.IntegerAttr(op.operands[0].owner.operation.attributes["value"]).value
    return next(name for name, value in CHECK_STATUS.items() if value == code)


def fail_if(failed: ir.Value, code: str, symbol: str, a: ir.Value, b: ir.Value) -> None:
    """At the current insertion point: if `failed`, fail with status CHECK_STATUS[code]
    and message `symbol` with the i64 values a and b."""
    branch = scf.IfOp(failed)
    with ir.InsertionPoint(branch.then_block):
        status = arith.ConstantOp(ir.IntegerType.get_signless(32), CHECK_STATUS[code]).result
        message = llvm.AddressOfOp(llvm.PointerType.get(), symbol).result
        llvm.CallOp(None, [status, message, a, b], [], [], callee=FAIL)
        scf.YieldOp([])


def asserts_to_stderr(root: ir.Operation) -> None:
    """Replace each cf.assert by a failure through __tcp_aot_fail. A check
    `index < bound` (arith.cmpi ult, as the gathers emit) prints both."""
    asserts = named(root, "cf.assert")
    messages = Messages(root, "__tcp_aot_assert_message_")
    i64 = ir.IntegerType.get_signless(64)
    for op in asserts:
        condition = op.operands[0]
        text = ir.StringAttr(op.attributes["msg"]).value
        with ir.InsertionPoint(op), op.location:
            compare = None if isinstance(condition, ir.BlockArgument) else condition.owner.operation
            if compare is not None and compare.name == "arith.cmpi" and \
                    ir.IntegerAttr(compare.attributes["predicate"]).value == arith.CmpIPredicate.ult.value:
                a, b = (arith.IndexCastOp(i64, v).result if isinstance(v.type, ir.IndexType) else v
                        for v in compare.operands)
                text += " (index %ld, size %ld)"
            else:
                a = b = arith.ConstantOp(i64, 0).result
            symbol = messages.add(text + "\n")
            failed = arith.XOrIOp(condition, arith.ConstantOp(ir.IntegerType.get_signless(1), 1).result).result
            code = ir.StringAttr(op.attributes[STATUS_ATTR]).value if STATUS_ATTR in op.attributes else "value"
            fail_if(failed, code, symbol, a, b)
        op.erase()
    messages.define()
