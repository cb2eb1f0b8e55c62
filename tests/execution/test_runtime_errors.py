"""Compiled code fails the documented way on values it cannot take: an index
outside the dim it indexes, or an integer division by zero, prints one
`tcp_aot:` line naming the op and its source location and aborts (SIGABRT),
where PyTorch raises. Each call runs in a forked child."""

from __future__ import annotations

import os
import signal

import numpy as np
import pytest

from support import call_in_child, compile_tcp

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
