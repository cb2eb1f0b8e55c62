// TCP -> linalg: elementwise ops are a parallel linalg.generic computing one
// element with arith/math, with PyTorch's semantics.
// RUN: tcp-opt %s --pass-pipeline=convert-tcp-to-linalg | FileCheck %s
// RUN: tcp-opt %s --tcp-to-linalg | FileCheck %s --check-prefix=FUSED

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%[[E]] : tensor<?x4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @add(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tcp.add %a, %b : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// A zero divisor aborts with a message naming the op and its location.
// abs(x) = max(x, 0 - x): abs(INT_MIN) wraps to INT_MIN, as in PyTorch.
// CHECK-LABEL: func.func @integer_ops
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[B]], %[[ZERO]] : i32
// CHECK: cf.assert %[[NZ]], "tcp_aot: integer division by zero in tcp.divsi at {{.*}}elementwise.mlir:33:8"
// CHECK: arith.floordivsi %[[A]], %[[B]] : i32
// CHECK: cf.assert %{{.*}}, "tcp_aot: integer division by zero in tcp.divui at {{.*}}elementwise.mlir:34:8"
// CHECK: arith.ceildivui %{{.*}}, %{{.*}} : i32
// CHECK: ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[NEG:.*]] = arith.subi %[[ZERO]], %[[IN]] : i32
// CHECK: arith.maxsi %[[IN]], %[[NEG]] : i32
func.func @integer_ops(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = tcp.divsi %a, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = tcp.divui %a, %b {rounding_mode = #tcp<roundingMode Ceil>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %2 = tcp.abs %a : tensor<4xi32> -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// NaN propagates through clamp (maximumf/minimumf, not maxnumf).
// CHECK-LABEL: func.func @clamp
// CHECK-DAG: %[[HI:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[LO:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[M:.*]] = arith.maximumf %{{.*}}, %[[LO]] : f32
// CHECK: arith.minimumf %[[M]], %[[HI]] : f32
func.func @clamp(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tcp.clamp %a {min_float = -1.0 : f32, max_float = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @casts
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.uitofp %{{.*}} : i1 to f64
// CHECK: arith.extui %{{.*}} : i8 to i64
// CHECK: arith.fptosi %{{.*}} : f32 to i32
func.func @casts(%a: tensor<4xf32>, %b: tensor<4xi1>, %c: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xf64>, tensor<4xi64>, tensor<4xi32>) {
  %0 = tcp.cast %a {out_int_signedness = #tcp<signedness Signless>} : tensor<4xf32> -> tensor<4xi1>
  %1 = tcp.cast %b {in_int_signedness = #tcp<signedness Signless>} : tensor<4xi1> -> tensor<4xf64>
  %2 = tcp.cast %c {in_int_signedness = #tcp<signedness Unsigned>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi8> -> tensor<4xi64>
  %3 = tcp.cast %a {out_int_signedness = #tcp<signedness Signed>} : tensor<4xf32> -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xf64>, tensor<4xi64>, tensor<4xi32>
}

// Signless integers (wider than i1) convert as Unsigned ones, as upstream
// TCP lowers them: uitofp, extui, and float to integer through i64 (the
// defined form of fptoui, see element_casts.py).
// CHECK-LABEL: func.func @casts_signless
// CHECK: arith.uitofp %{{.*}} : i32 to f32
// CHECK: arith.extui %{{.*}} : i8 to i64
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.trunci %[[W]] : i64 to i32
func.func @casts_signless(%a: tensor<4xi32>, %b: tensor<4xi8>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>, tensor<4xi32>) {
  %0 = tcp.cast %a {in_int_signedness = #tcp<signedness Signless>} : tensor<4xi32> -> tensor<4xf32>
  %1 = tcp.cast %b {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi8> -> tensor<4xi64>
  %2 = tcp.cast %c {out_int_signedness = #tcp<signedness Signless>} : tensor<4xf32> -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi64>, tensor<4xi32>
}

// CHECK-LABEL: func.func @unary_math
// CHECK: math.roundeven
// CHECK: math.round
// CHECK: math.trunc
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT: math.sqrt
// CHECK: math.exp
// CHECK: arith.divf
func.func @unary_math(%a: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = tcp.round_even %a : tensor<4xf32> -> tensor<4xf32>
  %1 = tcp.round %a : tensor<4xf32> -> tensor<4xf32>
  %2 = tcp.trunc %a : tensor<4xf32> -> tensor<4xf32>
  %3 = tcp.sqrt %i : tensor<4xi64> -> tensor<4xf32>
  %4 = tcp.sigmoid %a : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Float division with a rounding mode: Trunc rounds the quotient; Floor is
// PyTorch's floor division, built from fmod (remf) and corrected with selects.
// CHECK-LABEL: func.func @divf_modes
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f32
// CHECK: math.trunc %[[Q]] : f32
// CHECK: ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Q2:.*]] = arith.divf %[[A2]], %[[B2]] : f32
// CHECK: %[[MOD:.*]] = arith.remf %[[A2]], %[[B2]] : f32
// CHECK: %[[DIFF:.*]] = arith.subf %[[A2]], %[[MOD]] : f32
// CHECK: arith.divf %[[DIFF]], %[[B2]] : f32
// CHECK: math.floor
// CHECK: %[[BZERO:.*]] = arith.cmpf oeq, %[[B2]], %{{.*}} : f32
// CHECK: arith.select %[[BZERO]], %[[Q2]], %{{.*}} : f32
func.func @divf_modes(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tcp.divf %a, %b {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = tcp.divf %a, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// The tcp-to-linalg pipeline fuses chains of elementwise generics.
// FUSED-LABEL: func.func @chain
// FUSED: linalg.generic
// FUSED: arith.mulf
// FUSED: math.tanh
// FUSED-NOT: linalg.generic
// FUSED: return
func.func @chain(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tcp.mul %a, %a : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %1 = tcp.tanh %0 : tensor<?xf32> -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// rsqrt is 1 / sqrt(x); the others are one math op each.
// CHECK-LABEL: func.func @more_unary_math
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[E:.*]] = math.erf %[[A]] : f32
// CHECK-NEXT: linalg.yield %[[E]] : f32
// CHECK: ^bb0(%[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = math.expm1 %[[B]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK: ^bb0(%[[C:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[C]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.divf %[[ONE]], %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
// CHECK: ^bb0(%[[D:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[L:.*]] = math.log2 %[[D]] : f32
// CHECK-NEXT: linalg.yield %[[L]] : f32
func.func @more_unary_math(%a: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = tcp.erf %a : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = tcp.expm1 %a : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = tcp.rsqrt %a : tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = tcp.log2 %a : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// CHECK-LABEL: func.func @trigonometric
// CHECK: ^bb0(%[[A0:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T0:.*]] = math.tan %[[A0]] : f64
// CHECK-NEXT: linalg.yield %[[T0]] : f64
// CHECK: ^bb0(%[[A1:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T1:.*]] = math.sinh %[[A1]] : f64
// CHECK-NEXT: linalg.yield %[[T1]] : f64
// CHECK: ^bb0(%[[A2:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T2:.*]] = math.cosh %[[A2]] : f64
// CHECK-NEXT: linalg.yield %[[T2]] : f64
// CHECK: ^bb0(%[[A3:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T3:.*]] = math.asin %[[A3]] : f64
// CHECK-NEXT: linalg.yield %[[T3]] : f64
// CHECK: ^bb0(%[[A4:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T4:.*]] = math.acos %[[A4]] : f64
// CHECK-NEXT: linalg.yield %[[T4]] : f64
// CHECK: ^bb0(%[[A5:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T5:.*]] = math.asinh %[[A5]] : f64
// CHECK-NEXT: linalg.yield %[[T5]] : f64
// CHECK: ^bb0(%[[A6:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T6:.*]] = math.acosh %[[A6]] : f64
// CHECK-NEXT: linalg.yield %[[T6]] : f64
// CHECK: ^bb0(%[[A7:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T7:.*]] = math.atanh %[[A7]] : f64
// CHECK-NEXT: linalg.yield %[[T7]] : f64
// CHECK: ^bb0(%[[A8:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[T8:.*]] = math.log10 %[[A8]] : f64
// CHECK-NEXT: linalg.yield %[[T8]] : f64
func.func @trigonometric(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tcp.tan %a : tensor<?xf64> -> tensor<?xf64>
  %1 = tcp.sinh %0 : tensor<?xf64> -> tensor<?xf64>
  %2 = tcp.cosh %1 : tensor<?xf64> -> tensor<?xf64>
  %3 = tcp.asin %2 : tensor<?xf64> -> tensor<?xf64>
  %4 = tcp.acos %3 : tensor<?xf64> -> tensor<?xf64>
  %5 = tcp.asinh %4 : tensor<?xf64> -> tensor<?xf64>
  %6 = tcp.acosh %5 : tensor<?xf64> -> tensor<?xf64>
  %7 = tcp.atanh %6 : tensor<?xf64> -> tensor<?xf64>
  %8 = tcp.log10 %7 : tensor<?xf64> -> tensor<?xf64>
  return %8 : tensor<?xf64>
}

// max and min propagate NaN on floats (maximumf/minimumf, not maxnumf) and
// are signed on integers; pow is math.powf.
// CHECK-LABEL: func.func @max_min_pow
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.maximumf %[[A]], %[[B]] : f32
// CHECK: ^bb0(%[[A1:.*]]: f32, %[[B1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.minimumf %[[A1]], %[[B1]] : f32
// CHECK: ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.maxsi %[[I]], %[[J]] : i32
// CHECK: ^bb0(%[[I1:.*]]: i32, %[[J1:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.minsi %[[I1]], %[[J1]] : i32
// CHECK: ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: math.powf %[[A2]], %[[B2]] : f32
func.func @max_min_pow(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = tcp.max %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = tcp.min %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = tcp.max %i, %j : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %3 = tcp.min %i, %j : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %4 = tcp.pow %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// Float remainder: Trunc is remf (C's fmod); Floor adds the divisor when
// the remainder is non-zero and its sign differs from the divisor's.
// CHECK-LABEL: func.func @rem_float
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[T:.*]] = arith.remf %[[A]], %[[B]] : f32
// CHECK-NEXT: linalg.yield %[[T]] : f32
// CHECK: ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.remf %[[A2]], %[[B2]] : f32
// CHECK-NEXT: %[[BNEG:.*]] = arith.cmpf olt, %[[B2]], %[[ZERO]] : f32
// CHECK-NEXT: %[[MNEG:.*]] = arith.cmpf olt, %[[M]], %[[ZERO]] : f32
// CHECK-NEXT: %[[DIFF:.*]] = arith.xori %[[BNEG]], %[[MNEG]] : i1
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpf une, %[[M]], %[[ZERO]] : f32
// CHECK-NEXT: %[[ADJ:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[M]], %[[B2]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[ADJ]], %[[SUM]], %[[M]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @rem_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tcp.rem %a, %b {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = tcp.rem %a, %b {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// Integer remainder: a zero divisor aborts with a message; x % -1 divides by
// 1 instead (INT_MIN % -1 traps on x86); Floor as for floats.
// CHECK-LABEL: func.func @rem_int
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MONE:.*]] = arith.constant -1 : i32
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpi ne, %[[B]], %[[ZERO]] : i32
// CHECK-NEXT: cf.assert %[[NZ]], "tcp_aot: integer remainder by zero in tcp.rem at {{.*}}elementwise.mlir:{{[0-9]+}}:8"
// CHECK-NEXT: %[[ISM1:.*]] = arith.cmpi eq, %[[B]], %[[MONE]] : i32
// CHECK-NEXT: %[[D:.*]] = arith.select %[[ISM1]], %[[ONE]], %[[B]] : i32
// CHECK-NEXT: %[[T:.*]] = arith.remsi %[[A]], %[[D]] : i32
// CHECK-NEXT: linalg.yield %[[T]] : i32
// CHECK: ^bb0(%[[A2:.*]]: i32, %[[B2:.*]]: i32, %{{.*}}: i32):
// CHECK: cf.assert
// CHECK: %[[D2:.*]] = arith.select %{{.*}}, %[[ONE]], %[[B2]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.remsi %[[A2]], %[[D2]] : i32
// CHECK-NEXT: %[[BNEG:.*]] = arith.cmpi slt, %[[D2]], %[[ZERO]] : i32
// CHECK-NEXT: %[[MNEG:.*]] = arith.cmpi slt, %[[M]], %[[ZERO]] : i32
// CHECK-NEXT: %[[DIFF:.*]] = arith.xori %[[BNEG]], %[[MNEG]] : i1
// CHECK-NEXT: %[[MNZ:.*]] = arith.cmpi ne, %[[M]], %[[ZERO]] : i32
// CHECK-NEXT: %[[ADJ:.*]] = arith.andi %[[MNZ]], %[[DIFF]] : i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[M]], %[[D2]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[ADJ]], %[[SUM]], %[[M]] : i32
// CHECK-NEXT: linalg.yield %[[R]] : i32
func.func @rem_int(%i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = tcp.rem %i, %j {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = tcp.rem %i, %j {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// Float comparisons are ordered (false with NaN) except Ne (unordered: true
// with NaN); integers compare signed, i1 unsigned (false < true).
// CHECK-LABEL: func.func @cmp
// CHECK: outs(%{{.*}} : tensor<4xi1>)
// CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
func.func @cmp(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>, %p: tensor<4xi1>, %q: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Eq>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %1 = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Ne>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %2 = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Le>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %3 = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Gt>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %4 = tcp.cmp %i, %j {predicate = #tcp<cmpPredicate Lt>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi1>
  %5 = tcp.cmp %i, %j {predicate = #tcp<cmpPredicate Ge>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi1>
  %6 = tcp.cmp %p, %q {predicate = #tcp<cmpPredicate Gt>} : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// and/or/xor are bitwise (logical on i1); not is xor with all ones; select
// picks by an i1 condition.
// CHECK-LABEL: func.func @logic_select
// CHECK-DAG: %[[ONES:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: ^bb0(%[[P:.*]]: i1, %[[Q:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.andi %[[P]], %[[Q]] : i1
// CHECK: ^bb0(%[[P1:.*]]: i1, %[[Q1:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.ori %[[P1]], %[[Q1]] : i1
// CHECK: ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.xori %[[I]], %[[J]] : i32
// CHECK: ^bb0(%[[P2:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.xori %[[P2]], %[[TRUE]] : i1
// CHECK: ^bb0(%[[I2:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.xori %[[I2]], %[[ONES]] : i32
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg4, %arg5 : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.select %[[C]], %[[X]], %[[Y]] : f32
func.func @logic_select(%p: tensor<4xi1>, %q: tensor<4xi1>, %i: tensor<4xi32>, %j: tensor<4xi32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>) {
  %0 = tcp.and %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %1 = tcp.or %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %2 = tcp.xor %i, %j : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %3 = tcp.not %p : tensor<4xi1> -> tensor<4xi1>
  %4 = tcp.not %i : tensor<4xi32> -> tensor<4xi32>
  %5 = tcp.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>
}
