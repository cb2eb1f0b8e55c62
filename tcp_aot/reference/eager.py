"""Reference tensors of a model: the loader's sample inputs and eager
PyTorch's outputs, plus a second case at other sizes of the dynamic dims."""

from __future__ import annotations

import numpy as np

from ..element_types import to_numpy
from ..errors import StageError
from ..loader import flat_outputs, run_loader
from .npz import Case, Reference


def model_reference(loader_path: str, torch_mlir_text: str) -> Reference:
    """The loader's sample inputs and eager outputs, plus a second case at
    other sizes of the dynamic dims (when the program has any)."""
    out = run_loader(loader_path)
    ref = Reference()
    sample = [t.detach().clone() for t in out.inputs]
    ref.functions[""] = [Case(_to_numpy(sample), _eager(out.model, sample, "its sample inputs"))]
    resized, note = _resized_inputs(out, torch_mlir_text)
    if resized is not None:
        try:
            outputs = _eager(out.model, resized, "inputs resized along its dynamic dims")
        except StageError as e:
            note = f"no second case: {e}"
        else:
            ref.functions[""].append(Case(_to_numpy(resized), outputs))
    if note:
        ref.notes.append(note)
    return ref


def _eager(model, inputs, which: str) -> list[np.ndarray]:
    import torch

    try:
        with torch.no_grad():
            result = model(*[t.clone() for t in inputs])
    except Exception as e:
        raise StageError(f"the model raised {type(e).__name__} on {which}: {e}") from None
    results = flat_outputs(result)
    if not results or not all(isinstance(r, torch.Tensor) for r in results):
        raise StageError("the model must return tensors (in tuples, lists, dicts or dataclasses); "
                         f"it returned {type(result).__name__}")
    return _to_numpy(results)


def _to_numpy(tensors) -> list[np.ndarray]:
    try:
        return [to_numpy(t).copy() for t in tensors]
    except TypeError as e:
        raise StageError(f"cannot save a tensor as NumPy: {e}") from None


def _resized_inputs(out, torch_mlir_text: str):
    """Inputs with every symbolic dim at another size torch.export allows,
    values drawn like the sample's; (None, why) when there is none."""
    import torch
    from torch_mlir import ir

    from ..context import make_context
    from ..symbolic_shapes import argument_shapes, evaluate

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
