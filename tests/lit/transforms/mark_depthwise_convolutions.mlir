// mark-depthwise-convolutions: a depthwise convolution's generic (windows
// read whole, weight columns read by channel) of static width gets the tile
// schedule-depthwise cuts it into: [rows, lanes], 8 rows over more than 9
// kernel offsets and 4 over at most 9, 16 lanes, 8 for rows of at most 8.
// Its [1, C, 1, 1] bias becomes a [C] input read by channel.
// RUN: tcp-opt %s --split-input-file --mark-depthwise-convolutions | FileCheck %s

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#by_channel = affine_map<(d0, d1, d2, d3) -> (d1)>
#bias = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>

// CHECK-DAG: #[[BY_CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @wide_rows_many_offsets
// CHECK: %[[B:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1, 2, 3]] : tensor<1x8x1x1xf32> into tensor<8xf32>
// CHECK: linalg.generic {indexing_maps = [{{.*}}, #[[BY_CHANNEL]], {{.*}}]
// CHECK-SAME: ins(%arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %[[B]] :
// CHECK-SAME: tcp_aot.depthwise_tile = array<i64: 8, 16>
func.func @wide_rows_many_offsets(%x: tensor<?x8x28x28xf32>, %w: tensor<8xf32>, %b: tensor<1x8x1x1xf32>,
                                  %init: tensor<?x8x28x28xf32>) -> tensor<?x8x28x28xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #by_channel, #by_channel,
                                        #by_channel, #by_channel, #by_channel, #by_channel, #by_channel, #by_channel,
                                        #by_channel, #by_channel, #bias, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %w, %w, %w, %w, %w, %w, %w, %w, %w, %w, %b
          : tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>,
            tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>,
            tensor<?x8x28x28xf32>, tensor<?x8x28x28xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
            tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<1x8x1x1xf32>)
      outs(%init : tensor<?x8x28x28xf32>) {
  ^bb0(%x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32, %x8: f32, %x9: f32,
       %w0: f32, %w1: f32, %w2: f32, %w3: f32, %w4: f32, %w5: f32, %w6: f32, %w7: f32, %w8: f32, %w9: f32,
       %bias: f32, %out: f32):
    %s = arith.mulf %x0, %w0 : f32
    %t = arith.addf %s, %bias : f32
    linalg.yield %t : f32
  } -> tensor<?x8x28x28xf32>
  return %0 : tensor<?x8x28x28xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#by_channel = affine_map<(d0, d1, d2, d3) -> (d1)>

// CHECK-LABEL: func.func @narrow_rows_few_offsets
// CHECK: linalg.generic
// CHECK-SAME: tcp_aot.depthwise_tile = array<i64: 4, 8>
func.func @narrow_rows_few_offsets(%x: tensor<1x8x7x7xf32>, %w: tensor<8xf32>, %init: tensor<1x8x7x7xf32>)
    -> tensor<1x8x7x7xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #by_channel, #by_channel, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x, %w, %w : tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>, tensor<8xf32>, tensor<8xf32>)
      outs(%init : tensor<1x8x7x7xf32>) {
  ^bb0(%x0: f32, %x1: f32, %w0: f32, %w1: f32, %out: f32):
    %p = arith.mulf %x0, %w0 : f32
    %q = arith.mulf %x1, %w1 : f32
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1x8x7x7xf32>
  return %0 : tensor<1x8x7x7xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#by_channel = affine_map<(d0, d1, d2, d3) -> (d1)>

// A row of dynamic width, and an elementwise op of one window: not marked.
// CHECK-LABEL: func.func @not_marked
// CHECK-NOT: tcp_aot.depthwise_tile
func.func @not_marked(%x: tensor<1x8x7x?xf32>, %w: tensor<8xf32>, %init: tensor<1x8x7x?xf32>, %y: tensor<1x8x7x7xf32>,
                      %yinit: tensor<1x8x7x7xf32>) -> (tensor<1x8x7x?xf32>, tensor<1x8x7x7xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id, #by_channel, #by_channel, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x, %w, %w : tensor<1x8x7x?xf32>, tensor<1x8x7x?xf32>, tensor<8xf32>, tensor<8xf32>)
      outs(%init : tensor<1x8x7x?xf32>) {
  ^bb0(%x0: f32, %x1: f32, %w0: f32, %w1: f32, %out: f32):
    %p = arith.mulf %x0, %w0 : f32
    linalg.yield %p : f32
  } -> tensor<1x8x7x?xf32>
  %1 = linalg.generic {indexing_maps = [#id, #by_channel, #by_channel, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y, %w, %w : tensor<1x8x7x7xf32>, tensor<8xf32>, tensor<8xf32>) outs(%yinit : tensor<1x8x7x7xf32>) {
  ^bb0(%y0: f32, %w0: f32, %w1: f32, %out: f32):
    %p = arith.mulf %y0, %w0 : f32
    linalg.yield %p : f32
  } -> tensor<1x8x7x7xf32>
  return %0, %1 : tensor<1x8x7x?xf32>, tensor<1x8x7x7xf32>
}
