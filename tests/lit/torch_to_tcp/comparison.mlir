// Torch -> TCP: comparisons, logical and bitwise ops, and selection.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// Every predicate is one tcp.cmp giving i1, the operands broadcast first.
// CHECK-LABEL: func.func @compare_tensors
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: %[[B0:.*]] = tcp.broadcast %[[E]], %[[D]] {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[EQ:.*]] = tcp.cmp %arg0, %[[B0]] {predicate = #tcp<cmpPredicate Eq>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
// CHECK: %[[NE:.*]] = tcp.cmp %arg0, %{{.*}} {predicate = #tcp<cmpPredicate Ne>}
// CHECK: %[[LT:.*]] = tcp.cmp %arg0, %{{.*}} {predicate = #tcp<cmpPredicate Lt>}
// CHECK: %[[LE:.*]] = tcp.cmp %arg0, %{{.*}} {predicate = #tcp<cmpPredicate Le>}
// CHECK: %[[GT:.*]] = tcp.cmp %arg0, %{{.*}} {predicate = #tcp<cmpPredicate Gt>}
// CHECK: %[[GE:.*]] = tcp.cmp %arg0, %{{.*}} {predicate = #tcp<cmpPredicate Ge>}
// CHECK: return %[[EQ]], %[[NE]], %[[LT]], %[[LE]], %[[GT]], %[[GE]]
func.func @compare_tensors(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>) {
  %0 = torch.aten.eq.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  %1 = torch.aten.ne.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  %2 = torch.aten.lt.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  %3 = torch.aten.le.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  %4 = torch.aten.gt.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  %5 = torch.aten.ge.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],i1>
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>
}

// -----

// An int tensor against a float scalar compares in f32 (x > 2.5 is not
// x > 2); against an int scalar it stays in the tensor's dtype (the scalar
// does not widen it to i64).
// CHECK-LABEL: func.func @compare_scalar_promotion
// CHECK: %[[F:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>} : tensor<?xi32> -> tensor<?xf32>
// CHECK: %[[K:.*]] = tcp.const {value = dense<2.500000e+00> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[KB:.*]] = tcp.broadcast %[[K]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
// CHECK: %[[GT:.*]] = tcp.cmp %[[F]], %[[KB]] {predicate = #tcp<cmpPredicate Gt>} : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
// CHECK: %[[TWO:.*]] = tcp.const {value = dense<2> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[TB:.*]] = tcp.broadcast %[[TWO]], %{{.*}} {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
// CHECK: %[[LE:.*]] = tcp.cmp %arg0, %[[TB]] {predicate = #tcp<cmpPredicate Le>} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi1>
// CHECK: return %[[GT]], %[[LE]]
func.func @compare_scalar_promotion(%arg0: !torch.vtensor<[?],si32>) -> (!torch.vtensor<[?],i1>, !torch.vtensor<[?],i1>) {
  %float = torch.constant.float 2.500000e+00
  %int2 = torch.constant.int 2
  %0 = torch.aten.gt.Scalar %arg0, %float : !torch.vtensor<[?],si32>, !torch.float -> !torch.vtensor<[?],i1>
  %1 = torch.aten.le.Scalar %arg0, %int2 : !torch.vtensor<[?],si32>, !torch.int -> !torch.vtensor<[?],i1>
  return %0, %1 : !torch.vtensor<[?],i1>, !torch.vtensor<[?],i1>
}

// -----

// torch.result_type of two tensors: i32 vs i64 is i64; a 0-d f64 tensor
// raises the category of an i32 tensor to f64; bool vs i32 is i32.
// CHECK-LABEL: func.func @compare_tensor_promotion
// CHECK: %[[W:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi32> -> tensor<4xi64>
// CHECK: %[[EQ:.*]] = tcp.cmp %[[W]], %arg1 {predicate = #tcp<cmpPredicate Eq>} : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
// CHECK: %[[F:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi32> -> tensor<4xf64>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg2 [] output_shape [1] : tensor<f64> into tensor<1xf64>
// CHECK: %[[EB:.*]] = tcp.broadcast %[[E]], %{{.*}} {axes = [0]} : tensor<1xf64>, index -> tensor<4xf64>
// CHECK: %[[LT:.*]] = tcp.cmp %[[F]], %[[EB]] {predicate = #tcp<cmpPredicate Lt>} : tensor<4xf64>, tensor<4xf64> -> tensor<4xi1>
// CHECK: %[[I:.*]] = tcp.cast %arg3 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi1> -> tensor<4xi32>
// CHECK: %[[LT2:.*]] = tcp.cmp %[[I]], %arg0 {predicate = #tcp<cmpPredicate Lt>} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi1>
// CHECK: return %[[EQ]], %[[LT]], %[[LT2]]
func.func @compare_tensor_promotion(%arg0: !torch.vtensor<[4],si32>, %arg1: !torch.vtensor<[4],si64>, %arg2: !torch.vtensor<[],f64>, %arg3: !torch.vtensor<[4],i1>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.eq.Tensor %arg0, %arg1 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.lt.Tensor %arg0, %arg2 : !torch.vtensor<[4],si32>, !torch.vtensor<[],f64> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.lt.Tensor %arg3, %arg0 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],i1>
  return %0, %1, %2 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// isfinite: |x| < inf, which NaN fails too; an integer equals itself.
