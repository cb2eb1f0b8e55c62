"""The numerics bisection (results/foo.bisect.txt): it names the op a broken
lowering or a broken Torch -> TCP pattern computes wrongly. The compiler is
broken only here, in-process, by replacing one pattern for one test."""

from __future__ import annotations

import numpy as np
import pytest

from tcp_aot.stages import bisect, mlir_tcp, mlir_torch, npz_model, npz_tcp_source, toolchain
from tcp_aot.toolchain import DEFAULT_TOOLS

PROGRAM = """\
func.func @f(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tcp.exp %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = tcp.tanh %0 : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = tcp.add %1, %x : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
"""
MLP = "models.mlp.mlp_loader"


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    path = tmp_path_factory.mktemp("toolchain") / "toolchain.json"
    toolchain.run(path, **DEFAULT_TOOLS, target_cpu="host")
    return path


def tcp_source(tmp_path):
    source = tmp_path / "prog.mlir"
    source.write_text(PROGRAM)
    tcp_mlir, npz = tmp_path / "prog.tcp.mlir", tmp_path / "prog.npz"
    mlir_tcp.run(source, tcp_mlir)
    npz_tcp_source.run(tcp_mlir, npz, [3, 5], None, seed=0)
    return tcp_mlir, npz


def model(tmp_path, loader=MLP, precision=None):
    name = loader.rsplit(".", 1)[1].removesuffix("_loader")
    torch_mlir, tcp_mlir, npz = (tmp_path / f"{name}.{ext}" for ext in ("torch.mlir", "tcp.mlir", "npz"))
    mlir_torch.run(loader, torch_mlir)
    mlir_tcp.run(torch_mlir, tcp_mlir, precision=precision)
    npz_model.run(loader, torch_mlir, npz)
    return tcp_mlir, npz


def report(tmp_path, tools, name, tcp_mlir, npz, loader=None) -> list[str]:
    out = tmp_path / f"{name}.bisect.txt"
    bisect.run(name, tcp_mlir, npz, tools, 3, 1e-5, 1e-6, loader, out)
    return out.read_text().splitlines()


def test_values_compare_as_the_cpp_test_compares_them():
    from tcp_aot.bisection import compare

    nan, inf = float("nan"), float("inf")
    assert compare(np.array([nan, inf, -inf, 1.0]), np.array([nan, inf, -inf, 1.0 + 1e-6]), 1e-5, 1e-6).within
    off = compare(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32), np.array([[1.0, 2.0], [3.0, 4.0]]), 1e-5, 1e-6)
    assert not off.within and off.index == (1, 1) and (off.got, off.want) == (5.0, 4.0)
    assert off.describe() == "max abs error 1, max rel error 0.25; worst element [1, 1]: 5.0 where 4.0 was expected"
    assert not compare(np.array([nan]), np.array([1.0]), 1e-5, 1e-6).within
    assert not compare(np.array([1.0]), np.array([inf]), 1e-5, 1e-6).within  # an infinity matches only itself
    assert not compare(np.array([inf]), np.array([-inf]), 1e-5, 1e-6).within
    assert not compare(np.array([3], np.int32), np.array([4], np.int64), 1.0, 1.0).within  # integers: exact
    assert compare(np.zeros((2, 3)), np.zeros((3, 2)), 1e-5, 1e-6).describe() == "shapes differ: [2, 3] against [3, 2]"


def test_16_bit_values_compare_at_their_precision():
    """A bfloat16 value, or one computed from bfloat16 values, is held to
    bfloat16's tolerance: rtol 1.6e-2 and two ulps of its largest magnitude."""
    from tcp_aot.bisection import compare
    from tcp_aot.element_types import BFLOAT16

    want = np.array([4.0, 0.01, -2.0], np.float32)
    got = np.array([4.03, 0.06, -2.0], np.float32)  # 0.05 off near zero: within 2^-6 * 4
    assert compare(got.astype(BFLOAT16), want.astype(BFLOAT16), 1e-5, 1e-6).within
    assert compare(got, want, 1e-5, 1e-6, precision=BFLOAT16).within
    assert not compare(got, want, 1e-5, 1e-6).within
    assert not compare(got * 1.1, want, 1e-5, 1e-6, precision=BFLOAT16).within


def test_a_correct_program_has_no_divergence(tmp_path, tools):
    tcp_mlir, npz = tcp_source(tmp_path)
    lines = report(tmp_path, tools, "prog", tcp_mlir, npz)
    assert lines[1] == "@f: compared 3 values of the compiled code with the TCP interpreter's"
    assert lines[2].startswith("  no divergence; the largest error: ")


