// Forms of upstream mlir-tcp's dialect (its test/Dialect/*.mlir and the
// rules of TcpOps.td/TcpOps.cpp) that this dialect accepts as upstream does.
// What upstream rejects is in invalid.mlir (its cases on quantized types,
// gather and bind_symbolic_shape).
// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s

// Quantized element types per tensor (Tcp_QuantizedInt in Tcp_Tensor) on
// tcp.add and tcp.sub, signed and unsigned 8-bit, and 16-bit storage.
// CHECK-LABEL: func.func @quantized_per_tensor
// CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>>, tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>> -> tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK: tcp.sub %{{.*}}, %{{.*}} : tensor<?x?x!quant.uniform<u8:f32, 7.843100e-02:-12>>, tensor<?x?x!quant.uniform<u8:f32, 7.843100e-02:-12>> -> tensor<?x?x!quant.uniform<u8:f32, 7.843100e-02:-12>>
// CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<4x!quant.uniform<i16:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i16:f32, 5.000000e-01>> -> tensor<4x!quant.uniform<i16:f32, 5.000000e-01>>
func.func @quantized_per_tensor(%a: tensor<1x3x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<?x?x!quant.uniform<u8:f32, 0.078431:-12>>, %c: tensor<4x!quant.uniform<i16:f32, 0.5>>) {
  %0 = tcp.add %a, %a : tensor<1x3x!quant.uniform<i8:f32, 1.0:0>>, tensor<1x3x!quant.uniform<i8:f32, 1.0:0>> -> tensor<1x3x!quant.uniform<i8:f32, 1.0:0>>
  %1 = tcp.sub %b, %b : tensor<?x?x!quant.uniform<u8:f32, 0.078431:-12>>, tensor<?x?x!quant.uniform<u8:f32, 0.078431:-12>> -> tensor<?x?x!quant.uniform<u8:f32, 0.078431:-12>>
  %2 = tcp.add %c, %c : tensor<4x!quant.uniform<i16:f32, 0.5>>, tensor<4x!quant.uniform<i16:f32, 0.5>> -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  return
}

// Quantized element types per axis, with a storage range (upstream's
// test_per_axis_quant_type form).
// CHECK-LABEL: func.func @quantized_per_axis
// CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<1x3x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01:1,3.000000e-01:2}>>, tensor<1x3x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01:1,3.000000e-01:2}>> -> tensor<1x3x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01:1,3.000000e-01:2}>>
// CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<3x?x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,1.000000e-01,1.000000e-01}>>
func.func @quantized_per_axis(%a: tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, %b: tensor<3x?x!quant.uniform<i8<-127:127>:f32:0, {0.1,0.1,0.1}>>) {
  %0 = tcp.add %a, %a : tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>> -> tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>
  %1 = tcp.add %b, %b : tensor<3x?x!quant.uniform<i8<-127:127>:f32:0, {0.1,0.1,0.1}>>, tensor<3x?x!quant.uniform<i8<-127:127>:f32:0, {0.1,0.1,0.1}>> -> tensor<3x?x!quant.uniform<i8<-127:127>:f32:0, {0.1,0.1,0.1}>>
  return
}

