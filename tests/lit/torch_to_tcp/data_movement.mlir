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

// x[rows, cols] with constant index tensors: stacked (at compile time, by
// tcp-simplify), then tcp.gather_nd. The constants have no negative index, so
// nothing wraps them.
// CHECK-LABEL: func.func @advanced_indexing
// CHECK-NOT: tcp.clamp
// CHECK: %[[I:.*]] = tcp.const {value = dense<{{\[\[}}0, 1], [4, 1], [2, 3]]> : tensor<3x2xi64>} : tensor<3x2xi64>
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

// -----

// permute and transpose.int are tcp.transpose (negative dims normalized).
// CHECK-LABEL: func.func @permute_transpose
// CHECK: %[[P:.*]] = tcp.transpose %arg0 {permutation = [2, 0, 1]} : tensor<?x3x5xf32> -> tensor<5x?x3xf32>
// CHECK: %[[T:.*]] = tcp.transpose %arg0 {permutation = [0, 2, 1]} : tensor<?x3x5xf32> -> tensor<?x5x3xf32>
// CHECK: return %[[P]], %[[T]]
func.func @permute_transpose(%arg0: !torch.vtensor<[?,3,5],f32>) -> (!torch.vtensor<[5,?,3],f32>, !torch.vtensor<[?,5,3],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.prim.ListConstruct %int-1, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.permute %arg0, %0 : !torch.vtensor<[?,3,5],f32>, !torch.list<int> -> !torch.vtensor<[5,?,3],f32>
  %2 = torch.aten.transpose.int %arg0, %int-1, %int1 : !torch.vtensor<[?,3,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,5,3],f32>
  return %1, %2 : !torch.vtensor<[5,?,3],f32>, !torch.vtensor<[?,5,3],f32>
}

// -----

// F.pad(x, (1, 2, 0, 1), value=0.5): the last dim gets 1 before and 2
// after, the one before it 1 after; the value is a 0-d constant.
// CHECK-LABEL: func.func @constant_pad
// CHECK: %[[V:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<f32>} : tensor<f32>
// CHECK: %[[P:.*]] = tcp.pad %arg0, %[[V]] {high = [0, 0, 1, 2], low = [0, 0, 0, 1]} : tensor<?x3x8x8xf32>, tensor<f32> -> tensor<?x3x9x11xf32>
// CHECK: return %[[P]]
func.func @constant_pad(%arg0: !torch.vtensor<[?,3,8,8],f32>) -> !torch.vtensor<[?,3,9,11],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %float = torch.constant.float 5.000000e-01
  %0 = torch.prim.ListConstruct %int1, %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.constant_pad_nd %arg0, %0, %float : !torch.vtensor<[?,3,8,8],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[?,3,9,11],f32>
  return %1 : !torch.vtensor<[?,3,9,11],f32>
}

// -----

// constant_pad_nd: (low, high) pairs from the last dim backwards; a negative
// amount crops first (a tcp.slice), the rest is a tcp.pad with a 0-d value
// (here a runtime size, converted to the element type).
// CHECK-LABEL: func.func @constant_pad_negative
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x6xf32>
// CHECK: %[[N:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[S:.*]] = tcp.slice %arg0 starts(%[[C0]], %[[C1]]) sizes(%[[D]], %[[C5]]) strides(%[[C1]], %[[C1]]) : tensor<?x6xf32> -> tensor<?x5xf32>
// CHECK: %[[F:.*]] = arith.sitofp %[[N]] : i64 to f32
// CHECK: %[[V:.*]] = tensor.from_elements %[[F]] : tensor<f32>
// CHECK: %[[P:.*]] = tcp.pad %[[S]], %[[V]] {high = [0, 2], low = [0, 0]} : tensor<?x5xf32>, tensor<f32> -> tensor<?x7xf32>
// CHECK: return %[[P]]
func.func @constant_pad_negative(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,7],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %int2 = torch.constant.int 2
  %n = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,6],f32>, !torch.int -> !torch.int
  %0 = torch.prim.ListConstruct %int-1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.constant_pad_nd %arg0, %0, %n : !torch.vtensor<[?,6],f32>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,7],f32>
  return %1 : !torch.vtensor<[?,7],f32>
}

// -----

