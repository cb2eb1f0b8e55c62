"""Compiled code fails the documented way on values it cannot take: an index
outside the dim it indexes, an integer division by zero, or a size check of
the model's own code that fails (all() / any() of conditions), prints one
`tcp_aot:` line naming the op and its source location and aborts (SIGABRT),
where PyTorch raises. Each call runs in a forked child."""

from __future__ import annotations

import os
import signal

import numpy as np
import pytest
from torch_mlir import ir

from support import call_in_child, compile_tcp
from tcp_aot import pipelines
from tcp_aot.context import make_context
from tcp_aot.module_io import parse_module

PROGRAM = """\
func.func @gather(%a: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  %0 = tcp.gather %a, %i {dim = 0 : i64} : tensor<?xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @gather_nd(%a: tensor<?x3xf32>, %i: tensor<?x2xi64>) -> tensor<?xf32> {
  %0 = tcp.gather_nd %a, %i : tensor<?x3xf32>, tensor<?x2xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @divsi(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = tcp.divsi %a, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @divui(%a: tensor<?xi64>, %b: tensor<?xi64>) -> tensor<?xi64> {
  %0 = tcp.divui %a, %b {rounding_mode = #tcp<roundingMode Trunc>} : tensor<?xi64>, tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
"""

X = np.arange(5, dtype=np.float32)
GRID = np.arange(12, dtype=np.float32).reshape(4, 3)

# (function, inputs, the message on stderr)
FAILURES = {
    "gather_past_end": ("gather", [X, np.array([1, 5])],
                        "tcp_aot: index out of range in tcp.gather at prog.mlir:2:8 (index 5, size 5)"),
    "gather_negative": ("gather", [X, np.array([-1, 0])],
                        "tcp_aot: index out of range in tcp.gather at prog.mlir:2:8 (index -1, size 5)"),
    "gather_nd_column": ("gather_nd", [GRID, np.array([[0, 1], [3, 3]])],
                         "tcp_aot: index out of range in tcp.gather_nd at prog.mlir:6:8 (index 3, size 3)"),
    "gather_nd_row": ("gather_nd", [GRID, np.array([[4, 0]])],
                      "tcp_aot: index out of range in tcp.gather_nd at prog.mlir:6:8 (index 4, size 4)"),
    "divsi_by_zero": ("divsi", [np.array([7, 8], np.int32), np.array([2, 0], np.int32)],
                      "tcp_aot: integer division by zero in tcp.divsi at prog.mlir:10:8"),
    "divui_by_zero": ("divui", [np.array([7, 8]), np.array([0, 3])],
                      "tcp_aot: integer division by zero in tcp.divui at prog.mlir:14:8"),
}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return compile_tcp(PROGRAM, tmp_path_factory.mktemp("runtime_errors"))


@pytest.mark.parametrize("case", FAILURES)
def test_aborts_with_message(library, case):
    function, inputs, message = FAILURES[case]
    status, stderr = call_in_child(library, function, *inputs)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGABRT, (status, stderr)
    assert stderr == message + "\n"


def test_valid_values_pass(library):
    """The same functions on values in range: the checks let them through."""
    np.testing.assert_array_equal(library.call("gather", X, np.array([4, 0]))[0], [4, 0])
    np.testing.assert_array_equal(library.call("gather_nd", GRID, np.array([[3, 2], [0, 1]]))[0], [11, 1])
    np.testing.assert_array_equal(library.call("divsi", np.array([7, -7], np.int32), np.array([2, 2], np.int32))[0],
                                  [3, -4])
    np.testing.assert_array_equal(library.call("divui", np.array([7, 8]), np.array([2, 3]))[0], [3, 2])


# Python's all() / any() over size checks in a model's code (aten.all.bool,
# aten.any.bool): a runtime assert on the checks' and / or.
SIZE_CHECKS = """\
func.func @checked(%arg0: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int100 = torch.constant.int 100
  %n = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %big = torch.aten.gt.int %n, %int1 : !torch.int, !torch.int -> !torch.bool
  %small = torch.aten.lt.int %n, %int100 : !torch.int, !torch.int -> !torch.bool
  %range = torch.prim.ListConstruct %big, %small : (!torch.bool, !torch.bool) -> !torch.list<bool>
  %all = torch.aten.all.bool %range : !torch.list<bool> -> !torch.bool
  torch.runtime.assert %all, "size out of range"
  %three = torch.aten.eq.int %n, %int3 : !torch.int, !torch.int -> !torch.bool
  %four = torch.aten.eq.int %n, %int4 : !torch.int, !torch.int -> !torch.bool
  %sizes = torch.prim.ListConstruct %three, %four : (!torch.bool, !torch.bool) -> !torch.list<bool>
  %any = torch.aten.any.bool %sizes : !torch.list<bool> -> !torch.bool
  torch.runtime.assert %any, "size is neither 3 nor 4"
  return %arg0 : !torch.vtensor<[?],f32>
}
"""


def test_all_and_any_of_size_checks(tmp_path):
    with make_context(), ir.Location.unknown():
        module = parse_module(SIZE_CHECKS, "checks.mlir")
        pipelines.run(module, ["torch-to-tcp"])
        library = compile_tcp(module.operation.get_asm(), tmp_path)
    for size, message in ((3, None), (4, None), (1, "size out of range"), (200, "size out of range"),
                          (5, "size is neither 3 nor 4")):
        status, stderr = call_in_child(library, "checked", np.zeros(size, np.float32))
        if message is None:
            assert status == 0 and stderr == "", (size, stderr)
        else:
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGABRT, (size, status, stderr)
            assert stderr.startswith(f"tcp_aot: {message} (torch.runtime.assert at "), (size, stderr)
