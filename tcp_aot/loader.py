"""What a model loader returns, and how the pipeline finds and calls one.

A loader is a Python function, named by its import path
(`models.broadcast_add_mixed_ranks.broadcast_add_mixed_ranks_loader`), that
returns a TorchLoaderOutput: the seed harness's fields, with torch.export's
`dynamic_shapes` in place of the old `dynamic_dim` constraints, and the
outputs to keep.

A program's outputs are what the model returns, flattened in order (tuples
and lists in order, dicts in their order, dataclasses such as transformers'
ModelOutput by field: torch.export's order), None left out, or, with
`outputs`, the fields of it named there.
"""

from __future__ import annotations

import importlib
import keyword
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .errors import StageError


@dataclass
class TorchLoaderOutput:
    model: Any  # torch.nn.Module
    inputs: list  # sample input tensors, positional
    dynamic_shapes: Any = None  # as torch.export.export takes it (torch.export.Dim)
    func_name: str = "func_main"
    # The fields (attributes or dict keys) of what the model returns to keep,
    # in this order, e.g. ("last_hidden_state", "pooler_output") of a
    # transformers ModelOutput; None keeps all it returns (see above).
    outputs: Sequence[str] | None = None


def in_dtype(out: TorchLoaderOutput, dtype) -> TorchLoaderOutput:
    """A loader's model and its floating-point sample inputs converted to
    `dtype` (a torch dtype), as `model.to(torch.bfloat16)` does."""
    import dataclasses

    return dataclasses.replace(out, model=out.model.to(dtype),
                               inputs=[t.to(dtype) if t.is_floating_point() else t for t in out.inputs])


def quantized_int8(out: TorchLoaderOutput, calibration_batches: int = 8, dynamic: bool = False) -> TorchLoaderOutput:
    """A loader's model quantized to int8 as PyTorch deploys it to x86 CPUs:
    PT2E (torchao) with X86InductorQuantizer's default configuration
    (per-channel int8 weights, per-tensor uint8 activations). Static: the
    activations' scales and zero points calibrated on `calibration_batches`
    random batches shaped like the sample inputs (seeded). `dynamic`: chosen
    at run time from each activation's range (the quantizer then quantizes
    linear layers only). The model it returns runs the quantized program in
    eager PyTorch, which is the reference for every number; `outputs` is
    applied before export."""
    import dataclasses
    import logging
    import warnings

    import torch

    # torchao warns about its CUDA kernels and deprecated APIs on import, and
    # torch about the way it registers its enums.
    for name in ("torchao", "torch.utils._pytree"):
        logging.getLogger(name).setLevel(logging.ERROR)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torchao.quantization.pt2e import allow_exported_model_train_eval
        from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
        from torchao.quantization.pt2e.quantizer import x86_inductor_quantizer as x86

    model = _kept_outputs(out.model, tuple(out.outputs)) if out.outputs else out.model
    graph = torch.export.export(model, tuple(out.inputs), dynamic_shapes=out.dynamic_shapes).module()
    _one_partition_per_call(graph)
    config = x86.get_default_x86_inductor_quantization_config(is_dynamic=dynamic)
    quantizer = x86.X86InductorQuantizer().set_global(config)
    prepared = prepare_pt2e(graph, quantizer)
    generator = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for _ in range(calibration_batches):
            prepared(*[torch.randn(t.shape, generator=generator, dtype=t.dtype) if t.is_floating_point() else t
                       for t in out.inputs])
    converted = convert_pt2e(prepared)
    allow_exported_model_train_eval(converted)
    converted.eval()
    return dataclasses.replace(out, model=converted, outputs=None)


def _one_partition_per_call(graph) -> None:
    """Name each node's innermost module by its call, not its path: the
    quantizer groups nodes into patterns by that name, and a module called
    twice (torchvision's ResNets call one ReLU module after each convolution
    of a block) would make one pattern of two outputs, which it refuses
    ('Input partition has more than one output node')."""
    for node in graph.graph.nodes:
        stack = node.meta.get("nn_module_stack")
        if node.op == "call_function" and stack:
            call, (_, module_type) = list(stack.items())[-1]  # "L__self__layer1.0.relu@1": the second call
            stack[call] = (call, module_type)


