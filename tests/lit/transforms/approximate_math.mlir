// approximate-math: f32 transcendental math ops, scalar and vector, become
// arith ops (polynomials with contract flags, exponent-bit tricks, selects
// for the special values); f64 ones and other math ops are left alone. The
// exact ops (rounding, sqrt, absf) become arith ops or llvm.intr.sqrt.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=approximate-math | FileCheck %s

// CHECK-LABEL: func.func @scalar_f32(
// CHECK-NOT: math.
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.shli %{{.*}} : i32
// sin and cos: reduction in f64, the large-argument path under scf.if.
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: scf.if %{{.*}} -> (f64, i64)
// CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
// CHECK-NOT: math.
// CHECK: return
func.func @scalar_f32(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.exp2 %x : f32
  %2 = math.expm1 %x : f32
  %3 = math.log %x : f32
  %4 = math.log1p %x : f32
  %5 = math.log2 %x : f32
  %6 = math.tanh %x : f32
  %7 = math.erf %x : f32
  %8 = math.sin %x : f32
  %9 = math.cos %x : f32
  %10 = math.atan %x : f32
  %11 = math.atan2 %x, %y : f32
  %12 = math.powf %x, %y : f32
  %13 = math.rsqrt %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// Constants are splats of the operand's vector type; the large-argument
// path of sin/cos runs when any lane needs it.
// CHECK-LABEL: func.func @vector_f32(
// CHECK-NOT: math.
// CHECK: arith.constant dense<{{.*}}> : vector<16xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<16xf32>
// CHECK: arith.bitcast %{{.*}} : vector<16xf32> to vector<16xi32>
// CHECK: arith.extf %{{.*}} : vector<16xf32> to vector<16xf64>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %{{.*}} : vector<16xi1> into i1
// CHECK: scf.if %[[ANY]] -> (vector<16xf64>, vector<16xi64>)
// CHECK: llvm.intr.sqrt(%{{.*}}) : (vector<16xf32>) -> vector<16xf32>
// CHECK-NOT: math.
// CHECK: return
func.func @vector_f32(%x: vector<16xf32>, %y: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %0 = math.exp %x : vector<16xf32>
  %1 = math.exp2 %x : vector<16xf32>
  %2 = math.expm1 %x : vector<16xf32>
  %3 = math.log %x : vector<16xf32>
  %4 = math.log1p %x : vector<16xf32>
  %5 = math.log2 %x : vector<16xf32>
  %6 = math.tanh %x : vector<16xf32>
  %7 = math.erf %x : vector<16xf32>
  %8 = math.sin %x : vector<16xf32>
  %9 = math.cos %x : vector<16xf32>
  %10 = math.atan %x : vector<16xf32>
  %11 = math.atan2 %x, %y : vector<16xf32>
  %12 = math.powf %x, %y : vector<16xf32>
  %13 = math.rsqrt %x : vector<16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
}

// -----

// f64 transcendental ops stay (libm), as do f16 ops and math ops the pass
// knows nothing of.
// CHECK-LABEL: func.func @untouched(
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.tanh %{{.*}} : vector<4xf64>
// CHECK: math.sin %{{.*}} : f64
// CHECK: math.powf %{{.*}}, %{{.*}} : f64
// CHECK: math.cbrt %{{.*}} : f32
// CHECK: math.floor %{{.*}} : f16
// CHECK: math.exp %{{.*}} : f16
// CHECK: return
func.func @untouched(%d: f64, %v: vector<4xf64>, %x: f32, %h: f16) -> (f64, vector<4xf64>, f64, f64, f32, f16, f16) {
  %0 = math.exp %d : f64
  %1 = math.tanh %v : vector<4xf64>
  %2 = math.sin %d : f64
  %3 = math.powf %d, %d : f64
  %4 = math.cbrt %x : f32
  %5 = math.floor %h : f16
  %6 = math.exp %h : f16
  return %0, %1, %2, %3, %4, %5, %6 : f64, vector<4xf64>, f64, f64, f32, f16, f16
}

// -----

// A 2-D vector and a scalable one get constants of their own type.
// CHECK-LABEL: func.func @shapes(
// CHECK-NOT: math.tanh
// CHECK: arith.constant dense<{{.*}}> : vector<4x8xf32>
// CHECK-NOT: math.exp
// CHECK: arith.constant dense<{{.*}}> : vector<[4]xf32>
// CHECK-NOT: math.
// CHECK: return
func.func @shapes(%x: vector<4x8xf32>, %s: vector<[4]xf32>) -> (vector<4x8xf32>, vector<[4]xf32>) {
  %0 = math.tanh %x : vector<4x8xf32>
  %1 = math.exp %s : vector<[4]xf32>
  return %0, %1 : vector<4x8xf32>, vector<[4]xf32>
}

// -----

// The any-lane test of sin's large-argument path flattens an n-D mask.
// CHECK-LABEL: func.func @sin_2d(
// CHECK: %[[FLAT:.*]] = vector.shape_cast %{{.*}} : vector<4x8xi1> to vector<32xi1>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[FLAT]] : vector<32xi1> into i1
// CHECK: scf.if %[[ANY]] -> (vector<4x8xf64>, vector<4x8xi64>)
// CHECK: %[[SFLAT:.*]] = vector.shape_cast %{{.*}} : vector<2x[4]xi1> to vector<[8]xi1>
// CHECK: vector.reduction <or>, %[[SFLAT]] : vector<[8]xi1> into i1
// CHECK-NOT: math.
// CHECK: return
func.func @sin_2d(%x: vector<4x8xf32>, %s: vector<2x[4]xf32>) -> (vector<4x8xf32>, vector<2x[4]xf32>) {
  %0 = math.sin %x : vector<4x8xf32>
  %1 = math.cos %s : vector<2x[4]xf32>
  return %0, %1 : vector<4x8xf32>, vector<2x[4]xf32>
}

// -----

// The exact ops, f32 and f64, scalar and vector: arith ops and the square
// root instruction, never a libm call.
// CHECK-LABEL: func.func @exact(
// CHECK-NOT: math.
// CHECK: arith.constant 0x4B000000 : f32
// CHECK: arith.constant dense<0x4330000000000000> : vector<8xf64>
// CHECK: llvm.intr.sqrt(%{{.*}}) : (vector<16xf32>) -> vector<16xf32>
// CHECK-NOT: math.
// CHECK: return
func.func @exact(%x: f32, %v: vector<8xf64>, %w: vector<16xf32>) -> (f32, f32, f32, f32, f32, vector<8xf64>, vector<16xf32>, vector<16xf32>) {
  %0 = math.roundeven %x : f32
  %1 = math.round %x : f32
  %2 = math.floor %x : f32
  %3 = math.ceil %x : f32
  %4 = math.trunc %x : f32
  %5 = math.roundeven %v : vector<8xf64>
  %6 = math.sqrt %w : vector<16xf32>
  %7 = math.absf %w : vector<16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, vector<8xf64>, vector<16xf32>, vector<16xf32>
}
