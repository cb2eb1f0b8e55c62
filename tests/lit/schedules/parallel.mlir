// schedules/parallel.mlir: marked ops become scf.forall loops (OpenMP
// later): a generic one step of its marked dim per iteration, or 4096
// iterations of its innermost dim; a matrix product 128 x 128 output tiles,
// or tiles of 128 columns of all its rows.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=schedule-parallel | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @rows
// CHECK: scf.forall (%[[I:.*]]) in (256)
// CHECK:   tensor.extract_slice %arg0[%[[I]], 0] [1, 512] [1, 1]
// CHECK:   linalg.generic {{.*}} ins({{.*}} : tensor<1x512xf32>)
func.func @rows(%a: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<256x512xf32>) outs(%a : tensor<256x512xf32>) attrs = {tcp_aot.parallel = 0 : i64} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<256x512xf32>
  return %0 : tensor<256x512xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @chunks
// CHECK: scf.forall (%[[I:.*]]) in (32)
// CHECK:   linalg.generic {{.*}} ins({{.*}} : tensor<4096xf32>)
func.func @chunks(%a: tensor<131072xf32>) -> tensor<131072xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<131072xf32>) outs(%a : tensor<131072xf32>) attrs = {tcp_aot.parallel_chunks = 0 : i64} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<131072xf32>
  return %0 : tensor<131072xf32>
}

// -----

// CHECK-LABEL: func.func @matmul
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 4)
// CHECK:   linalg.matmul {{.*}} outs({{.*}} : tensor<128x128xf32>)
func.func @matmul(%a: tensor<256x64xf32>, %b: tensor<64x512xf32>, %c: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %0 = linalg.matmul {tcp_aot.parallel = 0 : i64} ins(%a, %b : tensor<256x64xf32>, tensor<64x512xf32>) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %0 : tensor<256x512xf32>
}

// -----

// A product zeroed by a fill (`tcp_aot.parallel_from_zero`): the fill goes
// into its tiles.
// CHECK-LABEL: func.func @zeroed_matmul
// CHECK-NOT: linalg.fill
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 4) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK:   %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK:   %[[ZERO:.*]] = linalg.fill {{.*}} outs(%[[SLICE]] : tensor<128x128xf32>)
// CHECK:   linalg.matmul {{.*}} outs(%[[ZERO]] : tensor<128x128xf32>)
func.func @zeroed_matmul(%a: tensor<256x64xf32>, %b: tensor<64x512xf32>) -> tensor<256x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x512xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
  %0 = linalg.matmul {tcp_aot.parallel_from_zero = 0 : i64} ins(%a, %b : tensor<256x64xf32>, tensor<64x512xf32>) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %0 : tensor<256x512xf32>
}

// -----

// Marked 1 (parallel.py's _product_split_dim): tiles of 128 columns of
// all 197 rows, one per iteration, with and without a fill to move into
// them.
// CHECK-LABEL: func.func @whole_rows_matmul
// CHECK: scf.forall (%{{.*}}) in (4)
// CHECK:   linalg.matmul {{.*}} outs({{.*}} : tensor<197x128xf32>)
// CHECK: scf.forall (%{{.*}}) in (4)
// CHECK:   %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<197x128xf32>
// CHECK:   linalg.matmul {{.*}} outs(%[[ZERO]] : tensor<197x128xf32>)
func.func @whole_rows_matmul(%a: tensor<197x64xf32>, %b: tensor<64x512xf32>, %c: tensor<197x512xf32>)
    -> (tensor<197x512xf32>, tensor<197x512xf32>) {
  %0 = linalg.matmul {tcp_aot.parallel = 1 : i64} ins(%a, %b : tensor<197x64xf32>, tensor<64x512xf32>) outs(%c : tensor<197x512xf32>) -> tensor<197x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<197x512xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<197x512xf32>) -> tensor<197x512xf32>
  %1 = linalg.matmul {tcp_aot.parallel_from_zero = 1 : i64} ins(%a, %b : tensor<197x64xf32>, tensor<64x512xf32>) outs(%z : tensor<197x512xf32>) -> tensor<197x512xf32>
  return %0, %1 : tensor<197x512xf32>, tensor<197x512xf32>
}

// -----

// Unmarked ops stay as they are.
// CHECK-LABEL: func.func @unmarked
// CHECK-NOT: scf.forall
func.func @unmarked(%a: tensor<256x64xf32>, %b: tensor<64x512xf32>, %c: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x512xf32>) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %0 : tensor<256x512xf32>
}

// -----

