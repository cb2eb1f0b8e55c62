// inline-call-scopes: a memref.alloca_scope (convert-scf-to-openmp wraps
// each parallel loop body in one) that holds no alloca is inlined, though
// it holds a call (which canonicalization keeps it for); one that holds an
// alloca stays.
// RUN: tcp-opt %s --inline-call-scopes | FileCheck %s

// CHECK-LABEL: func.func @scopes
// CHECK-NEXT: call @kernel(%arg0)
// CHECK-NEXT: memref.alloca_scope {
// CHECK-NEXT: memref.alloca() : memref<4xf32>
func.func private @kernel(memref<4xf32>)
func.func @scopes(%a: memref<4xf32>) {
  memref.alloca_scope {
    func.call @kernel(%a) : (memref<4xf32>) -> ()
  }
  memref.alloca_scope {
    %t = memref.alloca() : memref<4xf32>
    func.call @kernel(%t) : (memref<4xf32>) -> ()
  }
  return
}
