// mark-parallel: ops with at least 2^12 loop iterations times the ops of
// one (products: 2^18 iterations) get `tcp_aot.parallel = d`, the dim to split among threads (not the
// innermost, which LLVM vectorizes); small ones are left alone; a dynamic
// shape decides at run time between a parallel and a sequential copy.
// The tiling itself is in schedules/parallel.mlir (test beside it).
// RUN: tcp-opt %s --split-input-file --mark-parallel | FileCheck %s
// The threshold is an option (min-work; min-product-work for products):
// RUN: tcp-opt %s --split-input-file --pass-pipeline="mark-parallel{min-work=1024}" | FileCheck %s --check-prefix=LOW

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @big_elementwise
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.parallel = 0 : i64}
func.func @big_elementwise(%a: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<256x256xf32>) outs(%a : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @small_elementwise
// CHECK-NOT: tcp_aot.parallel
// LOW-LABEL: func.func @small_elementwise
// LOW: linalg.generic {{.*}} attrs = {tcp_aot.parallel = 0 : i64}
func.func @small_elementwise(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x32xf32>) outs(%a : tensor<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// 2^10 iterations of 4 ops each (arith.constant not counted): 2^12, enough
// (as a depthwise convolution's sum of products over few pixels);
// 3 ops would not be (the dynamic copy below: at run time).
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @heavy_small_elementwise
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.parallel = 0 : i64}
// CHECK: linalg.generic
// CHECK-NOT: tcp_aot.parallel
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[WORK:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: %[[ENOUGH:.*]] = arith.constant 1366 : index
// CHECK: arith.cmpi sge, %[[WORK]], %[[ENOUGH]] : index
func.func @heavy_small_elementwise(%a: tensor<32x32xf32>, %b: tensor<?x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>, tensor<?x32xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x32xf32>) outs(%a : tensor<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.constant 2.0 : f32
    %s = arith.mulf %x, %c : f32
    %t = arith.addf %s, %x : f32
    %u = arith.mulf %t, %x : f32
    %v = arith.addf %u, %x : f32
    linalg.yield %v : f32
  } -> tensor<32x32xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x32xf32>) outs(%a : tensor<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %x : f32
    %t = arith.addf %s, %x : f32
    %u = arith.mulf %t, %x : f32
    linalg.yield %u : f32
  } -> tensor<32x32xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<?x32xf32>) outs(%b : tensor<?x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %x : f32
    %t = arith.addf %s, %x : f32
    %u = arith.mulf %t, %x : f32
    linalg.yield %u : f32
  } -> tensor<?x32xf32>
  return %0, %1, %2 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<?x32xf32>
}

// -----

// A row sum: only the rows are split, never the summed dim.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>

