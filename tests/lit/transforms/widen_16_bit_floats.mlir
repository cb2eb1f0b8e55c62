// widen-16-bit-floats: ops that compute on bf16 / f16 read their operands
// cast to f32 and round their results once; ops that only move values keep
// the 16-bit type; a conversion between floats is left alone, except from one
// 16-bit type to the other, which goes through f32. tcp-simplify folds the
// casts of constants.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=widen-16-bit-floats,tcp-simplify | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK: %[[A:.*]] = tcp.cast %arg0 : tensor<?x8xbf16> -> tensor<?x8xf32>
// CHECK: %[[E:.*]] = tcp.exp %[[A]] : tensor<?x8xf32> -> tensor<?x8xf32>
// CHECK: %[[R:.*]] = tcp.cast %[[E]] : tensor<?x8xf32> -> tensor<?x8xbf16>
// CHECK: %[[T:.*]] = tcp.transpose %[[R]] {permutation = [1, 0]} : tensor<?x8xbf16> -> tensor<8x?xbf16>
// CHECK: %[[W:.*]] = tcp.const {value = dense<1.500000e+00> : tensor<4x8xf32>} : tensor<4x8xf32>
// CHECK: %[[TW:.*]] = tcp.cast %[[T]] : tensor<8x?xbf16> -> tensor<8x?xf32>
// CHECK: %[[P:.*]] = tcp.contract %[[W]], %[[TW]] {{.*}} : tensor<4x8xf32>, tensor<8x?xf32> -> tensor<4x?xf32>
// CHECK: %[[OUT:.*]] = tcp.cast %[[P]] : tensor<4x?xf32> -> tensor<4x?xbf16>
// CHECK: return %[[OUT]]
func.func @chain(%x: tensor<?x8xbf16>) -> tensor<4x?xbf16> {
  %0 = tcp.exp %x : tensor<?x8xbf16> -> tensor<?x8xbf16>
  %1 = tcp.transpose %0 {permutation = [1, 0]} : tensor<?x8xbf16> -> tensor<8x?xbf16>
  %w = tcp.const {value = dense<1.5> : tensor<4x8xbf16>} : tensor<4x8xbf16>
  %2 = tcp.contract %w, %1 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<4x8xbf16>, tensor<8x?xbf16> -> tensor<4x?xbf16>
  return %2 : tensor<4x?xbf16>
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK: %[[UP:.*]] = tcp.cast %arg0 : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[DOWN:.*]] = tcp.cast %arg1 : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[W:.*]] = tcp.cast %arg0 : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[H:.*]] = tcp.cast %[[W]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: %[[I:.*]] = tcp.cast %arg2 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[B:.*]] = tcp.cast %[[I]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: return %[[UP]], %[[DOWN]], %[[H]], %[[B]]
func.func @casts(%b: tensor<4xbf16>, %f: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xbf16>, tensor<4xf16>, tensor<4xbf16>) {
  %0 = tcp.cast %b : tensor<4xbf16> -> tensor<4xf32>
  %1 = tcp.cast %f : tensor<4xf32> -> tensor<4xbf16>
  %2 = tcp.cast %b : tensor<4xbf16> -> tensor<4xf16>
  %3 = tcp.cast %i {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi64> -> tensor<4xbf16>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xbf16>, tensor<4xf16>, tensor<4xbf16>
}

// -----

// Left alone: f32 ops, and selects and slices of 16-bit values.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tcp.cast
func.func @left_alone(%c: tensor<4xi1>, %a: tensor<4xf16>, %b: tensor<4xf16>, %x: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf32>) {
  %0 = tcp.select %c, %a, %b : tensor<4xi1>, tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %1 = tcp.add %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf16>, tensor<4xf32>
}
