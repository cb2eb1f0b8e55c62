// expand-bf16-truncation: f32 -> bf16 rounds to nearest even on the bits; a
// NaN is first replaced by the quiet NaN (a select of floats, which x86
// keeps whole vectors of), so no select is left on the 16-bit result.
// RUN: tcp-opt %s --expand-bf16-truncation | FileCheck %s

// CHECK-LABEL: func.func @truncate
// CHECK: %[[QNAN:.*]] = arith.constant dense<0x7FC00000> : vector<16xf32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %arg0, %arg0 : vector<16xf32>
// CHECK: %[[X:.*]] = arith.select %[[NAN]], %[[QNAN]], %arg0 : vector<16xi1>, vector<16xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[ODD:.*]] = arith.andi
// CHECK: %[[BIAS:.*]] = arith.addi %[[ODD]], %{{.*}} : vector<16xi32>
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]] : vector<16xi32>
// CHECK: %[[HIGH:.*]] = arith.shrui %[[SUM]], %{{.*}} : vector<16xi32>
// CHECK: %[[T:.*]] = arith.trunci %[[HIGH]] : vector<16xi32> to vector<16xi16>
// CHECK: %[[R:.*]] = arith.bitcast %[[T]] : vector<16xi16> to vector<16xbf16>
// CHECK-NOT: arith.truncf
// CHECK: return %[[R]], %{{.*}}, %arg2
func.func @truncate(%v: vector<16xf32>, %s: f32, %d: f64) -> (vector<16xbf16>, bf16, f64) {
  %0 = arith.truncf %v : vector<16xf32> to vector<16xbf16>
  %1 = arith.truncf %s : f32 to bf16
  return %0, %1, %d : vector<16xbf16>, bf16, f64
}
