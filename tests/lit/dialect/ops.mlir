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
  // CHECK: tcp.tan %
  %tan = tcp.tan %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.sinh %
  %sinh = tcp.sinh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.cosh %
  %cosh = tcp.cosh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.asin %
  %asin = tcp.asin %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.acos %
  %acos = tcp.acos %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.asinh %
  %asinh = tcp.asinh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.acosh %
  %acosh = tcp.acosh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.atanh %
  %atanh = tcp.atanh %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.log10 %
  %log10 = tcp.log10 %f : tensor<?x4xf32> -> tensor<?x4xf32>
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
  // CHECK: tcp.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {kind = #tcp<scatterKind Sum>} : tensor<?x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<?x4xf32>
  %s = tcp.scatter_nd %y, %nd, %5 {kind = #tcp<scatterKind Sum>} : tensor<?x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<?x4xf32>
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

// CHECK-LABEL: func.func @math
func.func @math(%f: tensor<?x4xf32>, %g: tensor<?x4xf32>, %d: tensor<3xf64>, %i: tensor<?x4xi32>, %j: tensor<?x4xi32>, %b: tensor<5xi8>) {
  // CHECK: tcp.erf %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %0 = tcp.erf %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.expm1 %{{.*}} : tensor<3xf64> -> tensor<3xf64>
  %1 = tcp.expm1 %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK: tcp.rsqrt %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = tcp.rsqrt %f : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.log2 %{{.*}} : tensor<3xf64> -> tensor<3xf64>
  %3 = tcp.log2 %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK: tcp.max %{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %4 = tcp.max %f, %g : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.max %{{.*}}, %{{.*}} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %5 = tcp.max %b, %b : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.min %{{.*}}, %{{.*}} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  %6 = tcp.min %i, %j : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: tcp.min %{{.*}}, %{{.*}} : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  %7 = tcp.min %d, %d : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  // CHECK: tcp.pow %{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %8 = tcp.pow %f, %g : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.rem %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Floor>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %9 = tcp.rem %f, %g {rounding_mode = #tcp<roundingMode Floor>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.rem %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Trunc>} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  %10 = tcp.rem %i, %j {rounding_mode = #tcp<roundingMode Trunc>} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: tcp.rem %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Floor>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %11 = tcp.rem %b, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.rem %{{.*}}, %{{.*}} {rounding_mode = #tcp<roundingMode Trunc>} : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  %12 = tcp.rem %d, %d {rounding_mode = #tcp<roundingMode Trunc>} : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  return
}

// CHECK-LABEL: func.func @logic
func.func @logic(%f: tensor<?x4xf32>, %g: tensor<?x4xf32>, %i: tensor<?x4xi32>, %j: tensor<?x4xi32>, %c: tensor<?x4xi1>, %b: tensor<5xi8>, %p: tensor<5xi1>) {
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Eq>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  %0 = tcp.cmp %f, %g {predicate = #tcp<cmpPredicate Eq>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Ne>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  %1 = tcp.cmp %f, %g {predicate = #tcp<cmpPredicate Ne>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Lt>} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi1>
  %2 = tcp.cmp %i, %j {predicate = #tcp<cmpPredicate Lt>} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi1>
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Le>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi1>
  %3 = tcp.cmp %b, %b {predicate = #tcp<cmpPredicate Le>} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi1>
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Gt>} : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  %4 = tcp.cmp %c, %0 {predicate = #tcp<cmpPredicate Gt>} : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  // CHECK: tcp.cmp %{{.*}}, %{{.*}} {predicate = #tcp<cmpPredicate Ge>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  %5 = tcp.cmp %f, %g {predicate = #tcp<cmpPredicate Ge>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
  // CHECK: tcp.and %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  %6 = tcp.and %c, %1 : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  // CHECK: tcp.and %{{.*}}, %{{.*}} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  %7 = tcp.and %i, %j : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: tcp.or %{{.*}}, %{{.*}} : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %8 = tcp.or %b, %b : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.or %{{.*}}, %{{.*}} : tensor<5xi1>, tensor<5xi1> -> tensor<5xi1>
  %9 = tcp.or %p, %3 : tensor<5xi1>, tensor<5xi1> -> tensor<5xi1>
  // CHECK: tcp.xor %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  %10 = tcp.xor %4, %5 : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  // CHECK: tcp.xor %{{.*}}, %{{.*}} : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  %11 = tcp.xor %i, %7 : tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: tcp.not %{{.*}} : tensor<?x4xi1> -> tensor<?x4xi1>
  %12 = tcp.not %10 : tensor<?x4xi1> -> tensor<?x4xi1>
  // CHECK: tcp.not %{{.*}} : tensor<5xi8> -> tensor<5xi8>
  %13 = tcp.not %b : tensor<5xi8> -> tensor<5xi8>
  // CHECK: tcp.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  %14 = tcp.select %2, %f, %g : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<5xi1>, tensor<5xi1>, tensor<5xi1> -> tensor<5xi1>
  %15 = tcp.select %p, %9, %3 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1> -> tensor<5xi1>
  // CHECK: tcp.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  %16 = tcp.select %c, %i, %11 : tensor<?x4xi1>, tensor<?x4xi32>, tensor<?x4xi32> -> tensor<?x4xi32>
  return
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<?x4xf32>, %y: tensor<2x3x?xi32>, %z: tensor<f32>, %zi: tensor<i32>, %s: tensor<i1>, %c: tensor<3xi1>) {
  // CHECK: tcp.transpose %{{.*}} {permutation = [1, 0]} : tensor<?x4xf32> -> tensor<4x?xf32>
  %0 = tcp.transpose %x {permutation = [1, 0]} : tensor<?x4xf32> -> tensor<4x?xf32>
  // CHECK: tcp.transpose %{{.*}} {permutation = [2, 0, 1]} : tensor<2x3x?xi32> -> tensor<?x2x3xi32>
  %1 = tcp.transpose %y {permutation = [2, 0, 1]} : tensor<2x3x?xi32> -> tensor<?x2x3xi32>
  // CHECK: tcp.transpose %{{.*}} {permutation = [0, 1, 2]} : tensor<2x3x?xi32> -> tensor<2x3x?xi32>
  %2 = tcp.transpose %y {permutation = [0, 1, 2]} : tensor<2x3x?xi32> -> tensor<2x3x?xi32>
  // CHECK: tcp.pad %{{.*}}, %{{.*}} {high = [2, 3], low = [0, 1]} : tensor<?x4xf32>, tensor<f32> -> tensor<?x8xf32>
  %3 = tcp.pad %x, %z {low = [0, 1], high = [2, 3]} : tensor<?x4xf32>, tensor<f32> -> tensor<?x8xf32>
  // CHECK: tcp.pad %{{.*}}, %{{.*}} {high = [0, 0, 2], low = [1, 0, 0]} : tensor<2x3x?xi32>, tensor<i32> -> tensor<3x3x?xi32>
  %4 = tcp.pad %y, %zi {low = [1, 0, 0], high = [0, 0, 2]} : tensor<2x3x?xi32>, tensor<i32> -> tensor<3x3x?xi32>
  // CHECK: tcp.pad %{{.*}}, %{{.*}} {high = [1], low = [1]} : tensor<3xi1>, tensor<i1> -> tensor<5xi1>
  %5 = tcp.pad %c, %s {low = [1], high = [1]} : tensor<3xi1>, tensor<i1> -> tensor<5xi1>
  // CHECK: tcp.flip %{{.*}} {axes = [0]} : tensor<?x4xf32> -> tensor<?x4xf32>
  %6 = tcp.flip %x {axes = [0]} : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: tcp.flip %{{.*}} {axes = [2, 0]} : tensor<2x3x?xi32> -> tensor<2x3x?xi32>
  %7 = tcp.flip %y {axes = [2, 0]} : tensor<2x3x?xi32> -> tensor<2x3x?xi32>
  // CHECK: tcp.flip %{{.*}} {axes = []} : tensor<3xi1> -> tensor<3xi1>
  %8 = tcp.flip %c {axes = []} : tensor<3xi1> -> tensor<3xi1>
  return
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<?x4x5xf32>, %i: tensor<3x?xi32>, %c: tensor<?x4xi1>, %d: tensor<6xf64>) {
  // CHECK: tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind Sum>} : tensor<?x4x5xf32> -> tensor<?x5xf32>
  %0 = tcp.reduce %x {kind = #tcp<reduceKind Sum>, axes = [1]} : tensor<?x4x5xf32> -> tensor<?x5xf32>
  // CHECK: tcp.reduce %{{.*}} {axes = [0, 2], kind = #tcp<reduceKind Prod>} : tensor<?x4x5xf32> -> tensor<4xf32>
  %1 = tcp.reduce %x {kind = #tcp<reduceKind Prod>, axes = [0, 2]} : tensor<?x4x5xf32> -> tensor<4xf32>
  // CHECK: tcp.reduce %{{.*}} {axes = [0, 1, 2], kind = #tcp<reduceKind Max>} : tensor<?x4x5xf32> -> tensor<f32>
  %2 = tcp.reduce %x {kind = #tcp<reduceKind Max>, axes = [0, 1, 2]} : tensor<?x4x5xf32> -> tensor<f32>
  // CHECK: tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind Min>} : tensor<3x?xi32> -> tensor<3xi32>
  %3 = tcp.reduce %i {kind = #tcp<reduceKind Min>, axes = [1]} : tensor<3x?xi32> -> tensor<3xi32>
  // CHECK: tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind Any>} : tensor<?x4xi1> -> tensor<?xi1>
  %4 = tcp.reduce %c {kind = #tcp<reduceKind Any>, axes = [1]} : tensor<?x4xi1> -> tensor<?xi1>
  // CHECK: tcp.reduce %{{.*}} {axes = [0], kind = #tcp<reduceKind All>} : tensor<?x4xi1> -> tensor<4xi1>
  %5 = tcp.reduce %c {kind = #tcp<reduceKind All>, axes = [0]} : tensor<?x4xi1> -> tensor<4xi1>
  // CHECK: tcp.reduce %{{.*}} {axes = [], kind = #tcp<reduceKind Sum>} : tensor<6xf64> -> tensor<6xf64>
  %6 = tcp.reduce %d {kind = #tcp<reduceKind Sum>, axes = []} : tensor<6xf64> -> tensor<6xf64>
  // CHECK: %{{.*}}:2 = tcp.arg_reduce %{{.*}} {axis = 1 : i64, kind = #tcp<reduceKind Max>} : tensor<?x4x5xf32> -> tensor<?x5xf32>, tensor<?x5xi64>
  %7:2 = tcp.arg_reduce %x {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<?x4x5xf32> -> tensor<?x5xf32>, tensor<?x5xi64>
  // CHECK: %{{.*}}:2 = tcp.arg_reduce %{{.*}} {axis = 0 : i64, kind = #tcp<reduceKind Min>} : tensor<3x?xi32> -> tensor<?xi32>, tensor<?xi64>
  %8:2 = tcp.arg_reduce %i {kind = #tcp<reduceKind Min>, axis = 0 : i64} : tensor<3x?xi32> -> tensor<?xi32>, tensor<?xi64>
  // CHECK: %{{.*}}:2 = tcp.arg_reduce %{{.*}} {axis = 0 : i64, kind = #tcp<reduceKind Min>} : tensor<6xf64> -> tensor<f64>, tensor<i64>
  %9:2 = tcp.arg_reduce %d {kind = #tcp<reduceKind Min>, axis = 0 : i64} : tensor<6xf64> -> tensor<f64>, tensor<i64>
  // CHECK: tcp.scan %{{.*}} {axis = 0 : i64, kind = #tcp<reduceKind Sum>} : tensor<3x?xi32> -> tensor<3x?xi32>
  %10 = tcp.scan %i {kind = #tcp<reduceKind Sum>, axis = 0 : i64} : tensor<3x?xi32> -> tensor<3x?xi32>
  // CHECK: tcp.scan %{{.*}} {axis = 2 : i64, kind = #tcp<reduceKind Prod>} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>
  %11 = tcp.scan %x {kind = #tcp<reduceKind Prod>, axis = 2 : i64} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>
  // CHECK: tcp.scan %{{.*}} {axis = 0 : i64, kind = #tcp<reduceKind Max>} : tensor<6xf64> -> tensor<6xf64>
  %12 = tcp.scan %d {kind = #tcp<reduceKind Max>, axis = 0 : i64} : tensor<6xf64> -> tensor<6xf64>
  // CHECK: tcp.scan %{{.*}} {axis = 1 : i64, kind = #tcp<reduceKind Min>} : tensor<3x?xi32> -> tensor<3x?xi32>
  %13 = tcp.scan %i {kind = #tcp<reduceKind Min>, axis = 1 : i64} : tensor<3x?xi32> -> tensor<3x?xi32>
  // CHECK: %{{.*}}:2 = tcp.sort %{{.*}} {axis = 2 : i64} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>, tensor<?x4x5xi64>
  %14:2 = tcp.sort %x {axis = 2 : i64} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>, tensor<?x4x5xi64>
  // CHECK: %{{.*}}:2 = tcp.sort %{{.*}} {axis = 0 : i64, descending = true} : tensor<3x?xi32> -> tensor<3x?xi32>, tensor<3x?xi64>
  %15:2 = tcp.sort %i {axis = 0 : i64, descending = true} : tensor<3x?xi32> -> tensor<3x?xi32>, tensor<3x?xi64>
  return
}

// CHECK-LABEL: func.func @contraction
func.func @contraction(%a: tensor<?x4xf32>, %b: tensor<4x5xf32>, %bt: tensor<5x4xf32>, %x: tensor<2x?x4xf64>, %y: tensor<2x4x6xf64>, %p: tensor<3x4x5xi32>, %q: tensor<5x4x2xi32>, %v: tensor<4xf32>) {
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x5xf32> -> tensor<?x5xf32>
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4x5xf32> -> tensor<?x5xf32>
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<2x?x4xf64>, tensor<2x4x6xf64> -> tensor<2x?x6xf64>
  %1 = tcp.contract %x, %y {lhs_batch_dims = [0], rhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_contracting_dims = [1]} : tensor<2x?x4xf64>, tensor<2x4x6xf64> -> tensor<2x?x6xf64>
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [1]} : tensor<?x4xf32>, tensor<5x4xf32> -> tensor<?x5xf32>
  %2 = tcp.contract %a, %bt {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [1]} : tensor<?x4xf32>, tensor<5x4xf32> -> tensor<?x5xf32>
  // Contraction over two dims, paired out of order.
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [1, 2], rhs_batch_dims = [], rhs_contracting_dims = [1, 0]} : tensor<3x4x5xi32>, tensor<5x4x2xi32> -> tensor<3x2xi32>
  %3 = tcp.contract %p, %q {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1, 2], rhs_contracting_dims = [1, 0]} : tensor<3x4x5xi32>, tensor<5x4x2xi32> -> tensor<3x2xi32>
  // A batch dim that is not leading, and a free dim on one side only.
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [2], lhs_contracting_dims = [1], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<3x4x5xi32>, tensor<5x4x2xi32> -> tensor<5x3x2xi32>
  %4 = tcp.contract %p, %q {lhs_batch_dims = [2], rhs_batch_dims = [0], lhs_contracting_dims = [1], rhs_contracting_dims = [1]} : tensor<3x4x5xi32>, tensor<5x4x2xi32> -> tensor<5x3x2xi32>
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4xf32> -> tensor<?xf32>
  %5 = tcp.contract %a, %v {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x4xf32>, tensor<4xf32> -> tensor<?xf32>
  // An outer product (nothing contracted) and a dot product (everything).
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [], rhs_batch_dims = [], rhs_contracting_dims = []} : tensor<4xf32>, tensor<?x4xf32> -> tensor<4x?x4xf32>
  %6 = tcp.contract %v, %a {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [], rhs_contracting_dims = []} : tensor<4xf32>, tensor<?x4xf32> -> tensor<4x?x4xf32>
  // CHECK: tcp.contract %{{.*}}, %{{.*}} {lhs_batch_dims = [], lhs_contracting_dims = [0], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  %7 = tcp.contract %v, %v {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [0], rhs_contracting_dims = [0]} : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return
}

// CHECK-LABEL: func.func @attention
func.func @attention(%q: tensor<2x12x?x64xf32>, %k: tensor<2x12x?x64xf32>, %v: tensor<2x12x?x32xf32>, %m: tensor<2x1x1x?xf32>, %q2: tensor<5x8xbf16>, %m2: tensor<1x1xbf16>) {
  // CHECK: tcp.attention %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {causal = false, scale = 1.250000e-01 : f32} : tensor<2x12x?x64xf32>, tensor<2x12x?x64xf32>, tensor<2x12x?x32xf32>, tensor<2x1x1x?xf32> -> tensor<2x12x?x32xf32>
  %0 = tcp.attention %q, %k, %v, %m {causal = false, scale = 0.125 : f32} : tensor<2x12x?x64xf32>, tensor<2x12x?x64xf32>, tensor<2x12x?x32xf32>, tensor<2x1x1x?xf32> -> tensor<2x12x?x32xf32>
  // Without a scale (1/sqrt(E)), causal, 2-D, a mask of 1 x 1.
  // CHECK: tcp.attention %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {causal = true} : tensor<5x8xbf16>, tensor<5x8xbf16>, tensor<5x8xbf16>, tensor<1x1xbf16> -> tensor<5x8xbf16>
  %1 = tcp.attention %q2, %q2, %q2, %m2 {causal = true} : tensor<5x8xbf16>, tensor<5x8xbf16>, tensor<5x8xbf16>, tensor<1x1xbf16> -> tensor<5x8xbf16>
  return
}

// CHECK-LABEL: func.func @convolution
func.func @convolution(%img: tensor<2x3x8x8xf32>, %w: tensor<6x3x3x3xf32>, %dyn: tensor<?x4x5x5xf32>, %wg: tensor<8x2x3x3xf32>, %seq: tensor<1x2x10xf64>, %w1: tensor<4x2x3xf64>, %vol: tensor<1x2x4x5x6xf32>, %w3: tensor<3x2x2x2x2xf32>, %dw: tensor<?x3x?x?xf32>, %wd: tensor<3x1x3x3xf32>, %ii: tensor<1x2x5x5xi32>, %wi: tensor<2x2x2x2xi32>) {
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [1, 1]} : tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32> -> tensor<2x6x8x8xf32>
  %0 = tcp.conv %img, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [1, 1], padding_high = [1, 1], groups = 1 : i64} : tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32> -> tensor<2x6x8x8xf32>
  // Strided, with asymmetric padding.
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [0, 1], padding_low = [2, 0], stride = [2, 3]} : tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32> -> tensor<2x6x4x3xf32>
  %1 = tcp.conv %img, %w {stride = [2, 3], dilation = [1, 1], input_dilation = [1, 1], padding_low = [2, 0], padding_high = [0, 1], groups = 1 : i64} : tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32> -> tensor<2x6x4x3xf32>
  // Grouped, with input dilation (a transposed convolution).
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1], groups = 2 : i64, input_dilation = [2, 2], padding_high = [2, 2], padding_low = [2, 2], stride = [1, 1]} : tensor<?x4x5x5xf32>, tensor<8x2x3x3xf32> -> tensor<?x8x11x11xf32>
  %2 = tcp.conv %dyn, %wg {stride = [1, 1], dilation = [1, 1], input_dilation = [2, 2], padding_low = [2, 2], padding_high = [2, 2], groups = 2 : i64} : tensor<?x4x5x5xf32>, tensor<8x2x3x3xf32> -> tensor<?x8x11x11xf32>
  // 1-D, strided and dilated.
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [2], groups = 1 : i64, input_dilation = [1], padding_high = [0], padding_low = [1], stride = [2]} : tensor<1x2x10xf64>, tensor<4x2x3xf64> -> tensor<1x4x4xf64>
  %3 = tcp.conv %seq, %w1 {stride = [2], dilation = [2], input_dilation = [1], padding_low = [1], padding_high = [0], groups = 1 : i64} : tensor<1x2x10xf64>, tensor<4x2x3xf64> -> tensor<1x4x4xf64>
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1, 1], groups = 1 : i64, input_dilation = [1, 1, 1], padding_high = [0, 0, 0], padding_low = [0, 0, 0], stride = [1, 1, 1]} : tensor<1x2x4x5x6xf32>, tensor<3x2x2x2x2xf32> -> tensor<1x3x3x4x5xf32>
  %4 = tcp.conv %vol, %w3 {stride = [1, 1, 1], dilation = [1, 1, 1], input_dilation = [1, 1, 1], padding_low = [0, 0, 0], padding_high = [0, 0, 0], groups = 1 : i64} : tensor<1x2x4x5x6xf32>, tensor<3x2x2x2x2xf32> -> tensor<1x3x3x4x5xf32>
  // Depthwise, dynamic batch and spatial dims.
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1], groups = 3 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [1, 1]} : tensor<?x3x?x?xf32>, tensor<3x1x3x3xf32> -> tensor<?x3x?x?xf32>
  %5 = tcp.conv %dw, %wd {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [1, 1], padding_high = [1, 1], groups = 3 : i64} : tensor<?x3x?x?xf32>, tensor<3x1x3x3xf32> -> tensor<?x3x?x?xf32>
  // CHECK: tcp.conv %{{.*}}, %{{.*}} {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [0, 0], padding_low = [0, 0], stride = [1, 1]} : tensor<1x2x5x5xi32>, tensor<2x2x2x2xi32> -> tensor<1x2x4x4xi32>
  %6 = tcp.conv %ii, %wi {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<1x2x5x5xi32>, tensor<2x2x2x2xi32> -> tensor<1x2x4x4xi32>
  return
}

// CHECK-LABEL: func.func @pooling
func.func @pooling(%img: tensor<2x3x8x8xf32>, %dyn: tensor<?x3x?x7xf32>, %seq: tensor<1x2x9xf64>, %vol: tensor<1x2x4x5x6xf32>) {
  // CHECK: tcp.pool %{{.*}} {ceil_mode = true, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Max>, padding = [1, 1], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x5x5xf32>
  %0 = tcp.pool %img {kind = #tcp<poolKind Max>, kernel_size = [3, 3], stride = [2, 2], padding = [1, 1], dilation = [1, 1], ceil_mode = true} : tensor<2x3x8x8xf32> -> tensor<2x3x5x5xf32>
  // CHECK: tcp.pool %{{.*}} {dilation = [2, 1], kernel_size = [2, 3], kind = #tcp<poolKind Max>, padding = [0, 1], stride = [1, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x6x4xf32>
  %1 = tcp.pool %img {kind = #tcp<poolKind Max>, kernel_size = [2, 3], stride = [1, 2], padding = [0, 1], dilation = [2, 1]} : tensor<2x3x8x8xf32> -> tensor<2x3x6x4xf32>
  // CHECK: tcp.pool %{{.*}} {ceil_mode = false, count_include_pad = true, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Avg>, padding = [1, 1], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  %2 = tcp.pool %img {kind = #tcp<poolKind Avg>, kernel_size = [3, 3], stride = [2, 2], padding = [1, 1], dilation = [1, 1], ceil_mode = false, count_include_pad = true} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  // CHECK: tcp.pool %{{.*}} {ceil_mode = true, count_include_pad = false, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Avg>, padding = [1, 1], stride = [2, 2]} : tensor<?x3x?x7xf32> -> tensor<?x3x?x4xf32>
  %3 = tcp.pool %dyn {kind = #tcp<poolKind Avg>, kernel_size = [3, 3], stride = [2, 2], padding = [1, 1], dilation = [1, 1], ceil_mode = true, count_include_pad = false} : tensor<?x3x?x7xf32> -> tensor<?x3x?x4xf32>
  // CHECK: tcp.pool %{{.*}} {dilation = [1, 1], divisor_override = 5 : i64, kernel_size = [2, 2], kind = #tcp<poolKind Avg>, padding = [0, 0], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  %4 = tcp.pool %img {kind = #tcp<poolKind Avg>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1], divisor_override = 5 : i64} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  // CHECK: tcp.pool %{{.*}} {dilation = [1], kernel_size = [3], kind = #tcp<poolKind Max>, padding = [1], stride = [3]} : tensor<1x2x9xf64> -> tensor<1x2x3xf64>
  %5 = tcp.pool %seq {kind = #tcp<poolKind Max>, kernel_size = [3], stride = [3], padding = [1], dilation = [1]} : tensor<1x2x9xf64> -> tensor<1x2x3xf64>
  // CHECK: tcp.pool %{{.*}} {count_include_pad = true, dilation = [1], kernel_size = [4], kind = #tcp<poolKind Avg>, padding = [2], stride = [2]} : tensor<1x2x9xf64> -> tensor<1x2x5xf64>
  %6 = tcp.pool %seq {kind = #tcp<poolKind Avg>, kernel_size = [4], stride = [2], padding = [2], dilation = [1], count_include_pad = true} : tensor<1x2x9xf64> -> tensor<1x2x5xf64>
  // CHECK: tcp.pool %{{.*}} {dilation = [1, 1, 1], kernel_size = [2, 2, 2], kind = #tcp<poolKind Max>, padding = [0, 0, 0], stride = [2, 2, 2]} : tensor<1x2x4x5x6xf32> -> tensor<1x2x2x2x3xf32>
  %7 = tcp.pool %vol {kind = #tcp<poolKind Max>, kernel_size = [2, 2, 2], stride = [2, 2, 2], padding = [0, 0, 0], dilation = [1, 1, 1]} : tensor<1x2x4x5x6xf32> -> tensor<1x2x2x2x3xf32>
  // CHECK: tcp.pool %{{.*}} {ceil_mode = true, count_include_pad = false, dilation = [1, 1, 1], kernel_size = [3, 2, 3], kind = #tcp<poolKind Avg>, padding = [1, 0, 1], stride = [2, 2, 2]} : tensor<1x2x4x5x6xf32> -> tensor<1x2x3x3x4xf32>
  %8 = tcp.pool %vol {kind = #tcp<poolKind Avg>, kernel_size = [3, 2, 3], stride = [2, 2, 2], padding = [1, 0, 1], dilation = [1, 1, 1], ceil_mode = true, count_include_pad = false} : tensor<1x2x4x5x6xf32> -> tensor<1x2x3x3x4xf32>
  return
}
