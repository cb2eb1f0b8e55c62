// collapse-contiguous-loops: the adjacent loops of an elementwise generic that
// every operand reads as one run become one loop, the operands collapsed and
// the result expanded back. Anything else stays.
// RUN: tcp-opt %s --split-input-file --collapse-contiguous-loops | FileCheck %s

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>

// An NCHW requantization with a scale per channel: H and W become one loop
// of 196; the channel's unit dims stay as they are.
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[CH3:.*]] = affine_map<(d0, d1, d2) -> (0, d1, 0, 0)>
// CHECK-LABEL: func.func @requantize
// CHECK:      %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<?x64x14x14xi32> into tensor<?x64x196xi32>
// CHECK:      %[[O:.*]] = tensor.empty(%{{.*}}) : tensor<?x64x196xi8>
// CHECK:      %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[CH3]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:     ins(%[[X]], %arg1 : tensor<?x64x196xi32>, tensor<1x64x1x1xf32>) outs(%[[O]] : tensor<?x64x196xi8>)
// CHECK:        arith.sitofp
// CHECK:      tensor.expand_shape %[[R]] {{\[}}[0], [1], [2, 3]] output_shape [%{{.*}}, 64, 14, 14] : tensor<?x64x196xi8> into tensor<?x64x14x14xi8>
func.func @requantize(%x: tensor<?x64x14x14xi32>, %s: tensor<1x64x1x1xf32>) -> tensor<?x64x14x14xi8> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64x14x14xi32>
  %e = tensor.empty(%n) : tensor<?x64x14x14xi8>
  %r = linalg.generic {indexing_maps = [#id, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<?x64x14x14xi32>, tensor<1x64x1x1xf32>) outs(%e : tensor<?x64x14x14xi8>) {
  ^bb0(%a: i32, %b: f32, %o: i8):
    %f = arith.sitofp %a : i32 to f32
    %m = arith.mulf %f, %b : f32
    %q = arith.fptosi %m : f32 to i8
    linalg.yield %q : i8
  } -> tensor<?x64x14x14xi8>
  return %r : tensor<?x64x14x14xi8>
}

// -----

// Every operand read at the identity: one loop.
// CHECK-LABEL: func.func @relu
// CHECK:      tensor.collapse_shape %arg0 {{\[}}[0, 1, 2, 3]] : tensor<2x8x7x7xf32> into tensor<784xf32>
// CHECK:      linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK:      tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3]] output_shape [2, 8, 7, 7] : tensor<784xf32> into tensor<2x8x7x7xf32>
func.func @relu(%x: tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x7x7xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x7x7xf32>) outs(%e : tensor<2x8x7x7xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8x7x7xf32>
  return %r : tensor<2x8x7x7xf32>
}

// -----

// A transposing read keeps its loops apart; only the runs every map shares
// join (d2, d3 here).
// CHECK-LABEL: func.func @transposed
// CHECK:      linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:     ins(%{{.*}} : tensor<8x4x30xf32>) outs(%{{.*}} : tensor<4x8x30xf32>)
func.func @transposed(%x: tensor<8x4x5x6xf32>) -> tensor<4x8x5x6xf32> {
  %e = tensor.empty() : tensor<4x8x5x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<8x4x5x6xf32>) outs(%e : tensor<4x8x5x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8x5x6xf32>
  return %r : tensor<4x8x5x6xf32>
}

// -----

// A reduction's adjacent loops of one kind become one loop too: the sum
// over H and W of NCHW (global average pooling; of a 7 x 7 image, a loop
// of 7 that LLVM left scalar) is one reduction loop of 64, N and C one
// parallel loop of 8.
// CHECK-LABEL: func.func @reduction
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2, 3]] : tensor<2x4x8x8xf32> into tensor<8x64xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x64xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] {{.*}} : tensor<8xf32> into tensor<2x4xf32>
func.func @reduction(%x: tensor<2x4x8x8xf32>) -> tensor<2x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<2x4x8x8xf32>) outs(%f : tensor<2x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %sum : tensor<2x4xf32>
}

