// fence-costly-broadcast-sources, then linalg-fuse-elementwise-ops and
// drop-fusion-fences, as tcp-to-linalg runs them: a costly value (here a
// gather with its bounds check) is computed once at its own size, not once
// per element of the op that broadcasts it; a plain broadcast shared by two
// ops is folded into each as a read through its map.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=fence-costly-broadcast-sources,linalg-fuse-elementwise-ops,drop-fusion-fences | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#heads = affine_map<(d0, d1, d2) -> (0, d1, d2)>

// CHECK-LABEL: func.func @gathered_mask
// The gather stays at [1, 8, 8] ...
// CHECK:       %[[MASK:.*]] = linalg.generic
// CHECK:         tensor.extract
// CHECK:       } -> tensor<1x8x8xf32>
// ... and the add reads it for each head (no copy of it per head).
// CHECK:       linalg.generic {{.*}} ins(%arg2, %[[MASK]] : tensor<32x8x8xf32>, tensor<1x8x8xf32>)
// CHECK-NOT:     tensor.extract
// CHECK:       linalg.yield
// CHECK-NOT:   linalg.copy
func.func @gathered_mask(%table: tensor<16xf32>, %ids: tensor<8x8xindex>, %scores: tensor<32x8x8xf32>) -> tensor<32x8x8xf32> {
  %e2 = tensor.empty() : tensor<8x8xf32>
  %mask = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<8x8xindex>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%i: index, %o: f32):
    %v = tensor.extract %table[%i] : tensor<16xf32>
    linalg.yield %v : f32
  } -> tensor<8x8xf32>
  %mask3 = tensor.expand_shape %mask [[0, 1], [2]] output_shape [1, 8, 8] : tensor<8x8xf32> into tensor<1x8x8xf32>
  %e3 = tensor.empty() : tensor<32x8x8xf32>
  %b = linalg.generic {indexing_maps = [#heads, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mask3 : tensor<1x8x8xf32>) outs(%e3 : tensor<32x8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<32x8x8xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores, %b : tensor<32x8x8xf32>, tensor<32x8x8xf32>) outs(%e3 : tensor<32x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x8x8xf32>
  return %sum : tensor<32x8x8xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#heads = affine_map<(d0, d1, d2) -> (0, d1, d2)>

// A broadcast that two ops read: each reads the [1, 8, 8] value through
// its map, and the [32, 8, 8] broadcast is never written.
// CHECK-LABEL: func.func @shared_broadcast
// CHECK-COUNT-2: linalg.generic {{.*}} ins(%arg{{[01]}}, %arg2 : tensor<32x8x8xf32>, tensor<1x8x8xf32>)
// CHECK-NOT:     linalg.generic
func.func @shared_broadcast(%s1: tensor<32x8x8xf32>, %s2: tensor<32x8x8xf32>, %mask: tensor<1x8x8xf32>)
    -> (tensor<32x8x8xf32>, tensor<32x8x8xf32>) {
  %e3 = tensor.empty() : tensor<32x8x8xf32>
  %b = linalg.generic {indexing_maps = [#heads, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mask : tensor<1x8x8xf32>) outs(%e3 : tensor<32x8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<32x8x8xf32>
  %a1 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s1, %b : tensor<32x8x8xf32>, tensor<32x8x8xf32>) outs(%e3 : tensor<32x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x8x8xf32>
  %a2 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s2, %b : tensor<32x8x8xf32>, tensor<32x8x8xf32>) outs(%e3 : tensor<32x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x8x8xf32>
  return %a1, %a2 : tensor<32x8x8xf32>, tensor<32x8x8xf32>
}
