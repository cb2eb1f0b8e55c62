"""New weights for a compiled program: a weights file of the program's
layout from a state_dict (`tcp-aot weights`).

Each entry of the layout (weights/file.py) is filled by its kind:
- state: the state_dict's tensor of that name, which must exist, with the
  entry's dtype and shape;
- constant: the state_dict's tensor of that name if it has one, else the
  program's own (a non-persistent buffer, a literal of the model's code);
- derived: its recipe, run by the TCP interpreter on the entries it was
  folded from, found the same way (so a linear layer's transposed weight is
  the transpose of the new weight).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

import numpy as np

from .element_types import to_numpy
from .weights.file import CONSTANT, DERIVED, STATE, Layout, WeightsError, write_weights


def read_state_dict(path: Path) -> dict[str, np.ndarray]:
    """name -> array from a PyTorch file (torch.save of a state_dict), a
    safetensors file or a NumPy .npz."""
    path = Path(path)
    if not path.exists():
        raise WeightsError(f"cannot read {path}: no such file")
    if path.suffix == ".npz":
        with np.load(path, allow_pickle=False) as arrays:
            return {name: arrays[name] for name in arrays.files}
    if path.suffix == ".safetensors":
        from safetensors.numpy import load_file

        return load_file(str(path))
    import torch

    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:
        raise WeightsError(f"cannot read {path} as a PyTorch state_dict: {type(e).__name__}: {e}") from None
    if not isinstance(state, Mapping) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise WeightsError(f"{path} holds a {type(state).__name__}, not a state_dict (names to tensors)")
    return {name: _numpy(name, t) for name, t in state.items()}


def _numpy(name: str, tensor) -> np.ndarray:
    try:
        return to_numpy(tensor)
    except TypeError as e:
        raise WeightsError(f"state_dict entry {name}: {e}") from None


def write_weights_for(layout: Layout, state: Mapping[str, np.ndarray], own: Callable[[str], np.ndarray],
                      output: Path) -> None:
    """A weights file of `layout` from `state`, with `own(name)` the
    program's own value of a constant entry."""
    missing = [e.name for e in layout.entries if e.kind == STATE and e.name not in state]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise WeightsError(f"the state_dict has no {', '.join(missing[:5])}{more}, which the program reads")
    entries = {e.name: e for e in layout.entries}
    recipes = _Recipes(layout.recipes) if any(e.kind == DERIVED for e in layout.entries) else None

    def value(name: str) -> np.ndarray:
        entry = entries.get(name)
        if recipes is not None and name in recipes:
            return recipes.run(name, value)
        if name in state:
            return state[name]
        if entry is not None and entry.kind == CONSTANT:
            return own(name)
        raise WeightsError(f"the state_dict has no {name}, which the program's weights are derived from")

    def checked(entry) -> np.ndarray:
        return _checked(entry.name, value(entry.name), entry.dtype, entry.shape)

    write_weights(output, layout, (checked(e) for e in layout.entries))


def _checked(name: str, value: np.ndarray, dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    """`value` as the program stores entry `name`, or the mismatch as an error."""
    array = np.asarray(value)
    if dtype == "uint8" and array.dtype == np.bool_:  # the importer stores bool tensors as bytes
        array = array.view(np.uint8)
    if array.dtype != np.dtype(dtype) or array.shape != tuple(shape):
        raise WeightsError(f"{name} is {array.dtype.name} {list(array.shape)}, the program needs "
                           f"{dtype} {list(shape)}")
    return array


class _Recipes:
    """The recipes of a layout (an MLIR module, one function per derived
    entry), run by the TCP interpreter."""

    def __init__(self, text: str):
        from torch_mlir import ir

        from .context import make_context
        from .dialects.tcp_base import numpy_dtype
        from .module_io import parse_module
        from .weights import SOURCE_ATTR

        self._context = make_context()
        with self._context, ir.Location.unknown():
            self._module = parse_module(text, "<recipes>")
        self._sources = {}  # per recipe: (source entry, its dtype, its shape) per argument
        for f in self._module.body.operations:
            name = ir.StringAttr(f.operation.attributes["sym_name"]).value
            types = [ir.RankedTensorType(t) for t in
                     ir.FunctionType(ir.TypeAttr(f.operation.attributes["function_type"]).value).inputs]
            self._sources[name] = [(ir.StringAttr(ir.DictAttr(a)[SOURCE_ATTR]).value,
                                    numpy_dtype(t.element_type).name, tuple(t.shape))
                                   for a, t in zip(ir.ArrayAttr(f.operation.attributes["arg_attrs"]), types)]

    def __contains__(self, name: str) -> bool:
        return name in self._sources

    def run(self, name: str, value: Callable[[str], np.ndarray]) -> np.ndarray:
        from torch_mlir import ir

        from .interpreter import Interpreter, InterpreterError

        args = [_checked(source, value(source), dtype, shape) for source, dtype, shape in self._sources[name]]
        with self._context, ir.Location.unknown():
            try:
                return Interpreter(self._module).run(name, args)[0]
            except InterpreterError as e:
                raise WeightsError(f"the recipe of {name} fails on these weights: {e}") from None
