// Torch -> TCP: constants, sizes, broadcasting, views, concatenation,
// slicing and indexing.
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// Literals become tcp.const with signless integers; a runtime size is a scalar tensor.
// CHECK-LABEL: func.func @literal_and_size
// CHECK: tcp.const {value = dense<[1, -2, 3]> : tensor<3xi64>} : tensor<3xi64>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK: %[[T:.*]] = tensor.from_elements %[[F]] : tensor<1x1xf32>
// CHECK: %[[B:.*]] = tcp.broadcast %[[T]], %[[D]], %{{.*}} {axes = [0, 1]}
// CHECK: tcp.mul %arg0, %[[B]]
func.func @literal_and_size(%arg0: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor<[3],si64>, !torch.vtensor<[?,3],f32>) {
  %0 = torch.vtensor.literal(dense<[1, -2, 3]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %int0 = torch.constant.int 0
  %1 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.int
  %2 = torch.aten.mul.Scalar %arg0, %1 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0, %2 : !torch.vtensor<[3],si64>, !torch.vtensor<[?,3],f32>
}

// -----

// CHECK-LABEL: func.func @broadcast_to
// CHECK: %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
// CHECK: tcp.broadcast %[[E]], %[[D]] {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
func.func @broadcast_to(%arg0: !torch.vtensor<[3],f32>, %arg1: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %0 = torch.aten.size.int %arg1, %int0 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.int
  %1 = torch.prim.ListConstruct %0, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.broadcast_to %arg0, %1 : !torch.vtensor<[3],f32>, !torch.list<int> -> !torch.vtensor<[?,3],f32>
  return %2 : !torch.vtensor<[?,3],f32>
}

// -----

// CHECK-LABEL: func.func @cat
// CHECK: tcp.concat %arg0, %arg1 {axis = 0 : i64} : tensor<?x3xf32>, tensor<2x3xf32> -> tensor<?x3xf32>
func.func @cat(%arg0: !torch.vtensor<[?,3],f32>, %arg1: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %1 : !torch.vtensor<[?,3],f32>
}

// -----

// x[:, -4:-1] on a static dim folds to start 2, size 3.
// CHECK-LABEL: func.func @slice_negative_bounds
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK: tcp.slice %arg0 starts(%[[C0]], %[[C2]]) sizes(%[[D]], %[[C3]]) strides(%[[C1]], %[[C1]]) : tensor<?x6xf32> -> tensor<?x3xf32>
func.func @slice_negative_bounds(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,3],f32> {
  %int1 = torch.constant.int 1
  %int-4 = torch.constant.int -4
  %int-1 = torch.constant.int -1
  %0 = torch.aten.slice.Tensor %arg0, %int1, %int-4, %int-1, %int1 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// Slicing a dynamic dim computes clamped bounds at run time.
// CHECK-LABEL: func.func @slice_dynamic_dim
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: arith.minsi
// CHECK: arith.ceildivui
// CHECK: tcp.slice %arg0 starts({{.*}}) sizes({{.*}}) strides({{.*}}) : tensor<?x6xf32> -> tensor<?x6xf32>
func.func @slice_dynamic_dim(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int100 = torch.constant.int 100
  %0 = torch.aten.slice.Tensor %arg0, %int0, %int1, %int100, %int2 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,6],f32>
  return %0 : !torch.vtensor<[?,6],f32>
}

// -----

// CHECK-LABEL: func.func @gather
// CHECK: tcp.gather %arg0, %arg1 {dim = 1 : i64} : tensor<?x4xf32>, tensor<?x2xi64> -> tensor<?x2xf32>
func.func @gather(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,2],si64>) -> !torch.vtensor<[?,2],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int1, %arg1, %false : !torch.vtensor<[?,4],f32>, !torch.int, !torch.vtensor<[?,2],si64>, !torch.bool -> !torch.vtensor<[?,2],f32>
  return %0 : !torch.vtensor<[?,2],f32>
}

// -----

