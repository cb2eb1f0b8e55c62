// widen-16-bit-floats: ops that compute on bf16 / f16 read their operands
// cast to f32 and round their results once; ops that only move values keep
// the 16-bit type; a conversion between floats is left alone, except from one
// 16-bit type to the other, which goes through f32; a bf16 product (a
// contraction or a convolution) keeps its operands and sums in f32. tcp-simplify folds the casts of constants.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=widen-16-bit-floats,tcp-simplify | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK: %[[A:.*]] = tcp.cast %arg0 : tensor<?x8xbf16> -> tensor<?x8xf32>
// CHECK: %[[E:.*]] = tcp.exp %[[A]] : tensor<?x8xf32> -> tensor<?x8xf32>
// CHECK: %[[R:.*]] = tcp.cast %[[E]] : tensor<?x8xf32> -> tensor<?x8xbf16>
// CHECK: %[[T:.*]] = tcp.transpose %[[R]] {permutation = [1, 0]} : tensor<?x8xbf16> -> tensor<8x?xbf16>
// A bf16 product keeps its operands (the weight stays bf16) and sums in f32.
// CHECK: %[[W:.*]] = tcp.const {value = dense<1.500000e+00> : tensor<4x8xbf16>} : tensor<4x8xbf16>
// CHECK: %[[P:.*]] = tcp.contract %[[W]], %[[T]] {{.*}} : tensor<4x8xbf16>, tensor<8x?xbf16> -> tensor<4x?xf32>
// CHECK: %[[OUT:.*]] = tcp.cast %[[P]] : tensor<4x?xf32> -> tensor<4x?xbf16>
// An f16 one computes in f32 like any other op.
// CHECK: %[[WH:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<4x8xf32>} : tensor<4x8xf32>
// CHECK: %[[XH:.*]] = tcp.cast %arg1 : tensor<8x2xf16> -> tensor<8x2xf32>
// CHECK: %[[PH:.*]] = tcp.contract %[[WH]], %[[XH]] {{.*}} : tensor<4x8xf32>, tensor<8x2xf32> -> tensor<4x2xf32>
// CHECK: %[[OUTH:.*]] = tcp.cast %[[PH]] : tensor<4x2xf32> -> tensor<4x2xf16>
// CHECK: return %[[OUT]], %[[OUTH]]
func.func @chain(%x: tensor<?x8xbf16>, %h: tensor<8x2xf16>) -> (tensor<4x?xbf16>, tensor<4x2xf16>) {
  %0 = tcp.exp %x : tensor<?x8xbf16> -> tensor<?x8xbf16>
  %1 = tcp.transpose %0 {permutation = [1, 0]} : tensor<?x8xbf16> -> tensor<8x?xbf16>
  %w = tcp.const {value = dense<1.5> : tensor<4x8xbf16>} : tensor<4x8xbf16>
  %2 = tcp.contract %w, %1 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<4x8xbf16>, tensor<8x?xbf16> -> tensor<4x?xbf16>
  %wh = tcp.const {value = dense<0.5> : tensor<4x8xf16>} : tensor<4x8xf16>
  %3 = tcp.contract %wh, %h {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<4x8xf16>, tensor<8x2xf16> -> tensor<4x2xf16>
  return %2, %3 : tensor<4x?xbf16>, tensor<4x2xf16>
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

// -----

// PyTorch's decompositions compute a bf16 linear layer (addmm) in f32: the
// product of two bf16 values cast to f32 reads them (the weight stays bf16);
// one of a genuine f32 value does not.
// CHECK-LABEL: func.func @linear_in_f32
// CHECK: %[[W:.*]] = tcp.const {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xbf16>}
// CHECK: %[[X:.*]] = tcp.cast %arg0 : tensor<?x3xbf16> -> tensor<?x3xf32>
// CHECK: %[[P:.*]] = tcp.contract %arg0, %[[W]] {{.*}} : tensor<?x3xbf16>, tensor<3x2xbf16> -> tensor<?x2xf32>
// CHECK: %[[Q:.*]] = tcp.contract %[[X]], %arg1 {{.*}} : tensor<?x3xf32>, tensor<3x2xf32> -> tensor<?x2xf32>
// CHECK: return %[[P]], %[[Q]]
func.func @linear_in_f32(%x: tensor<?x3xbf16>, %y: tensor<3x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %w = tcp.const {value = dense<[[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]> : tensor<2x3xbf16>} : tensor<2x3xbf16>
  %t = tcp.transpose %w {permutation = [1, 0]} : tensor<2x3xbf16> -> tensor<3x2xbf16>
  %wf = tcp.cast %t : tensor<3x2xbf16> -> tensor<3x2xf32>
  %xf = tcp.cast %x : tensor<?x3xbf16> -> tensor<?x3xf32>
  %0 = tcp.contract %xf, %wf {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x3xf32>, tensor<3x2xf32> -> tensor<?x2xf32>
  %1 = tcp.contract %xf, %y {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x3xf32>, tensor<3x2xf32> -> tensor<?x2xf32>
  return %0, %1 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @conv
// CHECK: %[[C:.*]] = tcp.conv %arg0, %arg1 {{.*}} : tensor<?x3x8x8xbf16>, tensor<4x3x3x3xbf16> -> tensor<?x4x6x6xf32>
// CHECK: tcp.cast %[[C]] : tensor<?x4x6x6xf32> -> tensor<?x4x6x6xbf16>
func.func @conv(%x: tensor<?x3x8x8xbf16>, %w: tensor<4x3x3x3xbf16>) -> tensor<?x4x6x6xbf16> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [0, 0], padding_low = [0, 0], stride = [1, 1]} : tensor<?x3x8x8xbf16>, tensor<4x3x3x3xbf16> -> tensor<?x4x6x6xbf16>
  return %0 : tensor<?x4x6x6xbf16>
}

// -----

// Attention's scores as PyTorch decomposes them for bf16: queries and
// transposed keys cast to f32 and each multiplied by scale^(1/2). The
// product reads the bf16 tensors (the transpose moves bf16) and its result
// is multiplied by the scale; a factor read from a tensor stops the match.
// CHECK-LABEL: func.func @scores
// CHECK: %[[KT:.*]] = tcp.transpose %arg1 {permutation = [0, 2, 1]} : tensor<?x?x64xbf16> -> tensor<?x64x?xbf16>
// CHECK: %[[S:.*]] = tcp.contract %arg0, %[[KT]] {{.*}} : tensor<?x?x64xbf16>, tensor<?x64x?xbf16> -> tensor<?x?x?xf32>
// CHECK: %[[F:.*]] = tcp.const {value = dense<0.124999993> : tensor<1x1x1xf32>}
// CHECK: %[[B:.*]] = tcp.broadcast %[[F]]
// CHECK: %[[R:.*]] = tcp.mul %[[S]], %[[B]]
// CHECK: %[[U:.*]] = tcp.contract %{{.*}}, %{{.*}} {{.*}} : tensor<?x?x64xf32>, tensor<?x64x?xf32> -> tensor<?x?x?xf32>
// CHECK: return %[[R]], %[[U]]
func.func @scores(%q: tensor<?x?x64xbf16>, %k: tensor<?x?x64xbf16>, %s: tensor<1x1x1xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %b = tensor.dim %q, %c0 : tensor<?x?x64xbf16>
  %n = tensor.dim %q, %c1 : tensor<?x?x64xbf16>
  %qf = tcp.cast %q : tensor<?x?x64xbf16> -> tensor<?x?x64xf32>
  %kf = tcp.cast %k : tensor<?x?x64xbf16> -> tensor<?x?x64xf32>
  %root = tcp.const {value = dense<0.353553385> : tensor<1x1x1xf32>} : tensor<1x1x1xf32>
  %rq = tcp.broadcast %root, %b, %n, %c64 {axes = [0, 1, 2]} : tensor<1x1x1xf32>, index, index, index -> tensor<?x?x64xf32>
  %qs = tcp.mul %qf, %rq : tensor<?x?x64xf32>, tensor<?x?x64xf32> -> tensor<?x?x64xf32>
  %kt = tcp.transpose %kf {permutation = [0, 2, 1]} : tensor<?x?x64xf32> -> tensor<?x64x?xf32>
  %rk = tcp.broadcast %root, %b, %c64, %n {axes = [0, 1, 2]} : tensor<1x1x1xf32>, index, index, index -> tensor<?x64x?xf32>
  %ks = tcp.mul %kt, %rk : tensor<?x64x?xf32>, tensor<?x64x?xf32> -> tensor<?x64x?xf32>
  %0 = tcp.contract %qs, %ks {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x?x64xf32>, tensor<?x64x?xf32> -> tensor<?x?x?xf32>
  %sq = tcp.broadcast %s, %b, %n, %c64 {axes = [0, 1, 2]} : tensor<1x1x1xf32>, index, index, index -> tensor<?x?x64xf32>
  %qt = tcp.mul %qf, %sq : tensor<?x?x64xf32>, tensor<?x?x64xf32> -> tensor<?x?x64xf32>
  %1 = tcp.contract %qt, %ks {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x?x64xf32>, tensor<?x64x?xf32> -> tensor<?x?x?xf32>
  return %0, %1 : tensor<?x?x?xf32>, tensor<?x?x?xf32>
}

// -----

// Bfloat16 attention keeps its operands (its kernel converts them as it
// copies them, and rounds its output once); float16 attention is widened.
// CHECK-LABEL: func.func @attention
// CHECK-NOT: tcp.cast
// CHECK: %[[A:.*]] = tcp.attention %arg0, %arg0, %arg0, %arg1 {causal = false} : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<1x1xbf16> -> tensor<4x8xbf16>
// CHECK: tcp.cast %arg2 : tensor<4x8xf16> -> tensor<4x8xf32>
// CHECK: %[[W:.*]] = tcp.attention {{.*}} : tensor<4x8xf32>, {{.*}} -> tensor<4x8xf32>
// CHECK: %[[H:.*]] = tcp.cast %[[W]] : tensor<4x8xf32> -> tensor<4x8xf16>
// CHECK: return %[[A]], %[[H]]
func.func @attention(%q: tensor<4x8xbf16>, %m: tensor<1x1xbf16>, %h: tensor<4x8xf16>, %hm: tensor<1x1xf16>) -> (tensor<4x8xbf16>, tensor<4x8xf16>) {
  %0 = tcp.attention %q, %q, %q, %m {causal = false} : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<1x1xbf16> -> tensor<4x8xbf16>
  %1 = tcp.attention %h, %h, %h, %hm {causal = false} : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<1x1xf16> -> tensor<4x8xf16>
  return %0, %1 : tensor<4x8xbf16>, tensor<4x8xf16>
}
