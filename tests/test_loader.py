"""The loader API's outputs: what a model returns (tuples, dicts,
dataclasses such as transformers' ModelOutput) flattened as torch.export
flattens it, or the fields `outputs=` names; the reference (npz) and the
compiled program agree on them."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from tcp_aot.errors import StageError
from tcp_aot.reference.npz import load_npz
from tcp_aot.stages import mlir_torch, npz_model

MODELS = """
    import dataclasses
    import torch
    from tcp_aot.loader import TorchLoaderOutput

    @dataclasses.dataclass
    class Out:
        hidden: torch.Tensor
        logits: torch.Tensor
        extra: torch.Tensor | None = None

    torch.export.register_dataclass(Out)

    class Nested(torch.nn.Module):
        def forward(self, x):
            return {"b": (x + 1, None), "a": Out(hidden=x * 2, logits=x - 3)}

    def nested_loader():
        return TorchLoaderOutput(model=Nested(), inputs=[torch.arange(4.0)])

    def kept_loader():
        return TorchLoaderOutput(model=Nested(), inputs=[torch.arange(4.0)], outputs=["a", "b"])

    class Fields(torch.nn.Module):
        def forward(self, x):
            return Out(hidden=x * 2, logits=x - 3)

    def fields_loader():
        return TorchLoaderOutput(model=Fields(), inputs=[torch.arange(4.0)], outputs=("logits", "hidden"))

    def missing_loader():
        return TorchLoaderOutput(model=Fields(), inputs=[torch.arange(4.0)], outputs=("logits", "extra"))
    """


@pytest.fixture
def models(tmp_path, monkeypatch):
    (tmp_path / "output_models.py").write_text(textwrap.dedent(MODELS))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def _outputs(tmp_path, loader: str) -> tuple[list[np.ndarray], str]:
    """The reference outputs of a loader, and its Torch-dialect function's
    result types."""
    torch_mlir, npz = tmp_path / "m.torch.mlir", tmp_path / "m.npz"
    mlir_torch.run(f"output_models.{loader}", torch_mlir)
    npz_model.run(f"output_models.{loader}", torch_mlir, npz)
    arrays = load_npz(npz)
    outputs = [arrays[f"Output{i}"] for i in range(sum(k.startswith("Output") for k in arrays))]
    signature = next(line for line in torch_mlir.read_text().splitlines() if "func.func @func_main" in line)
    return outputs, signature.split(") -> ")[1]


def test_outputs_are_flattened_as_export_flattens_them(models):
    """dicts in their order, dataclasses by field, None left out."""
    outputs, results = _outputs(models, "nested_loader")
    x = np.arange(4.0, dtype=np.float32)
    np.testing.assert_array_equal(outputs[0], x + 1)  # b[0]
    np.testing.assert_array_equal(outputs[1], x * 2)  # a.hidden
    np.testing.assert_array_equal(outputs[2], x - 3)  # a.logits
    assert len(outputs) == 3 and results.count("!torch.vtensor<[4],f32>") == 3


def test_outputs_keeps_the_named_fields_in_order(models):
    x = np.arange(4.0, dtype=np.float32)
    outputs, results = _outputs(models, "fields_loader")
    assert len(outputs) == 2 and results.count("!torch.vtensor") == 2
    np.testing.assert_array_equal(outputs[0], x - 3)
    np.testing.assert_array_equal(outputs[1], x * 2)
    outputs, _ = _outputs(models, "kept_loader")  # a field that is itself a structure is flattened
    assert [list(o) for o in outputs] == [list(x * 2), list(x - 3), list(x + 1)]


def test_outputs_naming_a_missing_field_is_an_error(models):
    with pytest.raises(StageError, match="has no 'extra', which outputs= names"):
        mlir_torch.run("output_models.missing_loader", models / "m.torch.mlir")
    assert not (models / "m.torch.mlir").exists()