// -----

// Left alone: a parallel loop next to a reduction one, an operand that is a
// slice (its collapse would be a copy), and a body that reads its indices.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT:  tensor.collapse_shape
// CHECK-NOT:  tensor.expand_shape
// CHECK:      return
func.func @untouched(%x: tensor<4x8xf32>, %big: tensor<4x8x16xf32>) -> (tensor<4xf32>, tensor<4x8x8xf32>, tensor<4x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %slice = tensor.extract_slice %big[0, 0, 0] [4, 8, 8] [1, 1, 2] : tensor<4x8x16xf32> to tensor<4x8x8xf32>
  %e2 = tensor.empty() : tensor<4x8x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%slice : tensor<4x8x8xf32>) outs(%e2 : tensor<4x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x8x8xf32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]} outs(%e2 : tensor<4x8x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 2 : index
    %c = arith.index_cast %i : index to i32
    %v = arith.sitofp %c : i32 to f32
    linalg.yield %v : f32
  } -> tensor<4x8x8xf32>
  return %sum, %neg, %iota : tensor<4xf32>, tensor<4x8x8xf32>, tensor<4x8x8xf32>
}

// -----

// A product's epilogue stays in the product's shape (the schedules cut it
// into the product's tiles).
// CHECK-LABEL: func.func @epilogue
// CHECK-NOT:  tensor.collapse_shape
// CHECK:      return
func.func @epilogue(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %init: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = linalg.matmul {tcp_aot.epilogue} ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%p : tensor<16x32xf32>) {
  ^bb0(%o: f32):
    %m = arith.maximumf %o, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// -----

// The buffer of a named op's result is its init's: a transpose into a fresh
// tensor is dense, and its reader collapses.
// CHECK-LABEL: func.func @after_transpose
// CHECK:      tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<4x8x2xf32> into tensor<64xf32>
func.func @after_transpose(%x: tensor<8x4x2xf32>) -> tensor<4x8x2xf32> {
  %e = tensor.empty() : tensor<4x8x2xf32>
  %t = linalg.transpose ins(%x : tensor<8x4x2xf32>) outs(%e : tensor<4x8x2xf32>) permutation = [1, 0, 2]
  %e2 = tensor.empty() : tensor<4x8x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<4x8x2xf32>) outs(%e2 : tensor<4x8x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x8x2xf32>
  return %r : tensor<4x8x2xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bias = affine_map<(d0, d1, d2) -> (0, d0, 0, 0)>

// An operand that is a strided slice expanded along the groups (a 1x1
// convolution's product, its 196 columns cut from 224 computed): the
// collapsed op reads the slice itself, no copy needed.
// CHECK-LABEL: func.func @cut_product
// CHECK:       %[[CUT:.*]] = tensor.extract_slice %arg0[0, 0] [4, 196] [1, 1] : tensor<4x224xf32> to tensor<4x196xf32>
// CHECK:       %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CUT]], %arg1 : tensor<4x196xf32>, tensor<1x4x1x1xf32>) outs(%{{.*}} : tensor<4x196xf32>)
// CHECK:       tensor.expand_shape %[[R]] {{\[\[}}0], [1, 2]] output_shape [4, 14, 14]
func.func @cut_product(%p: tensor<4x224xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<4x14x14xf32> {
  %cut = tensor.extract_slice %p[0, 0] [4, 196] [1, 1] : tensor<4x224xf32> to tensor<4x196xf32>
  %img = tensor.expand_shape %cut [[0], [1, 2]] output_shape [4, 14, 14] : tensor<4x196xf32> into tensor<4x14x14xf32>
  %e = tensor.empty() : tensor<4x14x14xf32>
  %y = linalg.generic {indexing_maps = [#id3, #bias, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%img, %b : tensor<4x14x14xf32>, tensor<1x4x1x1xf32>) outs(%e : tensor<4x14x14xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x14x14xf32>
  return %y : tensor<4x14x14xf32>
}
