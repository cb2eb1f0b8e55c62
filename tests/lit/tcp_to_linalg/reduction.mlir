// TCP -> linalg: tcp.reduce is a linalg.fill of the kind's identity and a
// linalg.generic with reduction loops; tcp.arg_reduce one generic with two
// outputs (value, index); tcp.scan an scf.for over the scanned axis;
// tcp.sort a merge sort of each line.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=convert-tcp-to-linalg | FileCheck %s

// The reduced dims are "reduction" loops, absent from the output's map; a
// float sum may be reassociated (so that LLVM vectorizes it).
// CHECK-DAG: #[[IN3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUT3:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @reduce_sum
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x5xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?xf32>) -> tensor<?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN3]], #[[OUT3]]], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg0 : tensor<?x3x5xf32>) outs(%[[I]] : tensor<?xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] fastmath<reassoc> : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @reduce_sum(%a: tensor<?x3x5xf32>) -> tensor<?xf32> {
  %0 = tcp.reduce %a {axes = [1, 2], kind = #tcp<reduceKind Sum>} : tensor<?x3x5xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// The identity of each kind: -inf for a float Max (NaN propagates through
// maximumf), +inf for Min, 1 for Prod, INT_MIN / INT_MAX for integer
// Max / Min, false for Any, true for All. Reducing dim 0 keeps dim 1.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[KEEP1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[KEEP0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @reduce_kinds
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[IMIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[IMAX:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[KEEP1]]], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<?x4xf32>) outs(%[[F0]] : tensor<4xf32>)
// CHECK: arith.maximumf
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<?xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[KEEP0]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x4xf32>) outs(%[[F1]] : tensor<?xf32>)
// CHECK: arith.minimumf
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[NONE]]], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<?x4xf32>) outs(%[[F2]] : tensor<f32>)
// CHECK: arith.mulf
// CHECK: linalg.fill ins(%[[IMIN]] : i32)
// CHECK: arith.maxsi
// CHECK: linalg.fill ins(%[[IMAX]] : i32)
// CHECK: arith.minsi
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: arith.ori
// CHECK: linalg.fill ins(%[[TRUE]] : i1)
// CHECK: arith.andi
func.func @reduce_kinds(%a: tensor<?x4xf32>, %i: tensor<?x4xi32>, %b: tensor<?x4xi1>) -> (tensor<4xf32>, tensor<?xf32>, tensor<f32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi1>) {
  %0 = tcp.reduce %a {axes = [0], kind = #tcp<reduceKind Max>} : tensor<?x4xf32> -> tensor<4xf32>
  %1 = tcp.reduce %a {axes = [1], kind = #tcp<reduceKind Min>} : tensor<?x4xf32> -> tensor<?xf32>
  %2 = tcp.reduce %a {axes = [0, 1], kind = #tcp<reduceKind Prod>} : tensor<?x4xf32> -> tensor<f32>
  %3 = tcp.reduce %i {axes = [1], kind = #tcp<reduceKind Max>} : tensor<?x4xi32> -> tensor<?xi32>
  %4 = tcp.reduce %i {axes = [1], kind = #tcp<reduceKind Min>} : tensor<?x4xi32> -> tensor<?xi32>
  %5 = tcp.reduce %b {axes = [1], kind = #tcp<reduceKind Any>} : tensor<?x4xi1> -> tensor<?xi1>
  %6 = tcp.reduce %b {axes = [1], kind = #tcp<reduceKind All>} : tensor<?x4xi1> -> tensor<?xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<?xf32>, tensor<f32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi1>
}

// -----

// arg_reduce: values start at the identity, indices at INT64_MAX; an
// element wins on a strictly greater value or an equal one at a lower index
// (the first maximum), and a NaN wins over numbers (the first NaN).
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @arg_reduce_float
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[BIG:.*]] = arith.constant 9223372036854775807 : i64
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[V0:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%{{.*}} : tensor<?xf32>)
// CHECK: %[[I0:.*]] = linalg.fill ins(%[[BIG]] : i64) outs(%{{.*}} : tensor<?xi64>)
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x4xf32>) outs(%[[V0]], %[[I0]] : tensor<?xf32>, tensor<?xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[V:.*]]: f32, %[[IDX:.*]]: i64):
// CHECK-NEXT: %[[POS:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[P:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK-NEXT: %[[EARLIER:.*]] = arith.cmpi slt, %[[P]], %[[IDX]] : i64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[V]] : f32
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[X]], %[[V]] : f32
// CHECK-NEXT: %[[XNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[VNAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK-NEXT: %[[VNUM:.*]] = arith.xori %[[VNAN]], %[[TRUE]] : i1
// CHECK-NEXT: %[[TIE:.*]] = arith.andi %[[EQ]], %[[EARLIER]] : i1
// CHECK-NEXT: %[[BETTER:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
// CHECK-NEXT: %[[NUMWINS:.*]] = arith.andi %[[VNUM]], %[[BETTER]] : i1
// CHECK-NEXT: %[[NANOK:.*]] = arith.ori %[[VNUM]], %[[EARLIER]] : i1
// CHECK-NEXT: %[[NANWINS:.*]] = arith.andi %[[XNAN]], %[[NANOK]] : i1
// CHECK-NEXT: %[[TAKE:.*]] = arith.ori %[[NUMWINS]], %[[NANWINS]] : i1
// CHECK-NEXT: %[[NV:.*]] = arith.select %[[TAKE]], %[[X]], %[[V]] : f32
// CHECK-NEXT: %[[NI:.*]] = arith.select %[[TAKE]], %[[P]], %[[IDX]] : i64
// CHECK-NEXT: linalg.yield %[[NV]], %[[NI]] : f32, i64
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @arg_reduce_float(%a: tensor<?x4xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0:2 = tcp.arg_reduce %a {axis = 1 : i64, kind = #tcp<reduceKind Max>} : tensor<?x4xf32> -> tensor<?xf32>, tensor<?xi64>
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>
}

// -----

// Integer Min along dim 0: INT_MAX start, signed strictly-less or equal at
// a lower index.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @arg_reduce_int_min
// CHECK-DAG: %[[IMAX:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[IMAX]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]], #[[OUT]]], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<?x4xi32>) outs(%{{.*}}, %{{.*}} : tensor<4xi32>, tensor<4xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[V:.*]]: i32, %[[IDX:.*]]: i64):
// CHECK-NEXT: %[[POS:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[P:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK-NEXT: %[[EARLIER:.*]] = arith.cmpi slt, %[[P]], %[[IDX]] : i64
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[X]], %[[V]] : i32
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[X]], %[[V]] : i32
// CHECK-NEXT: %[[TIE:.*]] = arith.andi %[[EQ]], %[[EARLIER]] : i1
// CHECK-NEXT: %[[TAKE:.*]] = arith.ori %[[LT]], %[[TIE]] : i1
// CHECK-NEXT: %[[NV:.*]] = arith.select %[[TAKE]], %[[X]], %[[V]] : i32
// CHECK-NEXT: %[[NI:.*]] = arith.select %[[TAKE]], %[[P]], %[[IDX]] : i64
// CHECK-NEXT: linalg.yield %[[NV]], %[[NI]] : i32, i64
func.func @arg_reduce_int_min(%a: tensor<?x4xi32>) -> (tensor<4xi32>, tensor<4xi64>) {
  %0:2 = tcp.arg_reduce %a {axis = 0 : i64, kind = #tcp<reduceKind Min>} : tensor<?x4xi32> -> tensor<4xi32>, tensor<4xi64>
  return %0#0, %0#1 : tensor<4xi32>, tensor<4xi64>
}

// -----

// A scan is a loop from 1 to the axis' size carrying the whole tensor:
// slice i (size 1 along the axis) is combined with the already scanned
// slice i - 1 and inserted back. An f32 sum accumulates in f64 (as PyTorch
// does), starting from +0.0, and is truncated back at the end.
// CHECK-LABEL: func.func @scan_sum
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[WIDE:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<?x6xf32>) outs(%{{.*}} : tensor<?x6xf64>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %[[C1]] to %[[C6]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[WIDE]]) -> (tensor<?x6xf64>) {
// CHECK: %[[PREV:.*]] = arith.subi %[[I]], %[[C1]] : index
// CHECK: %[[CUR:.*]] = tensor.extract_slice %[[ACC]][0, %[[I]]] [%{{.*}}, 1] [1, 1] : tensor<?x6xf64> to tensor<?x1xf64>
// CHECK: %[[BEFORE:.*]] = tensor.extract_slice %[[ACC]][0, %[[PREV]]] [%{{.*}}, 1] [1, 1] : tensor<?x6xf64> to tensor<?x1xf64>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[BEFORE]], %[[CUR]] : tensor<?x1xf64>, tensor<?x1xf64>) outs(%[[CUR]] : tensor<?x1xf64>)
// CHECK-NEXT: ^bb0(%[[B:.*]]: f64, %[[X:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[B]], %[[X]] : f64
// CHECK-NEXT: linalg.yield %[[S]] : f64
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[G]] into %[[ACC]][0, %[[I]]] [%{{.*}}, 1] [1, 1] : tensor<?x1xf64> into tensor<?x6xf64>
// CHECK: scf.yield %[[INS]] : tensor<?x6xf64>
// CHECK: %[[NARROW:.*]] = linalg.generic {{.*}} ins(%[[R]] : tensor<?x6xf64>) outs(%{{.*}} : tensor<?x6xf32>)
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: return %[[NARROW]]
func.func @scan_sum(%a: tensor<?x6xf32>) -> tensor<?x6xf32> {
  %0 = tcp.scan %a {axis = 1 : i64, kind = #tcp<reduceKind Sum>} : tensor<?x6xf32> -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

// Along a dynamic axis the loop runs to its tensor.dim; an integer product
// starts from the input itself.
// CHECK-LABEL: func.func @scan_prod_dynamic_axis
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x6xi64>
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %[[C1]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %arg0) -> (tensor<?x6xi64>) {
// CHECK: %[[PREV:.*]] = arith.subi %[[I]], %[[C1]] : index
// CHECK: %[[CUR:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [1, 6] [1, 1] : tensor<?x6xi64> to tensor<1x6xi64>
// CHECK: %[[BEFORE:.*]] = tensor.extract_slice %[[ACC]][%[[PREV]], 0] [1, 6] [1, 1] : tensor<?x6xi64> to tensor<1x6xi64>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[BEFORE]], %[[CUR]] : tensor<1x6xi64>, tensor<1x6xi64>) outs(%[[CUR]] : tensor<1x6xi64>)
// CHECK: arith.muli
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[G]] into %[[ACC]][%[[I]], 0] [1, 6] [1, 1] : tensor<1x6xi64> into tensor<?x6xi64>
// CHECK: scf.yield %[[INS]] : tensor<?x6xi64>
// CHECK: return %[[R]]
func.func @scan_prod_dynamic_axis(%a: tensor<?x6xi64>) -> tensor<?x6xi64> {
  %0 = tcp.scan %a {axis = 0 : i64, kind = #tcp<reduceKind Prod>} : tensor<?x6xi64> -> tensor<?x6xi64>
  return %0 : tensor<?x6xi64>
}

// -----

// A sort moves its axis last and collapses the other dims into rows, then
// merges runs of 1, 2, 4, ... elements, two passes per iteration (into the
// second buffers and back); an element of the right run goes first only
// when strictly before the left one (stable), NaN above every number.
// CHECK-LABEL: func.func @sort_descending
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<3x?x5xf32>) outs(%{{.*}} : tensor<3x5x?xf32>) permutation = [0, 2, 1]
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1], [2]] : tensor<3x5x?xf32> into tensor<15x?xf32>
// CHECK: %[[POS:.*]] = linalg.generic
// CHECK: linalg.index 1
// CHECK: %[[R:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %[[PAIRS:.*]] step %{{.*}} iter_args(%[[K:.*]] = %[[ROWS]], %[[I:.*]] = %[[POS]], %[[K2:.*]] = %[[ROWS]], %[[I2:.*]] = %[[POS]])
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %c15
// CHECK: scf.for %[[LO:.*]] = %{{.*}} to %{{.*}} step %[[WIDTH:.*]] iter_args
// CHECK: scf.for %[[AT:.*]] = %[[LO]] to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[A:.*]] = tensor.extract %[[K]][%[[ROW]], %{{.*}}] : tensor<15x?xf32>
// CHECK: %[[B:.*]] = tensor.extract %[[K]][%[[ROW]], %{{.*}}] : tensor<15x?xf32>
// CHECK: arith.cmpf ogt, %[[B]], %[[A]] : f32
// CHECK: arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK: arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK: %[[SOURCE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: %[[KEY:.*]] = arith.select %{{.*}}, %[[B]], %[[A]] : f32
// CHECK: tensor.insert %[[KEY]] into %{{.*}}[%[[ROW]], %[[AT]]] : tensor<15x?xf32>
// CHECK: %[[FROM:.*]] = tensor.extract %[[I]][%[[ROW]], %[[SOURCE]]] : tensor<15x?xi64>
// CHECK: tensor.insert %[[FROM]] into %{{.*}}[%[[ROW]], %[[AT]]] : tensor<15x?xi64>
// CHECK: scf.yield %{{.*}}#0, %{{.*}}#1, %{{.*}}#0, %{{.*}}#1 : tensor<15x?xf32>, tensor<15x?xi64>, tensor<15x?xf32>, tensor<15x?xi64>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[R]]#0 {{\[\[}}0, 1], [2]] output_shape [3, 5, %{{.*}}] : tensor<15x?xf32> into tensor<3x5x?xf32>
// CHECK: %[[V:.*]] = linalg.transpose ins(%[[E]] : tensor<3x5x?xf32>) outs(%{{.*}} : tensor<3x?x5xf32>) permutation = [0, 2, 1]
// CHECK: %[[EI:.*]] = tensor.expand_shape %[[R]]#1
// CHECK: %[[X:.*]] = linalg.transpose ins(%[[EI]] : tensor<3x5x?xi64>) outs(%{{.*}} : tensor<3x?x5xi64>) permutation = [0, 2, 1]
// CHECK: return %[[V]], %[[X]]
func.func @sort_descending(%a: tensor<3x?x5xf32>) -> (tensor<3x?x5xf32>, tensor<3x?x5xi64>) {
  %0:2 = tcp.sort %a {axis = 1 : i64, descending = true} : tensor<3x?x5xf32> -> tensor<3x?x5xf32>, tensor<3x?x5xi64>
  return %0#0, %0#1 : tensor<3x?x5xf32>, tensor<3x?x5xi64>
}

// -----

// A vector is one row; integers compare signed.
// CHECK-LABEL: func.func @sort_vector
// CHECK: %[[ROW:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [1, %{{.*}}] : tensor<?xi32> into tensor<1x?xi32>
// CHECK: arith.cmpi slt
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x?xi32> into tensor<?xi32>
func.func @sort_vector(%a: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi64>) {
  %0:2 = tcp.sort %a {axis = 0 : i64} : tensor<?xi32> -> tensor<?xi32>, tensor<?xi64>
  return %0#0, %0#1 : tensor<?xi32>, tensor<?xi64>
}
