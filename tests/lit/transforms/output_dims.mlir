// add-output-dims-functions: @f__output_dims takes @f's inputs and returns
// its results' dims, computed from the inputs' dims alone (the computation
// is gone), after @f's shape guards; value checks are left out.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=insert-shape-guards,drop-tcp-symbolic-shape-ops,convert-tcp-to-linalg,asserts-to-stderr,add-output-dims-functions | FileCheck %s

// CHECK-LABEL: func.func @concat(
// CHECK-LABEL: func.func @concat__output_dims(
// CHECK-SAME:      %[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?x?xf32>) -> tensor<2xi64>
// CHECK-DAG:     %[[SHAPE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[N:.*]] = tensor.dim %[[A]], %c0
// CHECK:         scf.if
// CHECK:           llvm.call @__tcp_aot_fail(%[[SHAPE]],
// CHECK-NOT:     linalg.
// CHECK:         %[[M:.*]] = tensor.dim %[[C]], %c0
// CHECK:         %[[SUM:.*]] = arith.addi %[[N]], %[[M]] : index
// CHECK:         %[[SUM64:.*]] = arith.index_cast %[[SUM]] : index to i64
// CHECK:         %[[DIMS:.*]] = tensor.from_elements %[[SUM64]], %c4_i64 : tensor<2xi64>
// CHECK:         return %[[DIMS]] : tensor<2xi64>
func.func @concat(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s = tcp.add %a, %b : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %r = tcp.concat %s, %c {axis = 0 : i64} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// Static results: their dims are constants, returned after the guards of
// the inputs' static dims.
// CHECK-LABEL: func.func @gather__output_dims(
// CHECK:         %[[DIMS:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-COUNT-4: llvm.call @__tcp_aot_fail
// CHECK-NOT:     linalg.
// CHECK:         return %[[DIMS]] : tensor<2xi64>
func.func @gather(%x: tensor<5x3xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %g = tcp.gather %x, %i {dim = 0 : i64} : tensor<5x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}
