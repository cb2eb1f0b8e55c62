// omit-redundant-barriers: a worksharing loop that ends its parallel region
// gets nowait (the region's join waits for every thread); one with work
// after it in the region, or one that reduces into a shared value, keeps
// its barrier.
// RUN: tcp-opt %s --omit-redundant-barriers | FileCheck %s

omp.declare_reduction @add_f32 : f32 init {
^bb0(%x: f32):
  %zero = arith.constant 0.0 : f32
  omp.yield(%zero : f32)
} combiner {
^bb0(%x: f32, %y: f32):
  %sum = arith.addf %x, %y : f32
  omp.yield(%sum : f32)
}

// CHECK-LABEL: func.func @last_loop
// CHECK:       omp.parallel {
// CHECK-NEXT:    omp.wsloop nowait {
func.func @last_loop(%m: memref<?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.store %one, %m[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @work_after_loop
// CHECK:       omp.wsloop {
// CHECK:       memref.load
func.func @work_after_loop(%m: memref<?xf32>, %n: index, %out: memref<f32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.store %one, %m[%i] : memref<?xf32>
        omp.yield
      }
    }
    %first = memref.load %m[%c0] : memref<?xf32>
    memref.store %first, %out[] : memref<f32>
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @reduction
// CHECK:       omp.wsloop reduction(
// CHECK-NOT:   nowait
func.func @reduction(%m: memref<?xf32>, %n: index, %sum: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop reduction(@add_f32 %sum -> %acc : !llvm.ptr) {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %x = memref.load %m[%i] : memref<?xf32>
        %old = llvm.load %acc : !llvm.ptr -> f32
        %new = arith.addf %old, %x : f32
        llvm.store %new, %acc : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
