// mask-short-loop-tails: an innermost scalar loop of a static trip count
// that is not a whole number of 16-float vectors and at most 128 (a row of
// a 14 x 14 image) asks LLVM to run its tail as a masked vector iteration;
// a whole number of vectors, a longer or dynamic loop, an outer loop, a
// loop of vector code and one striding through memory (masked, a scatter
// lane by lane) keep LLVM's own choice. One that sums into one element,
// at least a vector long, is not unrolled (a chain of scalar additions),
// nor is one that stores into a buffer it does not load from (unrolled,
// its loads and stores stayed scalar: the buffers might overlap).
// RUN: tcp-opt %s --split-input-file --mask-short-loop-tails | FileCheck %s

// CHECK:       #[[V:.*]] = #llvm.loop_vectorize<predicateEnable = true>
// CHECK:       #[[ANNOTATION:.*]] = #llvm.loop_annotation<vectorize = #[[V]]>
// CHECK-LABEL: func.func @rows_of_14
// CHECK:       scf.for
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @rows_of_14(%a: memref<?x14xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c14 = arith.constant 14 : index
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c14 step %c1 {
      %v = memref.load %a[%i, %j] : memref<?x14xf32>
      %t = arith.addf %v, %v : f32
      memref.store %t, %a[%i, %j] : memref<?x14xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @untouched
// CHECK-NOT:   loop_annotation
func.func @untouched(%a: memref<?x?xf32>, %n: index, %v: memref<?xvector<16xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c200 = arith.constant 200 : index
  // Whole vectors.
  scf.for %j = %c0 to %c32 step %c1 {
    %x = memref.load %a[%c0, %j] : memref<?x?xf32>
    memref.store %x, %a[%c1, %j] : memref<?x?xf32>
  }
  // Long enough for its tail not to matter.
  scf.for %j = %c0 to %c200 step %c1 {
    %x = memref.load %a[%c0, %j] : memref<?x?xf32>
    memref.store %x, %a[%c1, %j] : memref<?x?xf32>
  }
  // Dynamic.
  scf.for %j = %c0 to %n step %c1 {
    %x = memref.load %a[%c0, %j] : memref<?x?xf32>
    memref.store %x, %a[%c1, %j] : memref<?x?xf32>
  }
  // A padded tensor's border column: each store a row apart.
  %zero = arith.constant 0.0 : f32
  %c114 = arith.constant 114 : index
  scf.for %h = %c0 to %c114 step %c1 {
    memref.store %zero, %a[%h, %c0] : memref<?x?xf32>
  }
  // The last index varies, but on a memref whose last stride is 2.
  %every_other = memref.subview %a[0, 0] [1, 57] [1, 2] : memref<?x?xf32> to memref<57xf32, strided<[2]>>
  %c57 = arith.constant 57 : index
  scf.for %j = %c0 to %c57 step %c1 {
    memref.store %zero, %every_other[%j] : memref<57xf32, strided<[2]>>
  }
  // Vector code.
  scf.for %j = %c0 to %c1 step %c1 {
    %x = memref.load %v[%j] : memref<?xvector<16xf32>>
    memref.store %x, %v[%c1] : memref<?xvector<16xf32>>
  }
  return
}

// -----

// A 7 x 7 mean's sums: each channel's 49 values into one element, kept
// rolled for the vectorizer; a window of 3 sums unrolled as LLVM likes.
// CHECK:       #[[U:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[V:.*]] = #llvm.loop_vectorize<predicateEnable = true>
// CHECK:       #[[ROLLED:.*]] = #llvm.loop_annotation<vectorize = #[[V]], unroll = #[[U]]>
// CHECK:       #[[MASKED:.*]] = #llvm.loop_annotation<vectorize = #[[V]]>
// CHECK-LABEL: func.func @sums
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[ROLLED]]}
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[MASKED]]}
func.func @sums(%x: memref<?x49xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c49 = arith.constant 49 : index
  %channels = memref.dim %out, %c0 : memref<?xf32>
  scf.for %c = %c0 to %channels step %c1 {
    scf.for %j = %c0 to %c49 step %c1 {
      %v = memref.load %x[%c, %j] : memref<?x49xf32>
      %acc = memref.load %out[%c] : memref<?xf32>
      %s = arith.addf %acc, %v : f32
      memref.store %s, %out[%c] : memref<?xf32>
    }
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %x[%c, %j] : memref<?x49xf32>
      %acc = memref.load %out[%c] : memref<?xf32>
      %m = arith.maximumf %acc, %v : f32
      memref.store %m, %out[%c] : memref<?xf32>
    }
  }
  return
}

// -----

// A block's rows of 14 copied into a padded tensor's interior: kept rolled,
// for the loop vectorizer (which checks at run time that the buffers do not
// overlap); the same rows computed in place are unrolled as LLVM likes.
// CHECK:       #[[U:.*]] = #llvm.loop_unroll<disable = true>
// CHECK:       #[[V:.*]] = #llvm.loop_vectorize<predicateEnable = true>
// CHECK:       #[[ROLLED:.*]] = #llvm.loop_annotation<vectorize = #[[V]], unroll = #[[U]]>
// CHECK:       #[[MASKED:.*]] = #llvm.loop_annotation<vectorize = #[[V]]>
// CHECK-LABEL: func.func @copy_into_padded
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[ROLLED]]}
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[MASKED]]}
func.func @copy_into_padded(%block: memref<?x14x14xf32>, %padded: memref<?x18x18xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c14 = arith.constant 14 : index
  %rows = memref.dim %block, %c0 : memref<?x14x14xf32>
  %interior = memref.subview %padded[0, 2, 2] [%rows, 14, 14] [1, 1, 1]
      : memref<?x18x18xf32> to memref<?x14x14xf32, strided<[324, 18, 1], offset: 38>>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c14 step %c1 {
      %v = memref.load %block[%r, %c2, %j] : memref<?x14x14xf32>
      memref.store %v, %interior[%r, %c2, %j] : memref<?x14x14xf32, strided<[324, 18, 1], offset: 38>>
    }
    scf.for %j = %c0 to %c14 step %c1 {
      %v = memref.load %block[%r, %c1, %j] : memref<?x14x14xf32>
      %t = arith.addf %v, %v : f32
      memref.store %t, %block[%r, %c1, %j] : memref<?x14x14xf32>
    }
  }
  return
}
