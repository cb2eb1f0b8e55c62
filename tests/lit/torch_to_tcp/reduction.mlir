// Torch -> TCP: reductions (tcp.reduce, tcp.arg_reduce), means, norms and
// scans (tcp.scan).
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// Negative dims normalize and sort; keepdim puts the reduced dims back as
// unit dims with tensor.expand_shape (the dynamic dim taken from the sum).
// CHECK-LABEL: func.func @sum_dims_keepdim
// CHECK: %[[S:.*]] = tcp.reduce %arg0 {axes = [1, 2], kind = #tcp<reduceKind Sum>} : tensor<?x3x5xf32> -> tensor<?xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[K:.*]], %{{.*}} : tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[K]] {{\[\[}}0, 1, 2]] output_shape [%[[D]], 1, 1] : tensor<?xf32> into tensor<?x1x1xf32>
// CHECK: return %[[S]], %[[E]]
func.func @sum_dims_keepdim(%arg0: !torch.vtensor<[?,3,5],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?,1,1],f32>) {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int-1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.sum.dim_IntList %arg0, %0, %false, %none : !torch.vtensor<[?,3,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %2 = torch.aten.sum.dim_IntList %arg0, %0, %true, %none : !torch.vtensor<[?,3,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,1,1],f32>
  return %1, %2 : !torch.vtensor<[?],f32>, !torch.vtensor<[?,1,1],f32>
}

// -----

// PyTorch sums integers in int64 and bools as integers: the input is cast
// to the result's dtype before reducing. A plain sum reduces every dim.
// CHECK-LABEL: func.func @sum_casts
// CHECK: %[[W:.*]] = tcp.cast %arg0 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x6xi32> -> tensor<?x6xi64>
// CHECK: %[[S:.*]] = tcp.reduce %[[W]] {axes = [1], kind = #tcp<reduceKind Sum>} : tensor<?x6xi64> -> tensor<?xi64>
// CHECK: %[[B:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x6xi1> -> tensor<?x6xi64>
// CHECK: %[[T:.*]] = tcp.reduce %[[B]] {axes = [0, 1], kind = #tcp<reduceKind Sum>} : tensor<?x6xi64> -> tensor<i64>
// CHECK: return %[[S]], %[[T]]
func.func @sum_casts(%arg0: !torch.vtensor<[?,6],si32>, %arg1: !torch.vtensor<[?,6],i1>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[],si64>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.sum.dim_IntList %arg0, %0, %false, %none : !torch.vtensor<[?,6],si32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],si64>
  %2 = torch.aten.sum %arg1, %none : !torch.vtensor<[?,6],i1>, !torch.none -> !torch.vtensor<[],si64>
  return %1, %2 : !torch.vtensor<[?],si64>, !torch.vtensor<[],si64>
}

// -----

// CHECK-LABEL: func.func @prod_amax_amin
// CHECK: %[[P:.*]] = tcp.reduce %arg0 {axes = [1], kind = #tcp<reduceKind Prod>} : tensor<?x4xf32> -> tensor<?xf32>
// CHECK: %[[MAX:.*]] = tcp.reduce %arg0 {axes = [0, 1], kind = #tcp<reduceKind Max>} : tensor<?x4xf32> -> tensor<f32>
// CHECK: %[[MIN:.*]] = tcp.reduce %arg0 {axes = [1], kind = #tcp<reduceKind Min>} : tensor<?x4xf32> -> tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[MIN]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: return %[[P]], %[[MAX]], %[[E]]
func.func @prod_amax_amin(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[?,1],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.prod.dim_int %arg0, %int1, %false, %none : !torch.vtensor<[?,4],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %dims = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.amax %arg0, %dims, %false : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],f32>
  %d1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %2 = torch.aten.amin %arg0, %d1, %true : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,1],f32>
  return %0, %1, %2 : !torch.vtensor<[?],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[?,1],f32>
}

// -----

