"""What a compiled function takes and returns: the name, element type and
shape of each input and output tensor, with torch.export's symbol (and its
range) for each dynamic dim it names (compiler/signature.py reads them off
a TCP module). The generated C++ test, the C header, the Python runtime and
the benchmark use it; every .so carries its program's signature as JSON
(ProgramSignature.to_json). No MLIR here: the runtime reads signatures."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from .abi import SIGNATURE_VERSION
from .element_types import ELEMENT_TYPES


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
    """A symbolic dim of torch.export and its bounds (symbolic_shapes.py
    reads them from the IR; this module must not import MLIR: the runtime
    reads signatures)."""
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