// CHECK-LABEL: func.func @sum_middle
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.parallel = 0 : i64}
func.func @sum_middle(%a: tensor<64x512x64xf32>, %init: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a : tensor<64x512x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// One row of many columns: the only dim worth splitting is the innermost,
// split in pieces.
#id1 = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @one_row
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.parallel_chunks = 1 : i64}
func.func @one_row(%a: tensor<1x131072xf32>) -> tensor<1x131072xf32> {
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x131072xf32>) outs(%a : tensor<1x131072xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<1x131072xf32>
  return %0 : tensor<1x131072xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_matmul
// CHECK: %[[M:.*]] = tensor.dim %arg0, %c0
// CHECK: %[[WORK:.*]] = arith.muli %{{.*}}, %[[M]]
// CHECK: %[[ENOUGH:.*]] = arith.cmpi sge, %[[WORK]], %c262144
// CHECK: scf.if %[[ENOUGH]] -> (tensor<?x64xf32>) {
// CHECK:   linalg.matmul {tcp_aot.parallel = 0 : i64}
// CHECK: } else {
// CHECK:   linalg.matmul ins
// CHECK: } {tcp_aot.parallel = 0 : i64}
func.func @dynamic_matmul(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// A product zeroed by a fill: each copy gets its own fill, which the
// schedule moves into the parallel copy's tiles.
// CHECK-LABEL: func.func @dynamic_zeroed_matmul
// CHECK-NOT: linalg.fill
// CHECK: scf.if %{{.*}} -> (tensor<?x64xf32>) {
// CHECK:   %[[Z1:.*]] = linalg.fill
// CHECK:   linalg.matmul {tcp_aot.parallel_from_zero = 0 : i64} {{.*}} outs(%[[Z1]] : tensor<?x64xf32>)
// CHECK: } else {
// CHECK:   %[[Z2:.*]] = linalg.fill
// CHECK:   linalg.matmul ins({{.*}}) outs(%[[Z2]] : tensor<?x64xf32>)
// CHECK: } {tcp_aot.parallel_from_zero = 0 : i64}
func.func @dynamic_zeroed_matmul(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>) -> tensor<?x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// 32 x 64 x 64 = 2^17 FMAs: fewer than a product needs to be split.
// CHECK-LABEL: func.func @small_matmul
// CHECK-NOT:   tcp_aot.parallel
func.func @small_matmul(%a: tensor<32x64xf32>, %b: tensor<64x64xf32>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x64xf32>) outs(%c : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// -----

// 64 x 10 x 512 = 327680 FMAs, enough, but its output is one 128 x 128
// tile of the parallel schedule: one thread would do it all.
// CHECK-LABEL: func.func @one_tile_matmul
// CHECK-NOT:   tcp_aot.parallel
func.func @one_tile_matmul(%a: tensor<64x512xf32>, %b: tensor<512x10xf32>, %c: tensor<64x10xf32>) -> tensor<64x10xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x512xf32>, tensor<512x10xf32>) outs(%c : tensor<64x10xf32>) -> tensor<64x10xf32>
  return %0 : tensor<64x10xf32>
}

// -----

// A matrix times a vector reads an element of the matrix per FMA, bound by
// memory: split from 2^15 FMAs (a squeeze-and-excitation block's 960 x 240,
// 1152 x 48 filters of one image), not from the 2^18 of other products.
// Fewer stay whole, as does a vector of one output tile.
// CHECK-LABEL: func.func @matrix_vector
// CHECK:   linalg.matmul {tcp_aot.parallel = 0 : i64} {{.*}} -> tensor<1152x1xf32>
// CHECK:   linalg.matmul {tcp_aot.parallel = 0 : i64} {{.*}} -> tensor<1x960xf32>
// CHECK:   linalg.matmul ins({{.*}}) -> tensor<512x1xf32>
// CHECK:   linalg.matmul ins({{.*}}) -> tensor<48x1xf32>
func.func @matrix_vector(%w: tensor<1152x48xf32>, %x: tensor<48x1xf32>, %c: tensor<1152x1xf32>,
                         %v: tensor<1x240xf32>, %wt: tensor<240x960xf32>, %c2: tensor<1x960xf32>,
                         %w3: tensor<512x32xf32>, %x3: tensor<32x1xf32>, %c3: tensor<512x1xf32>,
                         %w4: tensor<48x1152xf32>, %x4: tensor<1152x1xf32>, %c4: tensor<48x1xf32>)
    -> (tensor<1152x1xf32>, tensor<1x960xf32>, tensor<512x1xf32>, tensor<48x1xf32>) {
  %0 = linalg.matmul ins(%w, %x : tensor<1152x48xf32>, tensor<48x1xf32>) outs(%c : tensor<1152x1xf32>) -> tensor<1152x1xf32>
  %1 = linalg.matmul ins(%v, %wt : tensor<1x240xf32>, tensor<240x960xf32>) outs(%c2 : tensor<1x960xf32>) -> tensor<1x960xf32>
  %2 = linalg.matmul ins(%w3, %x3 : tensor<512x32xf32>, tensor<32x1xf32>) outs(%c3 : tensor<512x1xf32>) -> tensor<512x1xf32>
  %3 = linalg.matmul ins(%w4, %x4 : tensor<48x1152xf32>, tensor<1152x1xf32>) outs(%c4 : tensor<48x1xf32>) -> tensor<48x1xf32>
  return %0, %1, %2, %3 : tensor<1152x1xf32>, tensor<1x960xf32>, tensor<512x1xf32>, tensor<48x1xf32>
}

// -----

// Which tiles share a product's work evenly among threads, each of which
// takes a run of consecutive tiles. ViT-B/16's 197 tokens: tiles 128 and
// 69 rows high would give one of 2 threads 0.65 of the work, tiles of all
// 197 rows (`= 1`) each thread 12 of 24. 256 rows make two even rows of
// tiles (`= 0`). Rows known at run time by 768 columns (6 tiles): tiles of
// whole rows, as on the mean of 1 to 1024 rows they are more even; by 256
// (2 tiles, too few for 3 or 4 threads): tiles of 128 x 128.
// CHECK-LABEL: func.func @tokens_matmul
// CHECK:   linalg.matmul {tcp_aot.parallel = 1 : i64} {{.*}} -> tensor<197x3072xf32>
// CHECK:   linalg.matmul {tcp_aot.parallel = 0 : i64} {{.*}} -> tensor<256x3072xf32>
// CHECK:   linalg.matmul {tcp_aot.parallel = 1 : i64} {{.*}} -> tensor<?x768xf32>
// CHECK:   linalg.matmul {tcp_aot.parallel = 0 : i64} {{.*}} -> tensor<?x256xf32>
func.func @tokens_matmul(%a: tensor<197x768xf32>, %b: tensor<768x3072xf32>, %c: tensor<197x3072xf32>,
                         %a2: tensor<256x768xf32>, %c2: tensor<256x3072xf32>,
                         %a3: tensor<?x768xf32>, %b3: tensor<768x768xf32>, %c3: tensor<?x768xf32>,
                         %b4: tensor<768x256xf32>, %c4: tensor<?x256xf32>)
    -> (tensor<197x3072xf32>, tensor<256x3072xf32>, tensor<?x768xf32>, tensor<?x256xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<197x768xf32>, tensor<768x3072xf32>) outs(%c : tensor<197x3072xf32>) -> tensor<197x3072xf32>
  %1 = linalg.matmul ins(%a2, %b : tensor<256x768xf32>, tensor<768x3072xf32>) outs(%c2 : tensor<256x3072xf32>) -> tensor<256x3072xf32>
  %2 = linalg.matmul ins(%a3, %b3 : tensor<?x768xf32>, tensor<768x768xf32>) outs(%c3 : tensor<?x768xf32>) -> tensor<?x768xf32>
  %3 = linalg.matmul ins(%a3, %b4 : tensor<?x768xf32>, tensor<768x256xf32>) outs(%c4 : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %0, %1, %2, %3 : tensor<197x3072xf32>, tensor<256x3072xf32>, tensor<?x768xf32>, tensor<?x256xf32>
}

// -----

// The same per matrix, but a batch of 2: two tiles.
// CHECK-LABEL: func.func @one_tile_batch_matmul
// CHECK:   linalg.batch_matmul {tcp_aot.parallel = 0 : i64}
func.func @one_tile_batch_matmul(%a: tensor<2x64x512xf32>, %b: tensor<2x512x10xf32>, %c: tensor<2x64x10xf32>) -> tensor<2x64x10xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x64x512xf32>, tensor<2x512x10xf32>) outs(%c : tensor<2x64x10xf32>) -> tensor<2x64x10xf32>
  return %0 : tensor<2x64x10xf32>
}