// A product with an epilogue: the epilogue's 128 x 128 tiles are split
// among threads, each zeroing its tile and computing its tile of the
// product first, into the result's own slice (no buffer for the product).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// CHECK-LABEL: func.func @product_with_epilogue
// CHECK:       %[[EMPTY:.*]] = tensor.empty
// CHECK-NOT:   linalg.fill
// CHECK:       scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 2) shared_outs(%[[OUT:.*]] = %[[EMPTY]])
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK:         %[[ZERO:.*]] = linalg.fill {{.*}} outs(%[[SLICE]] : tensor<128x128xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul {{.*}} outs(%[[ZERO]] : tensor<128x128xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} outs(%[[P]] : tensor<128x128xf32>)
// CHECK:         tensor.parallel_insert_slice %[[R]] into %[[OUT]]
// CHECK-NOT:   linalg.matmul
func.func @product_with_epilogue(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %bias: tensor<1x256xf32>)
    -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %p = linalg.matmul {tcp_aot.epilogue, tcp_aot.parallel_with_epilogue = 0 : i64} ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>)
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

// The same by tiles of whole rows (`tcp_aot.parallel_with_epilogue = 1`).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// CHECK-LABEL: func.func @whole_rows_with_epilogue
// CHECK:       scf.forall (%[[J:.*]]) in (2) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK:         %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<197x128xf32>
// CHECK:         %[[P:.*]] = linalg.matmul {{.*}} outs(%[[ZERO]] : tensor<197x128xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} outs(%[[P]] : tensor<197x128xf32>)
// CHECK:         tensor.parallel_insert_slice %[[R]] into %[[OUT]][0, %{{.*}}] [197, 128]
// CHECK-NOT:   linalg.matmul
func.func @whole_rows_with_epilogue(%a: tensor<197x64xf32>, %b: tensor<64x256xf32>, %bias: tensor<1x256xf32>)
    -> tensor<197x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<197x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<197x256xf32>) -> tensor<197x256xf32>
  %p = linalg.matmul {tcp_aot.epilogue, tcp_aot.parallel_with_epilogue = 1 : i64}
      ins(%a, %b : tensor<197x64xf32>, tensor<64x256xf32>) outs(%init : tensor<197x256xf32>) -> tensor<197x256xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<1x256xf32>) outs(%p : tensor<197x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<197x256xf32>
  return %r : tensor<197x256xf32>
}

// -----

// The last dim the schedule splits (parallel.SPLIT_DIMS - 1).
#id7 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5, d6)>

// CHECK-LABEL: func.func @dim5
// CHECK: scf.forall (%[[I:.*]]) in (16)
// CHECK:   linalg.generic {{.*}} ins({{.*}} : tensor<1x1x1x1x1x1x4096xf32>)
func.func @dim5(%a: tensor<1x1x1x1x1x16x4096xf32>) -> tensor<1x1x1x1x1x16x4096xf32> {
  %0 = linalg.generic {indexing_maps = [#id7, #id7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x1x1x1x1x16x4096xf32>) outs(%a : tensor<1x1x1x1x1x16x4096xf32>) attrs = {tcp_aot.parallel = 5 : i64} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<1x1x1x1x1x16x4096xf32>
  return %0 : tensor<1x1x1x1x1x16x4096xf32>
}

// -----

// A transpose: its output's dim 1 (the heads) one step per iteration.
// CHECK-LABEL: func.func @heads
// CHECK: scf.forall (%[[H:.*]]) in (12)
// CHECK:   linalg.transpose ins({{.*}} : tensor<1x128x1x64xf32>) outs({{.*}} : tensor<1x1x128x64xf32>) permutation = [0, 2, 1, 3]
func.func @heads(%a: tensor<1x128x12x64xf32>) -> tensor<1x12x128x64xf32> {
  %init = tensor.empty() : tensor<1x12x128x64xf32>
  %0 = linalg.transpose ins(%a : tensor<1x128x12x64xf32>) outs(%init : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3] {tcp_aot.parallel = 1 : i64}
  return %0 : tensor<1x12x128x64xf32>
}

// -----

// A depthwise convolution by images and channels: one image's channel per iteration.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// CHECK-LABEL: func.func @images_and_channels
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0
// CHECK: scf.forall (%[[I:.*]], %[[C:.*]]) in (%[[N]], 96)
// CHECK:   tensor.extract_slice %arg0[%[[I]], %[[C]], 0, 0] [1, 1, 28, 28] [1, 1, 1, 1]
// CHECK:   linalg.generic {{.*}} ins({{.*}} : tensor<1x1x28x28xf32>)
func.func @images_and_channels(%a: tensor<?x96x28x28xf32>) -> tensor<?x96x28x28xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<?x96x28x28xf32>) outs(%a : tensor<?x96x28x28xf32>) attrs = {tcp_aot.parallel_images = 1 : i64} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x96x28x28xf32>
  return %0 : tensor<?x96x28x28xf32>
}