// CHECK-LABEL: func.func @isfinite
// CHECK: %[[ABS:.*]] = tcp.abs %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[INF:.*]] = tcp.const {value = dense<0x7F800000> : tensor<1x1xf32>}
// CHECK: %[[INFS:.*]] = tcp.broadcast %[[INF]]
// CHECK: %[[F:.*]] = tcp.cmp %[[ABS]], %[[INFS]] {predicate = #tcp<cmpPredicate Lt>} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xi1>
// CHECK: %[[I:.*]] = tcp.cmp %arg1, %arg1 {predicate = #tcp<cmpPredicate Eq>} : tensor<3xi64>, tensor<3xi64> -> tensor<3xi1>
// CHECK: return %[[F]], %[[I]]
func.func @isfinite(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[?,4],i1>, !torch.vtensor<[3],i1>) {
  %0 = torch.aten.isfinite %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],i1>
  %1 = torch.aten.isfinite %arg1 : !torch.vtensor<[3],si64> -> !torch.vtensor<[3],i1>
  return %0, %1 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[3],i1>
}

// -----

// Logical ops read any dtype as `!= 0` (a cast to i1) and broadcast.
// CHECK-LABEL: func.func @logical
// CHECK: %[[B:.*]] = tcp.broadcast %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xi1>, index -> tensor<?x4xi1>
// CHECK: %[[AND:.*]] = tcp.and %arg0, %[[B]] : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
// CHECK: %[[NZ:.*]] = tcp.cast %arg2 {out_int_signedness = #tcp<signedness Signless>} : tensor<?x4xf32> -> tensor<?x4xi1>
// CHECK: %[[OR:.*]] = tcp.or %[[NZ]], %arg0 : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
// CHECK: %[[XOR:.*]] = tcp.xor %arg0, %{{.*}} : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
// CHECK: %[[NOT:.*]] = tcp.not %{{.*}} : tensor<?x4xi1> -> tensor<?x4xi1>
// CHECK: return %[[AND]], %[[OR]], %[[XOR]], %[[NOT]]
func.func @logical(%arg0: !torch.vtensor<[?,4],i1>, %arg1: !torch.vtensor<[4],i1>, %arg2: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>) {
  %0 = torch.aten.logical_and %arg0, %arg1 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[?,4],i1>
  %1 = torch.aten.logical_or %arg2, %arg0 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],i1> -> !torch.vtensor<[?,4],i1>
  %2 = torch.aten.logical_xor %arg0, %arg2 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],i1>
  %3 = torch.aten.logical_not %arg2 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],i1>
}

// -----

// Bitwise ops work in the result's dtype: bitwise on integers, logical on
// bools; a bool operand of an integer op is cast (0/1) first.
// CHECK-LABEL: func.func @bitwise
// CHECK: %[[AND:.*]] = tcp.and %arg0, %arg1 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[OR:.*]] = tcp.or %arg2, %arg3 : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
// CHECK: %[[C:.*]] = tcp.cast %arg2 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<4xi1> -> tensor<4xi32>
// CHECK: %[[XOR:.*]] = tcp.xor %arg0, %[[C]] : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[SIX:.*]] = tcp.const {value = dense<6> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[SB:.*]] = tcp.broadcast %[[SIX]], %{{.*}} {axes = [0]} : tensor<1xi32>, index -> tensor<4xi32>
// CHECK: %[[ANDS:.*]] = tcp.and %arg0, %[[SB]] : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[NOT:.*]] = tcp.not %arg0 : tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[NOTB:.*]] = tcp.not %arg2 : tensor<4xi1> -> tensor<4xi1>
// CHECK: return %[[AND]], %[[OR]], %[[XOR]], %[[ANDS]], %[[NOT]], %[[NOTB]]
func.func @bitwise(%arg0: !torch.vtensor<[4],si32>, %arg1: !torch.vtensor<[4],si32>, %arg2: !torch.vtensor<[4],i1>, %arg3: !torch.vtensor<[4],i1>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],i1>) {
  %int6 = torch.constant.int 6
  %0 = torch.aten.bitwise_and.Tensor %arg0, %arg1 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  %1 = torch.aten.bitwise_or.Tensor %arg2, %arg3 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.bitwise_xor.Tensor %arg0, %arg2 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],si32>
  %3 = torch.aten.bitwise_and.Scalar %arg0, %int6 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor<[4],si32>
  %4 = torch.aten.bitwise_not %arg0 : !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  %5 = torch.aten.bitwise_not %arg2 : !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>, !torch.vtensor<[4],i1>
}

