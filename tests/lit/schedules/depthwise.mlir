// schedules/depthwise.mlir: a depthwise convolution marked with its tile
// (mark-depthwise-convolutions) becomes loops over images, channels, tiles
// of rows and tiles of columns, the last tile of each peeled (here each
// loop of one tile and its remainder: only the images' and channels' loops
// remain), and each tile
// is vectorized: the whole 8 x 16 tiles without masks, the edge tiles (12
// rows of 28 columns: 8 + 4 rows, 16 + 12 columns) with masks of their
// static shape. The products and their sum become vector FMAs on the tile.
// RUN: tcp-opt %s --pass-pipeline=schedule-depthwise | FileCheck %s

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#by_channel = affine_map<(d0, d1, d2, d3) -> (d1)>

// CHECK-LABEL: func.func @tiles
// CHECK-NOT: linalg.generic
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<1x1x8x16xf32>, vector<1x1x8x16xf32>
// CHECK: %[[W:.*]] = vector.transfer_read {{.*}} : tensor<1xf32>, vector<1x1x8x16xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[W]] : vector<1x1x8x16xf32>
// CHECK: %[[Q:.*]] = arith.mulf {{.*}} fastmath<contract> : vector<1x1x8x16xf32>
// CHECK: arith.addf %[[P]], %[[Q]] fastmath<contract> : vector<1x1x8x16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<1x1x8x16xf32>, tensor<1x1x8x16xf32>
// CHECK: %[[COLUMNS:.*]] = vector.create_mask %c1, %c1, %c8, %c12 : vector<1x1x8x16xi1>
// CHECK: vector.transfer_read {{.*}}, %[[COLUMNS]] {{.*}} : tensor<1x1x8x12xf32>, vector<1x1x8x16xf32>
// CHECK: vector.transfer_write {{.*}}, %[[COLUMNS]] {{.*}} : vector<1x1x8x16xf32>, tensor<1x1x8x12xf32>
// CHECK: vector.create_mask %c1, %c1, %c4, %c16 : vector<1x1x8x16xi1>
// CHECK: vector.create_mask %c1, %c1, %c4, %c12 : vector<1x1x8x16xi1>
// CHECK-NOT: linalg.generic
func.func @tiles(%x: tensor<2x4x12x28xf32>, %w: tensor<4xf32>, %init: tensor<2x4x12x28xf32>) -> tensor<2x4x12x28xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #by_channel, #by_channel, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x, %w, %w : tensor<2x4x12x28xf32>, tensor<2x4x12x28xf32>, tensor<4xf32>, tensor<4xf32>)
      outs(%init : tensor<2x4x12x28xf32>) attrs = {tcp_aot.depthwise_tile = array<i64: 8, 16>} {
  ^bb0(%x0: f32, %x1: f32, %w0: f32, %w1: f32, %out: f32):
    %p = arith.mulf %x0, %w0 : f32
    %q = arith.mulf %x1, %w1 fastmath<contract> : f32
    %s = arith.addf %p, %q fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<2x4x12x28xf32>
  return %0 : tensor<2x4x12x28xf32>
}