def flat_outputs(result) -> list:
    """What a model returned, flattened as torch.export flattens it, without
    its None values."""
    import torch.utils._pytree as pytree

    return [leaf for leaf in pytree.tree_leaves(result) if leaf is not None]


def _kept_outputs(model, names: tuple[str, ...]):
    """`model` returning only the fields `names` of its result; its forward
    keeps the model's signature (torch.export matches dynamic_shapes to
    it)."""
    import functools

    import torch

    def field(result, name: str):
        value = result.get(name) if isinstance(result, dict) else getattr(result, name, None)
        if value is None:
            raise ValueError(f"the model's output ({type(result).__name__}) has no {name!r}, which outputs= names")
        return value

    @functools.wraps(model.forward)
    def forward(*args):
        result = model(*args)
        return tuple(field(result, n) for n in names)

    kept = torch.nn.Module()
    kept.model = model
    kept.forward = forward
    return kept


def randomize_batch_norms(model) -> None:
    """Give every BatchNorm of `model` non-trivial running statistics and
    affine parameters from torch's generator (fresh ones are 0/1 and would
    hide a wrong lowering), module by module in `model.modules()` order."""
    import torch

    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
                m.running_mean.copy_(torch.randn(m.num_features) * 0.1)
                m.running_var.copy_(torch.rand(m.num_features) + 0.5)
                m.weight.copy_(torch.rand(m.num_features) + 0.5)
                m.bias.copy_(torch.randn(m.num_features) * 0.1)


def module_file(loader_path: str, root: Path = Path(".")) -> Path:
    """The source file of a loader's module (models/foo.py for
    models.foo.foo_loader)."""
    module = loader_path.rsplit(".", 1)[0]
    return root / (module.replace(".", "/") + ".py")


def find_loader(loader_path: str) -> Callable[[], TorchLoaderOutput]:
    module_name, _, func_name = loader_path.rpartition(".")
    if not module_name:
        raise StageError(f"loader path '{loader_path}' must be module.function")
    if "" not in sys.path and "." not in sys.path:
        sys.path.insert(0, "")  # models/ lives in the workflow directory
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        raise StageError(f"cannot import loader module '{module_name}': {e}") from None
    except Exception as e:  # the module itself failed while importing
        raise StageError(f"importing loader module '{module_name}' raised "
                         f"{type(e).__name__}: {e}") from None
    loader = getattr(module, func_name, None)
    if not callable(loader):
        raise StageError(f"module '{module_name}' has no loader function '{func_name}'")
    return loader


def run_loader(loader_path: str) -> TorchLoaderOutput:
    """Call the loader and check what it returned. The loader runs once in
    the mlir_torch stage and once in the npz stage: random number generators
    are seeded first, so that random weights and inputs are the same in both
    (and on every machine)."""
    import random

    import numpy as np
    import torch

    loader = find_loader(loader_path)
    torch.manual_seed(0)
    random.seed(0)
    np.random.seed(0)
    try:
        out = loader()
    except Exception as e:
        raise StageError(f"loader '{loader_path}' raised {type(e).__name__}: {e}") from None
    if not all(hasattr(out, f) for f in ("model", "inputs", "dynamic_shapes", "func_name")):
        raise StageError(f"loader '{loader_path}' returned {type(out).__name__}, "
                         f"expected TorchLoaderOutput")
    if not isinstance(out.model, torch.nn.Module):
        raise StageError(f"loader '{loader_path}': model is {type(out.model).__name__}, "
                         f"expected a torch.nn.Module")
    if not isinstance(out.inputs, (list, tuple)) or not all(isinstance(t, torch.Tensor) for t in out.inputs):
        raise StageError(f"loader '{loader_path}': inputs must be a list of tensors")
    names = getattr(out, "outputs", None)
    if names is not None:
        if isinstance(names, str) or not all(isinstance(n, str) for n in names) or not names:
            raise StageError(f"loader '{loader_path}': outputs must be a list of field names")
        out.model = _kept_outputs(out.model, tuple(names))
    name = out.func_name
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name) or name == "main":
        raise StageError(f"loader '{loader_path}': func_name {name!r} must be a C identifier other "
                         f"than 'main'")
    return out
