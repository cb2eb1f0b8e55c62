// TCP -> linalg: groups are inlined, symbolic-shape ops dropped, and the
// whole pipeline down to the LLVM dialect leaves no TCP op.
// RUN: tcp-opt %s --pass-pipeline=drop-tcp-symbolic-shape-ops,inline-tcp-groups | FileCheck %s
// RUN: tcp-opt %s --tcp-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @groups
// CHECK-NOT: tcp.group
// CHECK-NOT: tcp.isolated_group
// CHECK-NOT: tcp.yield
// CHECK: %[[S:.*]] = tcp.add %arg0, %arg1
// CHECK: %[[T:.*]] = tcp.tanh %[[S]]
// CHECK: %[[M:.*]] = tcp.mul %[[S]], %[[T]]
// CHECK: return %[[T]], %[[M]]
func.func @groups(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0:2 = tcp.group {
    %s = tcp.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    %t = tcp.tanh %s : tensor<?xf32> -> tensor<?xf32>
    tcp.yield %s, %t : tensor<?xf32>, tensor<?xf32>
  } : tensor<?xf32>, tensor<?xf32>
  %1 = tcp.isolated_group %0#0, %0#1 {
  ^bb0(%x: tensor<?xf32>, %y: tensor<?xf32>):
    %m = tcp.mul %x, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    tcp.yield %m : tensor<?xf32>
  } : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0#1, %1 : tensor<?xf32>, tensor<?xf32>
}

// CHECK-LABEL: func.func @symbolic
// CHECK-NOT: tcp.symbolic_int
// CHECK-NOT: tcp.bind_symbolic_shape
// CHECK: tcp.exp
func.func @symbolic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %s = tcp.symbolic_int "s0" {min_val = 2, max_val = 100} : i64
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0] -> (s0)> : tensor<?xf32>
  %0 = tcp.exp %a : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// LLVM-NOT: tcp.
// LLVM: llvm.func @groups(
// LLVM: llvm.func @_mlir_ciface_groups(
// LLVM: llvm.func @symbolic(
// LLVM-NOT: @expf
