"""Programs big enough to run on several threads (mark-parallel, OpenMP)
give the same bits with 1, 2 and 3 threads, and match the NumPy
interpreter. Shapes are chosen so that the splits are uneven: a ragged
matrix product, a row count not divisible by the thread count, an innermost
dim not a multiple of the 4096-iteration pieces, and a dynamic batch that
decides at run time whether to split; a product with an epilogue (bias
add and ReLU) fused into its tiles, split or not; products of 197 rows
(ViT's tokens) split by tiles of whole rows, with and without an
epilogue; a 1 x 1 convolution into a padded tensor by 11 blocks of 3
rows (conv-to-matmul)."""

from __future__ import annotations

import numpy as np
import pytest
from torch_mlir import ir

import tcp_aot
from support import compile_tcp
from tcp_aot.context import make_context
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module
from tcp_aot.abi import INTO

# A linear layer and ReLU of K_IN inputs and N_OUT outputs, its rows known
# at run time (the bias add and ReLU the product's epilogue).
LINEAR_RELU = """
func.func @NAME(%a: tensor<?xK_INxf32>, %b: tensor<K_INxN_OUTxf32>, %bias: tensor<N_OUTxf32>) -> tensor<?xN_OUTxf32> {
  %c0 = arith.constant 0 : index
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?xK_INxf32>, tensor<K_INxN_OUTxf32> -> tensor<?xN_OUTxf32>
  %n = tensor.dim %a, %c0 : tensor<?xK_INxf32>
  %row = tensor.expand_shape %bias [[0, 1]] output_shape [1, N_OUT] : tensor<N_OUTxf32> into tensor<1xN_OUTxf32>
  %1 = tcp.broadcast %row, %n {axes = [0]} : tensor<1xN_OUTxf32>, index -> tensor<?xN_OUTxf32>
  %2 = tcp.add %0, %1 : tensor<?xN_OUTxf32>, tensor<?xN_OUTxf32> -> tensor<?xN_OUTxf32>
  %3 = tcp.clamp %2 {min_float = 0.000000e+00 : f32} : tensor<?xN_OUTxf32> -> tensor<?xN_OUTxf32>
  return %3 : tensor<?xN_OUTxf32>
}
"""


def linear_relu(name: str, k: int, n: int) -> str:
    return LINEAR_RELU.replace("NAME", name).replace("K_IN", str(k)).replace("N_OUT", str(n))


PROGRAM = """
func.func @matmul(%a: tensor<?x200xf32>, %b: tensor<200x300xf32>) -> tensor<?x300xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x200xf32>, tensor<200x300xf32> -> tensor<?x300xf32>
  return %0 : tensor<?x300xf32>
}
func.func @tokens(%a: tensor<197x64xf32>, %b: tensor<64x800xf32>) -> tensor<197x800xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<197x64xf32>, tensor<64x800xf32> -> tensor<197x800xf32>
  return %0 : tensor<197x800xf32>
}
func.func @batch_matmul(%a: tensor<3x130x64xf32>, %b: tensor<3x64x140xf32>) -> tensor<3x130x140xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [0], rhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_contracting_dims = [1]} : tensor<3x130x64xf32>, tensor<3x64x140xf32> -> tensor<3x130x140xf32>
  return %0 : tensor<3x130x140xf32>
}
func.func @rows(%a: tensor<257x300xf32>) -> tensor<257x300xf32> {
  %0 = tcp.tanh %a : tensor<257x300xf32> -> tensor<257x300xf32>
  %1 = tcp.mul %0, %a : tensor<257x300xf32>, tensor<257x300xf32> -> tensor<257x300xf32>
  return %1 : tensor<257x300xf32>
}
func.func @pieces(%a: tensor<100003xf32>) -> tensor<100003xf32> {
  %0 = tcp.exp %a : tensor<100003xf32> -> tensor<100003xf32>
  return %0 : tensor<100003xf32>
}
func.func @row_sums(%a: tensor<?x129x513xf32>) -> tensor<?x513xf32> {
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Sum>, axes = [1]} : tensor<?x129x513xf32> -> tensor<?x513xf32>
  return %0 : tensor<?x513xf32>
}
func.func @conv(%img: tensor<2x16x33x33xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<2x32x33x33xf32> {
  %0 = tcp.conv %img, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [1, 1], padding_high = [1, 1], groups = 1 : i64} : tensor<2x16x33x33xf32>, tensor<32x16x3x3xf32> -> tensor<2x32x33x33xf32>
  return %0 : tensor<2x32x33x33xf32>
}
func.func @padded_rows(%img: tensor<2x16x33x33xf32>, %w: tensor<32x16x1x1xf32>, %dw: tensor<32x1x3x3xf32>) -> tensor<2x32x33x33xf32> {
  %0 = tcp.conv %img, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x16x33x33xf32>, tensor<32x16x1x1xf32> -> tensor<2x32x33x33xf32>
  %1 = tcp.conv %0, %dw {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [1, 1], padding_high = [1, 1], groups = 32 : i64} : tensor<2x32x33x33xf32>, tensor<32x1x3x3xf32> -> tensor<2x32x33x33xf32>
  return %1 : tensor<2x32x33x33xf32>
}
func.func @padded_filter_blocks(%img: tensor<2x64x7x7xf32>, %w: tensor<128x64x1x1xf32>, %dw: tensor<128x1x5x5xf32>) -> tensor<2x128x7x7xf32> {
  %0 = tcp.conv %img, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x64x7x7xf32>, tensor<128x64x1x1xf32> -> tensor<2x128x7x7xf32>
  %1 = tcp.conv %0, %dw {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [2, 2], padding_high = [2, 2], groups = 128 : i64} : tensor<2x128x7x7xf32>, tensor<128x1x5x5xf32> -> tensor<2x128x7x7xf32>
  return %1 : tensor<2x128x7x7xf32>
}
// Two output channels per input channel: the depthwise convolution reads
// its windows from phases, which the 1 x 1 convolution's blocks write.
func.func @padded_phases(%img: tensor<2x16x33x33xf32>, %w: tensor<16x16x1x1xf32>, %dw: tensor<32x1x3x3xf32>) -> tensor<2x32x17x17xf32> {
  %0 = tcp.conv %img, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x16x33x33xf32>, tensor<16x16x1x1xf32> -> tensor<2x16x33x33xf32>
  %1 = tcp.conv %0, %dw {stride = [2, 2], dilation = [1, 1], input_dilation = [1, 1], padding_low = [1, 1], padding_high = [1, 1], groups = 16 : i64} : tensor<2x16x33x33xf32>, tensor<32x1x3x3xf32> -> tensor<2x32x17x17xf32>
  return %1 : tensor<2x32x17x17xf32>
}
""" + linear_relu("linear_relu", 200, 300) + linear_relu("tokens_linear_relu", 64, 768)