// index_select is a gather whose indices lie along the dim, broadcast.
// CHECK-LABEL: func.func @index_select
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [2, 1] : tensor<2xi64> into tensor<2x1xi64>
// CHECK: %[[B:.*]] = tcp.broadcast %[[E]], %{{.*}} {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// CHECK: tcp.gather %arg0, %[[B]] {dim = 0 : i64} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
func.func @index_select(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// x[rows, cols] with constant index tensors: stacked, then tcp.gather_nd.
// The constants have no negative index, so nothing wraps them.
// CHECK-LABEL: func.func @advanced_indexing
// CHECK-NOT: tcp.clamp
// CHECK-DAG: %[[COLS:.*]] = tcp.const {value = dense<[1, 1, 3]> : tensor<3xi64>}
// CHECK-DAG: %[[ROWS:.*]] = tcp.const {value = dense<[0, 4, 2]> : tensor<3xi64>}
// CHECK-DAG: %[[R:.*]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0, 1]] output_shape [3, 1]
// CHECK-DAG: %[[C:.*]] = tensor.expand_shape %[[COLS]] {{\[\[}}0, 1]] output_shape [3, 1]
// CHECK: %[[I:.*]] = tcp.concat %[[R]], %[[C]] {axis = 1 : i64} : tensor<3x1xi64>, tensor<3x1xi64> -> tensor<3x2xi64>
// CHECK: tcp.gather_nd %arg0, %[[I]] : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3xf32>
func.func @advanced_indexing(%arg0: !torch.vtensor<[5,4],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.vtensor.literal(dense<[0, 4, 2]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %1 = torch.vtensor.literal(dense<[1, 1, 3]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %2 = torch.prim.ListConstruct %0, %1 : (!torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %3 = torch.aten.index.Tensor %arg0, %2 : !torch.vtensor<[5,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3],f32>
  return %3 : !torch.vtensor<[3],f32>
}

// -----

// Runtime indices may be negative and count from the end: i - clamp(i, -1, 0) * size,
// with the size of the dim each indexes (dynamic dim 0, static dim 1).
// CHECK-LABEL: func.func @advanced_indexing_negative
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NT:.*]] = tensor.from_elements %[[N64]] : tensor<1xi64>
// CHECK: %[[RNEG:.*]] = tcp.clamp %arg1 {max_int = 0 : i64, min_int = -1 : i64} : tensor<3xi64> -> tensor<3xi64>
// CHECK: %[[NB:.*]] = tcp.broadcast %[[NT]], %{{.*}} {axes = [0]} : tensor<1xi64>, index -> tensor<3xi64>
// CHECK: %[[RSHIFT:.*]] = tcp.mul %[[RNEG]], %[[NB]]
// CHECK: %[[ROWS:.*]] = tcp.sub %arg1, %[[RSHIFT]]
// CHECK: %[[FOUR:.*]] = tcp.const {value = dense<4> : tensor<1xi64>} : tensor<1xi64>
// CHECK: %[[CNEG:.*]] = tcp.clamp %arg2 {max_int = 0 : i64, min_int = -1 : i64} : tensor<3xi64> -> tensor<3xi64>
// CHECK: %[[FB:.*]] = tcp.broadcast %[[FOUR]], %{{.*}} {axes = [0]} : tensor<1xi64>, index -> tensor<3xi64>
// CHECK: %[[CSHIFT:.*]] = tcp.mul %[[CNEG]], %[[FB]]
// CHECK: %[[COLS:.*]] = tcp.sub %arg2, %[[CSHIFT]]
// CHECK-DAG: tensor.expand_shape %[[ROWS]]
// CHECK-DAG: tensor.expand_shape %[[COLS]]
// CHECK: tcp.gather_nd %arg0, %{{.*}} : tensor<?x4xf32>, tensor<3x2xi64> -> tensor<3xf32>
func.func @advanced_indexing_negative(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[3],si64>, %arg2: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[?,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
}

// -----

// CHECK-LABEL: func.func @ones_like
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x2xi32>
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1> : tensor<1x1xi32>} : tensor<1x1xi32>
// CHECK: tcp.broadcast %[[ONE]], %[[D]], %{{.*}} {axes = [0, 1]} : tensor<1x1xi32>, index, index -> tensor<?x2xi32>
func.func @ones_like(%arg0: !torch.vtensor<[?,2],si32>) -> !torch.vtensor<[?,2],si32> {
  %none = torch.constant.none
  %0 = torch.aten.ones_like %arg0, %none, %none, %none, %none, %none : !torch.vtensor<[?,2],si32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,2],si32>
  return %0 : !torch.vtensor<[?,2],si32>
}

// -----

// unsqueeze, squeeze and view are tensor reshapes (outside TCP, inside the contract).
// CHECK-LABEL: func.func @views
// CHECK: %[[F:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @views(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %0 = torch.aten.unsqueeze %arg0, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[1,2,3],f32>
  %1 = torch.aten.squeeze.dim %0, %int0 : !torch.vtensor<[1,2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %2 = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.view %1, %2 : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
  return %3 : !torch.vtensor<[3,2],f32>
}

// -----

// arange(1, n, 2): start + step * iota(ceil((n - start) / step)).
// CHECK-LABEL: func.func @arange_dynamic
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK: %[[SPAN:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: %[[LEN:.*]] = arith.ceildivsi %[[SPAN]], %{{.*}} : index
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[LEN]], %{{.*}} : index
// CHECK: %[[I:.*]] = tcp.iota %[[SIZE]] : index -> tensor<?xi64>
// CHECK: %[[M:.*]] = tcp.mul %[[I]], %{{.*}} : tensor<?xi64>, tensor<?xi64> -> tensor<?xi64>
// CHECK: tcp.add %[[M]], %{{.*}} : tensor<?xi64>, tensor<?xi64> -> tensor<?xi64>
func.func @arange_dynamic(%arg0: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],si64> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.arange.start_step %int1, %0, %int2, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],si64>
  return %1 : !torch.vtensor<[?],si64>
}