// max() and min() without a dim reduce everything, in the input's dtype;
// the product of bools is an int64.
// CHECK-LABEL: func.func @max_min_prod_all
// CHECK: %[[MAX:.*]] = tcp.reduce %arg0 {axes = [0, 1], kind = #tcp<reduceKind Max>} : tensor<?x4xi32> -> tensor<i32>
// CHECK: %[[MIN:.*]] = tcp.reduce %arg0 {axes = [0, 1], kind = #tcp<reduceKind Min>} : tensor<?x4xi32> -> tensor<i32>
// CHECK: %[[B:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x4xi1> -> tensor<?x4xi64>
// CHECK: %[[P:.*]] = tcp.reduce %[[B]] {axes = [1], kind = #tcp<reduceKind Prod>} : tensor<?x4xi64> -> tensor<?xi64>
// CHECK: return %[[MAX]], %[[MIN]], %[[P]]
func.func @max_min_prod_all(%arg0: !torch.vtensor<[?,4],si32>, %arg1: !torch.vtensor<[?,4],i1>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.vtensor<[?],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.max %arg0 : !torch.vtensor<[?,4],si32> -> !torch.vtensor<[],si32>
  %1 = torch.aten.min %arg0 : !torch.vtensor<[?,4],si32> -> !torch.vtensor<[],si32>
  %2 = torch.aten.prod.dim_int %arg1, %int1, %false, %none : !torch.vtensor<[?,4],i1>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[?],si64>
  return %0, %1, %2 : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.vtensor<[?],si64>
}

// -----

// mean = sum / count: a constant count for static dims (3 * 4), broadcast
// to the sum, then keepdim.
// CHECK-LABEL: func.func @mean_static_keepdim
// CHECK: %[[S:.*]] = tcp.reduce %arg0 {axes = [1, 2], kind = #tcp<reduceKind Sum>} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK: %[[N:.*]] = tcp.const {value = dense<1.200000e+01> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[NB:.*]] = tcp.broadcast %[[N]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<2xf32>
// CHECK: %[[M:.*]] = tcp.divf %[[S]], %[[NB]] : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
// CHECK: return %[[E]]
func.func @mean_static_keepdim(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,1,1],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.mean.dim %arg0, %0, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,1],f32>
  return %1 : !torch.vtensor<[2,1,1],f32>
}

// -----

// Over dynamic dims the count is computed at run time: the product of the
// reduced dims' sizes, as a float.
// CHECK-LABEL: func.func @mean_dynamic
// CHECK: %[[S:.*]] = tcp.reduce %arg0 {axes = [0, 2], kind = #tcp<reduceKind Sum>} : tensor<?x3x?xf32> -> tensor<3xf32>
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x?xf32>
// CHECK: %[[D2:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x?xf32>
// CHECK: %[[N:.*]] = arith.muli %[[D0]], %[[D2]] : index
// CHECK: %[[I:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK: %[[T:.*]] = tensor.from_elements %[[F]] : tensor<1xf32>
// CHECK: %[[TB:.*]] = tcp.broadcast %[[T]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<3xf32>
// CHECK: %[[M:.*]] = tcp.divf %[[S]], %[[TB]] : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
// CHECK: return %[[M]]
func.func @mean_dynamic(%arg0: !torch.vtensor<[?,3,?],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int0, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.mean.dim %arg0, %0, %false, %none : !torch.vtensor<[?,3,?],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
}

// -----

