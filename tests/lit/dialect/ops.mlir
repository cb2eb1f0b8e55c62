// Every TCP op, well-formed: it parses, verifies and prints back in the
// custom syntax, and the printed form parses to the same text.
// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-debuginfo | tcp-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%f: tensor<?x4xf32>, %i: tensor<?x4xi32>) {
  // CHECK: tcp.tanh %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %0 = tcp.tanh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.sigmoid %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = tcp.sigmoid %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.ceil
  %2 = tcp.ceil %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.floor
  %3 = tcp.floor %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.trunc
  %4 = tcp.trunc %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.round %
  %5 = tcp.round %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.round_even
  %6 = tcp.round_even %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.cos
  %7 = tcp.cos %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.sin
  %8 = tcp.sin %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.log %
  %9 = tcp.log %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.atan %
  %10 = tcp.atan %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.exp
  %11 = tcp.exp %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.log1p
  %12 = tcp.log1p %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.abs %{{.*}} : tensor<?x4xi32> -> tensor<?x4xi32>
  %13 = tcp.abs %i : tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: tcp.neg %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %14 = tcp.neg %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.sqrt %{{.*}} : tensor<?x4xi32> -> tensor<?x4xf32>
  %15 = tcp.sqrt %i : tensor<?x4xi32> -> tensor<?x4xf32>
  // CHECK: tcp.clamp %{{.*}} {max_float = 6.000000e+00 : f32, min_float = 0.000000e+00 : f32} : tensor<?x4xf32> -> tensor<?x4xf32>
  %16 = tcp.clamp %f {min_float = 0.0 : f32, max_float = 6.0 : f32} : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.clamp %{{.*}} {min_int = -3 : i64} : tensor<?x4xi32> -> tensor<?x4xi32>
  %17 = tcp.clamp %i {min_int = -3 : i64} : tensor<?x4xi32> -> tensor<?x4xi32>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<2x?xf64>, %b: tensor<2x?xf64>, %i: tensor<5xi8>, %j: tensor<5xi8>) {
  // CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  %0 = tcp.add %a, %b : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  // CHECK: tcp.sub %{{.*}}, %{{.*}} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %1 = tcp.sub %i, %j : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.mul
  %2 = tcp.mul %a, %b : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  // CHECK: tcp.divf %{{.*}}, %{{.*}} : tensor<2x?xf64>
  %3 = tcp.divf %a, %b : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  // CHECK: tcp.divf %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Floor>} : tensor<2x?xf64>
  %floor = tcp.divf %a, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  // CHECK: tcp.atan2
  %4 = tcp.atan2 %a, %b : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<2x?xf64>
  // CHECK: tcp.divsi %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Trunc>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %5 = tcp.divsi %i, %j {rounding_mode = #tcp<roundingMode Trunc>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.divui %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Ceil>}
  %6 = tcp.divui %i, %j {rounding_mode = #tcp<roundingMode Ceil>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%b: tensor<3xi1>, %i: tensor<3xi32>, %f: tensor<3xf32>) {
  // CHECK: tcp.cast %{{.*}} {in_int_signedness = #tcp<signedness Signless>} : tensor<3xi1> -> tensor<3xf32>
  %0 = tcp.cast %b {in_int_signedness = #tcp<signedness Signless>} : tensor<3xi1> -> tensor<3xf32>
  // CHECK: tcp.cast %{{.*}} {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Unsigned>} : tensor<3xi32> -> tensor<3xi8>
  %1 = tcp.cast %i {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Unsigned>} : tensor<3xi32> -> tensor<3xi8>
  // CHECK: tcp.cast %{{.*}} : tensor<3xf32> -> tensor<3xf64>
  %2 = tcp.cast %f : tensor<3xf32> -> tensor<3xf64>
  return
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<1x4xf32>, %y: tensor<?x4xf32>, %idx: tensor<?x4xi64>, %nd: tensor<2x1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK: tcp.const {value = dense<1.500000e+00> : tensor<2xf32>} : tensor<2xf32>
  %0 = tcp.const {value = dense<1.5> : tensor<2xf32>} : tensor<2xf32>
  // CHECK: tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
  %1 = tcp.broadcast %x, %c2 {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
  // CHECK: tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<?x4xf32> -> tensor<?x2xf32>
  %2 = tcp.slice %y starts(%c0, %c1) sizes(%c1, %c2) strides(%c1, %c2) : tensor<?x4xf32> -> tensor<?x2xf32>
  // CHECK: tcp.concat %{{.*}}, %{{.*}} {axis = 0 : i64} : tensor<1x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = tcp.concat %x, %y {axis = 0 : i64} : tensor<1x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 0 : i64} : tensor<?x4xf32>, tensor<?x4xi64> -> tensor<?x4xf32>
  %4 = tcp.gather %y, %idx {dim = 0 : i64} : tensor<?x4xf32>, tensor<?x4xi64> -> tensor<?x4xf32>
  // CHECK: tcp.gather_nd %{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  %5 = tcp.gather_nd %y, %nd : tensor<?x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  // CHECK: tcp.iota %{{.*}} : index -> tensor<?xi64>
  %6 = tcp.iota %c2 : index -> tensor<?xi64>
  // CHECK: tcp.iota : -> tensor<4xf32>
  %7 = tcp.iota : -> tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @structure
func.func @structure(%a: tensor<?xf32>, %b: tensor<3xi32>) -> (tensor<?xf32>, tensor<3xi32>) {
  // CHECK: %[[G:.*]]:2 = tcp.group {
  // CHECK:   tcp.yield %{{.*}}, %{{.*}} : tensor<?xf32>, tensor<3xi32>
  // CHECK: } : tensor<?xf32>, tensor<3xi32>
  %0:2 = tcp.group {
    %t = tcp.tanh %a : tensor<?xf32> -> tensor<?xf32>
    tcp.yield %t, %b : tensor<?xf32>, tensor<3xi32>
  } : tensor<?xf32>, tensor<3xi32>
  // CHECK: tcp.isolated_group %{{.*}}, %{{.*}} attributes {group_type = "codegen_group"} {
  // CHECK: ^bb0(%{{.*}}: tensor<?xf32>, %{{.*}}: tensor<3xi32>):
  // CHECK: } : tensor<?xf32>, tensor<3xi32> -> tensor<?xf32>
  %1 = tcp.isolated_group %a, %b attributes {group_type = "codegen_group"} {
  ^bb0(%x: tensor<?xf32>, %y: tensor<3xi32>):
    %e = tcp.exp %x : tensor<?xf32> -> tensor<?xf32>
    tcp.yield %e : tensor<?xf32>
  } : tensor<?xf32>, tensor<3xi32> -> tensor<?xf32>
  // CHECK: tcp.group {
  // CHECK-NEXT: tcp.yield{{$}}
  tcp.group {
    tcp.yield
  }
  // CHECK: tcp.custom_op("torch.aten.foo") %{{.*}}, %{{.*}} {alpha = 1 : i64} : tensor<?xf32>, tensor<3xi32> -> tensor<?xf32>, tensor<2xf32>
  %2:2 = tcp.custom_op("torch.aten.foo") %a, %b {alpha = 1 : i64} : tensor<?xf32>, tensor<3xi32> -> tensor<?xf32>, tensor<2xf32>
  // CHECK: tcp.custom_op("noop") : ->
  tcp.custom_op("noop") : ->
  // CHECK: %[[S:.*]] = tcp.symbolic_int "s0" {max_val = 6 : i64, min_val = 3 : i64} : i64
  %s = tcp.symbolic_int "s0" {min_val = 3, max_val = 6} : i64
  // CHECK: tcp.bind_symbolic_shape %{{.*}}, [%[[S]]], #map : tensor<?xf32>
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0] -> (s0)> : tensor<?xf32>
  return %0#0, %0#1 : tensor<?xf32>, tensor<3xi32>
}

// The generic form parses too and prints in the custom syntax.
// CHECK-LABEL: func.func @generic_form
func.func @generic_form(%a: tensor<2xf32>, %c: index) -> tensor<2xf32> {
  // CHECK: tcp.add %{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %0 = "tcp.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  // CHECK: tcp.slice %{{.*}} starts(%{{.*}}) sizes(%{{.*}}) strides(%{{.*}}) : tensor<2xf32> -> tensor<?xf32>
  %1 = "tcp.slice"(%0, %c, %c, %c) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (tensor<2xf32>, index, index, index) -> tensor<?xf32>
  return %0 : tensor<2xf32>
}
