// products-in-bf16 (a model's precision: bf16): an f32 contraction reads its
// operands cast to bf16 and still sums in f32; tcp-simplify folds the cast
// of a weight into a bf16 constant. Other ops and f64 products stay as they
// are; the module records the precision.
// RUN: tcp-opt %s --pass-pipeline=products-in-bf16,tcp-simplify | FileCheck %s

// CHECK: module attributes {tcp_aot.precision = "bf16"}
// CHECK-LABEL: func.func @linear
// CHECK: %[[X:.*]] = tcp.cast %arg0 : tensor<?x8xf32> -> tensor<?x8xbf16>
// CHECK: %[[W:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<8x4xbf16>} : tensor<8x4xbf16>
// CHECK: %[[P:.*]] = tcp.contract %[[X]], %[[W]] {{.*}} : tensor<?x8xbf16>, tensor<8x4xbf16> -> tensor<?x4xf32>
// CHECK: %[[R:.*]] = tcp.tanh %[[P]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[D:.*]] = tcp.contract %arg1, %arg1 {{.*}} : tensor<3x3xf64>, tensor<3x3xf64> -> tensor<3x3xf64>
// CHECK: return %[[R]], %[[D]]
func.func @linear(%x: tensor<?x8xf32>, %d: tensor<3x3xf64>) -> (tensor<?x4xf32>, tensor<3x3xf64>) {
  %w = tcp.const {value = dense<0.5> : tensor<8x4xf32>} : tensor<8x4xf32>
  %0 = tcp.contract %x, %w {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x8xf32>, tensor<8x4xf32> -> tensor<?x4xf32>
  %1 = tcp.tanh %0 : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = tcp.contract %d, %d {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<3x3xf64>, tensor<3x3xf64> -> tensor<3x3xf64>
  return %1, %2 : tensor<?x4xf32>, tensor<3x3xf64>
}
