// Shape guards: what the program assumes about its inputs' dims is checked
// at function entry, each failure calling the .so's __tcp_aot_fail with the
// shape status (1) and a message naming function, argument and both sizes.
// The arguments become dynamic in every dim (so that the checks read the
// caller's sizes), cast back to their types after the checks.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=insert-shape-guards | FileCheck %s

// Static dims have their size; operands of an elementwise op share their
// dims; a symbol's bounds hold.
// CHECK-DAG: llvm.func hidden @__tcp_aot_fail(i32, !llvm.ptr, i64, i64)
// CHECK-DAG: llvm.mlir.global private constant @__tcp_aot_guard_message_0("tcp_aot shape guard: f: argument #0 dim 1 is %ld, but the program needs %ld\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @__tcp_aot_guard_message_1("tcp_aot shape guard: f: argument #1 dim 1 is %ld, but the program needs %ld\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @__tcp_aot_guard_message_2("tcp_aot shape guard: f: argument #1 dim 0 is %ld, but argument #0 dim 0 is %ld; the program needs them equal\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @__tcp_aot_guard_message_3("tcp_aot shape guard: f: argument #0 dim 0 is %ld, outside [3, 100], the range torch.export allows for s0\0A\00")
// CHECK-LABEL: func.func @f(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x4xf32>
// CHECK: %[[S:.*]] = tensor.dim %arg0, %{{.*}}
// CHECK: %[[SI:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK: arith.cmpi eq, %[[SI]], %[[FOUR]] : i64
// CHECK: llvm.mlir.addressof @__tcp_aot_guard_message_0
// CHECK: llvm.mlir.addressof @__tcp_aot_guard_message_1
// CHECK: %[[B:.*]] = tensor.dim %arg1, %{{.*}}
// CHECK: %[[BI:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK: %[[A:.*]] = tensor.dim %arg0, %{{.*}}
// CHECK: %[[AI:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[BI]], %[[AI]] : i64
// CHECK: %[[BAD:.*]] = arith.xori %[[EQ]], %{{.*}} : i1
// CHECK: scf.if %[[BAD]] {
// CHECK: %[[SHAPE:.*]] = arith.constant 1 : i32
// CHECK: %[[MSG:.*]] = llvm.mlir.addressof @__tcp_aot_guard_message_2 : !llvm.ptr
// CHECK: llvm.call @__tcp_aot_fail(%[[SHAPE]], %[[MSG]], %[[BI]], %[[AI]]) : (i32, !llvm.ptr, i64, i64) -> ()
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle
// CHECK: llvm.mlir.addressof @__tcp_aot_guard_message_3
// CHECK: %[[A4:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK: %[[B4:.*]] = tensor.cast %arg1 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK: tcp.add %[[A4]], %[[B4]]
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s = tcp.symbolic_int "s0" {min_val = 3, max_val = 100} : i64
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0] -> (s0, 4)> : tensor<?x4xf32>
  %0 = tcp.add %a, %b : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A broadcast dim traced to another argument's dim through tensor.dim, and
// a static operand dim pinning a dynamic one.
// CHECK-DAG: @__tcp_aot_guard_message_0("tcp_aot shape guard: traced: argument #1 dim 0 is %ld, but the program needs %ld\0A\00")
// CHECK-DAG: @__tcp_aot_guard_message_1("tcp_aot shape guard: traced: argument #0 dim 0 is %ld, but the program needs %ld\0A\00")
// CHECK-DAG: @__tcp_aot_guard_message_2("tcp_aot shape guard: traced: argument #2 dim 0 is %ld, but the program needs %ld\0A\00")
// CHECK-LABEL: func.func @traced
func.func @traced(%x: tensor<?xf32>, %w: tensor<3xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tcp.add %x, %w : tensor<?xf32>, tensor<3xf32> -> tensor<?xf32>
  %1 = tcp.mul %0, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// A gather's indices may be no larger than its input in the other dims.
// CHECK: @__tcp_aot_guard_message_2("tcp_aot shape guard: g: argument #1 dim 1 is %ld, but may be at most argument #0 dim 1, which is %ld\0A\00")
// CHECK: arith.cmpi sle
func.func @g(%x: tensor<4x?xf32>, %i: tensor<2x?xi64>) -> tensor<2x?xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<4x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// A static argument: each dim is checked; the body reads the cast.
// CHECK: @__tcp_aot_guard_message_0("tcp_aot shape guard: static: argument #0 dim 0 is %ld, but the program needs %ld\0A\00")
// CHECK: @__tcp_aot_guard_message_1("tcp_aot shape guard: static: argument #0 dim 1 is %ld, but the program needs %ld\0A\00")
// CHECK-LABEL: func.func @static(%arg0: tensor<?x?xf32>) -> tensor<3x5xf32>
// CHECK: arith.constant 3 : i64
// CHECK: arith.constant 5 : i64
// CHECK: %[[X:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<3x5xf32>
// CHECK: tcp.exp %[[X]]
func.func @static(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = tcp.exp %x : tensor<3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Nothing to check: no runtime support is added.
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: llvm.
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %0 = tcp.exp %x : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}