// mean of everything: a 0-d sum divided by a 0-d count.
// CHECK-LABEL: func.func @mean_all_dynamic
// CHECK: %[[S:.*]] = tcp.reduce %arg0 {axes = [0, 1], kind = #tcp<reduceKind Sum>} : tensor<?x3xf32> -> tensor<f32>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[N:.*]] = arith.muli %[[D]], %{{.*}} : index
// CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK: %[[T:.*]] = tensor.from_elements %[[F]] : tensor<f32>
// CHECK: tcp.divf %[[S]], %[[T]] : tensor<f32>, tensor<f32> -> tensor<f32>
func.func @mean_all_dynamic(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %0 = torch.aten.mean %arg0, %none : !torch.vtensor<[?,3],f32>, !torch.none -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// Over static dims the count is a constant, 0-d like the mean.
// CHECK-LABEL: func.func @mean_all_static
// CHECK: %[[S:.*]] = tcp.reduce %arg0 {axes = [0, 1, 2], kind = #tcp<reduceKind Sum>} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK: %[[N:.*]] = tcp.const {value = dense<2.400000e+01> : tensor<f32>} : tensor<f32>
// CHECK: %[[M:.*]] = tcp.divf %[[S]], %[[N]] : tensor<f32>, tensor<f32> -> tensor<f32>
// CHECK: return %[[M]]
func.func @mean_all_static(%arg0: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %0 = torch.aten.mean %arg0, %none : !torch.vtensor<[2,3,4],f32>, !torch.none -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// max.dim / min.dim are one tcp.arg_reduce (values and indices); keepdim
// expands both. Bools compare as i8 and the values are cast back.
// CHECK-LABEL: func.func @max_min_dim
// CHECK: %[[R:.*]]:2 = tcp.arg_reduce %arg0 {axis = 1 : i64, kind = #tcp<reduceKind Max>} : tensor<?x4xf32> -> tensor<?xf32>, tensor<?xi64>
// CHECK: %[[V:.*]] = tensor.expand_shape %[[R]]#0 {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: %[[I:.*]] = tensor.expand_shape %[[R]]#1 {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xi64> into tensor<?x1xi64>
// CHECK: %[[B:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x4xi1> -> tensor<?x4xi8>
// CHECK: %[[R2:.*]]:2 = tcp.arg_reduce %[[B]] {axis = 0 : i64, kind = #tcp<reduceKind Min>} : tensor<?x4xi8> -> tensor<4xi8>, tensor<4xi64>
// CHECK: %[[V2:.*]] = tcp.cast %[[R2]]#0 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signless>} : tensor<4xi8> -> tensor<4xi1>
// CHECK: return %[[V]], %[[I]], %[[V2]], %[[R2]]#1
func.func @max_min_dim(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,4],i1>) -> (!torch.vtensor<[?,1],f32>, !torch.vtensor<[?,1],si64>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si64>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %values, %indices = torch.aten.max.dim %arg0, %int1, %true : !torch.vtensor<[?,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,1],f32>, !torch.vtensor<[?,1],si64>
  %v2, %i2 = torch.aten.min.dim %arg1, %int0, %false : !torch.vtensor<[?,4],i1>, !torch.int, !torch.bool -> !torch.vtensor<[4],i1>, !torch.vtensor<[4],si64>
  return %values, %indices, %v2, %i2 : !torch.vtensor<[?,1],f32>, !torch.vtensor<[?,1],si64>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si64>
}

// -----

// argmax/argmin keep only the indices; without a dim they reduce the
// flattened tensor (keepdim then gives all-unit dims).
// CHECK-LABEL: func.func @argmax_argmin
// CHECK: %[[A:.*]]:2 = tcp.arg_reduce %arg0 {axis = 1 : i64, kind = #tcp<reduceKind Max>} : tensor<?x4xf32> -> tensor<?xf32>, tensor<?xi64>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK: %[[B:.*]]:2 = tcp.arg_reduce %[[FLAT]] {axis = 0 : i64, kind = #tcp<reduceKind Min>} : tensor<?xf32> -> tensor<f32>, tensor<i64>
// CHECK: %[[C:.*]]:2 = tcp.arg_reduce %[[FLAT]] {axis = 0 : i64, kind = #tcp<reduceKind Max>} : tensor<?xf32> -> tensor<f32>, tensor<i64>
// CHECK: %[[K:.*]] = tensor.expand_shape %[[C]]#1 [] output_shape [1, 1] : tensor<i64> into tensor<1x1xi64>
// CHECK: return %[[A]]#1, %[[B]]#1, %[[K]]
func.func @argmax_argmin(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[1,1],si64>) {
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.argmax %arg0, %int-1, %false : !torch.vtensor<[?,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?],si64>
  %1 = torch.aten.argmin %arg0, %none, %false : !torch.vtensor<[?,4],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  %2 = torch.aten.argmax %arg0, %none, %true : !torch.vtensor<[?,4],f32>, !torch.none, !torch.bool -> !torch.vtensor<[1,1],si64>
  return %0, %1, %2 : !torch.vtensor<[?],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[1,1],si64>
}

// -----

// argmax of a 0-d tensor reduces it as a one-element vector.
// CHECK-LABEL: func.func @argmax_0d
// CHECK: %[[E:.*]] = tensor.expand_shape %arg0 [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[R:.*]]:2 = tcp.arg_reduce %[[E]] {axis = 0 : i64, kind = #tcp<reduceKind Max>} : tensor<1xf32> -> tensor<f32>, tensor<i64>
// CHECK: return %[[R]]#1
func.func @argmax_0d(%arg0: !torch.vtensor<[],f32>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.argmax %arg0, %none, %false : !torch.vtensor<[],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// any/all reduce i1 (other dtypes are cast: x != 0) with Any/All.
// CHECK-LABEL: func.func @any_all
// CHECK: %[[A0:.*]] = tcp.reduce %arg0 {axes = [1], kind = #tcp<reduceKind Any>} : tensor<?x4xi1> -> tensor<?xi1>
// CHECK: %[[NZ:.*]] = tcp.cast %arg1 {out_int_signedness = #tcp<signedness Signless>} : tensor<?x4xf32> -> tensor<?x4xi1>
// CHECK: %[[A1:.*]] = tcp.reduce %[[NZ]] {axes = [1], kind = #tcp<reduceKind All>} : tensor<?x4xi1> -> tensor<?xi1>
// CHECK: %[[K1:.*]] = tensor.expand_shape %[[A1]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xi1> into tensor<?x1xi1>
// CHECK: %[[A2:.*]] = tcp.reduce %{{.*}} {axes = [0, 1], kind = #tcp<reduceKind Any>} : tensor<?x4xi1> -> tensor<i1>
// CHECK: %[[A3:.*]] = tcp.reduce %arg0 {axes = [0, 1], kind = #tcp<reduceKind All>} : tensor<?x4xi1> -> tensor<i1>
// CHECK: %[[A4:.*]] = tcp.reduce %arg0 {axes = [0], kind = #tcp<reduceKind Any>} : tensor<?x4xi1> -> tensor<4xi1>
// CHECK: %[[K4:.*]] = tensor.expand_shape %[[A4]] {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xi1> into tensor<1x4xi1>
// CHECK: return %[[A0]], %[[K1]], %[[A2]], %[[A3]], %[[K4]]
func.func @any_all(%arg0: !torch.vtensor<[?,4],i1>, %arg1: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[1,4],i1>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.any.dim %arg0, %int1, %false : !torch.vtensor<[?,4],i1>, !torch.int, !torch.bool -> !torch.vtensor<[?],i1>
  %1 = torch.aten.all.dim %arg1, %int1, %true : !torch.vtensor<[?,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,1],i1>
  %2 = torch.aten.any %arg1 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[],i1>
  %3 = torch.aten.all %arg0 : !torch.vtensor<[?,4],i1> -> !torch.vtensor<[],i1>
  %d = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %4 = torch.aten.any.dims %arg0, %d, %true : !torch.vtensor<[?,4],i1>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,4],i1>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[1,4],i1>
}

// -----

// linalg_vector_norm by ord: 1 = sum |x|, 2 = sqrt(sum x*x), inf / -inf =
// max / min |x|, 0 = number of non-zeros, p = (sum |x|^p)^(1/p).
// CHECK-LABEL: func.func @vector_norms
// CHECK: %[[ABS1:.*]] = tcp.abs %arg0 : tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK: %[[L1:.*]] = tcp.reduce %[[ABS1]] {axes = [1], kind = #tcp<reduceKind Sum>} : tensor<?x6xf32> -> tensor<?xf32>
// CHECK: %[[SQ:.*]] = tcp.mul %arg0, %arg0 : tensor<?x6xf32>, tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK: %[[SS:.*]] = tcp.reduce %[[SQ]] {axes = [1], kind = #tcp<reduceKind Sum>}
// CHECK: %[[L2:.*]] = tcp.sqrt %[[SS]] : tensor<?xf32> -> tensor<?xf32>
// CHECK: %[[LINF:.*]] = tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind Max>}
// CHECK: %[[LNINF:.*]] = tcp.reduce %{{.*}} {axes = [1], kind = #tcp<reduceKind Min>}
// CHECK: %[[NZ:.*]] = tcp.cast %arg0 {out_int_signedness = #tcp<signedness Signless>} : tensor<?x6xf32> -> tensor<?x6xi1>
// CHECK: %[[NZF:.*]] = tcp.cast %[[NZ]] {in_int_signedness = #tcp<signedness Signless>} : tensor<?x6xi1> -> tensor<?x6xf32>
// CHECK: %[[L0:.*]] = tcp.reduce %[[NZF]] {axes = [1], kind = #tcp<reduceKind Sum>}
// CHECK: %[[P:.*]] = tcp.const {value = dense<3.000000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
// CHECK: %[[PB:.*]] = tcp.broadcast %[[P]], %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x6xf32>
// CHECK: %[[POW:.*]] = tcp.pow %{{.*}}, %[[PB]] : tensor<?x6xf32>, tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK: %[[PS:.*]] = tcp.reduce %[[POW]] {axes = [1], kind = #tcp<reduceKind Sum>}
// CHECK: %[[INV:.*]] = tcp.const {value = dense<0.333333343> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[INVB:.*]] = tcp.broadcast %[[INV]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
// CHECK: %[[LP:.*]] = tcp.pow %[[PS]], %[[INVB]] : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
// CHECK: %[[K:.*]] = tensor.expand_shape %[[LP]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: return %[[L1]], %[[L2]], %[[LINF]], %[[LNINF]], %[[L0]], %[[K]]
func.func @vector_norms(%arg0: !torch.vtensor<[?,6],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?,1],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %inf = torch.constant.float 0x7FF0000000000000
  %ninf = torch.constant.float 0xFFF0000000000000
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.linalg_vector_norm %arg0, %int1, %d, %false, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %1 = torch.aten.linalg_vector_norm %arg0, %int2, %d, %false, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %2 = torch.aten.linalg_vector_norm %arg0, %inf, %d, %false, %none : !torch.vtensor<[?,6],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %3 = torch.aten.linalg_vector_norm %arg0, %ninf, %d, %false, %none : !torch.vtensor<[?,6],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %4 = torch.aten.linalg_vector_norm %arg0, %int0, %d, %false, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  %5 = torch.aten.linalg_vector_norm %arg0, %int3, %d, %true, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,1],f32>
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?,1],f32>
}

