"""Reference tensors (.npz): inputs and expected outputs for every compiled
function, from eager PyTorch (models) or the NumPy interpreter (TCP sources).

Layout (shared with cpp_test.py through `npz_key`): the sample case of a
model is `Input0`, `Input1`, ..., `Output0`, ...; further cases (other sizes
for the dynamic dims) are `case1/Input0`, ...; a TCP source prefixes every
key with its function's name: `func_1/Input0`, `func_1/case1/Input0`.
Arrays keep their dtype and shape (bool stays bool, 0-d stays 0-d).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import StageError


def npz_key(prefix: str, case: int, name: str) -> str:
    return prefix + (f"case{case}/" if case else "") + name


def cases(keys: list[str], prefix: str) -> list[int]:
    """The case numbers present for a function's prefix."""
    found = set()
    for key in keys:
        m = re.fullmatch(re.escape(prefix) + r"(?:case(\d+)/)?Input0", key)
        if m:
            found.add(int(m.group(1) or 0))
    return sorted(found)


@dataclass
class Case:
    inputs: list[np.ndarray]
    outputs: list[np.ndarray]


@dataclass
class Reference:
    """Cases per function prefix ("" for a model's single function)."""
    functions: dict[str, list[Case]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        out = {}
        for prefix, function_cases in self.functions.items():
            for c, case in enumerate(function_cases):
                for kind, values in (("Input", case.inputs), ("Output", case.outputs)):
                    for i, v in enumerate(values):
                        out[npz_key(prefix, c, f"{kind}{i}")] = np.array(v, order="C")  # keeps 0-d arrays 0-d
        return out


def save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """np.savez (uncompressed), written to a temporary file and renamed."""
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(buffer.getvalue())
    tmp.replace(path)


def load_npz(path: Path) -> dict[str, np.ndarray]:
    try:
        with np.load(path) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise StageError(f"cannot read {path}: {e}") from None


# ---------------------------------------------------------------------------
# Models: eager PyTorch
# ---------------------------------------------------------------------------


def model_reference(loader_path: str, torch_mlir_text: str) -> Reference:
    """The loader's sample inputs and eager outputs, plus a second case at
    other sizes of the dynamic dims (when the program has any)."""
    from .loader import run_loader

    out = run_loader(loader_path)
    ref = Reference()
    sample = [t.detach().clone() for t in out.inputs]
    ref.functions[""] = [Case(_to_numpy(sample), _eager(out.model, sample))]
    resized, note = _resized_inputs(out, torch_mlir_text)
    if resized is not None:
        try:
            outputs = _eager(out.model, resized)
        except StageError as e:
            note = f"no second case: the model fails on resized inputs ({e})"
        else:
            ref.functions[""].append(Case(_to_numpy(resized), outputs))
    if note:
        ref.notes.append(note)
    return ref


def _eager(model, inputs) -> list[np.ndarray]:
    import torch

    try:
        with torch.no_grad():
            result = model(*[t.clone() for t in inputs])
    except Exception as e:
        raise StageError(f"the model raised {type(e).__name__} on its sample inputs: {e}") from None
    results = list(result) if isinstance(result, (tuple, list)) else [result]
    if not results or not all(isinstance(r, torch.Tensor) for r in results):
        raise StageError("the model must return a tensor or a tuple of tensors")
    return _to_numpy(results)


def _to_numpy(tensors) -> list[np.ndarray]:
    try:
        return [t.detach().contiguous().numpy().copy() for t in tensors]
    except TypeError as e:
        raise StageError(f"cannot save a tensor as NumPy: {e}") from None


def _resized_inputs(out, torch_mlir_text: str):
    """Inputs with every symbolic dim at another size torch.export allows,
    values drawn like the sample's; (None, why) when there is none."""
    import torch
    from torch_mlir import ir

    from .context import make_context
    from .symbolic_shapes import argument_shapes, evaluate

    with make_context() as ctx, ir.Location.unknown(ctx):
        module = ir.Module.parse(torch_mlir_text)
        func_op = next(op.operation for op in module.body.operations
                       if op.operation.name == "func.func"
                       and ir.StringAttr(op.operation.attributes["sym_name"]).value == out.func_name)
        shapes = argument_shapes(func_op)
        if not shapes:
            return None, ""
        samples: dict[str, int] = {}
        bounds: dict[str, tuple[int, int]] = {}
        for s in shapes:
            for d, expr in enumerate(s.exprs):
                for sym in s.symbols:
                    bounds[sym.name] = (max(sym.min, 2), sym.max)
                if isinstance(expr, ir.AffineSymbolExpr):
                    samples[s.symbols[expr.position].name] = out.inputs[s.arg].shape[d]
        chosen = {name: _other_size(samples[name], *bounds[name]) for name in samples}
        if any(v is None for v in chosen.values()):
            return None, "no second case: a symbolic dim has no other allowed size"
        new_shapes = {s.arg: [evaluate(e, [chosen[sym.name] for sym in s.symbols]) for e in s.exprs]
                      for s in shapes}
    generator = torch.Generator().manual_seed(1)
    return [_like(t, new_shapes.get(i, list(t.shape)), generator) for i, t in enumerate(out.inputs)], ""


def _other_size(sample: int, low: int, high: int) -> int | None:
    for candidate in (sample + 3, sample + 1, sample - 1):
        if low <= candidate <= high and candidate != sample:
            return candidate
    return None


def _like(t, shape, generator):
    """A tensor of t's dtype and the given shape, values like t's."""
    import torch

    if t.dtype.is_floating_point:
        return torch.randn(shape, generator=generator).to(t.dtype)
    if t.dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=generator).bool()
    low, high = (int(t.min()), int(t.max())) if t.numel() else (0, 0)
    return torch.randint(low, high + 1, shape, generator=generator).to(t.dtype)


# ---------------------------------------------------------------------------
# TCP sources: the NumPy interpreter
# ---------------------------------------------------------------------------


def tcp_reference(module, dim_sizes: list[int], int_range: list[int] | None, seed: int = 0) -> Reference:
    """One case per entry of `dim_sizes` (every dynamic dim takes that
    size) for every function; inputs are random (integers in `int_range`,
    by default [0, smallest input dim)); outputs come from the interpreter."""
    from torch_mlir import ir

    from .interpreter import Interpreter, InterpreterError

    rng = np.random.default_rng(seed)
    interpreter = Interpreter(module)
    ref = Reference()
    for name, func_op in interpreter.functions.items():
        ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
        function_cases = []
        for size in dim_sizes:
            shapes = [_concrete_shape(t, size) for t in ftype.inputs]
            low, high = int_range or (0, min((d for s in shapes for d in s), default=10))
            args = [_random_array(t, shape, low, high, rng) for t, shape in zip(ftype.inputs, shapes)]
            try:
                outputs = interpreter.run(name, args)
            except InterpreterError as e:
                raise StageError(f"the reference interpreter failed on @{name} (dynamic dims = {size}): {e}")
            function_cases.append(Case(args, [np.asarray(o) for o in outputs]))
        ref.functions[f"{name}/"] = function_cases
    return ref


def _concrete_shape(t, size: int) -> list[int]:
    from torch_mlir import ir

    if not isinstance(t, ir.RankedTensorType):
        raise StageError(f"function arguments must be ranked tensors, got {t}")
    return [size if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]


def _random_array(t, shape: list[int], low: int, high: int, rng: np.random.Generator) -> np.ndarray:
    from .interpreter import numpy_dtype

    dtype = numpy_dtype(t.element_type)
    if dtype.kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    return rng.integers(low, max(high, low + 1), shape).astype(dtype)
