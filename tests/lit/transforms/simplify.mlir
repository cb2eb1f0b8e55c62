// tcp-simplify: constants folded at compile time (not when that would grow
// them), x * 1 dropped, an arg_reduce whose indices are unread made a
// reduce, chains of transposes made one, a contraction's operand broadcast
// along its batch dims read unbroadcast, unused TCP ops erased.
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

// A broadcast folds when the op reading it reads a constant at least as
// large: a weight times a per-channel scale becomes one constant.
// CHECK-LABEL: func.func @weight_times_broadcast_scale
// CHECK-NOT: tcp.broadcast
// CHECK-NOT: tcp.mul
// CHECK: %[[W:.*]] = tcp.const {value = dense<{{\[\[}}2.000000e+00, 4.000000e+00], [9.000000e+00, 1.200000e+01]]> : tensor<2x2xf32>}
// CHECK: tcp.contract %arg0, %[[W]]
func.func @weight_times_broadcast_scale(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %c2 = arith.constant 2 : index
  %w = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : tensor<2x2xf32>
  %s = tcp.const {value = dense<[[2.0], [3.0]]> : tensor<2x1xf32>} : tensor<2x1xf32>
  %b = tcp.broadcast %s, %c2 {axes = [1]} : tensor<2x1xf32>, index -> tensor<2x2xf32>
  %sw = tcp.mul %w, %b : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %0 = tcp.contract %x, %sw {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
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

// -----

// Attention moves its heads and moves them back: one transpose, or none.
// CHECK-LABEL: func.func @transposes
// CHECK: %[[T:.*]] = tcp.transpose %arg0 {permutation = [3, 0, 2, 1]}
// CHECK-NOT: tcp.transpose
// CHECK: return %arg0, %[[T]]
func.func @transposes(%x: tensor<2x3x4x5xf32>) -> (tensor<2x3x4x5xf32>, tensor<5x2x4x3xf32>) {
  %0 = tcp.transpose %x {permutation = [2, 0, 1, 3]} : tensor<2x3x4x5xf32> -> tensor<4x2x3x5xf32>
  %1 = tcp.transpose %0 {permutation = [1, 2, 0, 3]} : tensor<4x2x3x5xf32> -> tensor<2x3x4x5xf32>
  %2 = tcp.transpose %1 {permutation = [3, 0, 2, 1]} : tensor<2x3x4x5xf32> -> tensor<5x2x4x3xf32>
  return %1, %2 : tensor<2x3x4x5xf32>, tensor<5x2x4x3xf32>
}

// -----

// A 3-D input times a linear layer's weight, which the matmul's
// decomposition broadcast along the batch: one product with the weight.
// CHECK-LABEL: func.func @broadcast_weight
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<1x64x32xf32> into tensor<64x32xf32>
// CHECK-NOT: tcp.broadcast
// CHECK: %[[P:.*]] = tcp.contract %arg0, %[[W]] {lhs_batch_dims = [], lhs_contracting_dims = [2], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x17x64xf32>, tensor<64x32xf32> -> tensor<?x17x32xf32>
// CHECK-NOT: tcp.transpose
// CHECK: return %[[P]]
func.func @broadcast_weight(%x: tensor<?x17x64xf32>, %w: tensor<1x64x32xf32>) -> tensor<?x17x32xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x17x64xf32>
  %b = tcp.broadcast %w, %n {axes = [0]} : tensor<1x64x32xf32>, index -> tensor<?x64x32xf32>
  %0 = tcp.contract %x, %b {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x17x64xf32>, tensor<?x64x32xf32> -> tensor<?x17x32xf32>
  return %0 : tensor<?x17x32xf32>
}

// -----

// The broadcast operand on the left: its free dims come first in the
// product, a transpose puts the batch back in front.
// CHECK-LABEL: func.func @broadcast_lhs
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<1x5x3xf32> into tensor<5x3xf32>
// CHECK: %[[P:.*]] = tcp.contract %[[W]], %arg1 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [1]} : tensor<5x3xf32>, tensor<?x3x7xf32> -> tensor<5x?x7xf32>
// CHECK: %[[T:.*]] = tcp.transpose %[[P]] {permutation = [1, 0, 2]} : tensor<5x?x7xf32> -> tensor<?x5x7xf32>
// CHECK: return %[[T]]
func.func @broadcast_lhs(%w: tensor<1x5x3xf32>, %y: tensor<?x3x7xf32>) -> tensor<?x5x7xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?x3x7xf32>
  %b = tcp.broadcast %w, %n {axes = [0]} : tensor<1x5x3xf32>, index -> tensor<?x5x3xf32>
  %0 = tcp.contract %b, %y {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x5x3xf32>, tensor<?x3x7xf32> -> tensor<?x5x7xf32>
  return %0 : tensor<?x5x7xf32>
}

// -----

// A broadcast along a dim that is not a batch dim stays.
// CHECK-LABEL: func.func @broadcast_of_free_dim_stays
// CHECK: tcp.broadcast
// CHECK: tcp.contract
func.func @broadcast_of_free_dim_stays(%x: tensor<4x1xf32>, %y: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %c8 = arith.constant 8 : index
  %b = tcp.broadcast %x, %c8 {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x8xf32>
  %0 = tcp.contract %b, %y {lhs_batch_dims = [], lhs_contracting_dims = [0], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
