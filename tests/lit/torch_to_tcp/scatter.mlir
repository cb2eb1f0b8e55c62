// Torch -> TCP: writes at indices, each a tcp.scatter_nd of the coordinates
// it writes (see tcp_aot/conversion/torch_to_tcp/scatter.py).
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// torch.scatter along dim 1: the coordinates are (row, index[row, j]).
// CHECK-LABEL: func.func @scatter_dim1
// CHECK: %[[ROWS:.*]] = tcp.iota : -> tensor<2xi64>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0, 1]] output_shape [2, 1]
// CHECK: %[[RB:.*]] = tcp.broadcast %[[R]], %{{.*}} {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x6xi64>
// CHECK: %[[C0:.*]] = tensor.expand_shape %[[RB]] {{\[\[}}0], [1, 2]] output_shape [2, 6, 1]
// CHECK: %[[C1:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [2, 6, 1]
// CHECK: %[[COORDS:.*]] = tcp.concat %[[C0]], %[[C1]] {axis = 2 : i64} : tensor<2x6x1xi64>, tensor<2x6x1xi64> -> tensor<2x6x2xi64>
// CHECK: tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Replace>} : tensor<4x6xf32>, tensor<2x6x2xi64>, tensor<2x6xf32> -> tensor<4x6xf32>
func.func @scatter_dim1(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2,6],si64>, %arg2: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.scatter.src %arg0, %int1, %arg1, %arg2 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2,6],si64>, !torch.vtensor<[2,6],f32> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// Without self, each written element starts from the identity (-inf for
// amax), then takes the maximum of its values.
// CHECK-LABEL: func.func @scatter_amax_without_self
// CHECK: %[[COORDS:.*]] = tcp.concat
// CHECK: %[[LOW:.*]] = tcp.const {value = dense<0xFF800000> : tensor<1x1xf32>}
// CHECK: %[[LOWS:.*]] = tcp.broadcast %[[LOW]]
// CHECK: %[[START:.*]] = tcp.scatter_nd %arg0, %[[COORDS]], %[[LOWS]] {kind = #tcp<scatterKind Replace>}
// CHECK: tcp.scatter_nd %[[START]], %[[COORDS]], %arg2 {kind = #tcp<scatterKind Max>}
func.func @scatter_amax_without_self(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2,6],si64>, %arg2: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "amax"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %arg0, %int0, %arg1, %arg2, %str, %false : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2,6],si64>, !torch.vtensor<[2,6],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// index_put with accumulate adds; the indices wrap (a negative one counts
// from the end) and become the coordinates of the leading dim.
// CHECK-LABEL: func.func @index_put_accumulate
// CHECK: %[[WRAPPED:.*]] = tcp.sub %arg1, %{{.*}} : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
// CHECK: %[[COORDS:.*]] = tensor.expand_shape %[[WRAPPED]] {{\[\[}}0, 1]] output_shape [3, 1]
// CHECK: tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Sum>} : tensor<5x4xf32>, tensor<3x1xi64>, tensor<3x4xf32> -> tensor<5x4xf32>
func.func @index_put_accumulate(%arg0: !torch.vtensor<[5,4],f32>, %arg1: !torch.vtensor<[3],si64>, %arg2: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[5,4],f32> {
  %true = torch.constant.bool true
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[3],si64>) -> !torch.list<vtensor>
  %1 = torch.aten.index_put.hacked_twin %arg0, %0, %arg2, %true : !torch.vtensor<[5,4],f32>, !torch.list<vtensor>, !torch.vtensor<[3,4],f32>, !torch.bool -> !torch.vtensor<[5,4],f32>
  return %1 : !torch.vtensor<[5,4],f32>
}

// -----

