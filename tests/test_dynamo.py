"""torch.compile(model, backend="tcp_aot"): models of models/ give eager's
outputs, a second process loads the compiled graph from the disk cache,
dynamic=True compiles once for several sizes, and a graph with an op the
compiler lacks runs in eager PyTorch with one warning naming it."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest
import torch
import yaml

from conftest import ROOT
from tcp_aot.config import program_tolerance

MODELS = ["mlp", "lenet5", "vgg_block", "resnet_basic_block", "squeeze_excitation", "text_classifier",
          "transformer_encoder", "gpt_block", "lstm_cell"]
CONFIG = yaml.safe_load((ROOT / "config.yaml").read_text())


def loaded(name: str):
    sys.path.insert(0, str(ROOT))
    try:
        module = importlib.import_module(f"models.{name}")
    finally:
        sys.path.remove(str(ROOT))
    return getattr(module, f"{name}_loader")()


@pytest.fixture(autouse=True)
def fresh_dynamo():
    """Each test compiles as in a fresh process: Dynamo would make the dims
    of a frame it saw before dynamic, and stop compiling a frame (running it
    eagerly, without a word from the backend) after 8 recompilations."""
    torch._dynamo.reset()


@pytest.fixture
def no_fused_attention():
    """Under no_grad, nn.TransformerEncoderLayer and nn.MultiheadAttention
    call fused kernels (aten._transformer_encoder_layer_fwd, ...) that
    tcp_aot does not have; without them they are the ops it compiles."""
    enabled = torch.backends.mha.get_fastpath_enabled()
    torch.backends.mha.set_fastpath_enabled(False)
    yield
    torch.backends.mha.set_fastpath_enabled(enabled)


@pytest.mark.parametrize("name", MODELS)
def test_models_match_eager(name, tmp_path, no_fused_attention):
    out = loaded(name)
    compiled = torch.compile(out.model, backend="tcp_aot", options={"cache_dir": str(tmp_path)})
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("error")  # a fallback to eager would warn
        got, expected = compiled(*out.inputs), out.model(*out.inputs)
    got, expected = (x if isinstance(x, tuple) else (x,) for x in (got, expected))
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        torch.testing.assert_close(g, e, **program_tolerance(CONFIG, name))
    assert list(tmp_path.iterdir())  # compiled, not run eagerly


SCRIPT = """
import logging, sys, torch
sys.path.insert(0, {root!r})
from models.mlp import mlp_loader
logging.basicConfig(level=logging.INFO, format="%(message)s")
out = mlp_loader()
compiled = torch.compile(out.model, backend="tcp_aot", dynamic=True, options={{"cache_dir": {cache!r}}})
with torch.no_grad():
    for batch in (3, 5, 9):
        x = torch.randn(batch, out.inputs[0].shape[1])
        torch.testing.assert_close(compiled(x), out.model(x), rtol=1e-5, atol=1e-5)
"""


def test_a_second_process_hits_the_cache_and_dynamic_compiles_once(tmp_path):
    script = SCRIPT.format(root=str(ROOT), cache=str(tmp_path / "cache"))
    logs = []
    for _ in range(2):
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr[-3000:]
        logs.append([line for line in run.stderr.splitlines() if line.startswith("tcp_aot: ")])
    assert len(logs[0]) == 1 and logs[0][0].startswith("tcp_aot: compiled a graph into ")  # 3 sizes, 1 compile
    assert len(logs[1]) == 1 and logs[1][0].startswith("tcp_aot: loaded a compiled graph from ")
    assert logs[0][0].split()[-1] == logs[1][0].split()[-1]


@pytest.mark.parametrize("freezing", [False, True], ids=["", "frozen"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["f32", "bf16"])
def test_dynamic_float_attributes_compile_and_a_changed_one_runs_eagerly(tmp_path, dtype, freezing):
    """With dynamic=True, Dynamo passes a module's float attribute (a layer
    norm's eps) as a 0-d tensor read with .item(): the graph compiles with
    the value it had (no fallback), and a call after it changed matches
    eager. A bfloat16 model compiles too (the input's width, fixed by the
    weight, is static in the compiled signature), and so do both with their
    parameters frozen (the sizes of the call's inputs stay symbolic)."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.LayerNorm(32),
                                torch.nn.Linear(32, 4)).eval().to(dtype)
    compiled = torch.compile(model, backend="tcp_aot", dynamic=True,
                             options={"cache_dir": str(tmp_path), "freezing": freezing})
    close = {"rtol": 1e-5, "atol": 1e-5} if dtype == torch.float32 else {"rtol": 1.6e-2, "atol": 2e-2}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("error")
        for batch in (3, 5):
            x = torch.randn(batch, 16).to(dtype)
            torch.testing.assert_close(compiled(x), model(x), **close)
        model[2].eps = 0.5
        x = torch.randn(4, 16).to(dtype)
        torch.testing.assert_close(compiled(x), model(x), **close)
    assert list(tmp_path.iterdir())


