// Torch -> TCP: torch.export's symbolic dims, and ops with no conversion.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s
// RUN: not tcp-opt %S/Inputs/two_unsupported.mlir --torch-to-tcp 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tcp-opt %S/Inputs/two_unsupported.mlir --torch-to-tcp --allow-unconverted | FileCheck %s --check-prefix=CUSTOM

// CHECK-LABEL: func.func @symbolic
// CHECK: %[[S:.*]] = tcp.symbolic_int "s0" {max_val = 64 : i64, min_val = 3 : i64} : i64
// CHECK: tcp.bind_symbolic_shape %arg0, [%[[S]]], #map : tensor<?x3xf32>
// CHECK: %[[T:.*]] = tcp.tanh %arg0
// CHECK: tcp.bind_symbolic_shape %[[T]], [%[[S]]], #map : tensor<?x3xf32>
func.func @symbolic(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 3, max_val = 64} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 3)> : !torch.vtensor<[?,3],f32>
  %1 = torch.aten.tanh %arg0 : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[?,3],f32>
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (s0, 3)> : !torch.vtensor<[?,3],f32>
  return %1 : !torch.vtensor<[?,3],f32>
}

// -----

// Integer arithmetic on sizes stays scalar.
// CHECK-LABEL: func.func @size_arithmetic
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: arith.muli %[[I]], %{{.*}} : i64
func.func @size_arithmetic(%arg0: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.mul.int %0, %int2 : !torch.int, !torch.int -> !torch.int
  %2 = torch.aten.mul.Scalar %arg0, %1 : !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %2 : !torch.vtensor<[?],f32>
}

// -----

// A size divided by an int is a float (Python's true division), as a
// decomposition computing with a dynamic image size makes it; a size as a
// 0-d tensor; a clamp bound computed from a size is a tcp.min.
// CHECK-LABEL: func.func @size_as_float_and_tensor
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: arith.divf %[[F]], %{{.*}} : f64
// CHECK: tensor.from_elements %[[I]] : tensor<i64>
// CHECK: %[[B:.*]] = tensor.from_elements %{{.*}} : tensor<1xf32>
// CHECK: %[[BB:.*]] = tcp.broadcast %[[B]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
// CHECK: %[[LOW:.*]] = tcp.max %arg0, %{{.*}} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
// CHECK: tcp.min %[[LOW]], %[[BB]] : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
func.func @size_as_float_and_tensor(%arg0: !torch.vtensor<[?],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[],si64>, !torch.vtensor<[?],f32>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.div.int %0, %int2 : !torch.int, !torch.int -> !torch.float
  %2 = torch.aten.mul.Scalar %arg0, %1 : !torch.vtensor<[?],f32>, !torch.float -> !torch.vtensor<[?],f32>
  %3 = torch.prim.NumToTensor.Scalar %0 : !torch.int -> !torch.vtensor<[],si64>
  %4 = torch.aten.clamp %arg0, %int0, %0 : !torch.vtensor<[?],f32>, !torch.int, !torch.int -> !torch.vtensor<[?],f32>
  return %2, %3, %4 : !torch.vtensor<[?],f32>, !torch.vtensor<[],si64>, !torch.vtensor<[?],f32>
}

// Every op that did not convert, with its location, in one message.
// REPORT: error: 2 ops could not be converted to TCP:
// REPORT-NEXT:   {{.*}}two_unsupported.mlir:6:8: torch.aten.nan_to_num (no Torch-to-TCP pattern for this op)
// REPORT-NEXT:   {{.*}}two_unsupported.mlir:10:8: torch.aten.roll (no Torch-to-TCP pattern for this op)
// REPORT-NEXT:   (--allow-unconverted keeps them as tcp.custom_op)

// With --allow-unconverted they become tcp.custom_op, constant operands as attributes.
// CUSTOM: %[[C:.*]] = tcp.custom_op("torch.aten.nan_to_num") %arg0 {nan = 0.000000e+00 : f64, neginf, posinf} : tensor<4x3xf32> -> tensor<4x3xf32>
// CUSTOM: %[[T:.*]] = tcp.tanh %[[C]]
// CUSTOM: tcp.custom_op("torch.aten.roll") %[[T]] {dims = [1], shifts = [1]} : tensor<4x3xf32> -> tensor<4x3xf32>

// -----

// Python's all() / any() over a list of size checks: the checks' and / or.
// CHECK-LABEL: func.func @all_any_of_size_checks
// CHECK: %[[POSITIVE:.*]] = arith.cmpi sgt
// CHECK: %[[SMALL:.*]] = arith.cmpi slt
// CHECK: %[[ALL:.*]] = arith.andi %[[POSITIVE]], %[[SMALL]] : i1
// CHECK: cf.assert %[[ALL]], "tcp_aot: size out of range
// CHECK: %[[ANY:.*]] = arith.ori %[[POSITIVE]], %[[SMALL]] : i1
// CHECK: cf.assert %[[ANY]], "tcp_aot: no size check holds
func.func @all_any_of_size_checks(%arg0: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int100 = torch.constant.int 100
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.gt.int %0, %int0 : !torch.int, !torch.int -> !torch.bool
  %2 = torch.aten.lt.int %0, %int100 : !torch.int, !torch.int -> !torch.bool
  %3 = torch.prim.ListConstruct %1, %2 : (!torch.bool, !torch.bool) -> !torch.list<bool>
  %4 = torch.aten.all.bool %3 : !torch.list<bool> -> !torch.bool
  torch.runtime.assert %4, "size out of range"
  %5 = torch.aten.any.bool %3 : !torch.list<bool> -> !torch.bool
  torch.runtime.assert %5, "no size check holds"
  return %arg0 : !torch.vtensor<[?],f32>
}
