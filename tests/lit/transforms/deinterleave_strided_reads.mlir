// deinterleave-strided-reads: a vector.transfer_read of a view whose
// innermost stride is 2 (a stride-2 depthwise convolution's window) reads
// the same view with every element (its innermost size 2n - 1) into a
// vector twice as long, masked to the last element the strided read
// reaches (2v - 1 of v lanes), and keeps the even lanes. Other reads stay.
// RUN: tcp-opt %s --split-input-file --deinterleave-strided-reads | FileCheck %s

// CHECK-LABEL: func.func @in_bounds
// CHECK-SAME: (%[[M:.*]]: memref<4x16xf32, strided<[132, 2], offset: ?>>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: %[[WIDE:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [4, 31], strides: [132, 1]
// CHECK: %[[J2:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK: %[[MASK:.*]] = vector.constant_mask [2, 31] : vector<2x32xi1>
// CHECK: %[[R:.*]] = vector.transfer_read %[[WIDE]][%[[I]], %[[J2]]], %{{.*}}, %[[MASK]] {in_bounds = [true, true]} : memref<4x31xf32, strided<[132, 1], offset: ?>>, vector<2x32xf32>
// CHECK: %[[EVEN:.*]], %{{.*}} = vector.deinterleave %[[R]] : vector<2x32xf32> -> vector<2x16xf32>
// CHECK: return %[[EVEN]]
func.func @in_bounds(%m: memref<4x16xf32, strided<[132, 2], offset: ?>>, %i: index, %j: index) -> vector<2x16xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true, true]} : memref<4x16xf32, strided<[132, 2], offset: ?>>, vector<2x16xf32>
  return %v : vector<2x16xf32>
}

// -----

// A masked tile of 5 lanes reads 9 elements; a mask made at run time, 2v - 1.
// CHECK-LABEL: func.func @masked
// CHECK: vector.constant_mask [1, 9] : vector<1x16xi1>
// CHECK: vector.transfer_read {{.*}} : memref<1x13xf32, strided<[57, 1], offset: ?>>, vector<1x16xf32>
// CHECK: vector.deinterleave
// CHECK: %[[TWICE:.*]] = arith.muli %arg1, %{{.*}} : index
// CHECK: %[[LAST:.*]] = arith.subi %[[TWICE]], %{{.*}} : index
// CHECK: vector.create_mask %{{.*}}, %[[LAST]] : vector<1x16xi1>
// CHECK: vector.deinterleave
func.func @masked(%m: memref<1x7xf32, strided<[57, 2], offset: ?>>, %n: index) -> (vector<1x8xf32>, vector<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %mask = vector.constant_mask [1, 5] : vector<1x8xi1>
  %a = vector.transfer_read %m[%c0, %c0], %pad, %mask {in_bounds = [true, true]} : memref<1x7xf32, strided<[57, 2], offset: ?>>, vector<1x8xf32>
  %dynamic = vector.create_mask %c1, %n : vector<1x8xi1>
  %b = vector.transfer_read %m[%c0, %c0], %pad, %dynamic {in_bounds = [true, true]} : memref<1x7xf32, strided<[57, 2], offset: ?>>, vector<1x8xf32>
  return %a, %b : vector<1x8xf32>, vector<1x8xf32>
}

// -----

// A dynamic innermost size n: the view of every element has 2n - 1.
// CHECK-LABEL: func.func @dynamic_size
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[TWICE:.*]] = arith.muli %[[SIZES]]#1, %{{.*}} : index
// CHECK: %[[N:.*]] = arith.subi %[[TWICE]], %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [4, %[[N]]], strides: [132, 1] : memref<f32> to memref<4x?xf32, strided<[132, 1], offset: ?>>
// CHECK: vector.deinterleave
func.func @dynamic_size(%m: memref<4x?xf32, strided<[132, 2], offset: ?>>, %i: index) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<4x?xf32, strided<[132, 2], offset: ?>>, vector<16xf32>
  return %v : vector<16xf32>
}

// -----

// A read that may run past the end keeps its bounds check, on the view of
// 2n - 1 elements: its lane k is past the end exactly when the strided
// read's lane k / 2 is.
// CHECK-LABEL: func.func @out_of_bounds
// CHECK: vector.constant_mask [31] : vector<32xi1>
// CHECK: vector.transfer_read {{.*}} : memref<15xf32, strided<[1], offset: ?>>, vector<32xf32>
// CHECK-NOT: in_bounds
// CHECK: vector.deinterleave
func.func @out_of_bounds(%two: memref<8xf32, strided<[2]>>, %j: index) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %c = vector.transfer_read %two[%j], %pad {in_bounds = [false]} : memref<8xf32, strided<[2]>>, vector<16xf32>
  return %c : vector<16xf32>
}

// -----

// Left alone: unit and other strides, a broadcast along the innermost dim.
// CHECK-LABEL: func.func @others
// CHECK-NOT: vector.deinterleave
// CHECK-COUNT-3: vector.transfer_read
// CHECK-NOT: vector.deinterleave
func.func @others(%unit: memref<16xf32>, %three: memref<16xf32, strided<[3]>>, %two: memref<16xf32, strided<[2]>>,
                  %j: index) -> (vector<16xf32>, vector<16xf32>, vector<4x16xf32>) {
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %unit[%j], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %b = vector.transfer_read %three[%j], %pad {in_bounds = [true]} : memref<16xf32, strided<[3]>>, vector<16xf32>
  %d = vector.transfer_read %two[%j], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0) -> (d0, 0)>} : memref<16xf32, strided<[2]>>, vector<4x16xf32>
  return %a, %b, %d : vector<16xf32>, vector<16xf32>, vector<4x16xf32>
}
