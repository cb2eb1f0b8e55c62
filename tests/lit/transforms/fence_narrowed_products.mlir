// fence-narrowed-products, then linalg-fuse-elementwise-ops and
// drop-fusion-fences, as tcp-to-linalg runs them: where an add reads two
// products, each narrowing of a product but one stays with its product
// (its epilogue then writes the narrow value), and the add reads that.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=fence-narrowed-products,linalg-fuse-elementwise-ops,drop-fusion-fences | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>

// A bottleneck block's residual add, int8: its expansion is not narrowed
// before the add (the add finishes it), its downsample is requantized to
// i8: that stays with the downsample, and the add reads the i8.
// CHECK-LABEL: func.func @downsample_requantized
// CHECK:       %[[EXPAND:.*]] = linalg.matmul
// CHECK:       %[[DOWN:.*]] = linalg.matmul
// CHECK:       %[[Q:.*]] = linalg.generic {{.*}} ins(%[[DOWN]] : tensor<8x16xi32>) outs(%{{.*}} : tensor<8x16xi8>)
// CHECK:       linalg.generic {{.*}} ins(%[[EXPAND]], %[[Q]] : tensor<8x16xi32>, tensor<8x16xi8>)
// CHECK-NOT:   linalg.copy
func.func @downsample_requantized(%a: tensor<8x4xi8>, %b: tensor<4x16xi8>, %c: tensor<8x4xi8>) -> tensor<8x16xf32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x16xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<8x16xi32>) -> tensor<8x16xi32>
  %expand = linalg.matmul ins(%a, %b : tensor<8x4xi8>, tensor<4x16xi8>) outs(%init : tensor<8x16xi32>) -> tensor<8x16xi32>
  %down = linalg.matmul ins(%c, %b : tensor<8x4xi8>, tensor<4x16xi8>) outs(%init : tensor<8x16xi32>) -> tensor<8x16xi32>
  %ef = tensor.empty() : tensor<8x16xf32>
  %e8 = tensor.empty() : tensor<8x16xi8>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%expand : tensor<8x16xi32>) outs(%ef : tensor<8x16xf32>) {
  ^bb0(%i: i32, %o: f32):
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  } -> tensor<8x16xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%down : tensor<8x16xi32>) outs(%e8 : tensor<8x16xi8>) {
  ^bb0(%i: i32, %o: i8):
    %t = arith.trunci %i : i32 to i8
    linalg.yield %t : i8
  } -> tensor<8x16xi8>
  %dq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<8x16xi8>) outs(%ef : tensor<8x16xf32>) {
  ^bb0(%i: i8, %o: f32):
    %f = arith.sitofp %i : i8 to f32
    linalg.yield %f : f32
  } -> tensor<8x16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %dq : tensor<8x16xf32>, tensor<8x16xf32>) outs(%ef : tensor<8x16xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %s = arith.addf %u, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %sum : tensor<8x16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// SwiGLU in bf16: both projections rounded to bf16 before their product.
// The gate's rounding stays with it; the up projection's joins the product
// (the last chain, which the product finishes).
// CHECK-LABEL: func.func @both_rounded
// CHECK:       %[[GATE:.*]] = linalg.matmul
// CHECK:       %[[UP:.*]] = linalg.matmul
// CHECK:       %[[G16:.*]] = linalg.generic {{.*}} ins(%[[GATE]] : tensor<8x16xf32>) outs(%{{.*}} : tensor<8x16xbf16>)
// CHECK:       linalg.generic {{.*}} ins(%[[G16]], %[[UP]] : tensor<8x16xbf16>, tensor<8x16xf32>)
// CHECK-NOT:   linalg.copy
func.func @both_rounded(%x: tensor<8x4xbf16>, %wg: tensor<4x16xbf16>, %wu: tensor<4x16xbf16>) -> tensor<8x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %gate = linalg.matmul ins(%x, %wg : tensor<8x4xbf16>, tensor<4x16xbf16>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %up = linalg.matmul ins(%x, %wu : tensor<8x4xbf16>, tensor<4x16xbf16>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %e16 = tensor.empty() : tensor<8x16xbf16>
  %g16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate : tensor<8x16xf32>) outs(%e16 : tensor<8x16xbf16>) {
  ^bb0(%i: f32, %o: bf16):
    %t = arith.truncf %i : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x16xbf16>
  %u16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%up : tensor<8x16xf32>) outs(%e16 : tensor<8x16xbf16>) {
  ^bb0(%i: f32, %o: bf16):
    %t = arith.truncf %i : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x16xbf16>
  %prod = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g16, %u16 : tensor<8x16xbf16>, tensor<8x16xbf16>) outs(%e16 : tensor<8x16xbf16>) {
  ^bb0(%u: bf16, %v: bf16, %o: bf16):
    %m = arith.mulf %u, %v : bf16
    linalg.yield %m : bf16
  } -> tensor<8x16xbf16>
  return %prod : tensor<8x16xbf16>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// One product read with a value computed otherwise: nothing to keep apart,
// the requantization joins the add.
// CHECK-LABEL: func.func @one_product
// CHECK:       %[[P:.*]] = linalg.matmul
// CHECK:       %{{.*}} = linalg.generic {{.*}} ins(%[[P]], %arg2 : tensor<8x16xi32>, tensor<8x16xf32>)
// CHECK-NOT:   linalg.generic
func.func @one_product(%a: tensor<8x4xi8>, %b: tensor<4x16xi8>, %r: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x16xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<8x16xi32>) -> tensor<8x16xi32>
  %p = linalg.matmul ins(%a, %b : tensor<8x4xi8>, tensor<4x16xi8>) outs(%init : tensor<8x16xi32>) -> tensor<8x16xi32>
  %ef = tensor.empty() : tensor<8x16xf32>
  %e8 = tensor.empty() : tensor<8x16xi8>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<8x16xi32>) outs(%e8 : tensor<8x16xi8>) {
  ^bb0(%i: i32, %o: i8):
    %t = arith.trunci %i : i32 to i8
    linalg.yield %t : i8
  } -> tensor<8x16xi8>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q, %r : tensor<8x16xi8>, tensor<8x16xf32>) outs(%ef : tensor<8x16xf32>) {
  ^bb0(%u: i8, %v: f32, %o: f32):
    %f = arith.sitofp %u : i8 to f32
    %s = arith.addf %f, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %sum : tensor<8x16xf32>
}
