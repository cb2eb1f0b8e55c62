// Torch -> TCP: nearest-neighbour interpolation keeps the input's element
// type (PyTorch resizes f64 and f16 tensors as they are); the gathers must
// produce that type, not f32. Kept apart from data_movement.mlir so that it
// fails on its own.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// CHECK-LABEL: func.func @interpolate_nearest_f64
// CHECK: %[[G:.*]] = tcp.gather %arg0, %{{.*}} {dim = 2 : i64} : tensor<2x3x4xf64>, tensor<2x3x8xi64> -> tensor<2x3x8xf64>
// CHECK: return %[[G]]
func.func @interpolate_nearest_f64(%arg0: !torch.vtensor<[2,3,4],f64>) -> !torch.vtensor<[2,3,8],f64> {
  %false = torch.constant.bool false
  %str = torch.constant.str "nearest"
  %none = torch.constant.none
  %float2.000000e00 = torch.constant.float 2.000000e+00
  %0 = torch.prim.ListConstruct %float2.000000e00 : (!torch.float) -> !torch.list<float>
  %1 = torch.aten.__interpolate.size_list_scale_list %arg0, %none, %0, %str, %none, %none, %false : !torch.vtensor<[2,3,4],f64>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[2,3,8],f64>
  return %1 : !torch.vtensor<[2,3,8],f64>
}

// -----

// CHECK-LABEL: func.func @interpolate_nearest_f16
// CHECK: %[[H:.*]] = tcp.gather %arg0, %{{.*}} {dim = 2 : i64} : tensor<1x2x3x3xf16>, tensor<1x2x6x3xi64> -> tensor<1x2x6x3xf16>
// CHECK: %[[W:.*]] = tcp.gather %[[H]], %{{.*}} {dim = 3 : i64} : tensor<1x2x6x3xf16>, tensor<1x2x6x6xi64> -> tensor<1x2x6x6xf16>
// CHECK: return %[[W]]
func.func @interpolate_nearest_f16(%arg0: !torch.vtensor<[1,2,3,3],f16>) -> !torch.vtensor<[1,2,6,6],f16> {
  %false = torch.constant.bool false
  %str = torch.constant.str "nearest"
  %none = torch.constant.none
  %int6 = torch.constant.int 6
  %0 = torch.prim.ListConstruct %int6, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.__interpolate.size_list_scale_list %arg0, %0, %none, %str, %none, %none, %false : !torch.vtensor<[1,2,3,3],f16>, !torch.list<int>, !torch.none, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[1,2,6,6],f16>
  return %1 : !torch.vtensor<[1,2,6,6],f16>
}