// -----

// where: the values are cast to the result's dtype (an si64 tensor or an
// int scalar into f32) and broadcast like the condition.
// CHECK-LABEL: func.func @where
// CHECK: %[[OTHER:.*]] = tcp.cast %arg2 {in_int_signedness = #tcp<signedness Signed>} : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xi1>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[OTHER]] {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: %[[OB:.*]] = tcp.broadcast %[[E]], %[[D]] {axes = [0]} : tensor<1x4xf32>, index -> tensor<?x4xf32>
// CHECK: %[[W0:.*]] = tcp.select %arg0, %arg1, %[[OB]] : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[ZERO:.*]] = tcp.const {value = dense<0.000000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[ZB:.*]] = tcp.broadcast %[[ZERO]], %[[D]], %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
// CHECK: %[[W1:.*]] = tcp.select %arg0, %arg1, %[[ZB]]
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[OB1:.*]] = tcp.broadcast %[[ONE]], %[[D]], %{{.*}} {axes = [0, 1]}
// CHECK: %[[W2:.*]] = tcp.select %arg0, %[[OB1]], %arg1
// CHECK: %[[W3:.*]] = tcp.select %arg0, %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: return %[[W0]], %[[W1]], %[[W2]], %[[W3]]
func.func @where(%arg0: !torch.vtensor<[?,4],i1>, %arg1: !torch.vtensor<[?,4],f32>, %arg2: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %float = torch.constant.float 0.000000e+00
  %int1 = torch.constant.int 1
  %0 = torch.aten.where.self %arg0, %arg1, %arg2 : !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],si64> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.where.ScalarOther %arg0, %arg1, %float : !torch.vtensor<[?,4],i1>, !torch.vtensor<[?,4],f32>, !torch.float -> !torch.vtensor<[?,4],f32>
  %2 = torch.aten.where.ScalarSelf %arg0, %int1, %arg1 : !torch.vtensor<[?,4],i1>, !torch.int, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %3 = torch.aten.where.Scalar %arg0, %int1, %float : !torch.vtensor<[?,4],i1>, !torch.int, !torch.float -> !torch.vtensor<[?,4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}

// -----

// masked_fill(x, mask, v) = where(mask, v, x); the mask broadcasts to x,
// a 0-d value tensor too.
// CHECK-LABEL: func.func @masked_fill
// CHECK: %[[V:.*]] = tcp.const {value = dense<-1.000000e+09> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[M:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xi1> into tensor<1x4xi1>
// CHECK: %[[MB:.*]] = tcp.broadcast %[[M]], %[[D]] {axes = [0]} : tensor<1x4xi1>, index -> tensor<?x4xi1>
// CHECK: %[[VB:.*]] = tcp.broadcast %[[V]], %[[D]], %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
// CHECK: %[[S0:.*]] = tcp.select %[[MB]], %[[VB]], %arg0 : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[T:.*]] = tensor.expand_shape %arg2 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK: %[[TB:.*]] = tcp.broadcast %[[T]], %[[D]], %{{.*}} {axes = [0, 1]}
// CHECK: %[[S1:.*]] = tcp.select %{{.*}}, %[[TB]], %arg0
// CHECK: return %[[S0]], %[[S1]]
func.func @masked_fill(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],i1>, %arg2: !torch.vtensor<[],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %float = torch.constant.float -1.000000e+09
  %0 = torch.aten.masked_fill.Scalar %arg0, %arg1, %float : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],i1>, !torch.float -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.masked_fill.Tensor %arg0, %arg1, %arg2 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],i1>, !torch.vtensor<[],f32> -> !torch.vtensor<[?,4],f32>
  return %0, %1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}