// -----

// A product with an epilogue (mark-product-epilogues) is marked for the
// schedule to split the two together; the epilogue is not split alone.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// CHECK-LABEL: func.func @product_with_epilogue
// CHECK:       linalg.matmul {tcp_aot.epilogue, tcp_aot.parallel_with_epilogue = 0 : i64}
// CHECK:       linalg.generic
// CHECK-NOT:   tcp_aot.parallel
// CHECK:       return
func.func @product_with_epilogue(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %bias: tensor<1x256xf32>,
                                 %init: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %p = linalg.matmul {tcp_aot.epilogue} ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<1x256xf32>) outs(%p : tensor<256x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// -----

// Dynamic rows: both copies of the run-time choice hold the product and
// its epilogue, placed where the epilogue was (its bias is computed after
// the product).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// CHECK-LABEL: func.func @dynamic_product_with_epilogue
// CHECK:       %[[BIAS:.*]] = arith.addf
// CHECK:       scf.if %{{.*}} -> (tensor<?x256xf32>) {
// CHECK:         %[[P:.*]] = linalg.matmul {tcp_aot.epilogue, tcp_aot.parallel_with_epilogue = 0 : i64}
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[BIAS]] : tensor<1x256xf32>) outs(%[[P]] : tensor<?x256xf32>)
// CHECK:         scf.yield %[[R]]
// CHECK:       } else {
// CHECK:         %[[P2:.*]] = linalg.matmul {tcp_aot.epilogue} ins
// CHECK:         %[[R2:.*]] = linalg.generic {{.*}} outs(%[[P2]] : tensor<?x256xf32>)
// CHECK:         scf.yield %[[R2]]
// CHECK:       } {tcp_aot.parallel_with_epilogue = 0 : i64}
func.func @dynamic_product_with_epilogue(%a: tensor<?x64xf32>, %b: tensor<64x256xf32>, %bias: tensor<1x256xf32>,
                                         %init: tensor<?x256xf32>) -> tensor<?x256xf32> {
  %p = linalg.matmul {tcp_aot.epilogue} ins(%a, %b : tensor<?x64xf32>, tensor<64x256xf32>)
      outs(%init : tensor<?x256xf32>) -> tensor<?x256xf32>
  %bias2 = arith.addf %bias, %bias : tensor<1x256xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias2 : tensor<1x256xf32>) outs(%p : tensor<?x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}