// Quantized element types on the data movement ops whose operands are
// Tcp_Tensor upstream: broadcast, slice, gather, gather_nd, and the tensor
// of bind_symbolic_shape.
// CHECK-LABEL: func.func @quantized_data_movement
// CHECK: tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>>, index -> tensor<?x3x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK: tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>> -> tensor<1x2x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : i64} : tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>>, tensor<1x5xi64> -> tensor<1x5x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK: tcp.gather_nd %{{.*}}, %{{.*}} : tensor<1x3x!quant.uniform<i8:f32, 1.000000e+00>>, tensor<4x2xi64> -> tensor<4x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK: tcp.bind_symbolic_shape %{{.*}}, [%{{.*}}], #map : tensor<?x3x!quant.uniform<i8:f32, 1.000000e+00>>
func.func @quantized_data_movement(%a: tensor<1x3x!quant.uniform<i8:f32, 1.0>>, %n: index, %i: tensor<1x5xi64>, %j: tensor<4x2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s0 = tcp.symbolic_int "s0" {min_val = 2, max_val = 8} : i64
  %0 = tcp.broadcast %a, %n {axes = [0]} : tensor<1x3x!quant.uniform<i8:f32, 1.0>>, index -> tensor<?x3x!quant.uniform<i8:f32, 1.0>>
  %1 = tcp.slice %a starts(%c0, %c1) sizes(%c1, %c2) strides(%c1, %c1) : tensor<1x3x!quant.uniform<i8:f32, 1.0>> -> tensor<1x2x!quant.uniform<i8:f32, 1.0>>
  %2 = tcp.gather %a, %i {dim = 1 : i64} : tensor<1x3x!quant.uniform<i8:f32, 1.0>>, tensor<1x5xi64> -> tensor<1x5x!quant.uniform<i8:f32, 1.0>>
  %3 = tcp.gather_nd %a, %j : tensor<1x3x!quant.uniform<i8:f32, 1.0>>, tensor<4x2xi64> -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  tcp.bind_symbolic_shape %0, [%s0], affine_map<()[s0] -> (s0, 3)> : tensor<?x3x!quant.uniform<i8:f32, 1.0>>
  return
}

// tcp.gather's dim as upstream's IndexAttr (`0 : index`), beside this
// project's i64.
// CHECK-LABEL: func.func @gather_dim_index
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 0 : i64} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
func.func @gather_dim_index(%x: tensor<?x?xf32>, %i: tensor<2x?xi64>) {
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  %1 = tcp.gather %x, %i {dim = 0 : i64} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  return
}

// tcp.cast with Signless on an integer wider than i1: upstream's verifier
// only requires a signedness there (and Signless for i1); its lowering
// converts Signless as Unsigned.
// CHECK-LABEL: func.func @cast_signless
// CHECK: tcp.cast %{{.*}} {out_int_signedness = #tcp<signedness Signless>} : tensor<?x?xf16> -> tensor<?x?xi32>
// CHECK: tcp.cast %{{.*}} {in_int_signedness = #tcp<signedness Signless>} : tensor<?x?xi32> -> tensor<?x?xf32>
// CHECK: tcp.cast %{{.*}} {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x?xi8> -> tensor<?x?xi64>
func.func @cast_signless(%h: tensor<?x?xf16>, %i: tensor<?x?xi32>, %b: tensor<?x?xi8>) {
  %0 = tcp.cast %h {out_int_signedness = #tcp<signedness Signless>} : tensor<?x?xf16> -> tensor<?x?xi32>
  %1 = tcp.cast %i {in_int_signedness = #tcp<signedness Signless>} : tensor<?x?xi32> -> tensor<?x?xf32>
  %2 = tcp.cast %b {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x?xi8> -> tensor<?x?xi64>
  return
}

// Upstream's group written in the generic form with an empty block label,
// around an op of another dialect on non-signless integers (AnyType).
// CHECK-LABEL: func.func @generic_group
// CHECK: %[[G:.*]] = tcp.group {
// CHECK-NEXT: builtin.unrealized_conversion_cast %{{.*}} : tensor<?x?xui16> to tensor<?x?xsi16>
// CHECK-NEXT: tcp.yield %{{.*}} : tensor<?x?xsi16>
// CHECK-NEXT: } : tensor<?x?xsi16>
func.func @generic_group(%a: tensor<?x?xui16>) -> tensor<?x?xsi16> {
  %0 = "tcp.group" () ({
    ^bb0() :
      %1 = builtin.unrealized_conversion_cast %a : tensor<?x?xui16> to tensor<?x?xsi16>
      tcp.yield %1 : tensor<?x?xsi16>
  }) : () -> tensor<?x?xsi16>
  return %0 : tensor<?x?xsi16>
}
