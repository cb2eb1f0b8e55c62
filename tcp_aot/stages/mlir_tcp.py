"""Stage mlir_tcp: Torch dialect (a model) or a TCP source file -> verified
TCP in the custom syntax, and its weights file (NAME.weights): the weights
it reads, those derived by folding included, each once."""

from __future__ import annotations

from pathlib import Path

from .common import tcp_opt_command, write_atomic
from .mlir_input import parsed

MODEL_PIPELINE = ["torch-to-tcp"]
# optimize-tcp here too: weights are derived in this stage only (mlir_llvm's are final).
TCP_SOURCE_PIPELINE = ["verify-tcp-backend-contract", "optimize-tcp"]
# A model's `precision` (config.yaml): its f32 products in bf16, their weights converted here.
BF16_PRODUCTS_PIPELINE = ["products-in-bf16", "optimize-tcp"]
PRECISION_PIPELINES = {"bf16": BF16_PRODUCTS_PIPELINE}
PIPELINES = MODEL_PIPELINE + TCP_SOURCE_PIPELINE + BF16_PRODUCTS_PIPELINE


def model_pipeline(precision: str | None = None) -> list[str]:
    return _with_precision(MODEL_PIPELINE, precision)


def _pipeline(source: Path, precision: str | None = None) -> list[str]:
    if source.name.endswith(".torch.mlir"):
        return model_pipeline(precision)
    return _with_precision(TCP_SOURCE_PIPELINE, precision)


def _with_precision(pipeline: list[str], precision: str | None) -> list[str]:
    return pipeline + (PRECISION_PIPELINES[precision] if precision else [])


def reproducer(source: Path, allow_unconverted: bool = False, precision: str | None = None) -> str:
    return tcp_opt_command(_pipeline(source, precision), source, *["--allow-unconverted"] * allow_unconverted)


def run(source: Path, output: Path, weights: Path | None = None, allow_unconverted: bool = False,
        precision: str | None = None) -> None:
    """`weights` defaults to NAME.weights beside NAME.tcp.mlir; `precision`
    (bf16) computes the f32 products in it."""
    from .. import pipelines
    from ..module_io import print_module
    from ..weights import weights_path

    with parsed(source) as (module, module_weights):
        context = pipelines.PassContext(filename=str(source), allow_unconverted=allow_unconverted,
                                        weights=module_weights)
        pipelines.run(module, _pipeline(source, precision), context)
        module_weights.write(module, weights or weights_path(output))
        text = print_module(module)
    write_atomic(output, text)
