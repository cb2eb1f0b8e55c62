// Torch -> TCP: PT2E's quantize / dequantize ops as PyTorch's own
// decompositions compute them. uint8 values are held as int8 shifted by
// -128: the zero point 141 becomes 13 and [0, 255] becomes [-128, 127].
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s
// RUN: not tcp-opt %S/Inputs/uint8_escapes.mlir --torch-to-tcp 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not tcp-opt %S/Inputs/uint8_conversion_escapes.mlir --torch-to-tcp 2>&1 | FileCheck %s --check-prefix=CONVERSION-ESCAPE

// CHECK-LABEL: func.func @quantize_dequantize_uint8
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK: %[[INV:.*]] = tcp.const {value = dense<4.000000e+00> : tensor<1x1xf32>}
// CHECK: %[[INVB:.*]] = tcp.broadcast %[[INV]]
// CHECK: %[[M:.*]] = tcp.mul %[[X]], %[[INVB]]
// CHECK: %[[R:.*]] = tcp.round_even %[[M]]
// CHECK: %[[ZP:.*]] = tcp.const {value = dense<1.300000e+01> : tensor<1x1xf32>}
// CHECK: %[[ZPB:.*]] = tcp.broadcast %[[ZP]]
// CHECK: %[[A:.*]] = tcp.add %[[R]], %[[ZPB]]
// CHECK: %[[C:.*]] = tcp.clamp %[[A]] {max_float = 1.270000e+02 : f32, min_float = -1.280000e+02 : f32}
// CHECK: %[[Q:.*]] = tcp.cast %[[C]] {out_int_signedness = #tcp<signedness Signed>} : tensor<?x8xf32> -> tensor<?x8xi8>
// CHECK: %[[F:.*]] = tcp.cast %[[Q]] {in_int_signedness = #tcp<signedness Signed>} : tensor<?x8xi8> -> tensor<?x8xf32>
// CHECK: %[[S:.*]] = tcp.sub %[[F]], %{{.*}}
// CHECK: %[[SC:.*]] = tcp.const {value = dense<2.500000e-01> : tensor<1x1xf32>}
// CHECK: %[[SCB:.*]] = tcp.broadcast %[[SC]]
// CHECK: %[[D:.*]] = tcp.mul %[[S]], %[[SCB]]
// CHECK: return %[[D]]
func.func @quantize_dequantize_uint8(%arg0: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,8],f32> {
  %scale = torch.constant.float 2.500000e-01
  %zp = torch.constant.int 141
  %lo = torch.constant.int 0
  %hi = torch.constant.int 255
  %uint8 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.quantized_decomposed.quantize_per_tensor %arg0, %scale, %zp, %lo, %hi, %uint8 : !torch.vtensor<[?,8],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,8],ui8>
  %1 = torch.quantized_decomposed.dequantize_per_tensor %0, %scale, %zp, %lo, %hi, %uint8, %none : !torch.vtensor<[?,8],ui8>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[?,8],f32>
  return %1 : !torch.vtensor<[?,8],f32>
}

// -----

// A weight's int8 values less their channel's zero point, times its scale
// (channels along axis 0, broadcast along the others).
// CHECK-LABEL: func.func @dequantize_per_channel
// CHECK-SAME: (%[[W:.*]]: tensor<4x3xi8>, %[[S:.*]]: tensor<4xf32>, %[[Z:.*]]: tensor<4xi64>)
// CHECK: %[[F:.*]] = tcp.cast %[[W]] {in_int_signedness = #tcp<signedness Signed>} : tensor<4x3xi8> -> tensor<4x3xf32>
// CHECK: %[[Z2:.*]] = tensor.expand_shape %[[Z]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xi64> into tensor<4x1xi64>
// CHECK: %[[ZF:.*]] = tcp.cast %[[Z2]] {in_int_signedness = #tcp<signedness Signed>} : tensor<4x1xi64> -> tensor<4x1xf32>
// CHECK: %[[ZB:.*]] = tcp.broadcast %[[ZF]], %{{.*}} {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x3xf32>
// CHECK: %[[D:.*]] = tcp.sub %[[F]], %[[ZB]]
// CHECK: %[[S2:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
// CHECK: %[[SB:.*]] = tcp.broadcast %[[S2]], %{{.*}} {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x3xf32>
// CHECK: tcp.mul %[[D]], %[[SB]]
func.func @dequantize_per_channel(%w: !torch.vtensor<[4,3],si8>, %s: !torch.vtensor<[4],f32>, %z: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4,3],f32> {
  %axis = torch.constant.int 0
  %lo = torch.constant.int -128
  %hi = torch.constant.int 127
  %int8 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.quantized_decomposed.dequantize_per_channel %w, %s, %z, %axis, %lo, %hi, %int8, %none : !torch.vtensor<[4,3],si8>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// A uint8 tensor read by anything but dequantize would see the shifted
// values: the quantize op is refused, and named.
// ESCAPE: error: 1 op could not be converted to TCP:
// ESCAPE-NEXT: uint8_escapes.mlir:{{[0-9]+}}:{{[0-9]+}}: torch.quantized_decomposed.quantize_per_tensor (its uint8 result is read by the function's return; only torch.quantized_decomposed.dequantize_per_tensor can read it)

// -----

// Dynamic quantization's uint8 tensor (frontend.py decomposes its quantize
// into tensor arithmetic and a conversion to uint8): held as i8, converted
// as unsigned on both sides.
// CHECK-LABEL: func.func @uint8_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK: %[[Q:.*]] = tcp.cast %[[X]] {out_int_signedness = #tcp<signedness Unsigned>} : tensor<?x8xf32> -> tensor<?x8xi8>
// CHECK: %[[F:.*]] = tcp.cast %[[Q]] {in_int_signedness = #tcp<signedness Unsigned>} : tensor<?x8xi8> -> tensor<?x8xf32>
// CHECK: return %[[F]]
func.func @uint8_round_trip(%arg0: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,8],f32> {
  %uint8 = torch.constant.int 0
  %float32 = torch.constant.int 6
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %arg0, %uint8, %false, %false, %none : !torch.vtensor<[?,8],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,8],ui8>
  %1 = torch.aten.to.dtype %0, %float32, %false, %false, %none : !torch.vtensor<[?,8],ui8>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,8],f32>
  return %1 : !torch.vtensor<[?,8],f32>
}

// A uint8 tensor read by anything but a conversion to float would see a
// signless i8: the conversion to uint8 is refused, and named.
// CONVERSION-ESCAPE: error: 1 op could not be converted to TCP:
// CONVERSION-ESCAPE-NEXT: uint8_conversion_escapes.mlir:{{[0-9]+}}:{{[0-9]+}}: torch.aten.to.dtype (its uint8 result is read by the function's return; only conversions to float can read it)
