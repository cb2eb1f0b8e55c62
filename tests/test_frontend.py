"""The frontend's own decompositions (tcp_aot/frontend.py) against the ops
they replace, as eager PyTorch runs them."""

from __future__ import annotations

import pytest
import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401 (defines the quantized_decomposed ops)

from tcp_aot.frontend import _choose_qparams, _dequantize_per_tensor, _quantize_per_tensor

QUANTIZED = torch.ops.quantized_decomposed


def _activations():
    """Ranges as dynamic quantization meets them: around zero, all positive
    (after a ReLU), all negative, one value, tiny (the scale's eps), large."""
    g = torch.Generator().manual_seed(0)
    x = torch.randn(6, 33, generator=g)
    return [x, x * 40 + 3, x.abs(), -x.abs() * 0.1, torch.full((2, 3), 0.7), x * 1e-5, x * 1e4]


@pytest.mark.parametrize("x", _activations(), ids=range(len(_activations())))
@pytest.mark.parametrize("bounds, dtype", [((0, 255), torch.uint8), ((-128, 127), torch.int8)])
def test_dynamic_quantization_decomposes_bit_for_bit(x, bounds, dtype):
    eps = torch.finfo(torch.float32).eps
    scale, zero_point = QUANTIZED.choose_qparams.tensor(x, *bounds, eps, dtype)
    ours = _choose_qparams(x, *bounds, eps, dtype)
    assert [(t.dtype, t.shape) for t in ours] == [(scale.dtype, scale.shape), (zero_point.dtype, zero_point.shape)]
    assert torch.equal(ours[0], scale) and torch.equal(ours[1], zero_point)

    q = QUANTIZED.quantize_per_tensor.tensor(x, scale, zero_point, *bounds, dtype)
    assert torch.equal(_quantize_per_tensor(x, scale, zero_point, *bounds, dtype), q)
    assert torch.equal(_dequantize_per_tensor(q, scale, zero_point, *bounds, dtype),
                       QUANTIZED.dequantize_per_tensor.tensor(q, scale, zero_point, *bounds, dtype))
