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
