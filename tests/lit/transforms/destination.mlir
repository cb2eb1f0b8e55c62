// add-destination-functions: @f__into takes @f's inputs and a buffer per
// result, and computes the result in that buffer (its allocation replaced,
// after a check that the buffer has the dims the code computed); @f
// allocates its results, sized by @f__output_dims, and calls @f__into.
// A result that views an allocation is copied into its buffer; so is one
// allocated before a check of values (a failed check writes nothing).
// RUN: tcp-opt %s --split-input-file --own-results --add-destination-functions | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:      %[[X:.*]]: memref<?x4xf32>) -> memref<?x4xf32>
// CHECK:         %[[DIMS:.*]] = call @f__output_dims(%[[X]])
// CHECK:         %[[N:.*]] = memref.load %[[DIMS]][%c0]
// CHECK:         %[[SIZE:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[OUT:.*]] = memref.alloc(%[[SIZE]]) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK:         call @f__into(%[[X]], %[[OUT]])
// CHECK-NEXT:    return %[[OUT]]
// CHECK-LABEL: func.func @f__into(
// CHECK-SAME:      %[[X:.*]]: memref<?x4xf32>, %[[OUT:.*]]: memref<?x4xf32>) {
// CHECK:         %[[COMPUTED:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[GIVEN:.*]] = memref.dim %[[OUT]], %c0
// CHECK:         %[[DIFFER:.*]] = arith.cmpi ne, %[[GIVEN]], %[[COMPUTED]]
// CHECK:         scf.if %[[DIFFER]] {
// CHECK:           %[[INTERNAL:.*]] = arith.constant 5 : i32
// CHECK:           llvm.call @__tcp_aot_fail(%[[INTERNAL]],
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.copy ins(%[[X]] : memref<?x4xf32>) outs(%[[OUT]] : memref<?x4xf32>)
// CHECK-NEXT:    return
// CHECK-NOT:     @f__output_dims__into
func.func @f(%x: memref<?x4xf32>) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %out = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  linalg.copy ins(%x : memref<?x4xf32>) outs(%out : memref<?x4xf32>)
  return %out : memref<?x4xf32>
}
func.func @f__output_dims(%x: memref<?x4xf32>) -> memref<2xi64> {
  %dims = memref.alloc() : memref<2xi64>
  return %dims : memref<2xi64>
}

// -----

// Static results need no output dims. A reshape of an allocation is
// computed in the inverse reshape of the buffer; a slice is copied.
// CHECK-LABEL: func.func @view(
// CHECK-NOT:     call @view__output_dims
// CHECK:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK:         call @view__into(%{{.*}}, %[[OUT]], %{{.*}})
// CHECK-LABEL: func.func @view__into(
// CHECK-SAME:      %[[X:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<2x4xf32>, %[[SLICE:.*]]: memref<4xf32, strided<[1]>>) {
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<2x4xf32> into memref<8xf32>
// CHECK:         linalg.copy ins(%[[X]] : memref<8xf32>) outs(%[[FLAT]] : memref<8xf32>)
// CHECK:         %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK:         %[[HALF:.*]] = memref.subview %[[BUF]]
// CHECK:         memref.copy %[[HALF]], %[[SLICE]]
// CHECK-NEXT:    return
func.func @view(%x: memref<8xf32>) -> (memref<2x4xf32>, memref<4xf32, strided<[1]>>) {
  %buf = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%buf : memref<8xf32>)
  %r = memref.expand_shape %buf [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %other = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%other : memref<8xf32>)
  %half = memref.subview %other[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  return %r, %half : memref<2x4xf32>, memref<4xf32, strided<[1]>>
}

// -----

// A function that checks values writes its result's buffer last.
// CHECK-LABEL: func.func @checked__into(
// CHECK-SAME:      %{{.*}}: memref<4xf32>, %{{.*}}: i1, %[[OUT:.*]]: memref<4xf32>) {
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         llvm.call @__tcp_aot_fail
// CHECK:         memref.copy %[[BUF]], %[[OUT]]
// CHECK-NEXT:    return
llvm.func hidden @__tcp_aot_fail(i32, !llvm.ptr, i64, i64)
llvm.mlir.global private constant @message("bad\00") {addr_space = 0 : i32}
func.func @checked(%x: memref<4xf32>, %bad: i1) -> memref<4xf32> {
  %buf = memref.alloc() : memref<4xf32>
  scf.if %bad {
    %c2 = arith.constant 2 : i32
    %m = llvm.mlir.addressof @message : !llvm.ptr
    %z = arith.constant 0 : i64
    llvm.call @__tcp_aot_fail(%c2, %m, %z, %z) : (i32, !llvm.ptr, i64, i64) -> ()
  }
  linalg.copy ins(%x : memref<4xf32>) outs(%buf : memref<4xf32>)
  return %buf : memref<4xf32>
}