// slice_scatter moves its dim first and writes at start + i * step.
// CHECK-LABEL: func.func @slice_scatter
// CHECK: %[[X:.*]] = tcp.transpose %arg0 {permutation = [1, 0]} : tensor<5x?xf32> -> tensor<?x5xf32>
// CHECK: %[[SRC:.*]] = tcp.transpose %arg1 {permutation = [1, 0]} : tensor<5x?xf32> -> tensor<?x5xf32>
// CHECK: %[[I:.*]] = tcp.iota
// CHECK: %[[SCALED:.*]] = tcp.mul %[[I]], %{{.*}}
// CHECK: %[[AT:.*]] = tcp.add %[[SCALED]], %{{.*}}
// CHECK: %[[COORDS:.*]] = tensor.expand_shape %[[AT]]
// CHECK: %[[S:.*]] = tcp.scatter_nd %[[X]], %[[COORDS]], %[[SRC]] {kind = #tcp<scatterKind Replace>}
// CHECK: tcp.transpose %[[S]] {permutation = [1, 0]} : tensor<?x5xf32> -> tensor<5x?xf32>
func.func @slice_scatter(%arg0: !torch.vtensor<[5,?],f32>, %arg1: !torch.vtensor<[5,?],f32>) -> !torch.vtensor<[5,?],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice_scatter %arg0, %arg1, %int1, %int1, %none, %int2 : !torch.vtensor<[5,?],f32>, !torch.vtensor<[5,?],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[5,?],f32>
  return %0 : !torch.vtensor<[5,?],f32>
}

// -----

// embedding_bag (mean, padding index 1): each id's bag from a scan of
// marks at the offsets, the rows gathered, padding rows weighted 0, sums
// and counts scattered into the bags, the sums divided by max(count, 1).
// CHECK-LABEL: func.func @embedding_bag_mean
// CHECK: %[[MARKS:.*]] = tcp.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {kind = #tcp<scatterKind Sum>} : tensor<?xi64>, tensor<4x1xi64>, tensor<4xi64> -> tensor<?xi64>
// CHECK: %[[STARTED:.*]] = tcp.scan %[[MARKS]] {axis = 0 : i64, kind = #tcp<reduceKind Sum>}
// CHECK: %[[PAD:.*]] = tcp.cmp %arg1, %{{.*}} {predicate = #tcp<cmpPredicate Eq>}
// CHECK: %[[KEPT:.*]] = tcp.select %[[PAD]]
// CHECK: %[[ROWS:.*]] = tcp.gather_nd %arg0, %{{.*}} : tensor<10x3xf32>, tensor<?x1xi64> -> tensor<?x3xf32>
// CHECK: %[[COUNT:.*]] = tcp.scatter_nd %{{.*}}, %[[BAGS:.*]], %[[KEPT]] {kind = #tcp<scatterKind Sum>} : tensor<4xf32>, tensor<?x1xi64>, tensor<?xf32> -> tensor<4xf32>
// CHECK: %[[WEIGHTED:.*]] = tcp.mul %[[ROWS]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[SUMS:.*]] = tcp.scatter_nd %{{.*}}, %[[BAGS]], %[[WEIGHTED]] {kind = #tcp<scatterKind Sum>} : tensor<4x3xf32>, tensor<?x1xi64>, tensor<?x3xf32> -> tensor<4x3xf32>
// CHECK: %[[DIVISOR:.*]] = tcp.max %[[COUNT]], %{{.*}} : tensor<4xf32>
// CHECK: tcp.divf %[[SUMS]], %{{.*}} : tensor<4x3xf32>
func.func @embedding_bag_mean(%arg0: !torch.vtensor<[10,3],f32>, %arg1: !torch.vtensor<[?],si64>, %arg2: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4,3],f32> {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %result0, %result1, %result2, %result3 = torch.aten.embedding_bag.padding_idx %arg0, %arg1, %arg2, %false, %int1, %false, %none, %false, %int1 : !torch.vtensor<[10,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.bool, !torch.int, !torch.bool, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
  return %result0 : !torch.vtensor<[4,3],f32>
}

// -----

// diagonal_scatter (offset 1 on dims 1 and 2) moves both dims first and
// writes src, whose last dim runs along the diagonal, at rows 0 + i and
// columns 1 + i.
// CHECK-LABEL: func.func @diagonal_scatter
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK: %[[X:.*]] = tcp.transpose %arg0 {permutation = [1, 2, 0]} : tensor<2x4x5xf32> -> tensor<4x5x2xf32>
// CHECK: %[[SRC:.*]] = tcp.transpose %arg1 {permutation = [1, 0]} : tensor<2x4xf32> -> tensor<4x2xf32>
// CHECK: %[[FROM0:.*]] = tcp.broadcast %[[ZERO]]
// CHECK: %[[ROWS:.*]] = tcp.add %{{.*}}, %[[FROM0]]
// CHECK: %[[FROM1:.*]] = tcp.broadcast %[[ONE]]
// CHECK: %[[COLUMNS:.*]] = tcp.add %{{.*}}, %[[FROM1]]
// CHECK: %[[AT:.*]] = tcp.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<4x1xi64>, tensor<4x1xi64> -> tensor<4x2xi64>
// CHECK: %[[S:.*]] = tcp.scatter_nd %[[X]], %[[AT]], %[[SRC]] {kind = #tcp<scatterKind Replace>}
// CHECK: tcp.transpose %[[S]] {permutation = [2, 0, 1]} : tensor<4x5x2xf32> -> tensor<2x4x5xf32>
func.func @diagonal_scatter(%arg0: !torch.vtensor<[2,4,5],f32>, %arg1: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %0 = torch.aten.diagonal_scatter %arg0, %arg1, %int1, %int1, %int-1 : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,4,5],f32>
  return %0 : !torch.vtensor<[2,4,5],f32>
}

