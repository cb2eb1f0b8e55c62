// shrink-buffer-lifetimes: each memref.alloc moves to just before the
// first op of its block that uses the buffer or a value derived from it (a
// view, what an scf.if yields, a use inside a loop), and its memref.dealloc
// (which the deallocation pipeline put at the end of the block) to just
// after the last. A buffer whose address is taken as an integer stays as it
// was.
// RUN: tcp-opt %s --split-input-file --shrink-buffer-lifetimes | FileCheck %s

// Both allocated at the top, as bufferization leaves the outputs of one
// shape: each intermediate is allocated when first written and freed once
// the next op has read it.
// CHECK-LABEL: func.func @chain(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[A]] : memref<64xf32>)
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<64xf32>) outs(%[[B]] : memref<64xf32>)
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<64xf32>
// CHECK-NEXT:    linalg.copy ins(%[[B]] : memref<64xf32>) outs(%{{.*}} : memref<64xf32>)
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<64xf32>
// CHECK-NEXT:    return
func.func @chain(%x: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  linalg.copy ins(%b : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// A view's uses are the buffer's: freed after the last read of its
// collapsed view, which a loop makes.
// CHECK-LABEL: func.func @view_read_in_a_loop(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4x16xf32>
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[A]]
// CHECK:         scf.for
// CHECK:           memref.subview %[[FLAT]]
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<4x16xf32>
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%{{.*}} : memref<64xf32>)
// CHECK-NEXT:    return
func.func @view_read_in_a_loop(%x: memref<4x16xf32>, %out: memref<64xf32>, %other: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<4x16xf32>
  linalg.copy ins(%x : memref<4x16xf32>) outs(%a : memref<4x16xf32>)
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x16xf32> into memref<64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %at = arith.muli %i, %c16 : index
    %row = memref.subview %flat[%at] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: ?>>
    %dst = memref.subview %out[%at] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: ?>>
    linalg.copy ins(%row : memref<16xf32, strided<[1], offset: ?>>) outs(%dst : memref<16xf32, strided<[1], offset: ?>>)
  }
  linalg.copy ins(%other : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<4x16xf32>
  return
}

// -----

// What an scf.if yields is the buffer too: freed after the result's last use.
// CHECK-LABEL: func.func @chosen_by_if(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK:         %[[PICK:.*]] = scf.if
// CHECK:         linalg.copy ins(%[[PICK]] : memref<64xf32>)
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<64xf32>
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<64xf32>)
// CHECK-NEXT:    return
func.func @chosen_by_if(%c: i1, %x: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %pick = scf.if %c -> memref<64xf32> {
    scf.yield %a : memref<64xf32>
  } else {
    scf.yield %x : memref<64xf32>
  }
  linalg.copy ins(%pick : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// Its address taken as an integer, the buffer is not followed further:
// it is allocated and freed where it was.
// CHECK-LABEL: func.func @address_taken(
// CHECK-NEXT:    memref.alloc
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%{{.*}} : memref<64xf32>)
// CHECK:         memref.extract_aligned_pointer_as_index
// CHECK:         linalg.copy
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    return
func.func @address_taken(%x: memref<64xf32>, %out: memref<64xf32>) -> index {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %p : index
}

// -----

// A dealloc in another block than its allocation (the deallocation
// pipeline's conditional ones) stays where it is; the allocation still
// moves to its first use.
// CHECK-LABEL: func.func @freed_under_a_condition(
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%{{.*}} : memref<64xf32>)
// CHECK-NEXT:    memref.alloc
// CHECK:         scf.if
// CHECK-NEXT:      memref.dealloc
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @freed_under_a_condition(%c: i1, %x: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
  scf.if %c {
    memref.dealloc %a : memref<64xf32>
  }
  return
}