// Cropping a dynamic dim: the slice's size is computed at run time.
// CHECK-LABEL: func.func @constant_pad_crop_dynamic
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x6xi32>
// CHECK: %[[SZ:.*]] = arith.subi %[[D]], %[[C2]] : index
// CHECK: %[[S:.*]] = tcp.slice %arg0 starts(%[[C2]], %{{.*}}) sizes(%[[SZ]], %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<?x6xi32> -> tensor<?x6xi32>
// CHECK: %[[T:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[V:.*]] = tensor.from_elements %[[T]] : tensor<i32>
// CHECK: tcp.pad %[[S]], %[[V]] {high = [1, 0], low = [0, 0]} : tensor<?x6xi32>, tensor<i32> -> tensor<?x6xi32>
func.func @constant_pad_crop_dynamic(%arg0: !torch.vtensor<[?,6],si32>) -> !torch.vtensor<[?,6],si32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-2 = torch.constant.int -2
  %n = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,6],si32>, !torch.int -> !torch.int
  %0 = torch.prim.ListConstruct %int0, %int0, %int-2, %int1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.constant_pad_nd %arg0, %0, %n : !torch.vtensor<[?,6],si32>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,6],si32>
  return %1 : !torch.vtensor<[?,6],si32>
}

// -----

// CHECK-LABEL: func.func @flip
// CHECK: tcp.flip %arg0 {axes = [0, 2]} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>
func.func @flip(%arg0: !torch.vtensor<[?,4,5],f32>) -> !torch.vtensor<[?,4,5],f32> {
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int-1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.flip %arg0, %0 : !torch.vtensor<[?,4,5],f32>, !torch.list<int> -> !torch.vtensor<[?,4,5],f32>
  return %1 : !torch.vtensor<[?,4,5],f32>
}

// -----

// embedding(weight, ids) = weight[ids]: a gather_nd of the ids as
// one-element index vectors.
// CHECK-LABEL: func.func @embedding
// CHECK: %[[D0:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xi64>
// CHECK: %[[D1:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xi64>
// CHECK: %[[I:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [%[[D0]], %[[D1]], 1] : tensor<?x?xi64> into tensor<?x?x1xi64>
// CHECK: tcp.gather_nd %arg0, %[[I]] : tensor<1000x32xf32>, tensor<?x?x1xi64> -> tensor<?x?x32xf32>
func.func @embedding(%arg0: !torch.vtensor<[1000,32],f32>, %arg1: !torch.vtensor<[?,?],si64>) -> !torch.vtensor<[?,?,32],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %arg0, %arg1, %int-1, %false, %false : !torch.vtensor<[1000,32],f32>, !torch.vtensor<[?,?],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,?,32],f32>
  return %0 : !torch.vtensor<[?,?,32],f32>
}

// -----

// Int32 ids are widened to i64.
// CHECK-LABEL: func.func @embedding_int32_ids
// CHECK: %[[W:.*]] = tcp.cast %arg1 {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<5xi32> -> tensor<5xi64>
// CHECK: %[[I:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1]] output_shape [5, 1] : tensor<5xi64> into tensor<5x1xi64>
// CHECK: tcp.gather_nd %arg0, %[[I]] : tensor<10x4xf32>, tensor<5x1xi64> -> tensor<5x4xf32>
func.func @embedding_int32_ids(%arg0: !torch.vtensor<[10,4],f32>, %arg1: !torch.vtensor<[5],si32>) -> !torch.vtensor<[5,4],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %arg0, %arg1, %int-1, %false, %false : !torch.vtensor<[10,4],f32>, !torch.vtensor<[5],si32>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[5,4],f32>
  return %0 : !torch.vtensor<[5,4],f32>
}

// -----

