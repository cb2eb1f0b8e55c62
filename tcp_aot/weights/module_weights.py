"""The data of a module's weights while it compiles.

A module names its weights file in its `tcp_aot.weights` attribute (a path
relative to the module's own file), and each weight by name, as
`dense_resource<name>` constants whose data is not in the IR. ModuleWeights
reads them from that file when a pass or the interpreter needs their values,
takes the blobs of a module text that carries them itself (MLIR's
`dialect_resources`, as torch-mlir writes them), and holds the entries that
passes derive from others (tcp-simplify folds a weight's transpose once, at
compile time): each derived entry keeps its recipe, the TCP function that
computes it from the entries it was folded from, so that other weights of
the same model can be given the same layout later (tcp_aot/new_weights.py).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import func

from ..dialects.tcp_base import is_resource_elements, numpy_dtype, resource_attr, resource_name, unquote
from ..dialects.tcp_syntax import to_custom
from . import SOURCE_ATTR, THRESHOLD, WEIGHTS_ATTR
from .file import CONSTANT, DERIVED, STATE, Layout, WeightsError, WeightsFile, write_weights


_RESOURCES = re.compile(r"\{-#\s*dialect_resources:(.*?)#-\}", re.DOTALL)
_BLOB = re.compile(r'("(?:[^"\\]|\\.)*"|[\w.$-]+)\s*:\s*"0x([0-9A-Fa-f]*)"')


def strip_resources(text: str) -> tuple[str, dict[str, bytes]]:
    """A module's text without its dialect_resources section, and that
    section's blobs by name (their first 4 bytes, the alignment, dropped):
    parsed without the section, the module's constants hold no data and
    print without it."""
    m = _RESOURCES.search(text)
    if m is None:
        return text, {}
    blobs = {}
    for key, data in _BLOB.findall(m.group(1)):
        blobs[unquote(key)] = bytes.fromhex(data)[4:]
    return text[:m.start()] + text[m.end():], blobs


class ModuleWeights:
    """The weights of one module: entries of its weights file, blobs of its
    text, and entries derived while it compiles."""

    def __init__(self, file: Path | None = None, blobs: dict[str, bytes] | None = None, frozen: bool = False):
        self._path = file
        self.frozen = frozen  # the weights file is final: nothing is derived (tcp-simplify leaves such folds)
        self._file: WeightsFile | None = None
        self._blobs = blobs or {}
        self._derived: dict[str, np.ndarray] = {}
        self._state_based: set[str] = set()  # derived entries computed from a state entry
        self._recipes: ir.Module | None = None
        self._recipe_functions: dict[str, ir.Operation] = {}

    @staticmethod
    def of(module: ir.Module, filename: str | None, blobs: dict[str, bytes] | None = None,
           override: Path | None = None, frozen: bool = False) -> ModuleWeights:
        """The weights a module names (or `override`), with the blobs of its
        text."""
        path = override
        if path is None and WEIGHTS_ATTR in module.operation.attributes:
            named = Path(ir.StringAttr(module.operation.attributes[WEIGHTS_ATTR]).value)
            path = named if named.is_absolute() or not filename else Path(filename).parent / named
        return ModuleWeights(path, blobs, frozen)

    @property
    def unsaved(self) -> bool:
        """Whether the module may read weights that no file holds (derived
        here, or from its text)."""
        return bool(self._derived or self._blobs)

    # -- reading ------------------------------------------------------------

    @property
    def file(self) -> WeightsFile:
        if self._file is None:
            if self._path is None:
                raise WeightsError("the module names no weights file (its tcp_aot.weights attribute)")
            self._file = WeightsFile(self._path)
        return self._file

    def kind(self, name: str) -> str:
        if name in self._derived:
            return DERIVED if name in self._state_based else CONSTANT
        if name in self._blobs:
            return CONSTANT
        return self.file.layout.entry(name).kind

    def array(self, name: str, t: ir.RankedTensorType) -> np.ndarray:
        """The value of `dense_resource<name> : t`, read-only."""

        dtype, shape = numpy_dtype(t.element_type), tuple(t.shape)
        if name in self._derived:
            data = self._derived[name]
        elif name in self._blobs:
            data = np.frombuffer(self._blobs[name], dtype=np.uint8)
        else:
            data = self.file.array(name)
        if data.nbytes != int(np.prod(shape, dtype=np.int64)) * dtype.itemsize:
            raise WeightsError(f"weight {name} holds {data.nbytes} bytes, {t} needs "
                               f"{int(np.prod(shape, dtype=np.int64)) * dtype.itemsize}")
        return data.reshape(-1).view(dtype).reshape(shape)

    def layout(self) -> Layout:
        """Where each entry lies in the weights file, for the compiled code."""
        if self.unsaved:
            raise WeightsError("weights derived while compiling (or carried by the module's text) must be written "
                               "to a weights file before the back end reads them (tcp-opt --weights-output)")
        return self.file.layout if self._path is not None else Layout(())

    # -- deriving -----------------------------------------------------------

    def derive(self, op: ir.Operation, value: np.ndarray) -> ir.Attribute:
        """A constant for the single result of `op`, whose operands are
        constants, with `value`: a new entry when it is computed from a
        model's state or is large, else an inline dense attribute."""
        t = ir.RankedTensorType(op.results[0].type)
        sources = [resource_name(c) for c in _operand_constants(op) if is_resource_elements(c)]
        from_state = any(self.kind(s) in (STATE, DERIVED) for s in sources)
        if not from_state and value.nbytes < THRESHOLD:
            return ir.DenseElementsAttr.get(np.ascontiguousarray(value), type=t.element_type)
        name, attr = self._new_resource(f"{sources[0]}:{op.name.split('.', 1)[1]}", t)
        self._derived[name] = np.ascontiguousarray(value)
        if from_state:
            self._state_based.add(name)
            self._add_recipe(name, op)
        return attr

    def _new_resource(self, base: str, t: ir.RankedTensorType) -> tuple[str, ir.Attribute]:
        """A name no entry has (nor a resource of the context), and its attribute."""
        for n in itertools.count(1):
            name = base if n == 1 else f"{base}#{n}"
            if name in self._derived or name in self._blobs or (self._path is not None and name in self.file):
                continue
            try:
                return name, resource_attr(name, t)
            except ValueError:
                continue

    def _add_recipe(self, name: str, op: ir.Operation) -> None:
        """A function @name computing the entry from the entries `op` reads:
        a copy of `op` and of its inline constants."""
        if self._recipes is None:
            self._recipes = ir.Module.create()
        operand_types, sources = [], []
        for v in op.operands:
            attr = _constant_attr(v)
            if attr is not None and is_resource_elements(attr):
                operand_types.append(v.type)
                sources.append(resource_name(attr))
        with ir.InsertionPoint(self._recipes.body), op.location:
            f = func.FuncOp(name, (operand_types, [op.results[0].type]))
            f.arg_attrs = ir.ArrayAttr.get([ir.DictAttr.get({SOURCE_ATTR: ir.StringAttr.get(s)}) for s in sources])
            block = f.add_entry_block()
            with ir.InsertionPoint(block):
                arguments = iter(block.arguments)
                operands = []
                for v in op.operands:
                    attr = _constant_attr(v)
                    operands.append(next(arguments) if is_resource_elements(attr) else
                                    v.owner.operation.clone().results[0])
                copy = op.clone()
                for i, operand in enumerate(operands):
                    copy.operands[i] = operand
                func.ReturnOp([copy.results[0]])
        self._recipe_functions[name] = f.operation

    # -- writing ------------------------------------------------------------

    def write(self, module: ir.Module, path: Path) -> None:
        """Write the entries `module` reads (and the constants their recipes
        need) to `path`, and name it in the module's tcp_aot.weights
        attribute. Entries come in the order the module first reads them."""
        types: dict[str, ir.RankedTensorType] = {}
        for attr in _resource_attrs(module):
            types.setdefault(resource_name(attr), ir.RankedTensorType(attr.type))
        recipes, pending = set(), [n for n in types if n in self._recipe_functions]
        while pending:
            f = self._recipe_functions[pending.pop()]
            recipes.add(ir.StringAttr(f.attributes["sym_name"]).value)
            for source, t in zip(_recipe_sources(f), ir.FunctionType(ir.TypeAttr(f.attributes["function_type"]).value).inputs):
                if source in self._recipe_functions:
                    pending.append(source)
                elif self.kind(source) == CONSTANT:
                    types.setdefault(source, ir.RankedTensorType(t))  # new weights bring state entries only
        recipe_text = ""
        if recipes:
            recipe_module = ir.Module.create()
            with ir.InsertionPoint(recipe_module.body):
                for name, f in self._recipe_functions.items():  # creation order: sources before users
                    if name in recipes:
                        f.clone()
            # As module_io.print_module prints (module_io imports this module, not the reverse).
            recipe_text = to_custom(recipe_module.operation.get_asm(assume_verified=True))
        layout = Layout.plan(((n, self.kind(n), numpy_dtype(t.element_type), t.shape) for n, t in types.items()),
                             recipe_text)
        write_weights(path, layout, (self.array(n, t) for n, t in types.items()))
        module.operation.attributes[WEIGHTS_ATTR] = ir.StringAttr.get(path.name)


def _constant_attr(v: ir.Value) -> ir.Attribute | None:
    owner = v.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or "value" not in owner.operation.attributes:
        return None
    return owner.operation.attributes["value"]


def _operand_constants(op: ir.Operation) -> list[ir.Attribute]:
    return [a for a in (_constant_attr(v) for v in op.operands) if a is not None]


def _resource_attrs(module: ir.Module) -> list[ir.Attribute]:
    """The dense_resource values of the module's constants, in program order."""
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        attr = op.operation.attributes["value"] if "value" in op.operation.attributes else None
        if attr is not None and is_resource_elements(attr):
            found.append(attr)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _recipe_sources(f: ir.Operation) -> list[str]:
    return [ir.StringAttr(ir.DictAttr(a)[SOURCE_ATTR]).value for a in ir.ArrayAttr(f.attributes["arg_attrs"])]
