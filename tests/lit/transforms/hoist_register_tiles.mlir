// hoist-register-tiles: a loop's read-modify-write of one vector tile of a
// fresh buffer is read before the loop, carried as an iter_arg and written
// after it, even when the buffer has other views (where MLIR's
// hoist_redundant_vector_transfers gives up). It stays when the loop reads
// the same allocation elsewhere or writes anything else.
// RUN: tcp-opt %s --split-input-file --hoist-register-tiles | FileCheck %s

// CHECK-LABEL: func.func @tile_of_a_viewed_buffer
// CHECK:      %[[INIT:.*]] = vector.transfer_read %[[C:.*]][%{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8x32xf32>) {
// CHECK-NOT:    vector.transfer_write
// CHECK:        %[[NEXT:.*]] = vector.contract {{.*}} %[[ACC]]
// CHECK-NEXT:   scf.yield %[[NEXT]] : vector<8x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: vector.transfer_write %[[SUM]], %[[C]]
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @tile_of_a_viewed_buffer(%a: memref<8x16xf32>, %b: memref<16x32xf32>) -> memref<8x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x64xf32>
  %rest = memref.subview %c[0, 32] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1], offset: 32>>
  scf.for %k = %c0 to %c16 step %c1 {
    %va = vector.transfer_read %a[%c0, %k], %zero {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x1xf32>
    %vb = vector.transfer_read %b[%k, %c0], %zero {in_bounds = [true, true]} : memref<16x32xf32>, vector<1x32xf32>
    %vc = vector.transfer_read %c[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x32xf32>
    %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %va, %vb, %vc : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
    vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x64xf32>
  }
  return %c : memref<8x64xf32>
}

// -----

// CHECK-LABEL: func.func @buffer_read_elsewhere_in_the_loop
// CHECK:      scf.for
// CHECK-NEXT:   vector.transfer_read
// CHECK-NEXT:   vector.transfer_read
// CHECK-NEXT:   arith.addf
// CHECK-NEXT:   vector.transfer_write
func.func @buffer_read_elsewhere_in_the_loop() -> memref<8x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x64xf32>
  scf.for %k = %c0 to %c16 step %c1 {
    %other = vector.transfer_read %c[%c0, %c32], %zero {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x32xf32>
    %vc = vector.transfer_read %c[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x32xf32>
    %r = arith.addf %vc, %other : vector<8x32xf32>
    vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x64xf32>
  }
  return %c : memref<8x64xf32>
}

// -----

// CHECK-LABEL: func.func @input_buffer
// CHECK:      scf.for
// CHECK-NEXT:   vector.transfer_read
// CHECK-NEXT:   arith.addf
// CHECK-NEXT:   vector.transfer_write
func.func @input_buffer(%c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  scf.for %k = %c0 to %c16 step %c1 {
    %vc = vector.transfer_read %c[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x32xf32>, vector<8x32xf32>
    %r = arith.addf %vc, %vc : vector<8x32xf32>
    vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32>
  }
  return
}
