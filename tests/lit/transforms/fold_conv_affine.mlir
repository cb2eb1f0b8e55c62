// fold-conv-affine: the per-channel scales and shifts after a convolution of
// constant weights become its weights' scale and one bias add; tcp-simplify
// then folds the scaled weights into one constant.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=fold-conv-affine,tcp-simplify | FileCheck %s

// (conv - mean) * scale + beta: weights times scale, bias beta - mean * scale.
// CHECK-LABEL: func.func @scale_and_shift
// CHECK-DAG: %[[BIAS:.*]] = tcp.const {value = dense<{{\[\[\[\[}}-1.000000e+00]], {{\[\[}}5.000000e+00]]]]> : tensor<1x2x1x1xf32>}
// CHECK-DAG: %[[W:.*]] = tcp.const {value = dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}-1.500000e+00]], {{\[\[}}-3.000000e+00]]]]> : tensor<2x2x1x1xf32>}
// CHECK: %[[Y:.*]] = tcp.conv %arg0, %[[W]]
// CHECK-NOT: tcp.sub
// CHECK-NOT: tcp.mul
// CHECK: %[[B:.*]] = tcp.broadcast %[[BIAS]]
// CHECK: %[[OUT:.*]] = tcp.add %[[Y]], %[[B]]
// CHECK: return %[[OUT]]
func.func @scale_and_shift(%x: tensor<?x2x3x3xf32>) -> tensor<?x2x3x3xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %w = tcp.const {value = dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[6.0]]]]> : tensor<2x2x1x1xf32>} : tensor<2x2x1x1xf32>
  %y = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<?x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<?x2x3x3xf32>
  %n = tensor.dim %y, %c0 : tensor<?x2x3x3xf32>
  %mean = tcp.const {value = dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>} : tensor<1x2x1x1xf32>
  %bm = tcp.broadcast %mean, %n, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x2x1x1xf32>, index, index, index -> tensor<?x2x3x3xf32>
  %0 = tcp.sub %y, %bm : tensor<?x2x3x3xf32>, tensor<?x2x3x3xf32> -> tensor<?x2x3x3xf32>
  %scale = tcp.const {value = dense<[[[[2.0]], [[-0.5]]]]> : tensor<1x2x1x1xf32>} : tensor<1x2x1x1xf32>
  %bs = tcp.broadcast %scale, %n, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x2x1x1xf32>, index, index, index -> tensor<?x2x3x3xf32>
  %1 = tcp.mul %bs, %0 : tensor<?x2x3x3xf32>, tensor<?x2x3x3xf32> -> tensor<?x2x3x3xf32>
  %beta = tcp.const {value = dense<[[[[1.0]], [[4.0]]]]> : tensor<1x2x1x1xf32>} : tensor<1x2x1x1xf32>
  %bb = tcp.broadcast %beta, %n, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x2x1x1xf32>, index, index, index -> tensor<?x2x3x3xf32>
  %2 = tcp.add %1, %bb : tensor<?x2x3x3xf32>, tensor<?x2x3x3xf32> -> tensor<?x2x3x3xf32>
  return %2 : tensor<?x2x3x3xf32>
}

// -----

// A scale only: no bias add.
// CHECK-LABEL: func.func @scale_only
// CHECK: %[[W:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<1x1x1x1xf32>}
// CHECK: %[[Y:.*]] = tcp.conv %arg0, %[[W]]
// CHECK-NEXT: return %[[Y]]
func.func @scale_only(%x: tensor<2x1x3x3xf32>) -> tensor<2x1x3x3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %w = tcp.const {value = dense<1.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %y = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<2x1x3x3xf32>
  %two = tcp.const {value = dense<2.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %b = tcp.broadcast %two, %c2, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index -> tensor<2x1x3x3xf32>
  %0 = tcp.divf %y, %b : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32> -> tensor<2x1x3x3xf32>
  return %0 : tensor<2x1x3x3xf32>
}

// -----

// Left alone: weights that are not constants.
// CHECK-LABEL: func.func @weights_not_constant
// CHECK: tcp.conv %arg0, %arg1
// CHECK: tcp.mul
func.func @weights_not_constant(%x: tensor<2x1x3x3xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<2x1x3x3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %two = tcp.const {value = dense<2.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %b = tcp.broadcast %two, %c2, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index -> tensor<2x1x3x3xf32>
  %y = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<2x1x3x3xf32>
  %0 = tcp.mul %y, %b : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32> -> tensor<2x1x3x3xf32>
  return %0 : tensor<2x1x3x3xf32>
}

// -----

// Left alone: a convolution read twice (its value is needed unscaled).
// CHECK-LABEL: func.func @read_twice
// CHECK: %[[Y:.*]] = tcp.conv %arg0, %{{.*}}
// CHECK: %[[S:.*]] = tcp.mul %[[Y]]
// CHECK: return %[[Y]], %[[S]]
func.func @read_twice(%x: tensor<2x1x3x3xf32>) -> (tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %w = tcp.const {value = dense<1.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %two = tcp.const {value = dense<2.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %b = tcp.broadcast %two, %c2, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index -> tensor<2x1x3x3xf32>
  %y = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<2x1x3x3xf32>
  %0 = tcp.mul %y, %b : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32> -> tensor<2x1x3x3xf32>
  return %y, %0 : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>
}

// -----

// Left alone: the convolution as a divisor (constant / conv), and a scale
// that is not a constant.
// CHECK-LABEL: func.func @not_affine
// CHECK: %[[Y:.*]] = tcp.conv %arg0, %{{.*}}
// CHECK: tcp.divf %{{.*}}, %[[Y]]
// CHECK: %[[Z:.*]] = tcp.conv %arg0, %{{.*}}
// CHECK: tcp.mul %[[Z]]
func.func @not_affine(%x: tensor<2x1x3x3xf32>, %v: tensor<1x1x1x1xf32>) -> (tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %w = tcp.const {value = dense<1.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %two = tcp.const {value = dense<2.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %b = tcp.broadcast %two, %c2, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index -> tensor<2x1x3x3xf32>
  %y = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<2x1x3x3xf32>
  %0 = tcp.divf %b, %y : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32> -> tensor<2x1x3x3xf32>
  %z = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<2x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<2x1x3x3xf32>
  %bv = tcp.broadcast %v, %c2, %c3, %c3 {axes = [0, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index -> tensor<2x1x3x3xf32>
  %1 = tcp.mul %z, %bv : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32> -> tensor<2x1x3x3xf32>
  return %0, %1 : tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>
}
