// contractions-to-matmul: a contraction in any layout becomes a
// linalg.matmul or linalg.batch_matmul of operands transposed into
// [B, M, K] x [B, K, N] and collapsed; the product is expanded (and
// transposed) back. Products without an M or N loop stay generics.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=contractions-to-matmul,canonicalize,cse | FileCheck %s

// Attention's scores: batch and heads collapsed into one batch dim, the
// keys transposed to [K, N]; the fill starts the product in its layout.
// CHECK-LABEL: func.func @attention_scores
// CHECK: %[[Q:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2], [3]] : tensor<2x4x?x8xf32> into tensor<8x?x8xf32>
// CHECK: %[[KT:.*]] = linalg.transpose ins(%arg1 : tensor<2x4x?x8xf32>) outs(%{{.*}} : tensor<2x4x8x?xf32>) permutation = [0, 1, 3, 2]
// CHECK: %[[K:.*]] = tensor.collapse_shape %[[KT]] {{\[\[}}0, 1], [2], [3]] : tensor<2x4x8x?xf32> into tensor<8x8x?xf32>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x?x?xf32>)
// CHECK: %[[P:.*]] = linalg.batch_matmul ins(%[[Q]], %[[K]] : tensor<8x?x8xf32>, tensor<8x8x?xf32>) outs(%[[ACC]] : tensor<8x?x?xf32>)
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2], [3]] output_shape [2, 4, %{{.*}}, %{{.*}}] : tensor<8x?x?xf32> into tensor<2x4x?x?xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @attention_scores(%q: tensor<2x4x?x8xf32>, %k: tensor<2x4x?x8xf32>, %init: tensor<2x4x?x?xf32>) -> tensor<2x4x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<2x4x?x?xf32>) -> tensor<2x4x?x?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(b, h, s, t, d) -> (b, h, s, d)>, affine_map<(b, h, s, t, d) -> (b, h, t, d)>, affine_map<(b, h, s, t, d) -> (b, h, s, t)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x4x?x8xf32>, tensor<2x4x?x8xf32>) outs(%acc : tensor<2x4x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x?x?xf32>
  return %0 : tensor<2x4x?x?xf32>
}

// -----

// A linear layer on a 3-D input: its two M loops are one dim.
// CHECK-LABEL: func.func @linear_3d
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x17x64xf32> into tensor<?x64xf32>
// CHECK: %[[W:.*]] = linalg.transpose ins(%arg1 : tensor<32x64xf32>) outs(%{{.*}} : tensor<64x32xf32>) permutation = [1, 0]
// CHECK: %[[INIT:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1], [2]] : tensor<?x17x32xf32> into tensor<?x32xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<?x64xf32>, tensor<64x32xf32>) outs(%[[INIT]] : tensor<?x32xf32>)
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2]] output_shape [%{{.*}}, 17, 32] : tensor<?x32xf32> into tensor<?x17x32xf32>
// CHECK: return %[[OUT]]
func.func @linear_3d(%x: tensor<?x17x64xf32>, %w: tensor<32x64xf32>, %init: tensor<?x17x32xf32>) -> tensor<?x17x32xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(b, s, n, k) -> (b, s, k)>, affine_map<(b, s, n, k) -> (n, k)>, affine_map<(b, s, n, k) -> (b, s, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<?x17x64xf32>, tensor<32x64xf32>) outs(%init : tensor<?x17x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x17x32xf32>
  return %0 : tensor<?x17x32xf32>
}

// -----

// A batch loop that is no operand's first dim: everything transposed to
// put it first, and the product back.
// CHECK-LABEL: func.func @batch_inside
// CHECK: %[[A:.*]] = linalg.transpose ins(%arg0 : tensor<3x?x5xi32>) outs(%{{.*}} : tensor<?x3x5xi32>) permutation = [1, 0, 2]
// CHECK: %[[B:.*]] = linalg.transpose ins(%arg1 : tensor<5x?x2xi32>) outs(%{{.*}} : tensor<?x5x2xi32>) permutation = [1, 0, 2]
// CHECK: %[[C:.*]] = linalg.transpose ins(%arg2 : tensor<3x?x2xi32>) outs(%{{.*}} : tensor<?x3x2xi32>) permutation = [1, 0, 2]
// CHECK: %[[P:.*]] = linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<?x3x5xi32>, tensor<?x5x2xi32>) outs(%[[C]] : tensor<?x3x2xi32>)
// CHECK: %[[OUT:.*]] = linalg.transpose ins(%[[P]] : tensor<?x3x2xi32>) outs(%{{.*}} : tensor<3x?x2xi32>) permutation = [1, 0, 2]
// CHECK: return %[[OUT]]
func.func @batch_inside(%a: tensor<3x?x5xi32>, %b: tensor<5x?x2xi32>, %init: tensor<3x?x2xi32>) -> tensor<3x?x2xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, b, n, k) -> (m, b, k)>, affine_map<(m, b, n, k) -> (k, b, n)>, affine_map<(m, b, n, k) -> (m, b, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<3x?x5xi32>, tensor<5x?x2xi32>) outs(%init : tensor<3x?x2xi32>) {
  ^bb0(%x: i32, %y: i32, %c: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<3x?x2xi32>
  return %0 : tensor<3x?x2xi32>
}

// -----

// CHECK-LABEL: func.func @dot
// CHECK-NOT: matmul
// CHECK: linalg.generic
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>, %init: tensor<f64>) -> tensor<f64> {
  %0 = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %c: f64):
    %m = arith.mulf %x, %y : f64
    %s = arith.addf %c, %m : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// What fusion makes of a sum of squares: no N loop, no register tile.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK-NOT: matmul
// CHECK: linalg.generic
func.func @sum_of_squares(%a: tensor<?x8xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%a, %a : tensor<?x8xf32>, tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %c: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