// -----

// schedules/parallel.mlir splits dims 0 to 5 (SPLIT_DIMS): dim 5 is the
// first with work here; in a rank-8 op only dim 6 has, and none is marked.
#id7 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5, d6)>
#id8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5, d6, d7)>

// CHECK-LABEL: func.func @rank7_dim5
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.parallel = 5 : i64}
func.func @rank7_dim5(%a: tensor<1x1x1x1x1x16x4096xf32>) -> tensor<1x1x1x1x1x16x4096xf32> {
  %0 = linalg.generic {indexing_maps = [#id7, #id7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x1x1x1x1x16x4096xf32>) outs(%a : tensor<1x1x1x1x1x16x4096xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<1x1x1x1x1x16x4096xf32>
  return %0 : tensor<1x1x1x1x1x16x4096xf32>
}

// CHECK-LABEL: func.func @rank8_dim6
// CHECK-NOT: tcp_aot.parallel
func.func @rank8_dim6(%a: tensor<1x1x1x1x1x1x16x4096xf32>) -> tensor<1x1x1x1x1x1x16x4096xf32> {
  %0 = linalg.generic {indexing_maps = [#id8, #id8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x1x1x1x1x1x16x4096xf32>) outs(%a : tensor<1x1x1x1x1x1x16x4096xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<1x1x1x1x1x1x16x4096xf32>
  return %0 : tensor<1x1x1x1x1x1x16x4096xf32>
}

// -----

// A transpose (an attention's heads: [batch, seq, heads, dim] to [batch,
// heads, seq, dim]) is split like a generic, along its output's dims; one
// with a dynamic batch by a choice at run time.
// CHECK-LABEL: func.func @heads
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3]  {tcp_aot.parallel = 1 : i64}
func.func @heads(%a: tensor<1x128x12x64xf32>) -> tensor<1x12x128x64xf32> {
  %init = tensor.empty() : tensor<1x12x128x64xf32>
  %0 = linalg.transpose ins(%a : tensor<1x128x12x64xf32>) outs(%init : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3]
  return %0 : tensor<1x12x128x64xf32>
}

// CHECK-LABEL: func.func @dynamic_heads
// CHECK: scf.if
// CHECK:   linalg.transpose {{.*}} {tcp_aot.parallel = 1 : i64}
// CHECK: } else {
// CHECK-NEXT: linalg.transpose {{[^{]*$}}
func.func @dynamic_heads(%a: tensor<?x128x12x64xf32>, %init: tensor<?x12x128x64xf32>) -> tensor<?x12x128x64xf32> {
  %0 = linalg.transpose ins(%a : tensor<?x128x12x64xf32>) outs(%init : tensor<?x12x128x64xf32>) permutation = [0, 2, 1, 3]
  return %0 : tensor<?x12x128x64xf32>
}

// -----

// A depthwise convolution (marked with its tile, mark-depthwise-convolutions)
// of a dynamic batch: its parallel copy is split by images and channels,
// each thread's op one image's channel.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#by_channel = affine_map<(d0, d1, d2, d3) -> (d1)>

// CHECK-LABEL: func.func @depthwise
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.depthwise_tile = array<i64: 8, 16>, tcp_aot.parallel_images = 1 : i64}
// CHECK: } else {
// CHECK: linalg.generic {{.*}} attrs = {tcp_aot.depthwise_tile = array<i64: 8, 16>}
func.func @depthwise(%x: tensor<?x96x28x28xf32>, %w: tensor<96xf32>, %init: tensor<?x96x28x28xf32>)
    -> tensor<?x96x28x28xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #by_channel, #by_channel, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x, %w, %w : tensor<?x96x28x28xf32>, tensor<?x96x28x28xf32>, tensor<96xf32>, tensor<96xf32>)
      outs(%init : tensor<?x96x28x28xf32>) attrs = {tcp_aot.depthwise_tile = array<i64: 8, 16>} {
  ^bb0(%x0: f32, %x1: f32, %w0: f32, %w1: f32, %out: f32):
    %p = arith.mulf %x0, %w0 : f32
    %q = arith.mulf %x1, %w1 fastmath<contract> : f32
    %s = arith.addf %p, %q fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<?x96x28x28xf32>
  return %0 : tensor<?x96x28x28xf32>
}