// -----

// cumsum/cumprod are tcp.scan along the dim, in the result's dtype (an
// int32 cumsum with dtype=int64 casts first); a 0-d scan is the identity.
// CHECK-LABEL: func.func @scans
// CHECK: %[[S:.*]] = tcp.scan %arg0 {axis = 1 : i64, kind = #tcp<reduceKind Sum>} : tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK: %[[W:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<?x6xi32> -> tensor<?x6xi64>
// CHECK: %[[SI:.*]] = tcp.scan %[[W]] {axis = 0 : i64, kind = #tcp<reduceKind Sum>} : tensor<?x6xi64> -> tensor<?x6xi64>
// CHECK: %[[P:.*]] = tcp.scan %arg0 {axis = 0 : i64, kind = #tcp<reduceKind Prod>} : tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK: return %[[S]], %[[SI]], %[[P]], %arg2
func.func @scans(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[?,6],si32>, %arg2: !torch.vtensor<[],f32>) -> (!torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[?,6],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %0 = torch.aten.cumsum %arg0, %int1, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,6],f32>
  %1 = torch.aten.cumsum %arg1, %int0, %int4 : !torch.vtensor<[?,6],si32>, !torch.int, !torch.int -> !torch.vtensor<[?,6],si64>
  %2 = torch.aten.cumprod %arg0, %int-2, %none : !torch.vtensor<[?,6],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,6],f32>
  %3 = torch.aten.cumsum %arg2, %int0, %none : !torch.vtensor<[],f32>, !torch.int, !torch.none -> !torch.vtensor<[],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[?,6],f32>, !torch.vtensor<[],f32>
}

