"""What a compiled function takes and returns: the name, element type and
shape of each input and output tensor, read off the TCP module's func.func
types, with torch.export's symbol (and its range) for each dynamic dim it
names. The generated C++ test, the C header, the Python runtime and the
benchmark use it; every .so carries its program's signature as JSON
(ProgramSignature.to_json)."""

from __future__ import annotations

import json
import keyword
import re
from dataclasses import dataclass

import numpy as np

from .abi import SIGNATURE_VERSION
from .element_types import ELEMENT_TYPES
from .errors import StageError



@dataclass(frozen=True)
class TensorSpec:
    element: str  # MLIR spelling: f32, i64, i1, ...
    shape: tuple[int | None, ...]  # None for a dynamic dim
    name: str = ""
    symbols: tuple[str | None, ...] = ()  # per dim, the torch.export symbol that is its size, if any

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def dtype(self) -> np.dtype:
        return ELEMENT_TYPES[self.element].numpy

    def symbol(self, d: int) -> str | None:
        return self.symbols[d] if self.symbols else None

    def dims_text(self) -> str:
        """`[s0, 32]`: static sizes, symbols, `?` for other dynamic dims."""
        return "[" + ", ".join(str(s) if s is not None else self.symbol(d) or "?"
                               for d, s in enumerate(self.shape)) + "]"


@dataclass(frozen=True)
class Symbol:
    name: str
    min: int
    max: int


@dataclass(frozen=True)
class FunctionSignature:
    name: str
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]
    symbols: tuple[Symbol, ...] = ()


def describe(f: FunctionSignature, type_name) -> list[str]:
    """One line per input, output and symbol of `f`, as the C header and
    `tcp-aot info` show them; `type_name(spec)` spells element types."""
    lines = [f"{t.name:<12} {role:<6} {type_name(t):<8} {t.dims_text()}"
             for role, tensors in (("input", f.inputs), ("output", f.outputs)) for t in tensors]
    for s in f.symbols:
        high = "" if s.max >= 2**63 - 1 else f", at most {s.max}"
        lines.append(f"{s.name}: a torch.export dim, at least {s.min}{high}")
    return lines


# How a .so ships its weights (config.yaml's `weights`): in itself, or in
# PROGRAM.weights beside it, mapped when the .so is loaded.
WEIGHTS_MODES = ("embedded", "external")


@dataclass(frozen=True)
class WeightsSpec:
    mode: str = "embedded"
    entries: int = 0
    bytes: int = 0  # of data

    def describe(self, program: str) -> str:
        where = f"embedded in {program}.so" if self.mode == "embedded" else f"in {program}.weights beside {program}.so"
        return f"{self.entries} entr{'y' if self.entries == 1 else 'ies'}, {_size(self.bytes)}, {where}"


def _size(n: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


@dataclass(frozen=True)
class ProgramSignature:
    program: str
    functions: tuple[FunctionSignature, ...]
    weights: WeightsSpec = WeightsSpec()
    precision: str | None = None  # of its float32 products, when not float32 (transforms/bf16_products.py)

    def to_json(self) -> str:
        def tensor(t: TensorSpec) -> dict:
            return {"name": t.name, "element": t.element, "shape": list(t.shape),
                    "symbols": list(t.symbols) or [None] * t.rank}
        w = self.weights
        return json.dumps({"version": SIGNATURE_VERSION, "program": self.program, "functions": [
            {"name": f.name, "inputs": [tensor(t) for t in f.inputs], "outputs": [tensor(t) for t in f.outputs],
             "symbols": [{"name": s.name, "min": s.min, "max": s.max} for s in f.symbols]}
            for f in self.functions], "weights": {"mode": w.mode, "entries": w.entries, "bytes": w.bytes},
            "precision": self.precision}, indent=1)

    @staticmethod
    def from_json(text: str) -> ProgramSignature:
        """A ValueError for a signature of another version (a .so built by
        another tcp_aot)."""
        data = json.loads(text)
        if data.get("version") != SIGNATURE_VERSION:
            raise ValueError(f"its signature is of version {data.get('version')}, and this tcp_aot reads version "
                             f"{SIGNATURE_VERSION}: rebuild it")

        def tensor(t: dict) -> TensorSpec:
            return TensorSpec(t["element"], tuple(t["shape"]), t["name"], tuple(t["symbols"]))
        return ProgramSignature(data["program"], tuple(
            FunctionSignature(f["name"], tuple(map(tensor, f["inputs"])), tuple(map(tensor, f["outputs"])),
                              tuple(Symbol(s["name"], s["min"], s["max"]) for s in f["symbols"]))
            for f in data["functions"]), WeightsSpec(**data["weights"]), data.get("precision"))


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
    from .transforms.bf16_products import precision

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

    from .symbolic_shapes import NAME_ATTR, argument_shapes
    from .transforms.shape_guards import ArgDim, DimSources

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
                symbols[s.name] = Symbol(s.name, s.min, s.max)

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
