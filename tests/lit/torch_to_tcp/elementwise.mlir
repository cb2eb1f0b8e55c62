// Torch -> TCP: arithmetic, math and type conversion.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// The seed's example: a 0-d tensor broadcast-added to a dynamic vector.
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[B:.*]] = tcp.broadcast %[[E]], %[[D]] {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
// CHECK: %[[S:.*]] = tcp.add %[[B]], %[[Y]] : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
// CHECK: return %[[S]]
func.func @add_broadcast(%arg0: !torch.vtensor<[],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// alpha scales the second operand.
// CHECK-LABEL: func.func @sub_alpha
// CHECK: %[[ALPHA:.*]] = tcp.const {value = dense<2.500000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[AB:.*]] = tcp.broadcast %[[ALPHA]], %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<2x3xf32>
// CHECK: %[[M:.*]] = tcp.mul %arg1, %[[AB]]
// CHECK: tcp.sub %arg0, %[[M]] : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
func.func @sub_alpha(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %float = torch.constant.float 2.500000e+00
  %0 = torch.aten.sub.Tensor %arg0, %arg1, %float : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.float -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// TCP has no arithmetic on i1: bools add (a logical or) and multiply (a
// logical and) as 0/1 in i8, then cast back (x != 0).
// CHECK-LABEL: func.func @bool_add_mul
// CHECK: %[[A:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi1> -> tensor<4xi8>
// CHECK: %[[B:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi1> -> tensor<4xi8>
// CHECK: %[[S:.*]] = tcp.add %[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
// CHECK: %[[OR:.*]] = tcp.cast %[[S]] {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signless>} : tensor<4xi8> -> tensor<4xi1>
// CHECK: %[[P:.*]] = tcp.mul %{{.*}}, %{{.*}} : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
// CHECK: %[[AND:.*]] = tcp.cast %[[P]] {{.*}} : tensor<4xi8> -> tensor<4xi1>
// CHECK: return %[[OR]], %[[AND]]
func.func @bool_add_mul(%arg0: !torch.vtensor<[4],i1>, %arg1: !torch.vtensor<[4],i1>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.int -> !torch.vtensor<[4],i1>
  %1 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0, %1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// An int tensor times a float scalar: PyTorch's promotion casts to f32 first.
// CHECK-LABEL: func.func @mul_scalar_int_promotes
// CHECK: %[[C:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>} : tensor<?x3xi64> -> tensor<?x3xf32>
// CHECK: %[[K:.*]] = tcp.const {value = dense<1.500000e+00> : tensor<1x1xf32>}
// CHECK: %[[D:.*]] = tensor.dim %[[C]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[KB:.*]] = tcp.broadcast %[[K]], %[[D]], %{{.*}} {axes = [0, 1]}
// CHECK: tcp.mul %[[C]], %[[KB]] : tensor<?x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
func.func @mul_scalar_int_promotes(%arg0: !torch.vtensor<[?,3],si64>) -> !torch.vtensor<[?,3],f32> {
  %float = torch.constant.float 1.500000e+00
  %0 = torch.aten.mul.Scalar %arg0, %float : !torch.vtensor<[?,3],si64>, !torch.float -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// The rounding mode goes on the division, integer or float (a float floor
// division is not floor(a / b): 1.0 // 0.1 is 9).
// CHECK-LABEL: func.func @div_modes
// CHECK: tcp.divsi %arg0, %arg1 {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: tcp.divsi %arg0, %arg1 {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: tcp.divf %arg2, %arg3 {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: tcp.divf %arg2, %arg3 {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
func.func @div_modes(%arg0: !torch.vtensor<[4],si32>, %arg1: !torch.vtensor<[4],si32>, %arg2: !torch.vtensor<[4],f32>, %arg3: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %trunc = torch.constant.str "trunc"
  %floor = torch.constant.str "floor"
  %0 = torch.aten.div.Tensor_mode %arg0, %arg1, %trunc : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.str -> !torch.vtensor<[4],si32>
  %1 = torch.aten.div.Tensor_mode %arg0, %arg1, %floor : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.str -> !torch.vtensor<[4],si32>
  %2 = torch.aten.div.Tensor_mode %arg2, %arg3, %trunc : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  %3 = torch.aten.div.Tensor_mode %arg2, %arg3, %floor : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// relu and clamp with one bound are tcp.clamp.
// CHECK-LABEL: func.func @relu_clamp
// CHECK: %[[R:.*]] = tcp.clamp %arg0 {min_float = 0.000000e+00 : f32} : tensor<4xf32> -> tensor<4xf32>
// CHECK: tcp.clamp %[[R]] {min_float = -5.000000e-01 : f32} : tensor<4xf32> -> tensor<4xf32>
func.func @relu_clamp(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %lo = torch.constant.float -5.000000e-01
  %none = torch.constant.none
  %0 = torch.aten.relu %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.clamp %0, %lo, %none : !torch.vtensor<[4],f32>, !torch.float, !torch.none -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @clamp_int
// CHECK: tcp.clamp %arg0 {max_int = 4 : i64, min_int = -3 : i64} : tensor<4xi32> -> tensor<4xi32>
func.func @clamp_int(%arg0: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32> {
  %lo = torch.constant.int -3
  %hi = torch.constant.int 4
  %0 = torch.aten.clamp %arg0, %lo, %hi : !torch.vtensor<[4],si32>, !torch.int, !torch.int -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// sqrt of an integer tensor is a float tensor, as in PyTorch.
// CHECK-LABEL: func.func @sqrt_int
// CHECK: tcp.sqrt %arg0 : tensor<4xi64> -> tensor<4xf32>
func.func @sqrt_int(%arg0: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sqrt %arg0 : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @to_dtype
// CHECK: tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi1> -> tensor<4xi32>
func.func @to_dtype(%arg0: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],si32> {
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %arg0, %int3, %false, %false, %none : !torch.vtensor<[4],i1>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// torch.round rounds ties to even; rounding an integer tensor is the identity.
// CHECK-LABEL: func.func @rounding
// CHECK: %[[R:.*]] = tcp.round_even %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: %[[F:.*]] = tcp.floor %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: return %[[R]], %[[F]], %arg1
func.func @rounding(%arg0: !torch.vtensor<[4],f32>, %arg1: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>) {
  %0 = torch.aten.round %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.floor %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.ceil %arg1 : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0, %1, %2 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>
}

// -----

// CHECK-LABEL: func.func @unary_math
// CHECK: tcp.sigmoid
// CHECK: tcp.tanh
// CHECK: tcp.log1p
// CHECK: tcp.atan
// CHECK: tcp.atan2
// CHECK: tcp.neg
// CHECK: tcp.abs
func.func @unary_math(%arg0: !torch.vtensor<[4],f32>, %arg1: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>) {
  %0 = torch.aten.sigmoid %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.tanh %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.log1p %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.atan %2 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %4 = torch.aten.atan2 %3, %arg0 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %5 = torch.aten.neg %4 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %6 = torch.aten.abs %arg1 : !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  return %5, %6 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>
}
