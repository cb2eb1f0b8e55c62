// cf.assert (a gather's index check) fails through __tcp_aot_fail, with the
// value status (2), the message, the index and the size.
// RUN: tcp-opt %s --pass-pipeline=convert-tcp-to-linalg,asserts-to-stderr | FileCheck %s

// CHECK: llvm.mlir.global private constant @__tcp_aot_assert_message_0("tcp_aot: index out of range in tcp.gather at {{.*}}asserts_to_stderr.mlir:{{[0-9]+}}:8 (index %ld, size %ld)\0A\00")
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : index
// CHECK: %[[IX:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[SX:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: scf.if %{{.*}} {
// CHECK: %[[VALUE:.*]] = arith.constant 2 : i32
// CHECK: %[[MSG:.*]] = llvm.mlir.addressof @__tcp_aot_assert_message_0
// CHECK: llvm.call @__tcp_aot_fail(%[[VALUE]], %[[MSG]], %[[IX]], %[[SX]])
// CHECK-NOT: cf.assert
func.func @gather(%a: tensor<?x4xf32>, %i: tensor<?x2xi64>) -> tensor<?x2xf32> {
  %0 = tcp.gather %a, %i {dim = 1 : i64} : tensor<?x4xf32>, tensor<?x2xi64> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
