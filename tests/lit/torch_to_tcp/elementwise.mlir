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

// -----

// CHECK-LABEL: func.func @more_unary_math
// CHECK: %[[A:.*]] = tcp.erf %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[B:.*]] = tcp.expm1 %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[C:.*]] = tcp.rsqrt %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[D:.*]] = tcp.log2 %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @more_unary_math(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %0 = torch.aten.erf %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.expm1 %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %2 = torch.aten.rsqrt %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %3 = torch.aten.log2 %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}

// -----

// CHECK-LABEL: func.func @trigonometric
// CHECK: %[[V0:.*]] = tcp.tan %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V1:.*]] = tcp.sinh %[[V0]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V2:.*]] = tcp.cosh %[[V1]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V3:.*]] = tcp.asin %[[V2]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V4:.*]] = tcp.acos %[[V3]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V5:.*]] = tcp.asinh %[[V4]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V6:.*]] = tcp.acosh %[[V5]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V7:.*]] = tcp.atanh %[[V6]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V8:.*]] = tcp.log10 %[[V7]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: return %[[V8]]
func.func @trigonometric(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.aten.tan %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.sinh %0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %2 = torch.aten.cosh %1 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %3 = torch.aten.asin %2 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %4 = torch.aten.acos %3 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %5 = torch.aten.asinh %4 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %6 = torch.aten.acosh %5 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %7 = torch.aten.atanh %6 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %8 = torch.aten.log10 %7 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %8 : !torch.vtensor<[?,4],f32>
}

// -----

// Float math on an integer tensor casts it to the float result first.
// CHECK-LABEL: func.func @rsqrt_int
// CHECK: %[[F:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi64> -> tensor<4xf32>
// CHECK: tcp.rsqrt %[[F]] : tensor<4xf32> -> tensor<4xf32>
func.func @rsqrt_int(%arg0: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.rsqrt %arg0 : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// maximum/minimum and max.other/min.other are tcp.max/tcp.min on broadcast,
// promoted operands (i32 with i64 is i64).
// CHECK-LABEL: func.func @maximum_minimum
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: %[[B:.*]] = tcp.broadcast %[[E]], %[[D]] {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[MAX:.*]] = tcp.max %arg0, %[[B]] : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[MIN:.*]] = tcp.min %arg0, %{{.*}} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[W:.*]] = tcp.cast %arg2 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi32> -> tensor<4xi64>
// CHECK: %[[IMAX:.*]] = tcp.max %[[W]], %arg3 : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
// CHECK: %[[IMIN:.*]] = tcp.min %{{.*}}, %arg3 : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
// CHECK: return %[[MAX]], %[[MIN]], %[[IMAX]], %[[IMIN]]
func.func @maximum_minimum(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>, %arg2: !torch.vtensor<[4],si32>, %arg3: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %0 = torch.aten.maximum %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.minimum %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],f32>
  %2 = torch.aten.max.other %arg2, %arg3 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  %3 = torch.aten.min.other %arg2, %arg3 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0, %1, %2, %3 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}

// -----

// remainder has the divisor's sign (Floor), fmod the dividend's (Trunc);
// an int tensor fmod a float scalar computes in f32.
// CHECK-LABEL: func.func @remainder_fmod
// CHECK: %[[R:.*]] = tcp.rem %arg0, %arg1 {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: %[[F:.*]] = tcp.rem %arg0, %arg1 {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: %[[K:.*]] = tcp.const {value = dense<3> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[KB:.*]] = tcp.broadcast %[[K]], %{{.*}} {axes = [0]} : tensor<1xi32>, index -> tensor<4xi32>
// CHECK: %[[RI:.*]] = tcp.rem %arg2, %[[KB]] {rounding_mode = #tcp<roundingMode Floor>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[C:.*]] = tcp.cast %arg2 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi32> -> tensor<4xf32>
// CHECK: %[[H:.*]] = tcp.const {value = dense<1.500000e+00> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[HB:.*]] = tcp.broadcast %[[H]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<4xf32>
// CHECK: %[[FI:.*]] = tcp.rem %[[C]], %[[HB]] {rounding_mode = #tcp<roundingMode Trunc>} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: return %[[R]], %[[F]], %[[RI]], %[[FI]]
func.func @remainder_fmod(%arg0: !torch.vtensor<[4],f32>, %arg1: !torch.vtensor<[4],f32>, %arg2: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>) {
  %float = torch.constant.float 1.500000e+00
  %int3 = torch.constant.int 3
  %0 = torch.aten.remainder.Tensor %arg0, %arg1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.fmod.Tensor %arg0, %arg1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.remainder.Scalar %arg2, %int3 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor<[4],si32>
  %3 = torch.aten.fmod.Scalar %arg2, %float : !torch.vtensor<[4],si32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>
}

