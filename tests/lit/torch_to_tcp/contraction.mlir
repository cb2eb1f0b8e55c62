// Torch -> TCP: matrix products (mm, bmm) become tcp.contract.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// mm contracts lhs dim 1 with rhs dim 0; bmm adds batch dim 0 on both sides.
// CHECK-LABEL: func.func @mm_bmm
// CHECK: %[[MM:.*]] = tcp.contract %arg0, %arg1 {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x6xf32>, tensor<6x3xf32> -> tensor<?x3xf32>
// CHECK: %[[BMM:.*]] = tcp.contract %arg2, %arg3 {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x4x5xf32>, tensor<?x5x7xf32> -> tensor<?x4x7xf32>
// CHECK: return %[[MM]], %[[BMM]]
func.func @mm_bmm(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[6,3],f32>, %arg2: !torch.vtensor<[?,4,5],f32>, %arg3: !torch.vtensor<[?,5,7],f32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?,4,7],f32>) {
  %0 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[?,6],f32>, !torch.vtensor<[6,3],f32> -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.bmm %arg2, %arg3 : !torch.vtensor<[?,4,5],f32>, !torch.vtensor<[?,5,7],f32> -> !torch.vtensor<[?,4,7],f32>
  return %0, %1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,4,7],f32>
}

// -----

// Integer products stay in the operands' dtype.
// CHECK-LABEL: func.func @mm_int
// CHECK-NOT: tcp.cast
// CHECK: tcp.contract %arg0, %arg1 {{{.*}}} : tensor<2x3xi32>, tensor<3x4xi32> -> tensor<2x4xi32>
func.func @mm_int(%arg0: !torch.vtensor<[2,3],si32>, %arg1: !torch.vtensor<[3,4],si32>) -> !torch.vtensor<[2,4],si32> {
  %0 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[2,3],si32>, !torch.vtensor<[3,4],si32> -> !torch.vtensor<[2,4],si32>
  return %0 : !torch.vtensor<[2,4],si32>
}

// -----

// nn.Linear as torch.export brings it: the weight transposed by a permute,
// mm, then the bias added.
// CHECK-LABEL: func.func @linear
// CHECK: %[[WT:.*]] = tcp.transpose %arg1 {permutation = [1, 0]} : tensor<3x6xf32> -> tensor<6x3xf32>
// CHECK: %[[MM:.*]] = tcp.contract %arg0, %[[WT]] {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x6xf32>, tensor<6x3xf32> -> tensor<?x3xf32>
// CHECK: %[[B:.*]] = tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
// CHECK: tcp.add %[[MM]], %[[B]] : tensor<?x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
func.func @linear(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[3,6],f32>, %arg2: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.permute %arg1, %0 : !torch.vtensor<[3,6],f32>, !torch.list<int> -> !torch.vtensor<[6,3],f32>
  %2 = torch.aten.mm %arg0, %1 : !torch.vtensor<[?,6],f32>, !torch.vtensor<[6,3],f32> -> !torch.vtensor<[?,3],f32>
  %3 = torch.aten.add.Tensor %2, %arg2, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %3 : !torch.vtensor<[?,3],f32>
}
