// Torch -> TCP: scaled_dot_product_attention (kept whole by the frontend)
// becomes one tcp.attention, its mask one added to the scores.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// A float mask is added as it is; no scale is 1/sqrt(E) (left out).
// CHECK-LABEL: func.func @float_mask
// CHECK: %[[R:.*]] = tcp.attention %arg0, %arg1, %arg2, %arg3 {causal = false} : tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xf32> -> tensor<?x4x?x8xf32>
// CHECK: return %[[R]]
func.func @float_mask(%q: !torch.vtensor<[?,4,?,16],f32>, %k: !torch.vtensor<[?,4,?,16],f32>, %v: !torch.vtensor<[?,4,?,8],f32>, %m: !torch.vtensor<[?,1,?,?],f32>) -> !torch.vtensor<[?,4,?,8],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %zero, %false, %none, %false : !torch.vtensor<[?,4,?,16],f32>, !torch.vtensor<[?,4,?,16],f32>, !torch.vtensor<[?,4,?,8],f32>, !torch.vtensor<[?,1,?,?],f32>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[?,4,?,8],f32>
  return %0 : !torch.vtensor<[?,4,?,8],f32>
}

// -----

// A boolean mask selects 0 or -inf; a 2-D mask gains the leading unit dims;
// causal and scale are the op's attributes.
// CHECK-LABEL: func.func @bool_mask
// CHECK: %[[M:.*]] = tensor.expand_shape %arg2 {{\[}}[0, 1], [2]] output_shape [1, 5, 7] : tensor<5x7xi1> into tensor<1x5x7xi1>
// CHECK: %[[ZERO:.*]] = tcp.const {value = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK: %[[Z:.*]] = tcp.broadcast %[[ZERO]]
// CHECK: %[[NEG:.*]] = tcp.const {value = dense<0xFF800000> : tensor<1x1x1xf32>}
// CHECK: %[[N:.*]] = tcp.broadcast %[[NEG]]
// CHECK: %[[S:.*]] = tcp.select %[[M]], %[[Z]], %[[N]] : tensor<1x5x7xi1>, tensor<1x5x7xf32>, tensor<1x5x7xf32> -> tensor<1x5x7xf32>
// CHECK: tcp.attention %arg0, %arg1, %arg1, %[[S]] {causal = true, scale = 5.000000e-01 : f32} : tensor<3x5x16xf32>, tensor<3x7x16xf32>, tensor<3x7x16xf32>, tensor<1x5x7xf32> -> tensor<3x5x16xf32>
func.func @bool_mask(%q: !torch.vtensor<[3,5,16],f32>, %k: !torch.vtensor<[3,7,16],f32>, %m: !torch.vtensor<[5,7],i1>) -> !torch.vtensor<[3,5,16],f32> {
  %zero = torch.constant.float 0.000000e+00
  %half = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k, %m, %zero, %true, %half, %false : !torch.vtensor<[3,5,16],f32>, !torch.vtensor<[3,7,16],f32>, !torch.vtensor<[3,7,16],f32>, !torch.vtensor<[5,7],i1>, !torch.float, !torch.bool, !torch.float, !torch.bool -> !torch.vtensor<[3,5,16],f32>
  return %0 : !torch.vtensor<[3,5,16],f32>
}

// -----

// No mask is a 1 x ... x 1 zero; grouped keys and values (enable_gqa) are
// repeated to the query's heads, each head H / Hkv times in a row. In
// bfloat16, the op takes its operands as they are (its kernel converts
// them, widen-16-bit-floats).
// CHECK-LABEL: func.func @grouped
// CHECK: %[[K1:.*]] = tensor.expand_shape %arg1 {{\[}}[0], [1, 2], [3], [4]] output_shape [1, 2, 1, 9, 16] : tensor<1x2x9x16xbf16> into tensor<1x2x1x9x16xbf16>
// CHECK: %[[K3:.*]] = tcp.broadcast %[[K1]], %{{.*}} {axes = [2]} : tensor<1x2x1x9x16xbf16>, index -> tensor<1x2x3x9x16xbf16>
// CHECK: %[[K:.*]] = tensor.collapse_shape %[[K3]] {{\[}}[0], [1, 2], [3], [4]] : tensor<1x2x3x9x16xbf16> into tensor<1x6x9x16xbf16>
// CHECK: %[[ZERO:.*]] = tcp.const {value = dense<0.000000e+00> : tensor<1x1x1x1xbf16>}
// CHECK-NOT: tcp.cast
// CHECK: %[[R:.*]] = tcp.attention %arg0, %[[K]], %{{.*}}, %[[ZERO]] {causal = false} : tensor<1x6x9x16xbf16>, tensor<1x6x9x16xbf16>, tensor<1x6x9x16xbf16>, tensor<1x1x1x1xbf16> -> tensor<1x6x9x16xbf16>
// CHECK: return %[[R]]
func.func @grouped(%q: !torch.vtensor<[1,6,9,16],bf16>, %k: !torch.vtensor<[1,2,9,16],bf16>) -> !torch.vtensor<[1,6,9,16],bf16> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k, %none, %zero, %false, %none, %true : !torch.vtensor<[1,6,9,16],bf16>, !torch.vtensor<[1,2,9,16],bf16>, !torch.vtensor<[1,2,9,16],bf16>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,6,9,16],bf16>
  return %0 : !torch.vtensor<[1,6,9,16],bf16>
}
