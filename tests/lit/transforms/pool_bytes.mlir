// add-pool-bytes-functions: @f__pool_bytes takes @f__into's arguments (the
// inputs, then the result buffers) and returns the bytes @f__into's
// allocations take from a pool (the result is the caller's buffer): each allocation's size plus its alignment plus the
// pool's 63 bytes of padding, once per iteration of an scf.for around it,
// never for one in an scf.forall (parallel loops use malloc); everything
// else of @f__into is gone.
// RUN: tcp-opt %s --split-input-file --add-pool-bytes-functions | FileCheck %s

// CHECK-LABEL: func.func @f__pool_bytes(
// CHECK-SAME:      %[[X:.*]]: memref<?x4xf32>, %{{.*}}: memref<?x4xf32>) -> i64
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[ROWS:.*]] = arith.muli %c16, %[[N]] : index
// CHECK:         %[[FIRST:.*]] = arith.addi %[[ROWS]], %c127 : index
// CHECK:         %[[TMP:.*]] = arith.addi %c32, %c63 : index
// CHECK:         %[[TRIPS:.*]] = arith.ceildivui
// CHECK:         %[[LOOP:.*]] = arith.muli %[[TMP]], %[[TRIPS]] : index
// CHECK:         arith.addi %{{.*}}, %[[LOOP]] : index
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg
// CHECK-NOT:     scf.forall
// CHECK:         %[[TOTAL:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT:    return %[[TOTAL]] : i64
func.func @f__into(%x: memref<?x4xf32>, %out: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %scratch = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  linalg.copy ins(%x : memref<?x4xf32>) outs(%scratch : memref<?x4xf32>)
  linalg.copy ins(%scratch : memref<?x4xf32>) outs(%out : memref<?x4xf32>)
  memref.dealloc %scratch : memref<?x4xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %tmp = memref.alloc() : memref<8xf32>
    memref.dealloc %tmp : memref<8xf32>
  }
  scf.forall (%j) in (4) {
    %par = memref.alloc() : memref<16xf32>
    memref.dealloc %par : memref<16xf32>
  }
  return
}

// -----

// A size that changes from one iteration to the next has no bound.
// CHECK-LABEL: func.func @varying__pool_bytes(
// CHECK-NEXT:    %[[UNBOUNDED:.*]] = arith.constant -1 : index
// CHECK-NEXT:    %[[RESULT:.*]] = arith.index_cast %[[UNBOUNDED]] : index to i64
// CHECK-NEXT:    return %[[RESULT]] : i64
func.func @varying__into(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %tmp = memref.alloc(%i) : memref<?xf32>
    memref.dealloc %tmp : memref<?xf32>
  }
  return
}

// -----

// F__output_dims, which a status call runs first in the same pool, gets its
// own: its dims tensor is an allocation like any other.
// CHECK-LABEL: func.func @g__output_dims__pool_bytes(
// CHECK-SAME:      %{{.*}}: memref<?x4xf32>) -> i64
// CHECK:         %[[BYTES:.*]] = arith.addi %c16, %c127 : index
// CHECK:         %[[TOTAL:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT:    return %[[TOTAL]] : i64
func.func @g__output_dims(%x: memref<?x4xf32>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %dims = memref.alloc() {alignment = 64 : i64} : memref<2xi64>
  %rows = arith.index_cast %n : index to i64
  memref.store %rows, %dims[%c0] : memref<2xi64>
  return %dims : memref<2xi64>
}
