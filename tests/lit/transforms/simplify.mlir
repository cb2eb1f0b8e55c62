// tcp-simplify: constants folded at compile time (not when that would grow
// them), x * 1 dropped, an arg_reduce whose indices are unread made a
// reduce, unused TCP ops erased.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=tcp-simplify | FileCheck %s

// A weight's transpose is done once, at compile time.
// CHECK-LABEL: func.func @transpose_of_a_constant
// CHECK-NOT: tcp.transpose
// CHECK: %[[W:.*]] = tcp.const {value = dense<{{\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}
// CHECK: tcp.contract %arg0, %[[W]]
func.func @transpose_of_a_constant(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %w = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : tensor<2x2xf32>
  %t = tcp.transpose %w {permutation = [1, 0]} : tensor<2x2xf32> -> tensor<2x2xf32>
  %0 = tcp.contract %x, %t {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// A broadcast of a constant stays a broadcast (folding it would grow it);
// multiplying by the broadcast 1 is dropped.
// CHECK-LABEL: func.func @times_one
// CHECK-NOT: tcp.mul
// CHECK-NOT: tcp.broadcast
// CHECK: return %arg0
func.func @times_one(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %one = tcp.const {value = dense<1.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %b = tcp.broadcast %one, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
  %0 = tcp.mul %x, %b : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @static_broadcast_stays
// CHECK: tcp.broadcast
func.func @static_broadcast_stays() -> tensor<8x4xf32> {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %two = tcp.const {value = dense<2.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %b = tcp.broadcast %two, %c8, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}

// -----

// softmax's max: the indices are never read.
// CHECK-LABEL: func.func @max_without_indices
// CHECK-NOT: tcp.arg_reduce
// CHECK: %[[M:.*]] = tcp.reduce %arg0 {axes = [1], kind = #tcp<reduceKind Max>} : tensor<?x8xf32> -> tensor<?xf32>
// CHECK: return %[[M]]
func.func @max_without_indices(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %0:2 = tcp.arg_reduce %x {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<?x8xf32> -> tensor<?xf32>, tensor<?xi64>
  return %0#0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @argmax_stays
// CHECK: tcp.arg_reduce
func.func @argmax_stays(%x: tensor<?x8xf32>) -> tensor<?xi64> {
  %0:2 = tcp.arg_reduce %x {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<?x8xf32> -> tensor<?xf32>, tensor<?xi64>
  return %0#1 : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @dead_ops
// CHECK-NOT: tcp.
// CHECK: return %arg0
func.func @dead_ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tcp.exp %x : tensor<4xf32> -> tensor<4xf32>
  %1 = tcp.tanh %0 : tensor<4xf32> -> tensor<4xf32>
  return %x : tensor<4xf32>
}
