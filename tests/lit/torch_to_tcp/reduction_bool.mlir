// Torch -> TCP: max/min/amax/amin of bool tensors. PyTorch gives a bool
// (the max of bools is their `any`, the min their `all`); tcp.reduce takes
// no Max/Min on i1, so the conversion must compute them another way (as
// Any/All, or on i8 cast back). Kept apart from reduction.mlir so that it
// fails on its own.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// CHECK-LABEL: func.func @max_min_bool
// CHECK: tcp.reduce
// CHECK: tcp.reduce
// CHECK: return %{{.*}}, %{{.*}} : tensor<i1>, tensor<i1>
func.func @max_min_bool(%arg0: !torch.vtensor<[?,4],i1>) -> (!torch.vtensor<[],i1>, !torch.vtensor<[],i1>) {
  %0 = torch.aten.max %arg0 : !torch.vtensor<[?,4],i1> -> !torch.vtensor<[],i1>
  %1 = torch.aten.min %arg0 : !torch.vtensor<[?,4],i1> -> !torch.vtensor<[],i1>
  return %0, %1 : !torch.vtensor<[],i1>, !torch.vtensor<[],i1>
}

// -----

// CHECK-LABEL: func.func @amax_amin_bool
// CHECK: tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind {{.*}}>} : tensor<?x4x{{.*}}> -> tensor<?x{{.*}}>
// CHECK: tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind {{.*}}>} : tensor<?x4x{{.*}}> -> tensor<?x{{.*}}>
// CHECK: return %{{.*}}, %{{.*}} : tensor<?xi1>, tensor<?x1xi1>
func.func @amax_amin_bool(%arg0: !torch.vtensor<[?,4],i1>) -> (!torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.amax %arg0, %d, %false : !torch.vtensor<[?,4],i1>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?],i1>
  %1 = torch.aten.amin %arg0, %d, %true : !torch.vtensor<[?,4],i1>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,1],i1>
  return %0, %1 : !torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>
}