// Nearest-neighbour upsampling by a scale factor (as torch.export brings
// F.interpolate(x, scale_factor=2)): per spatial dim, source index
// min(floor(i * 0.5), 8 - 1) over an iota of the output size, laid along the
// dim and broadcast, then a tcp.gather along that dim.
// CHECK-LABEL: func.func @interpolate_nearest_scale
// CHECK: %[[LAST:.*]] = arith.constant dense<7> : tensor<1xi64>
// CHECK: %[[I:.*]] = tcp.iota : -> tensor<16xf32>
// CHECK: %[[S:.*]] = tcp.const {value = dense<5.000000e-01> : tensor<1xf32>} : tensor<1xf32>
// CHECK: %[[SB:.*]] = tcp.broadcast %[[S]], %{{.*}} {axes = [0]} : tensor<1xf32>, index -> tensor<16xf32>
// CHECK: %[[M:.*]] = tcp.mul %[[I]], %[[SB]] : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
// CHECK: %[[F:.*]] = tcp.floor %[[M]] : tensor<16xf32> -> tensor<16xf32>
// CHECK: %[[C:.*]] = tcp.cast %[[F]] {out_int_signedness = #tcp<signedness Signed>} : tensor<16xf32> -> tensor<16xi64>
// CHECK: %[[LB:.*]] = tcp.broadcast %[[LAST]], %{{.*}} {axes = [0]} : tensor<1xi64>, index -> tensor<16xi64>
// CHECK: %[[SRC:.*]] = tcp.min %[[C]], %[[LB]] : tensor<16xi64>, tensor<16xi64> -> tensor<16xi64>
// CHECK: %[[L:.*]] = tensor.expand_shape %[[SRC]] {{\[\[}}0, 1, 2, 3]] output_shape [1, 1, 16, 1] : tensor<16xi64> into tensor<1x1x16x1xi64>
// CHECK: %[[IDX:.*]] = tcp.broadcast %[[L]], %{{.*}}, %{{.*}}, %{{.*}} {axes = [0, 1, 3]} : tensor<1x1x16x1xi64>, index, index, index -> tensor<2x3x16x8xi64>
// CHECK: %[[H:.*]] = tcp.gather %arg0, %[[IDX]] {dim = 2 : i64} : tensor<2x3x8x8xf32>, tensor<2x3x16x8xi64> -> tensor<2x3x16x8xf32>
// CHECK: %[[L2:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2, 3]] output_shape [1, 1, 1, 16] : tensor<16xi64> into tensor<1x1x1x16xi64>
// CHECK: %[[IDX2:.*]] = tcp.broadcast %[[L2]], %{{.*}}, %{{.*}}, %{{.*}} {axes = [0, 1, 2]} : tensor<1x1x1x16xi64>, index, index, index -> tensor<2x3x16x16xi64>
// CHECK: %[[W:.*]] = tcp.gather %[[H]], %[[IDX2]] {dim = 3 : i64} : tensor<2x3x16x8xf32>, tensor<2x3x16x16xi64> -> tensor<2x3x16x16xf32>
// CHECK: return %[[W]]
func.func @interpolate_nearest_scale(%arg0: !torch.vtensor<[2,3,8,8],f32>) -> !torch.vtensor<[2,3,16,16],f32> {
  %false = torch.constant.bool false
  %str = torch.constant.str "nearest"
  %none = torch.constant.none
  %float2.000000e00 = torch.constant.float 2.000000e+00
  %0 = torch.prim.ListConstruct %float2.000000e00, %float2.000000e00 : (!torch.float, !torch.float) -> !torch.list<float>
  %1 = torch.aten.__interpolate.size_list_scale_list %arg0, %none, %0, %str, %none, %none, %false : !torch.vtensor<[2,3,8,8],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[2,3,16,16],f32>
  return %1 : !torch.vtensor<[2,3,16,16],f32>
}

// -----

// To a given size the scale is in_size / out_size (8 / 5, 8 / 12); the
// dynamic batch is carried into the broadcast indices.
// CHECK-LABEL: func.func @interpolate_nearest_size
// CHECK: tcp.iota : -> tensor<5xf32>
// CHECK: tcp.const {value = dense<1.600000e+00> : tensor<1xf32>}
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x8x8xf32>
// CHECK: %[[IDX:.*]] = tcp.broadcast %{{.*}}, %[[D]], %{{.*}}, %{{.*}} {axes = [0, 1, 3]} : tensor<1x1x5x1xi64>, index, index, index -> tensor<?x3x5x8xi64>
// CHECK: %[[H:.*]] = tcp.gather %arg0, %[[IDX]] {dim = 2 : i64} : tensor<?x3x8x8xf32>, tensor<?x3x5x8xi64> -> tensor<?x3x5x8xf32>
// CHECK: tcp.iota : -> tensor<12xf32>
// CHECK: tcp.const {value = dense<0.666666686> : tensor<1xf32>}
// CHECK: tcp.gather %[[H]], %{{.*}} {dim = 3 : i64} : tensor<?x3x5x8xf32>, tensor<?x3x5x12xi64> -> tensor<?x3x5x12xf32>
func.func @interpolate_nearest_size(%arg0: !torch.vtensor<[?,3,8,8],f32>) -> !torch.vtensor<[?,3,5,12],f32> {
  %false = torch.constant.bool false
  %str = torch.constant.str "nearest"
  %none = torch.constant.none
  %int5 = torch.constant.int 5
  %int12 = torch.constant.int 12
  %0 = torch.prim.ListConstruct %int5, %int12 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.__interpolate.size_list_scale_list %arg0, %0, %none, %str, %none, %none, %false : !torch.vtensor<[?,3,8,8],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[?,3,5,12],f32>
  return %1 : !torch.vtensor<[?,3,5,12],f32>
}
