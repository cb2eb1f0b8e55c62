"""TCP -> what each function of a program takes and returns, and how it
ships its weights, as JSON (NAME.signature.json): the .so carries it, the
header documents it."""

from __future__ import annotations

import keyword
import re
from pathlib import Path

from ..errors import StageError
from ..files import write_atomic
from ..element_types import ELEMENT_TYPES
from ..signature import FunctionSignature, ProgramSignature, Symbol, TensorSpec, WeightsSpec


def write_signature(name: str, tcp_mlir: Path, output: Path, weights_mode: str) -> None:
    from ..module_io import parsed

    with parsed(tcp_mlir) as (module, weights):
        layout = weights.file.layout
        spec = WeightsSpec(weights_mode, len(layout.entries), layout.data_bytes)
        write_atomic(output, program_signature(name, module, spec).to_json() + "\n")


def signatures(module) -> list[FunctionSignature]:
    """The signature of every function defined in the module (an
    ir.Module of TCP)."""
    from torch_mlir import ir

    out = []
    for op in module.body.operations:
        op = op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        inputs = tuple(_spec(name, t) for t in ftype.inputs)
        outputs = tuple(_spec(name, t) for t in ftype.results)
        out.append(_named(op, FunctionSignature(name, inputs, outputs)))
    return out


def program_signature(program: str, module, weights: WeightsSpec) -> ProgramSignature:
    from ..transforms.bf16_products import precision

    return ProgramSignature(program, tuple(signatures(module)), weights, precision(module))


def _spec(func: str, t) -> TensorSpec:
    from torch_mlir import ir

    if not isinstance(t, ir.RankedTensorType):
        raise StageError(f"@{func}: {t} cannot cross the compiled ABI; only ranked tensors can")
    element = str(t.element_type)
    if element not in ELEMENT_TYPES:
        raise StageError(f"@{func}: element type {element} cannot cross the compiled ABI")
    return TensorSpec(element, tuple(None if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)))


def _named(func_op, sig: FunctionSignature) -> FunctionSignature:
    """`sig` with names (torch.export's input names where the importer left
    them, else arg<i> and out<i>), and the torch.export symbol of each
    dynamic dim that is one: the inputs' from their tcp.bind_symbolic_shape,
    the outputs' traced to an input dim (as the shape guards trace)."""
    from torch_mlir import ir

    from ..symbolic_shapes import NAME_ATTR, argument_shapes
    from ..transforms.shape_guards import ArgDim, DimSources

    given = [None] * len(sig.inputs)
    if "arg_attrs" in func_op.attributes:
        for i, attrs in enumerate(ir.ArrayAttr(func_op.attributes["arg_attrs"])):
            attrs = ir.DictAttr(attrs)
            if NAME_ATTR in attrs:
                given[i] = ir.StringAttr(attrs[NAME_ATTR]).value
    names = _c_names(given, "arg")

    input_symbols = [[None] * t.rank for t in sig.inputs]
    symbols: dict[str, Symbol] = {}
    for shape in argument_shapes(func_op):
        for d, expr in enumerate(shape.exprs):
            if isinstance(expr, ir.AffineSymbolExpr):
                s = shape.symbols[expr.position]
                input_symbols[shape.arg][d] = s.name
                symbols[s.name] = s

    block = func_op.regions[0].blocks[0]
    returned = list(block.operations)[-1].operands
    sources = DimSources(block)
    output_symbols = []
    for v, t in zip(returned, sig.outputs):
        dims = []
        for d in range(t.rank):
            source = sources.of(v, d) if t.shape[d] is None else None
            dims.append(input_symbols[source.arg][source.dim] if isinstance(source, ArgDim) else None)
        output_symbols.append(dims)

    inputs = tuple(TensorSpec(t.element, t.shape, n, tuple(s)) for t, n, s in zip(sig.inputs, names, input_symbols))
    outputs = tuple(TensorSpec(t.element, t.shape, f"out{i}", tuple(s))
                    for i, (t, s) in enumerate(zip(sig.outputs, output_symbols)))
    return FunctionSignature(sig.name, inputs, outputs, tuple(symbols[k] for k in sorted(symbols)))


# Names a C or C++ parameter cannot take, and the ones the C interface uses.
_RESERVED = {"auto", "bool", "char", "class", "const", "default", "delete", "double", "float", "int", "long",
             "new", "register", "short", "signed", "static", "template", "this", "union", "unsigned", "void",
             "volatile", "pool", "pool_bytes", "status"}


def _c_names(given: list[str | None], prefix: str) -> list[str]:
    """Given names where they are usable C identifiers, unique and not of
    the form the fallbacks take; else prefix<i>."""
    out = []
    for i, name in enumerate(given):
        ok = name is not None and name.isidentifier() and name.isascii() and not keyword.iskeyword(name) \
            and name not in _RESERVED and name not in out and not re.fullmatch(r"(arg|out)[0-9]+", name) \
            and not name.endswith("_dims")
        out.append(name if ok else f"{prefix}{i}")
    return out
