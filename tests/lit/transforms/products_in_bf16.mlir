// products-in-bf16 (a model's precision: bf16): an f32 contraction (and a
// convolution) reads its operands cast to bf16 and still sums in f32; tcp-simplify folds the cast
// of a weight into a bf16 constant. Other ops and f64 products stay as they
// are; the module records the precision.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=products-in-bf16,tcp-simplify | FileCheck %s

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

// -----

// CHECK-LABEL: func.func @conv
// CHECK: %[[X:.*]] = tcp.cast %arg0 : tensor<?x3x8x8xf32> -> tensor<?x3x8x8xbf16>
// CHECK: %[[W:.*]] = tcp.const {value = dense<2.500000e-01> : tensor<4x3x3x3xbf16>}
// CHECK: tcp.conv %[[X]], %[[W]] {{.*}} : tensor<?x3x8x8xbf16>, tensor<4x3x3x3xbf16> -> tensor<?x4x8x8xf32>
func.func @conv(%x: tensor<?x3x8x8xf32>) -> tensor<?x4x8x8xf32> {
  %w = tcp.const {value = dense<0.25> : tensor<4x3x3x3xf32>} : tensor<4x3x3x3xf32>
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [1, 1]} : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<?x4x8x8xf32>
  return %0 : tensor<?x4x8x8xf32>
}