// -----

// scatter_add along dim 0: the coordinates are (index[i, col], col), the
// values added.
// CHECK-LABEL: func.func @scatter_add
// CHECK: %[[COLS:.*]] = tcp.iota : -> tensor<6xi64>
// CHECK: %[[C0:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [2, 6, 1]
// CHECK: %[[COORDS:.*]] = tcp.concat %[[C0]], %{{.*}} {axis = 2 : i64} : tensor<2x6x1xi64>, tensor<2x6x1xi64> -> tensor<2x6x2xi64>
// CHECK: tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Sum>} : tensor<4x6xf32>, tensor<2x6x2xi64>, tensor<2x6xf32> -> tensor<4x6xf32>
func.func @scatter_add(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2,6],si64>, %arg2: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.scatter_add %arg0, %int0, %arg1, %arg2 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2,6],si64>, !torch.vtensor<[2,6],f32> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// mean with self: the sums of self and the values written, over the
// counts, which start at 1 for self (and never divide by 0).
// CHECK-LABEL: func.func @scatter_mean_with_self
// CHECK: %[[COORDS:.*]] = tcp.concat
// CHECK: %[[SUMS:.*]] = tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Sum>}
// CHECK: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<1x1xf32>}
// CHECK: %[[SELF:.*]] = tcp.broadcast %[[ONE]], %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x6xf32>
// CHECK: %[[ONES:.*]] = tcp.broadcast %{{.*}} -> tensor<2x6xf32>
// CHECK: %[[COUNTS:.*]] = tcp.scatter_nd %[[SELF]], %[[COORDS]], %[[ONES]] {kind = #tcp<scatterKind Sum>}
// CHECK: %[[DIVISOR:.*]] = tcp.max %[[COUNTS]], %{{.*}} : tensor<4x6xf32>
// CHECK: tcp.divf %[[SUMS]], %[[DIVISOR]] : tensor<4x6xf32>
func.func @scatter_mean_with_self(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2,6],si64>, %arg2: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "mean"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %arg0, %int0, %arg1, %arg2, %str, %true : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2,6],si64>, !torch.vtensor<[2,6],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// prod with self multiplies into self.
// CHECK-LABEL: func.func @scatter_prod_with_self
// CHECK: %[[COORDS:.*]] = tcp.concat
// CHECK-NEXT: tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Prod>}
func.func @scatter_prod_with_self(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2,6],si64>, %arg2: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "prod"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %arg0, %int0, %arg1, %arg2, %str, %true : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2,6],si64>, !torch.vtensor<[2,6],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// index_put without accumulate writes (of duplicate indices, one value
// wins, as in PyTorch, where which one is unspecified).
// CHECK-LABEL: func.func @index_put
// CHECK: %[[WRAPPED:.*]] = tcp.sub %arg1, %{{.*}} : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
// CHECK: %[[COORDS:.*]] = tensor.expand_shape %[[WRAPPED]] {{\[\[}}0, 1]] output_shape [3, 1]
// CHECK: tcp.scatter_nd %arg0, %[[COORDS]], %arg2 {kind = #tcp<scatterKind Replace>} : tensor<5x4xf32>, tensor<3x1xi64>, tensor<3x4xf32> -> tensor<5x4xf32>
func.func @index_put(%arg0: !torch.vtensor<[5,4],f32>, %arg1: !torch.vtensor<[3],si64>, %arg2: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[5,4],f32> {
  %false = torch.constant.bool false
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[3],si64>) -> !torch.list<vtensor>
  %1 = torch.aten.index_put.hacked_twin %arg0, %0, %arg2, %false : !torch.vtensor<[5,4],f32>, !torch.list<vtensor>, !torch.vtensor<[3,4],f32>, !torch.bool -> !torch.vtensor<[5,4],f32>
  return %1 : !torch.vtensor<[5,4],f32>
}