// -----

// A result allocated after the last check of values (a decoder's logits,
// after its embedding's index checks): computed in its buffer.
// CHECK-LABEL: func.func @checked_first__into(
// CHECK-SAME:      %[[X:.*]]: memref<4xf32>, %{{.*}}: i1, %[[OUT:.*]]: memref<4xf32>) {
// CHECK:         llvm.call @__tcp_aot_fail
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.copy ins(%[[X]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return
llvm.func hidden @__tcp_aot_fail(i32, !llvm.ptr, i64, i64)
llvm.mlir.global private constant @message("bad\00") {addr_space = 0 : i32}
func.func @checked_first(%x: memref<4xf32>, %bad: i1) -> memref<4xf32> {
  scf.if %bad {
    %c2 = arith.constant 2 : i32
    %m = llvm.mlir.addressof @message : !llvm.ptr
    %z = arith.constant 0 : i64
    llvm.call @__tcp_aot_fail(%c2, %m, %z, %z) : (i32, !llvm.ptr, i64, i64) -> ()
  }
  %buf = memref.alloc() : memref<4xf32>
  linalg.copy ins(%x : memref<4xf32>) outs(%buf : memref<4xf32>)
  return %buf : memref<4xf32>
}

// -----

// mark-parallel's run-time choice: an scf.if whose branches both write the
// allocation made before it, or each one of its own, computes in the buffer
// (own-results leaves such a result uncopied).
// CHECK-LABEL: func.func @choice__into(
// CHECK-SAME:      %{{.*}}: memref<?xf32>, %{{.*}}: i1, %[[OUT0:.*]]: memref<?xf32>, %[[OUT1:.*]]: memref<?xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         scf.if
// CHECK:           linalg.copy ins(%{{.*}} : memref<?xf32>) outs(%[[OUT0]] : memref<?xf32>)
// CHECK:           scf.yield %[[OUT0]]
// CHECK:           linalg.copy ins(%{{.*}} : memref<?xf32>) outs(%[[OUT0]] : memref<?xf32>)
// CHECK:           scf.yield %[[OUT0]]
// CHECK:         scf.if
// CHECK:           linalg.copy ins(%{{.*}} : memref<?xf32>) outs(%[[OUT1]] : memref<?xf32>)
// CHECK:           scf.yield %[[OUT1]]
// CHECK:           linalg.copy ins(%{{.*}} : memref<?xf32>) outs(%[[OUT1]] : memref<?xf32>)
// CHECK:           scf.yield %[[OUT1]]
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @choice(%x: memref<?xf32>, %parallel: i1) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %before = memref.alloc(%n) : memref<?xf32>
  %r0 = scf.if %parallel -> (memref<?xf32>) {
    linalg.copy ins(%x : memref<?xf32>) outs(%before : memref<?xf32>)
    scf.yield %before : memref<?xf32>
  } else {
    linalg.copy ins(%x : memref<?xf32>) outs(%before : memref<?xf32>)
    scf.yield %before : memref<?xf32>
  }
  %r1 = scf.if %parallel -> (memref<?xf32>) {
    %a = memref.alloc(%n) : memref<?xf32>
    linalg.copy ins(%x : memref<?xf32>) outs(%a : memref<?xf32>)
    scf.yield %a : memref<?xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    linalg.copy ins(%x : memref<?xf32>) outs(%b : memref<?xf32>)
    scf.yield %b : memref<?xf32>
  }
  return %r0, %r1 : memref<?xf32>, memref<?xf32>
}
func.func @choice__output_dims(%x: memref<?xf32>, %parallel: i1) -> memref<2xi64> {
  %dims = memref.alloc() : memref<2xi64>
  return %dims : memref<2xi64>
}