// -----

// pow with a tensor exponent, or a scalar base (2.0 ** x), is tcp.pow.
// CHECK-LABEL: func.func @pow_tensor
// CHECK: %[[B:.*]] = tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[P:.*]] = tcp.pow %arg0, %[[B]] : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[TWO:.*]] = tcp.const {value = dense<2.000000e+00> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[TB:.*]] = tcp.broadcast %[[TWO]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<4xf32>
// CHECK: %[[Q:.*]] = tcp.pow %[[TB]], %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: return %[[P]], %[[Q]]
func.func @pow_tensor(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>) {
  %float = torch.constant.float 2.000000e+00
  %0 = torch.aten.pow.Tensor_Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.pow.Scalar %float, %arg1 : !torch.float, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>
}

// -----

// x ** c with the exponents PyTorch computes without pow: 1 (x), 2 (x * x),
// 3 (x * x * x), 0.5 (sqrt), -0.5 (rsqrt), -1 (1 / x), -2 (1 / (x * x)),
// whether c is an int or a float; any other c is tcp.pow.
// CHECK-LABEL: func.func @pow_one
// CHECK-NOT: tcp.
// CHECK: return %arg0
func.func @pow_one(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %int1 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_two
// CHECK-NOT: tcp.pow
// CHECK: %[[M:.*]] = tcp.mul %arg0, %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[M]]
func.func @pow_two(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %int2 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_three
// CHECK-NOT: tcp.pow
// CHECK: %[[S:.*]] = tcp.mul %arg0, %arg0
// CHECK-NEXT: %[[C:.*]] = tcp.mul %[[S]], %arg0
// CHECK-NEXT: return %[[C]]
func.func @pow_three(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 3.000000e+00
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_half
// CHECK-NOT: tcp.pow
// CHECK: %[[R:.*]] = tcp.sqrt %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @pow_half(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 5.000000e-01
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_minus_half
// CHECK-NOT: tcp.pow
// CHECK: %[[R:.*]] = tcp.rsqrt %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @pow_minus_half(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float -5.000000e-01
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_minus_one
// CHECK-NOT: tcp.pow
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[OB:.*]] = tcp.broadcast %[[ONE]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<4xf32>
// CHECK: %[[R:.*]] = tcp.divf %[[OB]], %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @pow_minus_one(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %int-1 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_minus_two
// CHECK-NOT: tcp.pow
// CHECK: %[[S:.*]] = tcp.mul %arg0, %arg0
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<1xf32>}
// CHECK: %[[OB:.*]] = tcp.broadcast %[[ONE]]
// CHECK: %[[R:.*]] = tcp.divf %[[OB]], %[[S]] : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @pow_minus_two(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float -2.000000e+00
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_other
// CHECK: %[[C:.*]] = tcp.const {value = dense<2.500000e+00> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[CB:.*]] = tcp.broadcast %[[C]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<4xf32>
// CHECK: %[[R:.*]] = tcp.pow %arg0, %[[CB]] : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @pow_other(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 2.500000e+00
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// An integer tensor to a float exponent is float math on the cast tensor.
// CHECK-LABEL: func.func @pow_int_half
// CHECK: %[[F:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi32> -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = tcp.sqrt %[[F]] : tensor<4xf32> -> tensor<4xf32>
func.func @pow_int_half(%arg0: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 5.000000e-01
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %float : !torch.vtensor<[4],si32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Integer x ** 5 by squaring (x^2 squared to x^4, times x).
// CHECK-LABEL: func.func @pow_int_by_squaring
// CHECK-NOT: tcp.pow
// CHECK: %[[X2:.*]] = tcp.mul %arg0, %arg0 : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK: %[[X4:.*]] = tcp.mul %[[X2]], %[[X2]]
// CHECK: %[[X5:.*]] = tcp.mul %arg0, %[[X4]]
// CHECK: return %[[X5]]
func.func @pow_int_by_squaring(%arg0: !torch.vtensor<[?],si32>) -> !torch.vtensor<[?],si32> {
  %int5 = torch.constant.int 5
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %int5 : !torch.vtensor<[?],si32>, !torch.int -> !torch.vtensor<[?],si32>
  return %0 : !torch.vtensor<[?],si32>
}

// Integer x ** 0 is a broadcast 1.
// CHECK-LABEL: func.func @pow_int_zero
// CHECK-NOT: tcp.mul
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xi32>
// CHECK: %[[P0:.*]] = tcp.broadcast %[[ONE]], %[[D]] {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
// CHECK-NEXT: return %[[P0]]
func.func @pow_int_zero(%arg0: !torch.vtensor<[?],si32>) -> !torch.vtensor<[?],si32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.pow.Tensor_Scalar %arg0, %int0 : !torch.vtensor<[?],si32>, !torch.int -> !torch.vtensor<[?],si32>
  return %0 : !torch.vtensor<[?],si32>
}

// -----

// Exact gelu: 0.5 * x * (1 + erf(x * sqrt(1/2))).
// CHECK-LABEL: func.func @gelu_exact
// CHECK: %[[C:.*]] = tcp.const {value = dense<0.707106769> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[CB:.*]] = tcp.broadcast %[[C]], %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
// CHECK: %[[S:.*]] = tcp.mul %arg0, %[[CB]]
// CHECK: %[[E:.*]] = tcp.erf %[[S]] : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<1x1xf32>}
// CHECK: %[[OB:.*]] = tcp.broadcast %[[ONE]]
// CHECK: %[[A:.*]] = tcp.add %[[OB]], %[[E]]
// CHECK: %[[H:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<1x1xf32>}
// CHECK: %[[HB:.*]] = tcp.broadcast %[[H]]
// CHECK: %[[HX:.*]] = tcp.mul %arg0, %[[HB]]
// CHECK: %[[R:.*]] = tcp.mul %[[HX]], %[[A]] : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: return %[[R]]
func.func @gelu_exact(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %str = torch.constant.str "none"
  %0 = torch.aten.gelu %arg0, %str : !torch.vtensor<[?,4],f32>, !torch.str -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// tanh gelu: 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))).
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-NOT: tcp.erf
// CHECK: %[[X2:.*]] = tcp.mul %arg0, %arg0
// CHECK: %[[X3:.*]] = tcp.mul %[[X2]], %arg0
// CHECK: %[[K:.*]] = tcp.const {value = dense<4.471500e-02> : tensor<1x1xf32>}
// CHECK: %[[KB:.*]] = tcp.broadcast %[[K]]
// CHECK: %[[KX3:.*]] = tcp.mul %[[X3]], %[[KB]]
// CHECK: %[[P:.*]] = tcp.add %arg0, %[[KX3]]
// CHECK: %[[S:.*]] = tcp.const {value = dense<0.797884583> : tensor<1x1xf32>}
// CHECK: %[[SB:.*]] = tcp.broadcast %[[S]]
// CHECK: %[[IN:.*]] = tcp.mul %[[P]], %[[SB]]
// CHECK: %[[T:.*]] = tcp.tanh %[[IN]]
// CHECK: %[[A:.*]] = tcp.add %{{.*}}, %[[T]]
// CHECK: %[[HX:.*]] = tcp.mul %arg0, %{{.*}}
// CHECK: %[[R:.*]] = tcp.mul %[[HX]], %[[A]]
// CHECK: return %[[R]]
func.func @gelu_tanh(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %str = torch.constant.str "tanh"
  %0 = torch.aten.gelu %arg0, %str : !torch.vtensor<[?,4],f32>, !torch.str -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// A bfloat16 gelu computes in float32 and rounds once, as PyTorch's kernel
// does (one rounding per TCP op would round six times).
// CHECK-LABEL: func.func @gelu_bf16
// CHECK: %[[X:.*]] = tcp.cast %arg0 : tensor<?x4xbf16> -> tensor<?x4xf32>
// CHECK: tcp.erf %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK-NOT: bf16
// CHECK: %[[HX:.*]] = tcp.mul %[[X]], %{{.*}} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[R:.*]] = tcp.mul %[[HX]], %{{.*}} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[B:.*]] = tcp.cast %[[R]] : tensor<?x4xf32> -> tensor<?x4xbf16>
// CHECK: return %[[B]]
func.func @gelu_bf16(%arg0: !torch.vtensor<[?,4],bf16>) -> !torch.vtensor<[?,4],bf16> {
  %str = torch.constant.str "none"
  %0 = torch.aten.gelu %arg0, %str : !torch.vtensor<[?,4],bf16>, !torch.str -> !torch.vtensor<[?,4],bf16>
  return %0 : !torch.vtensor<[?,4],bf16>
}

// -----

// clamp with tensor bounds: max with the lower bound, then min with the
// upper one (a missing bound is skipped).
// CHECK-LABEL: func.func @clamp_tensor
// CHECK: %[[LO:.*]] = tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[M:.*]] = tcp.max %arg0, %[[LO]] : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[C:.*]] = tcp.min %[[M]], %arg2 : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK-NOT: tcp.max
// CHECK: %[[HI:.*]] = tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[C2:.*]] = tcp.min %arg0, %[[HI]] : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: return %[[C]], %[[C2]]
func.func @clamp_tensor(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>, %arg2: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %none = torch.constant.none
  %0 = torch.aten.clamp.Tensor %arg0, %arg1, %arg2 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.clamp.Tensor %arg0, %none, %arg1 : !torch.vtensor<[?,4],f32>, !torch.none, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],f32>
  return %0, %1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}