def test_a_broken_lowering_is_named(tmp_path, tools, monkeypatch):
    from torch_mlir.dialects import math

    from tcp_aot.conversion.tcp_to_linalg import elementwise
    from tcp_aot.dialects import tcp

    tcp_mlir, npz = tcp_source(tmp_path)
    monkeypatch.setitem(elementwise.BODIES, tcp.TanhOp, elementwise._unary(math.SinOp))  # tanh computes sin
    lines = report(tmp_path, tools, "prog", tcp_mlir, npz)
    assert lines[2] == (f"  first divergence: {tcp_mlir}:4:10: "
                        "%1 = tcp.tanh %0 : tensor<?x4xf32> -> tensor<?x4xf32>")
    assert lines[3] == "  compared: the compiled code against the TCP interpreter"
    assert lines[4].startswith("  max abs error ") and "worst element [" in lines[4]


def test_a_correct_model_has_no_divergence(tmp_path, tools):
    tcp_mlir, npz = model(tmp_path)
    lines = report(tmp_path, tools, "mlp", tcp_mlir, npz, MLP)
    assert lines[1].startswith("@func_main: compared ") and "values of 11 FX nodes with eager PyTorch's" in lines[1]
    assert lines[2].startswith("  no divergence; the largest error: ")


def test_a_model_with_products_in_bf16_has_no_divergence_at_bf16s_tolerance(tmp_path, tools):
    """precision: bf16: the model is converted again with it (else its ops
    would not match), and its values are held to bfloat16's tolerance
    against float32 eager, which they pass, though not float32's."""
    tcp_mlir, npz = model(tmp_path, precision="bf16")
    assert "tcp.cast" in tcp_mlir.read_text()
    lines = report(tmp_path, tools, "mlp", tcp_mlir, npz, MLP)
    assert lines[2].startswith("  no divergence; the largest error: "), lines
    excess = float(lines[2].split(", ")[2].split(" of the tolerance")[0])
    assert 1e-3 < excess <= 1, lines  # a bf16 rounding's error: far beyond float32's tolerance of 1e-5


WEIGHT_NORM = """\
import torch
from tcp_aot.loader import TorchLoaderOutput

def weight_norm_loader():
    conv = torch.nn.utils.parametrizations.weight_norm(torch.nn.Conv1d(16, 16, 3, padding=1), dim=2)
    return TorchLoaderOutput(model=conv.eval(), inputs=[torch.randn(2, 16, 20)])
"""


def test_a_model_with_weights_derived_at_compile_time_has_no_divergence(tmp_path, tools, monkeypatch):
    """A weight-normed convolution (wav2vec2's positional one): its weight
    is computed from two weights at compile time. Converted again in the
    context that read foo.tcp.mlir, its weights renamed, it was not."""
    (tmp_path / "bisect_models.py").write_text(WEIGHT_NORM)
    monkeypatch.syspath_prepend(str(tmp_path))
    tcp_mlir, npz = model(tmp_path, "bisect_models.weight_norm_loader")
    assert "tcp.reduce" not in tcp_mlir.read_text()  # the norm was folded
    lines = report(tmp_path, tools, "weight_norm", tcp_mlir, npz, "bisect_models.weight_norm_loader")
    assert lines[2].startswith("  no divergence; the largest error: "), lines


def test_a_broken_torch_to_tcp_pattern_is_named(tmp_path, tools, monkeypatch):
    from tcp_aot.conversion.torch_to_tcp import elementwise

    def relu_clipped_at_half(op, rewriter):  # relu made clamp(x, 0, 0.5)
        elementwise._clamp(op, rewriter, 0, 0.5)

    broken = [(name, relu_clipped_at_half if name == "torch.aten.relu" else fn)
              for name, fn in elementwise.PATTERNS.patterns]
    monkeypatch.setattr(elementwise.PATTERNS, "patterns", broken)
    tcp_mlir, npz = model(tmp_path)
    lines = report(tmp_path, tools, "mlp", tcp_mlir, npz, MLP)
    assert lines[2].startswith(f"  first divergence: {tcp_mlir}:")
    assert " = tcp.clamp %5 {max_float = 5.000000e-01" in lines[2]
    assert lines[3] == "  from: FX node relu (aten.relu.default), torch.aten.relu"
    assert lines[4] == "  compared: the TCP interpreter against eager PyTorch's value of FX node relu"
    assert "where" in lines[5] and "was expected" in lines[5]


def test_a_stale_tcp_mlir_is_refused(tmp_path, tools):
    from tcp_aot.errors import StageError

    tcp_mlir, npz = model(tmp_path)
    text = tcp_mlir.read_text()
    tcp_mlir.write_text(text.replace("tcp.add", "tcp.sub", 1))
    with pytest.raises(StageError, match="does not give the ops of its .tcp.mlir"):
        report(tmp_path, tools, "mlp", tcp_mlir, npz, MLP)