// -----

// sort is tcp.sort (stable; topk and argsort arrive as a sort and a slice);
// bools sort as i8, their values cast back; a 0-d tensor is its own sort,
// at index 0.
// CHECK-LABEL: func.func @sorts
// CHECK: %[[S:.*]]:2 = tcp.sort %arg0 {axis = 1 : i64, descending = true} : tensor<?x6xf32> -> tensor<?x6xf32>, tensor<?x6xi64>
// CHECK: %[[A:.*]]:2 = tcp.sort %arg0 {axis = 0 : i64} : tensor<?x6xf32> -> tensor<?x6xf32>, tensor<?x6xi64>
// CHECK: %[[B:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<5xi1> -> tensor<5xi8>
// CHECK: %[[BS:.*]]:2 = tcp.sort %[[B]] {axis = 0 : i64} : tensor<5xi8> -> tensor<5xi8>, tensor<5xi64>
// CHECK: %[[BV:.*]] = tcp.cast %[[BS]]#0 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signless>} : tensor<5xi8> -> tensor<5xi1>
// CHECK: %[[Z:.*]] = tcp.const {value = dense<0> : tensor<i64>} : tensor<i64>
// CHECK: return %[[S]]#0, %[[S]]#1, %[[A]]#1, %[[BV]], %[[BS]]#1, %arg2, %[[Z]]
func.func @sorts(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[5],i1>, %arg2: !torch.vtensor<[],si32>) -> (!torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[5],i1>, !torch.vtensor<[5],si64>, !torch.vtensor<[],si32>, !torch.vtensor<[],si64>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %values, %indices = torch.aten.sort %arg0, %int-1, %true : !torch.vtensor<[?,6],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>
  %v1, %i1 = torch.aten.sort %arg0, %int0, %false : !torch.vtensor<[?,6],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>
  %v2, %i2 = torch.aten.sort %arg1, %int0, %false : !torch.vtensor<[5],i1>, !torch.int, !torch.bool -> !torch.vtensor<[5],i1>, !torch.vtensor<[5],si64>
  %v3, %i3 = torch.aten.sort %arg2, %int0, %false : !torch.vtensor<[],si32>, !torch.int, !torch.bool -> !torch.vtensor<[],si32>, !torch.vtensor<[],si64>
  return %values, %indices, %i1, %v2, %i2, %v3, %i3 : !torch.vtensor<[?,6],f32>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[?,6],si64>, !torch.vtensor<[5],i1>, !torch.vtensor<[5],si64>, !torch.vtensor<[],si32>, !torch.vtensor<[],si64>
}
