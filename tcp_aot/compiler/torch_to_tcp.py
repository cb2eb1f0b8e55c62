"""Torch dialect (a model, NAME.torch.mlir) or a TCP source file -> verified
TCP in the custom syntax, and its weights file: the weights it reads, those
derived by folding included, each once."""

from __future__ import annotations

from pathlib import Path

from ..files import write_atomic


def model_pipeline(precision: str | None = None) -> list[str]:
    """What a model runs; `precision` (pipelines.PRECISION_PIPELINES)
    computes its f32 products in it."""
    return _with_precision("torch-to-tcp", precision)


def pipeline(source: Path, precision: str | None = None) -> list[str]:
    """What `source` runs: a model's pipeline, or a TCP source's."""
    if source.name.endswith(".torch.mlir"):
        return model_pipeline(precision)
    return _with_precision("tcp-source-to-tcp", precision)


def _with_precision(name: str, precision: str | None) -> list[str]:
    from ..pipelines import PRECISION_PIPELINES

    return [name] + ([PRECISION_PIPELINES[precision]] if precision else [])


def convert(source: Path, output: Path, weights: Path, allow_unconverted: bool = False,
            precision: str | None = None) -> None:
    """`source` converted into `output`, the weights it reads into
    `weights`; `allow_unconverted` keeps the torch ops without a conversion
    as tcp.custom_op."""
    from .. import pipelines
    from ..module_io import parsed, print_module

    with parsed(source) as (module, module_weights):
        context = pipelines.PassContext(filename=str(source), allow_unconverted=allow_unconverted,
                                        weights=module_weights)
        pipelines.run(module, pipeline(source, precision), context)
        module_weights.write(module, weights)
        text = print_module(module)
    write_atomic(output, text)