SHAPES = {
    "matmul": [(517, 200), (200, 300)],
    "linear_relu": [(517, 200), (200, 300), (300,)],
    "batch_matmul": [(3, 130, 64), (3, 64, 140)],
    "tokens": [(197, 64), (64, 800)],
    "tokens_linear_relu": [(197, 64), (64, 768), (768,)],
    "rows": [(257, 300)],
    "pieces": [(100003,)],
    "row_sums": [(5, 129, 513)],
    "conv": [(2, 16, 33, 33), (32, 16, 3, 3)],
    "padded_rows": [(2, 16, 33, 33), (32, 16, 1, 1), (32, 1, 3, 3)],
    "padded_filter_blocks": [(2, 64, 7, 7), (128, 64, 1, 1), (128, 1, 5, 5)],
    "padded_phases": [(2, 16, 33, 33), (16, 16, 1, 1), (32, 1, 3, 3)],
}
# A dynamic batch too small to be worth splitting takes the sequential copy.
SMALL = {"matmul": [(3, 200), (200, 300)], "linear_relu": [(3, 200), (200, 300), (300,)],
         "row_sums": [(1, 129, 513)]}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return compile_tcp(PROGRAM, tmp_path_factory.mktemp("threads"), "threads")


@pytest.fixture(scope="module")
def reference():
    """The program's interpreter, with its context and module kept alive."""
    context = make_context()
    with context, ir.Location.unknown():
        module = parse_module(PROGRAM, "threads.mlir")
    return context, module, Interpreter(module)


def inputs(shapes) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def test_every_function_forks_threads(library):
    code = library.path.with_suffix(".ll").read_text()
    functions = code.split("\ndefine ")[1:]
    # Each function's code is in its destination form, F__into (the memref ABI's F calls it).
    forking = {f.split("@", 1)[1].split("(", 1)[0].removesuffix(INTO) for f in functions if "@__kmpc_fork_call(" in f}
    assert set(SHAPES) <= forking


@pytest.mark.parametrize("case", sorted(SHAPES) + [f"{n}/small" for n in sorted(SMALL)])
def test_same_bits_with_any_thread_count(library, reference, case):
    name, _, small = case.partition("/")
    args = inputs((SMALL if small else SHAPES)[name])
    results = {}
    for n in (1, 2, 3):
        library.set_num_threads(n)
        assert library.num_threads() == n
        (results[n],) = library.call(name, *args)
    library.set_num_threads(1)
    np.testing.assert_array_equal(results[2], results[1])
    np.testing.assert_array_equal(results[3], results[1])
    context, _, interpreter = reference
    with context:
        (want,) = interpreter.run(name, args)
    np.testing.assert_allclose(results[1], want, rtol=1e-4, atol=1e-4)


def test_a_pool_of_pool_bytes_serves_any_thread_count(library):
    """Parallel loops allocate with malloc, not from a caller's pool
    (F__pool_bytes leaves their allocations out), on one thread too: a
    block written into phases takes a buffer of its own in its loop, and
    with 1 thread the loop took it from the pool, too small by it."""
    program = tcp_aot.load(library.path)
    for name in ("padded_phases", "padded_rows"):
        fn = program.functions[name]
        args = inputs(SHAPES[name])
        pool = np.empty(fn.pool_bytes([a.shape for a in args]), np.uint8)
        expected = fn(*args)
        for n in (1, 2):
            program.set_num_threads(n)
            np.testing.assert_array_equal(fn(*args, pool=pool), expected)
    program.set_num_threads(1)
