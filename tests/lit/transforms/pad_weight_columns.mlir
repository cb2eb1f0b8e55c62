// pad-weight-columns: a contraction by a constant matrix whose columns are
// not whole register tiles reads it padded once, at compile time, and its
// result is cut back; tcp-simplify folds the pad into the constant.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=pad-weight-columns,tcp-simplify | FileCheck %s

// CHECK-LABEL: func.func @head
// CHECK-NOT: tcp.pad
// CHECK: %[[W:.*]] = tcp.const {value = dense<"0x{{.*}}"> : tensor<4x64xf32>}
// CHECK: %[[P:.*]] = tcp.contract %arg0, %[[W]] {{.*}} -> tensor<?x64xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[P]], %c0
// CHECK: %[[OUT:.*]] = tcp.slice %[[P]] starts(%{{.*}}, %{{.*}}) sizes(%[[D]], %c41) strides(%{{.*}}, %{{.*}}) : tensor<?x64xf32> -> tensor<?x41xf32>
// CHECK: return %[[OUT]]
func.func @head(%x: tensor<?x4xf32>) -> tensor<?x41xf32> {
  %w = tcp.const {value = dense<1.5> : tensor<4x41xf32>} : tensor<4x41xf32>
  %0 = tcp.contract %x, %w {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x41xf32> -> tensor<?x41xf32>
  return %0 : tensor<?x41xf32>
}

// -----

// Left alone: whole tiles (64), a partial tile of whole 8-lane vectors (40),
// a matrix that is not a constant, and one read transposed.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tcp.slice
func.func @left_alone(%x: tensor<?x4xf32>, %v: tensor<4x41xf32>, %y: tensor<?x41xf32>) -> (tensor<?x64xf32>, tensor<?x40xf32>, tensor<?x41xf32>, tensor<?x4xf32>) {
  %w64 = tcp.const {value = dense<1.5> : tensor<4x64xf32>} : tensor<4x64xf32>
  %0 = tcp.contract %x, %w64 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x64xf32> -> tensor<?x64xf32>
  %w40 = tcp.const {value = dense<1.5> : tensor<4x40xf32>} : tensor<4x40xf32>
  %1 = tcp.contract %x, %w40 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x40xf32> -> tensor<?x40xf32>
  %2 = tcp.contract %x, %v {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x41xf32> -> tensor<?x41xf32>
  %w41 = tcp.const {value = dense<1.5> : tensor<4x41xf32>} : tensor<4x41xf32>
  %3 = tcp.contract %y, %w41 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [1]} : tensor<?x41xf32>, tensor<4x41xf32> -> tensor<?x4xf32>
  return %0, %1, %2, %3 : tensor<?x64xf32>, tensor<?x40xf32>, tensor<?x41xf32>, tensor<?x4xf32>
}
