// int8-products: a contraction of dequantized int8 tensors (a quantized
// linear layer: a per-tensor activation, a per-channel weight, transposed)
// becomes an int8 contraction into i32, less the activation's zero point
// times the weight's column sums, times the two scales. The weight's
// transpose moves to its int8 values.
// RUN: tcp-opt %s --split-input-file --int8-products | FileCheck %s

// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi8>)
// CHECK: %[[W:.*]] = tcp.const {value = dense<{{.*}}> : tensor<3x4xi8>}
// CHECK: %[[S:.*]] = tcp.const {value = dense<[5.000000e-01, 2.500000e-01, 1.250000e-01]> : tensor<3xf32>}
// CHECK: %[[WT:.*]] = tcp.transpose %[[W]] {permutation = [1, 0]} : tensor<3x4xi8> -> tensor<4x3xi8>
// CHECK: %[[ACC:.*]] = tcp.contract %[[X]], %[[WT]] {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xi8>, tensor<4x3xi8> -> tensor<?x3xi32>
// CHECK: %[[F:.*]] = tcp.cast %[[ACC]] {in_int_signedness = #tcp<signedness Signed>} : tensor<?x3xi32> -> tensor<?x3xf32>
// CHECK: %[[WF:.*]] = tcp.cast %[[WT]] {in_int_signedness = #tcp<signedness Signed>} : tensor<4x3xi8> -> tensor<4x3xf32>
// CHECK: %[[SUMS:.*]] = tcp.reduce %[[WF]] {axes = [0], kind = #tcp<reduceKind Sum>} : tensor<4x3xf32> -> tensor<3xf32>
// CHECK: %[[ZA:.*]] = tcp.const {value = dense<7.000000e+00> : tensor<3xf32>}
// CHECK: %[[SHIFT:.*]] = tcp.mul %[[SUMS]], %[[ZA]]
// CHECK: %[[ROW:.*]] = tensor.expand_shape %[[SHIFT]] {{\[}}[0, 1]] output_shape [1, 3]
// CHECK: %[[SHIFTS:.*]] = tcp.broadcast %[[ROW]], %{{.*}} {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
// CHECK: %[[D:.*]] = tcp.sub %[[F]], %[[SHIFTS]]
// CHECK: %[[SA:.*]] = tcp.const {value = dense<2.000000e+00> : tensor<3xf32>}
// CHECK: %[[SCALES:.*]] = tcp.mul %{{.*}}, %[[SA]]
// CHECK: %[[SROW:.*]] = tensor.expand_shape %[[SCALES]] {{\[}}[0, 1]] output_shape [1, 3]
// CHECK: %[[SB:.*]] = tcp.broadcast %[[SROW]], %{{.*}} {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
// CHECK: %[[Y:.*]] = tcp.mul %[[D]], %[[SB]]
// CHECK: return %[[Y]]
func.func @linear(%x: tensor<?x4xi8>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xi8>
  // x: scale 2, zero point 7
  %xf = tcp.cast %x {in_int_signedness = #tcp<signedness Signed>} : tensor<?x4xi8> -> tensor<?x4xf32>
  %za = tcp.const {value = dense<7.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %zab = tcp.broadcast %za, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
  %xs = tcp.sub %xf, %zab : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %sa = tcp.const {value = dense<2.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %sab = tcp.broadcast %sa, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
  %a = tcp.mul %xs, %sab : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // w [out 3, in 4]: a scale per output channel, zero points 0
  %w = tcp.const {value = dense<[[1, -2, 3, -4], [5, 6, -7, 8], [-9, 10, 11, -12]]> : tensor<3x4xi8>} : tensor<3x4xi8>
  %wf = tcp.cast %w {in_int_signedness = #tcp<signedness Signed>} : tensor<3x4xi8> -> tensor<3x4xf32>
  %zw = tcp.const {value = dense<0.0> : tensor<3x1xf32>} : tensor<3x1xf32>
  %zwb = tcp.broadcast %zw, %c4 {axes = [1]} : tensor<3x1xf32>, index -> tensor<3x4xf32>
  %ws = tcp.sub %wf, %zwb : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  %sw = tcp.const {value = dense<[0.5, 0.25, 0.125]> : tensor<3xf32>} : tensor<3xf32>
  %swe = tensor.expand_shape %sw [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
  %swb = tcp.broadcast %swe, %c4 {axes = [1]} : tensor<3x1xf32>, index -> tensor<3x4xf32>
  %b = tcp.mul %ws, %swb : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  %bt = tcp.transpose %b {permutation = [1, 0]} : tensor<3x4xf32> -> tensor<4x3xf32>
  %y = tcp.contract %a, %bt {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x3xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// A weight whose scales vary along the contracting dim cannot be factored
// out of the sum: the product stays in f32.
// CHECK-LABEL: func.func @scales_along_k
// CHECK-NOT: xi32>
// CHECK: tcp.contract {{.*}} -> tensor<2x3xf32>
func.func @scales_along_k(%x: tensor<2x4xi8>, %w: tensor<4x3xi8>) -> tensor<2x3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %xf = tcp.cast %x {in_int_signedness = #tcp<signedness Signed>} : tensor<2x4xi8> -> tensor<2x4xf32>
  %z = tcp.const {value = dense<0.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %zb = tcp.broadcast %z, %c2, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<2x4xf32>
  %xs = tcp.sub %xf, %zb : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  %s = tcp.const {value = dense<0.5> : tensor<1x1xf32>} : tensor<1x1xf32>
  %sb = tcp.broadcast %s, %c2, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<2x4xf32>
  %a = tcp.mul %xs, %sb : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  %wf = tcp.cast %w {in_int_signedness = #tcp<signedness Signed>} : tensor<4x3xi8> -> tensor<4x3xf32>
  %zw = tcp.const {value = dense<0.0> : tensor<4x1xf32>} : tensor<4x1xf32>
  %zwb = tcp.broadcast %zw, %c3 {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x3xf32>
  %ws = tcp.sub %wf, %zwb : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %sw = tcp.const {value = dense<[[0.5], [0.25], [0.125], [1.0]]> : tensor<4x1xf32>} : tensor<4x1xf32>
  %swb = tcp.broadcast %sw, %c3 {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x3xf32>
  %b = tcp.mul %ws, %swb : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %y = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<2x4xf32>, tensor<4x3xf32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// A quantized convolution: the padding moves to the int8 input, padded with
// its zero point (the int8 value that dequantizes to 0.0); the weight's
// sums are over its input channels and kernel, per output channel (dim 1).
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<?x2x5x5xi8>)
// CHECK: %[[W:.*]] = tcp.const {{.*}} : tensor<3x2x3x3xi8>
// CHECK: %[[Z:.*]] = tcp.const {value = dense<-3> : tensor<i8>}
// CHECK: %[[P:.*]] = tcp.pad %[[X]], %[[Z]] {high = [0, 0, 1, 1], low = [0, 0, 1, 1]} : tensor<?x2x5x5xi8>, tensor<i8> -> tensor<?x2x7x7xi8>
// CHECK: %[[ACC:.*]] = tcp.conv %[[P]], %[[W]] {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [0, 0], padding_low = [0, 0], stride = [2, 2]} : tensor<?x2x7x7xi8>, tensor<3x2x3x3xi8> -> tensor<?x3x3x3xi32>
// CHECK: %[[F:.*]] = tcp.cast %[[ACC]]
// CHECK: %[[WF:.*]] = tcp.cast %[[W]] {{.*}} -> tensor<3x2x3x3xf32>
// CHECK: %[[SUMS:.*]] = tcp.reduce %[[WF]] {axes = [1, 2, 3], kind = #tcp<reduceKind Sum>} : tensor<3x2x3x3xf32> -> tensor<3xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3]] output_shape [1, 3, 1, 1] : tensor<3xf32> into tensor<1x3x1x1xf32>
// CHECK: tcp.sub %[[F]]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3]] output_shape [1, 3, 1, 1] : tensor<3xf32> into tensor<1x3x1x1xf32>
// CHECK: tcp.mul
func.func @conv(%x: tensor<?x2x5x5xi8>) -> tensor<?x3x3x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?x2x5x5xi8>
  %xf = tcp.cast %x {in_int_signedness = #tcp<signedness Signed>} : tensor<?x2x5x5xi8> -> tensor<?x2x5x5xf32>
  %za = tcp.const {value = dense<-3.0> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %zab = tcp.broadcast %za, %n, %c2, %c5, %c5 {axes = [0, 1, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index, index -> tensor<?x2x5x5xf32>
  %xs = tcp.sub %xf, %zab : tensor<?x2x5x5xf32>, tensor<?x2x5x5xf32> -> tensor<?x2x5x5xf32>
  %sa = tcp.const {value = dense<0.5> : tensor<1x1x1x1xf32>} : tensor<1x1x1x1xf32>
  %sab = tcp.broadcast %sa, %n, %c2, %c5, %c5 {axes = [0, 1, 2, 3]} : tensor<1x1x1x1xf32>, index, index, index, index -> tensor<?x2x5x5xf32>
  %a = tcp.mul %xs, %sab : tensor<?x2x5x5xf32>, tensor<?x2x5x5xf32> -> tensor<?x2x5x5xf32>
  %w = tcp.const {value = dense<3> : tensor<3x2x3x3xi8>} : tensor<3x2x3x3xi8>
  %wf = tcp.cast %w {in_int_signedness = #tcp<signedness Signed>} : tensor<3x2x3x3xi8> -> tensor<3x2x3x3xf32>
  %zw = tcp.const {value = dense<0.0> : tensor<3x1x1x1xf32>} : tensor<3x1x1x1xf32>
  %zwb = tcp.broadcast %zw, %c2, %c3, %c3 {axes = [1, 2, 3]} : tensor<3x1x1x1xf32>, index, index, index -> tensor<3x2x3x3xf32>
  %ws = tcp.sub %wf, %zwb : tensor<3x2x3x3xf32>, tensor<3x2x3x3xf32> -> tensor<3x2x3x3xf32>
  %sw = tcp.const {value = dense<[[[[0.5]]], [[[0.25]]], [[[0.125]]]]> : tensor<3x1x1x1xf32>} : tensor<3x1x1x1xf32>
  %swb = tcp.broadcast %sw, %c2, %c3, %c3 {axes = [1, 2, 3]} : tensor<3x1x1x1xf32>, index, index, index -> tensor<3x2x3x3xf32>
  %b = tcp.mul %ws, %swb : tensor<3x2x3x3xf32>, tensor<3x2x3x3xf32> -> tensor<3x2x3x3xf32>
  %y = tcp.conv %a, %b {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [2, 2]} : tensor<?x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<?x3x3x3xf32>
  return %y : tensor<?x3x3x3xf32>
}

// -----

// Dynamic quantization: the activation's zero point and scale are computed
// at run time (arguments here) and its uint8 values are read unsigned. The
// int8 operand is q - 128 (wrapping), its zero point za - 128.
// CHECK-LABEL: func.func @dynamic_linear
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi8>, %[[ZA:.*]]: tensor<1x1xf32>, %[[SA:.*]]: tensor<1x1xf32>)
// CHECK: %[[W:.*]] = tcp.const {value = dense<{{.*}}> : tensor<4x3xi8>}
// CHECK: %[[SHIFT:.*]] = tcp.const {value = dense<-128> : tensor<1x1xi8>}
// CHECK: %[[SHIFTS:.*]] = tcp.broadcast %[[SHIFT]]
// CHECK: %[[QA:.*]] = tcp.add %[[X]], %[[SHIFTS]] : tensor<?x4xi8>, tensor<?x4xi8> -> tensor<?x4xi8>
// CHECK: %[[ACC:.*]] = tcp.contract %[[QA]], %[[W]] {{.*}} : tensor<?x4xi8>, tensor<4x3xi8> -> tensor<?x3xi32>
// CHECK: %[[F:.*]] = tcp.cast %[[ACC]]
// CHECK: %[[SUMS:.*]] = tcp.reduce
// CHECK: %[[MINUS:.*]] = tcp.const {value = dense<-1.280000e+02> : tensor<1x1xf32>}
// CHECK: %[[ZS:.*]] = tcp.add %[[ZA]], %[[MINUS]] : tensor<1x1xf32>
// CHECK: %[[Z1:.*]] = tensor.collapse_shape %[[ZS]]
// CHECK: %[[ZB:.*]] = tcp.broadcast %[[Z1]]
// CHECK: %[[TERMS:.*]] = tcp.mul %[[SUMS]], %[[ZB]] : tensor<3xf32>
// CHECK: %[[D:.*]] = tcp.sub %[[F]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[SB:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<1xf32>}
// CHECK: %[[S1:.*]] = tensor.collapse_shape %[[SA]]
// CHECK: %[[S:.*]] = tcp.mul %[[SB]], %[[S1]] : tensor<1xf32>
// CHECK: %[[Y:.*]] = tcp.mul %[[D]], %{{.*}} : tensor<?x3xf32>
// CHECK: return %[[Y]]
func.func @dynamic_linear(%x: tensor<?x4xi8>, %za: tensor<1x1xf32>, %sa: tensor<1x1xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xi8>
  %xf = tcp.cast %x {in_int_signedness = #tcp<signedness Unsigned>} : tensor<?x4xi8> -> tensor<?x4xf32>
  %zab = tcp.broadcast %za, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
  %xs = tcp.sub %xf, %zab : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %sab = tcp.broadcast %sa, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
  %a = tcp.mul %xs, %sab : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %w = tcp.const {value = dense<[[1, -2, 3], [5, 6, -7], [-9, 10, 11], [4, 0, -1]]> : tensor<4x3xi8>} : tensor<4x3xi8>
  %wf = tcp.cast %w {in_int_signedness = #tcp<signedness Signed>} : tensor<4x3xi8> -> tensor<4x3xf32>
  %zw = tcp.const {value = dense<0.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %zwb = tcp.broadcast %zw, %c4, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x3xf32>
  %ws = tcp.sub %wf, %zwb : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %sw = tcp.const {value = dense<0.5> : tensor<1x1xf32>} : tensor<1x1xf32>
  %swb = tcp.broadcast %sw, %c4, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x3xf32>
  %b = tcp.mul %ws, %swb : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %y = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x3xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