// -----

// embedding_bag (max, no padding index): the rows' maximum per bag from
// -inf (rows left out read -inf); an empty bag is 0, as in PyTorch.
// CHECK-LABEL: func.func @embedding_bag_max
// CHECK: %[[ROWS:.*]] = tcp.gather_nd %arg0, %{{.*}} : tensor<10x3xf32>, tensor<?x1xi64> -> tensor<?x3xf32>
// CHECK: %[[COUNT:.*]] = tcp.scatter_nd %{{.*}}, %[[BAGS:.*]], %{{.*}} {kind = #tcp<scatterKind Sum>} : tensor<4xf32>, tensor<?x1xi64>, tensor<?xf32> -> tensor<4xf32>
// CHECK: %[[MASKED:.*]] = tcp.select %{{.*}}, %[[ROWS]], %{{.*}} : tensor<?x3xi1>, tensor<?x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
// CHECK: %[[LOW:.*]] = tcp.const {value = dense<0xFF800000> : tensor<1x1xf32>}
// CHECK: %[[LOWS:.*]] = tcp.broadcast %[[LOW]], %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x3xf32>
// CHECK: %[[MAX:.*]] = tcp.scatter_nd %[[LOWS]], %[[BAGS]], %[[MASKED]] {kind = #tcp<scatterKind Max>} : tensor<4x3xf32>, tensor<?x1xi64>, tensor<?x3xf32> -> tensor<4x3xf32>
// CHECK: %[[EMPTY:.*]] = tcp.cmp %[[COUNT]], %{{.*}} {predicate = #tcp<cmpPredicate Eq>}
// CHECK: tcp.select %{{.*}}, %{{.*}}, %[[MAX]] : tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
func.func @embedding_bag_max(%arg0: !torch.vtensor<[10,3],f32>, %arg1: !torch.vtensor<[?],si64>, %arg2: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4,3],f32> {
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %result0, %result1, %result2, %result3 = torch.aten.embedding_bag.padding_idx %arg0, %arg1, %arg2, %false, %int2, %false, %none, %false, %int-1 : !torch.vtensor<[10,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.bool, !torch.int, !torch.bool, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
  return %result0 : !torch.vtensor<[4,3],f32>
}

// -----

// embedding_bag (sum) with per_sample_weights: each row scaled by its
// weight, then summed into its bag.
// CHECK-LABEL: func.func @embedding_bag_sum_weighted
// CHECK: %[[ROWS:.*]] = tcp.gather_nd %arg0, %{{.*}} : tensor<10x3xf32>, tensor<?x1xi64> -> tensor<?x3xf32>
// CHECK: %[[W:.*]] = tensor.expand_shape %arg3 {{\[\[}}0, 1]]
// CHECK: %[[WB:.*]] = tcp.broadcast %[[W]], %{{.*}} {axes = [1]} : tensor<?x1xf32>, index -> tensor<?x3xf32>
// CHECK: %[[SCALED:.*]] = tcp.mul %[[ROWS]], %[[WB]] : tensor<?x3xf32>, tensor<?x3xf32> -> tensor<?x3xf32>
// CHECK: %[[KEPT:.*]] = tcp.mul %[[SCALED]], %{{.*}} : tensor<?x3xf32>
// CHECK: tcp.scatter_nd %{{.*}}, %{{.*}}, %[[KEPT]] {kind = #tcp<scatterKind Sum>} : tensor<4x3xf32>, tensor<?x1xi64>, tensor<?x3xf32> -> tensor<4x3xf32>
func.func @embedding_bag_sum_weighted(%arg0: !torch.vtensor<[10,3],f32>, %arg1: !torch.vtensor<[?],si64>, %arg2: !torch.vtensor<[4],si64>, %arg3: !torch.vtensor<[?],f32>) -> !torch.vtensor<[4,3],f32> {
  %false = torch.constant.bool false
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %result0, %result1, %result2, %result3 = torch.aten.embedding_bag.padding_idx %arg0, %arg1, %arg2, %false, %int0, %false, %arg3, %false, %none : !torch.vtensor<[10,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.bool, !torch.int, !torch.bool, !torch.vtensor<[?],f32>, !torch.bool, !torch.none -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
  return %result0 : !torch.vtensor<[4,3],f32>
}