def test_precision_bf16_computes_products_in_bf16(tmp_path):
    """options={"precision": "bf16"}: the graph's products read bfloat16
    operands (their error against float32 eager is bfloat16's, not float32's)
    and the outputs stay float32; an unknown precision is refused, naming
    the ones there are."""
    from tcp_aot.runtime.program import load

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 8)).eval()
    compiled = torch.compile(model, backend="tcp_aot", options={"cache_dir": str(tmp_path), "precision": "bf16"})
    x = torch.randn(16, 64)
    with torch.no_grad():
        got, want = compiled(x), model(x)
    assert got.dtype == torch.float32
    error = (got - want).abs().max().item()
    assert 1e-4 < error < 1.6e-2 * want.abs().max().item(), error
    (so,) = tmp_path.glob("*/graph.so")
    assert load(so).signature.precision == "bf16"
    with pytest.raises(torch._dynamo.exc.BackendCompilerFailed, match="precision 'fp8' is not one of bf16"):
        torch.compile(model, backend="tcp_aot", options={"precision": "fp8"})(x)


def test_freezing_compiles_parameters_as_weights_and_sees_them_change(tmp_path):
    """options={"freezing": True}: the parameters and buffers Dynamo passes
    as inputs become the program's weights (the compiled function takes x
    alone, and the batch norm folds into its convolution); a parameter
    written in place, and another instance of the model, compile again and
    match eager; a setting that is not a bool is refused."""
    from tcp_aot.runtime.program import load

    def model():
        return torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                   torch.nn.Flatten(), torch.nn.Linear(8 * 6 * 6, 5)).eval()

    torch.manual_seed(0)
    first, second = model(), model()
    for m in (first, second):
        torch.nn.init.uniform_(m[1].running_mean)  # statistics a wrong fold would show
        torch.nn.init.uniform_(m[1].running_var, 0.5, 1.5)
    options = {"cache_dir": str(tmp_path), "freezing": True}
    x = torch.randn(2, 3, 8, 8)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled = torch.compile(first, backend="tcp_aot", options=options)
        torch.testing.assert_close(compiled(x), first(x), rtol=1e-5, atol=1e-5)
        (so,) = tmp_path.glob("*/graph.so")
        program = load(so)
        assert len(program.functions["func_main"].signature.inputs) == 1
        assert program.weights.bytes >= 4 * (8 * 6 * 6 * 5)
        first[4].weight.mul_(-1)
        torch.testing.assert_close(compiled(x), first(x), rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(torch.compile(second, backend="tcp_aot", options=options)(x), second(x),
                                   rtol=1e-5, atol=1e-5)
    assert len(list(tmp_path.glob("*/graph.so"))) == 3
    with pytest.raises(torch._dynamo.exc.BackendCompilerFailed, match="freezing is 'yes', not True or False"):
        torch.compile(first, backend="tcp_aot", options={"freezing": "yes"})(x)


class Diagonal(torch.nn.Module):
    def forward(self, x):
        return torch.diagonal(x) + 1, x.relu()


def test_an_unsupported_op_runs_eagerly_with_one_warning(tmp_path):
    model = Diagonal()
    compiled = torch.compile(model, backend="tcp_aot", options={"cache_dir": str(tmp_path)})
    x = torch.randn(4, 5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = compiled(x)
        compiled(x)
    messages = [str(w.message) for w in caught]
    assert messages == ["tcp_aot: a graph of 5 nodes runs in eager PyTorch: unsupported ops torch.aten.diagonal"]
    for g, e in zip(got, model(x)):
        assert torch.equal(g, e)


def test_a_graph_that_needs_autograd_runs_eagerly(tmp_path):
    model = torch.nn.Linear(3, 2)
    compiled = torch.compile(model, backend="tcp_aot", options={"cache_dir": str(tmp_path)})
    with pytest.warns(UserWarning, match="needs autograd"):
        y = compiled(torch.randn(4, 3))
    y.sum().backward()
    assert model.weight.grad is not None


class Doubling(torch.nn.Module):
    def forward(self, x):
        x.mul_(2)
        return x + 1


def test_a_graph_that_mutates_its_input_runs_eagerly(tmp_path):
    compiled = torch.compile(Doubling(), backend="tcp_aot", options={"cache_dir": str(tmp_path)})
    x = torch.ones(3)
    with pytest.warns(UserWarning, match="it mutates its inputs"):
        y = compiled(x)
    assert torch.equal(x, torch.full((3,), 2.0)) and torch.equal(y, torch.full((3,), 3.0))
