// interleave-long-chains: an innermost scalar loop whose body is a long
// chain of dependent ops (here an approximated tanh) asks LLVM to interleave
// it; a short body, a loop known to run fewer than 128 times, an outer loop
// and a loop of vector code keep LLVM's own choice.
// RUN: tcp-opt %s --split-input-file --approximate-math --interleave-long-chains | FileCheck %s

// CHECK:       #[[COUNT:.*]] = #llvm.loop_interleave<count = 8 : i64>
// CHECK:       #[[ANNOTATION:.*]] = #llvm.loop_annotation<interleave = #[[COUNT]]>
// CHECK-LABEL: func.func @tanh_rows
// CHECK:       scf.for
// CHECK:         scf.for
// CHECK:         } {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @tanh_rows(%a: memref<?x?xf32>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      %t = math.tanh %v : f32
      memref.store %t, %a[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @short_chain
// CHECK-NOT:   loop_annotation
func.func @short_chain(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    %x = arith.addf %w, %v : f32
    memref.store %x, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @few_iterations
// CHECK-NOT:   loop_annotation
func.func @few_iterations(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    %t = math.tanh %v : f32
    memref.store %t, %a[%i] : memref<64xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vector_code
// CHECK-NOT:   loop_annotation
func.func @vector_code(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.load %a[%i] : memref<?xf32>, vector<16xf32>
    %t = math.tanh %v : vector<16xf32>
    vector.store %t, %a[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}
