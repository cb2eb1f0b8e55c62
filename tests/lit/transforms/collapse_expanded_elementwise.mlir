// collapse-expanded-elementwise: an elementwise generic whose operands are
// expand_shapes of one reassociation (or read no two dims of one of its
// groups) iterates the collapsed dims, its result expanded after it. Then
// elementwise fusion merges it with the op before the reshape. Anything
// else stays.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=collapse-expanded-elementwise,canonicalize | FileCheck %s
// RUN: tcp-opt %s --split-input-file --pass-pipeline=collapse-expanded-elementwise,canonicalize,linalg-fuse-elementwise-ops | FileCheck %s --check-prefix=FUSED

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A linear layer's bias add on [tokens, 3072], its output seen as
// [batch, 197, 3072] by its GELU and collapsed back for the next product:
// the GELU runs on the bias add's [tokens, 3072], into the bias add's
// init, and the reshapes fold away; fused, the two are one op.
// CHECK-LABEL: func.func @gelu_of_a_linear_layer
// CHECK-NOT:   tensor.expand_shape
// CHECK:       %[[E:.*]] = tensor.empty(%arg2) : tensor<?x3072xf32>
// CHECK:       %[[BIAS:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<?x3072xf32>)
// CHECK:       %[[GELU:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<?x3072xf32>) outs(%[[E]] : tensor<?x3072xf32>)
// CHECK:         math.erf
// CHECK-NOT:   tensor.collapse_shape
// CHECK:       return %[[GELU]]
// FUSED-LABEL: func.func @gelu_of_a_linear_layer
// FUSED:       %[[F:.*]] = linalg.generic
// FUSED:         arith.addf
// FUSED:         math.erf
// FUSED:       return %[[F]]
func.func @gelu_of_a_linear_layer(%p: tensor<?x3072xf32>, %b: tensor<1x3072xf32>, %tokens: index,
                                  %batch: index) -> tensor<?x3072xf32> {
  %half = arith.constant 0.5 : f32
  %e = tensor.empty(%tokens) : tensor<?x3072xf32>
  %biased = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : tensor<?x3072xf32>, tensor<1x3072xf32>) outs(%e : tensor<?x3072xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x3072xf32>
  %x3 = tensor.expand_shape %biased [[0, 1], [2]] output_shape [%batch, 197, 3072] : tensor<?x3072xf32> into tensor<?x197x3072xf32>
  %e3 = tensor.empty(%batch) : tensor<?x197x3072xf32>
  %gelu = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3 : tensor<?x197x3072xf32>) outs(%e3 : tensor<?x197x3072xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %half : f32
    %r = math.erf %m : f32
    %g = arith.mulf %x, %r : f32
    linalg.yield %g : f32
  } -> tensor<?x197x3072xf32>
  %back = tensor.collapse_shape %gelu [[0, 1], [2]] : tensor<?x197x3072xf32> into tensor<?x3072xf32>
  return %back : tensor<?x3072xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (0, d1, 0)>

// Left alone: an operand not reshaped that reads two dims of a group (a
// residual of [batch, 197, 768]), and a bias read along a dim the
// reshape splits (197 tokens of one group).
// CHECK-LABEL: func.func @not_along_the_groups
// CHECK:       tensor.expand_shape
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %arg1 : tensor<?x197x768xf32>, tensor<?x197x768xf32>)
// CHECK:       tensor.expand_shape
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %arg2 : tensor<?x197x768xf32>, tensor<1x197x1xf32>)
func.func @not_along_the_groups(%p: tensor<?x768xf32>, %res: tensor<?x197x768xf32>, %pos: tensor<1x197x1xf32>,
                                %batch: index) -> (tensor<?x197x768xf32>, tensor<?x197x768xf32>) {
  %x3 = tensor.expand_shape %p [[0, 1], [2]] output_shape [%batch, 197, 768] : tensor<?x768xf32> into tensor<?x197x768xf32>
  %e = tensor.empty(%batch) : tensor<?x197x768xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %res : tensor<?x197x768xf32>, tensor<?x197x768xf32>) outs(%e : tensor<?x197x768xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x197x768xf32>
  %y3 = tensor.expand_shape %p [[0, 1], [2]] output_shape [%batch, 197, 768] : tensor<?x768xf32> into tensor<?x197x768xf32>
  %scaled = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y3, %pos : tensor<?x197x768xf32>, tensor<1x197x1xf32>) outs(%e : tensor<?x197x768xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x197x768xf32>
  return %sum, %scaled : tensor<?x197x768xf32>, tensor<?x197x768xf32>
}

// -----

#cols = affine_map<(d0, d1, d2) -> (d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Left alone: an expanded value read through a broadcast (its groups are
// not the loops').
// CHECK-LABEL: func.func @expanded_broadcast
// CHECK:       tensor.expand_shape
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]}
func.func @expanded_broadcast(%v: tensor<6xf32>, %n: index) -> tensor<?x2x3xf32> {
  %x = tensor.expand_shape %v [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %e = tensor.empty(%n) : tensor<?x2x3xf32>
  %b = linalg.generic {indexing_maps = [#cols, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<?x2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x2x3xf32>
  return %b : tensor<?x2x3xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>

// Left alone: a scalar expanded to [1] (a reassociation of no groups).
// CHECK-LABEL: func.func @expanded_scalar
// CHECK:       tensor.expand_shape %arg0 [] output_shape [1]
// CHECK:       linalg.generic
func.func @expanded_scalar(%s: tensor<f32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %x = tensor.expand_shape %s [] output_shape [1] : tensor<f32> into tensor<1xf32>
  %e = tensor.empty() : tensor<1xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<1xf32>) outs(%e : tensor<1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1xf32>
  return %r : tensor<1xf32>
}
