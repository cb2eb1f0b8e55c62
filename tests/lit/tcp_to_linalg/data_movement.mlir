// TCP -> linalg/tensor: constants, broadcast, slices, concatenation, gathers, scatters.
// RUN: tcp-opt %s --pass-pipeline=convert-tcp-to-linalg | FileCheck %s

// A broadcast reads the input at index 0 along the broadcast axes.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK: %[[E:.*]] = tensor.empty(%arg1) : tensor<?x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[BCAST]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<1x3xf32>) outs(%[[E]] : tensor<?x3xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
func.func @broadcast(%a: tensor<1x3xf32>, %d: index) -> tensor<?x3xf32> {
  %0 = tcp.broadcast %a, %d {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %arg0[%arg1, %{{.*}}] [%arg2, 3] [%{{.*}}, %{{.*}}] : tensor<?x6xf32> to tensor<?x3xf32>
func.func @slice(%a: tensor<?x6xf32>, %s: index, %n: index) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = tcp.slice %a starts(%s, %c0) sizes(%n, %c3) strides(%c1, %c2) : tensor<?x6xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// Concatenation inserts each input at its running offset.
// CHECK-LABEL: func.func @concat
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: %[[N:.*]] = arith.addi %[[D]], %{{.*}} : index
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: %[[A:.*]] = tensor.insert_slice %arg0 into %[[E]][%{{.*}}, %{{.*}}] [%{{.*}}, 3] [1, 1]
// CHECK: tensor.insert_slice %arg1 into %[[A]][%[[D]], %{{.*}}] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<?x3xf32>
func.func @concat(%a: tensor<?x3xf32>, %b: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %0 = tcp.concat %a, %b {axis = 0 : i64} : tensor<?x3xf32>, tensor<2x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// A gather reads the input at the loop's position, with the index along
// `dim`; an index outside [0, size) aborts with a message (PyTorch raises).
// CHECK-LABEL: func.func @gather
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<?x2xi64>) outs(%{{.*}} : tensor<?x2xf32>)
// CHECK: ^bb0(%[[IDX:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[COL:.*]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[COL]], %[[C4]] : index
// CHECK: cf.assert %[[OK]], "tcp_aot: index out of range in tcp.gather at {{.*}}data_movement.mlir:52:8"
// CHECK: tensor.extract %arg0[%[[ROW]], %[[COL]]] : tensor<?x4xf32>
func.func @gather(%a: tensor<?x4xf32>, %i: tensor<?x2xi64>) -> tensor<?x2xf32> {
  %0 = tcp.gather %a, %i {dim = 1 : i64} : tensor<?x4xf32>, tensor<?x2xi64> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// CHECK-LABEL: func.func @gather_nd
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[I0:.*]] = tensor.extract %arg1[%[[B]], %{{.*}}] : tensor<3x2xi64>
// CHECK: cf.assert
// CHECK: %[[I1:.*]] = tensor.extract %arg1[%[[B]], %{{.*}}] : tensor<3x2xi64>
// CHECK: cf.assert
// CHECK: tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<5x4xf32>
func.func @gather_nd(%a: tensor<5x4xf32>, %i: tensor<3x2xi64>) -> tensor<3xf32> {
  %0 = tcp.gather_nd %a, %i : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @const
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
func.func @const() -> tensor<2xf32> {
  %0 = tcp.const {value = dense<[1.0, 2.0]> : tensor<2xf32>} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @iota
// CHECK: %[[E:.*]] = tensor.empty(%arg0) : tensor<?xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<?xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[W]] : i64 to f32
// CHECK: linalg.yield %[[F]] : f32
func.func @iota(%n: index) -> tensor<?xf32> {
  %0 = tcp.iota %n : index -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @transpose
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x5xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<5x?x3xf32>
// CHECK: linalg.transpose ins(%arg0 : tensor<?x3x5xf32>) outs(%[[E]] : tensor<5x?x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%a: tensor<?x3x5xf32>) -> tensor<5x?x3xf32> {
  %0 = tcp.transpose %a {permutation = [2, 0, 1]} : tensor<?x3x5xf32> -> tensor<5x?x3xf32>
  return %0 : tensor<5x?x3xf32>
}

// tcp.pad is tensor.pad yielding the element of the 0-d value tensor (a
// constant folds to an arith.constant).
// CHECK-LABEL: func.func @pad
// CHECK: %[[V:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: tensor.pad %arg0 low[0, 1] high[2, 2] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[V]] : f32
// CHECK-NEXT: } : tensor<?x5xf32> to tensor<?x8xf32>
func.func @pad(%a: tensor<?x5xf32>) -> tensor<?x8xf32> {
  %v = tcp.const {value = dense<5.000000e-01> : tensor<f32>} : tensor<f32>
  %0 = tcp.pad %a, %v {high = [2, 2], low = [0, 1]} : tensor<?x5xf32>, tensor<f32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// CHECK-LABEL: func.func @pad_runtime_value
// CHECK: %[[V:.*]] = tensor.extract %arg1[] : tensor<i32>
// CHECK: tensor.pad %arg0 low[1, 0] high[0, 0] {
// CHECK: tensor.yield %[[V]] : i32
// CHECK: } : tensor<2x5xi32> to tensor<3x5xi32>
func.func @pad_runtime_value(%a: tensor<2x5xi32>, %v: tensor<i32>) -> tensor<3x5xi32> {
  %0 = tcp.pad %a, %v {high = [0, 0], low = [1, 0]} : tensor<2x5xi32>, tensor<i32> -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// A flip reads in[size - 1 - i] along the flipped axes (a dynamic size from
// tensor.dim, a static one folded), the index itself elsewhere: a generic
// with no input writing each element.
// CHECK-LABEL: func.func @flip
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x5xf32>
// CHECK: %[[LAST0:.*]] = arith.subi %[[D]], %[[C1]] : index
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x4x5xf32>
// CHECK: linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = ["parallel", "parallel", "parallel"]} outs(%[[E]] : tensor<?x4x5xf32>)
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[I2:.*]] = linalg.index 2 : index
// CHECK: %[[R0:.*]] = arith.subi %[[LAST0]], %[[I0]] : index
// CHECK: %[[R2:.*]] = arith.subi %[[C4]], %[[I2]] : index
// CHECK: %[[X:.*]] = tensor.extract %arg0[%[[R0]], %[[I1]], %[[R2]]] : tensor<?x4x5xf32>
// CHECK: linalg.yield %[[X]] : f32
func.func @flip(%a: tensor<?x4x5xf32>) -> tensor<?x4x5xf32> {
  %0 = tcp.flip %a {axes = [0, 2]} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>
  return %0 : tensor<?x4x5xf32>
}

// -----

// A scatter_nd is a loop over the index positions from the input: each
// checks its coordinates and combines its updates with the slice they name.
// CHECK-LABEL: func.func @scatter_nd_rows
// CHECK: %[[N:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x1xi64>
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[OUT:.*]] = %arg0) -> (tensor<?x4xf32>) {
// CHECK: %[[X:.*]] = tensor.extract %arg1[%[[I]], %{{.*}}] : tensor<?x1xi64>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK: cf.assert %[[OK]], "tcp_aot: index out of range in tcp.scatter_nd
// CHECK: %[[U:.*]] = tensor.extract_slice %arg2[%[[I]], %{{.*}}] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
// CHECK: %[[T:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]], %{{.*}}] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[T]], %[[U]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.addf
// CHECK: %[[W:.*]] = tensor.insert_slice %[[S]] into %[[OUT]][%[[ROW]], %{{.*}}] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x4xf32>
// CHECK: scf.yield %[[W]]
// CHECK: return %[[R]]
func.func @scatter_nd_rows(%x: tensor<?x4xf32>, %i: tensor<?x1xi64>, %u: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Sum>} : tensor<?x4xf32>, tensor<?x1xi64>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Full coordinates write single elements; the positions' leading dims are
// collapsed into one; Replace writes the update as it is.
// CHECK-LABEL: func.func @scatter_nd_elements
// CHECK: %[[I:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<2x?x2xi64> into tensor<?x2xi64>
// CHECK: %[[U:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<2x?xi32> into tensor<?xi32>
// CHECK: scf.for %[[P:.*]] = {{.*}} iter_args(%[[OUT:.*]] = %arg0) -> (tensor<5x?xi32>) {
// CHECK-COUNT-2: cf.assert
// CHECK: %[[V:.*]] = tensor.extract %[[U]][%[[P]]] : tensor<?xi32>
// CHECK-NOT: arith.
// CHECK: tensor.insert %[[V]] into %[[OUT]][%{{.*}}, %{{.*}}] : tensor<5x?xi32>
func.func @scatter_nd_elements(%x: tensor<5x?xi32>, %i: tensor<2x?x2xi64>, %u: tensor<2x?xi32>) -> tensor<5x?xi32> {
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Replace>} : tensor<5x?xi32>, tensor<2x?x2xi64>, tensor<2x?xi32> -> tensor<5x?xi32>
  return %0 : tensor<5x?xi32>
}
