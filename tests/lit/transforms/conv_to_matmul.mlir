// conv-to-matmul, shifted products: a stride-1 convolution of 8 channels is
// one linalg.matmul per kernel offset on the image flattened over its grid
// (6 x 7 = 42 positions) and shifted by the offset (kh * 7 + kw), read in
// place. The sum covers whole rows of the grid (28 = 4 x 7); each offset's
// product all the columns its input lies in: 28, but 27 and 26 for the
// last two offsets (15, 16), whose last columns would read past the
// image's end (they are past the output's last row). The first product
// starts from the zero fill; the sum is cut to the output's 5 columns per
// row. (float32: a micro-kernel computes the products, partial tiles as
// they are.) These cases' images are small enough for im2col's copy
// (below), which this run turns off.
// RUN: tcp-opt %s --split-input-file --pass-pipeline='conv-to-matmul{im2col-max-bytes=0},canonicalize' \
// RUN:   | FileCheck %s
// By default, a float32 image whose im2col copy is at most im2col-max-bytes
// (4 MiB) takes im2col's one product of 72 rows (8 channels x 9 offsets)
// by its 20 positions: no dropped columns. float64, whose products no
// micro-kernel computes, keeps the shifted ones.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=conv-to-matmul,canonicalize | FileCheck %s --check-prefix=SMALL
// SMALL-LABEL: func.func @shifted(
// SMALL: %[[WIN:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8x6x7xf32>) outs(%{{.*}} : tensor<8x3x3x4x5xf32>)
// SMALL: %[[COLS:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2], [3, 4]] : tensor<8x3x3x4x5xf32> into tensor<72x20xf32>
// SMALL: linalg.matmul ins(%{{.*}}, %[[COLS]] : tensor<4x72xf32>, tensor<72x20xf32>) outs(%{{.*}} : tensor<4x20xf32>)
// SMALL-NOT: linalg.matmul
// SMALL-LABEL: func.func @shifted_f64
// SMALL-COUNT-9: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf64>, tensor<8x32xf64>)

// CHECK-LABEL: func.func @shifted
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[IMG:.*]] = tensor.extract_slice %arg0[%[[N]], 0, 0, 0] [1, 8, 6, 7] [1, 1, 1, 1] : tensor<2x8x6x7xf32> to tensor<8x6x7xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[IMG]] {{\[\[}}0], [1, 2]] : tensor<8x6x7xf32> into tensor<8x42xf32>
// CHECK-NOT: tensor.pad
// CHECK: %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x28xf32>)
// CHECK: %[[W0:.*]] = tensor.extract_slice %arg1[0, 0, 0, 0] [4, 8, 1, 1] [1, 1, 1, 1] : tensor<4x8x3x3xf32> to tensor<4x8xf32>
// CHECK: %[[X0:.*]] = tensor.extract_slice %[[FLAT]][0, 0] [8, 28] [1, 1] : tensor<8x42xf32> to tensor<8x28xf32>
// CHECK: linalg.matmul ins(%[[W0]], %[[X0]] : tensor<4x8xf32>, tensor<8x28xf32>) outs(%[[ACC]] : tensor<4x28xf32>)
// CHECK-COUNT-6: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x28xf32>) outs(%{{.*}} : tensor<4x28xf32>)
// CHECK: %[[X7:.*]] = tensor.extract_slice %[[FLAT]][0, 15] [8, 27] [1, 1] : tensor<8x42xf32> to tensor<8x27xf32>
// CHECK: %[[P7:.*]] = linalg.matmul ins(%{{.*}}, %[[X7]] : tensor<4x8xf32>, tensor<8x27xf32>) outs(%{{.*}} : tensor<4x27xf32>)
// CHECK: %[[S7:.*]] = tensor.insert_slice %[[P7]] into %{{.*}}[0, 0] [4, 27] [1, 1] : tensor<4x27xf32> into tensor<4x28xf32>
// CHECK: %[[X8:.*]] = tensor.extract_slice %[[FLAT]][0, 16] [8, 26] [1, 1] : tensor<8x42xf32> to tensor<8x26xf32>
// CHECK: %[[A8:.*]] = tensor.extract_slice %[[S7]][0, 0] [4, 26] [1, 1] : tensor<4x28xf32> to tensor<4x26xf32>
// CHECK: %[[P8:.*]] = linalg.matmul ins(%{{.*}}, %[[X8]] : tensor<4x8xf32>, tensor<8x26xf32>) outs(%[[A8]] : tensor<4x26xf32>)
// CHECK: %[[ROWS:.*]] = tensor.insert_slice %[[P8]] into %[[S7]][0, 0] [4, 26] [1, 1] : tensor<4x26xf32> into tensor<4x28xf32>
// CHECK: %[[GRID:.*]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0], [1, 2]] output_shape [4, 4, 7] : tensor<4x28xf32> into tensor<4x4x7xf32>
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[GRID]][0, 0, 0] [4, 4, 5] [1, 1, 1] : tensor<4x4x7xf32> to tensor<4x4x5xf32>
// CHECK: tensor.insert_slice %[[OUT]] into %{{.*}}[%[[N]], 0, 0, 0] [1, 4, 4, 5] [1, 1, 1, 1]
func.func @shifted(%x: tensor<2x8x6x7xf32>, %w: tensor<4x8x3x3xf32>) -> tensor<2x4x4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x8x6x7xf32>, tensor<4x8x3x3xf32>) outs(%init : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  return %0 : tensor<2x4x4x5xf32>
}

// -----

// With no micro-kernel for the type (float64), the 26 positions are
// rounded up to the register tile's 32 columns; the last offset (16) then
// reads up to position 48, so the flat image gets 6 zeros after its end.
// The [4, 32] sum is cut to whole rows, then to the output's columns.
// CHECK-LABEL: func.func @shifted_f64
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[IMG:.*]] = tensor.extract_slice %arg0[%[[N]], 0, 0, 0] [1, 8, 6, 7] [1, 1, 1, 1] : tensor<2x8x6x7xf64> to tensor<8x6x7xf64>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[IMG]] {{\[\[}}0], [1, 2]] : tensor<8x6x7xf64> into tensor<8x42xf64>
// CHECK: %[[PAD:.*]] = tensor.pad %[[FLAT]] low[0, 0] high[0, 6]
// CHECK: } : tensor<8x42xf64> to tensor<8x48xf64>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<4x32xf64>)
// CHECK: %[[W0:.*]] = tensor.extract_slice %arg1[0, 0, 0, 0] [4, 8, 1, 1] [1, 1, 1, 1] : tensor<4x8x3x3xf64> to tensor<4x8xf64>
// CHECK: %[[X0:.*]] = tensor.extract_slice %[[PAD]][0, 0] [8, 32] [1, 1] : tensor<8x48xf64> to tensor<8x32xf64>
// CHECK: %[[P0:.*]] = linalg.matmul ins(%[[W0]], %[[X0]] : tensor<4x8xf64>, tensor<8x32xf64>) outs(%[[ACC]] : tensor<4x32xf64>)
// CHECK-COUNT-7: linalg.matmul
// CHECK: %[[X8:.*]] = tensor.extract_slice %[[PAD]][0, 16] [8, 32] [1, 1] : tensor<8x48xf64> to tensor<8x32xf64>
// CHECK: %[[P8:.*]] = linalg.matmul ins(%{{.*}}, %[[X8]] : tensor<4x8xf64>, tensor<8x32xf64>) outs(%{{.*}} : tensor<4x32xf64>)
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[P8]][0, 0] [4, 28] [1, 1] : tensor<4x32xf64> to tensor<4x28xf64>
// CHECK: %[[GRID:.*]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0], [1, 2]] output_shape [4, 4, 7] : tensor<4x28xf64> into tensor<4x4x7xf64>
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[GRID]][0, 0, 0] [4, 4, 5] [1, 1, 1] : tensor<4x4x7xf64> to tensor<4x4x5xf64>
// CHECK: tensor.insert_slice %[[OUT]] into %{{.*}}[%[[N]], 0, 0, 0] [1, 4, 4, 5] [1, 1, 1, 1]
func.func @shifted_f64(%x: tensor<2x8x6x7xf64>, %w: tensor<4x8x3x3xf64>) -> tensor<2x4x4x5xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x4x4x5xf64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<2x4x4x5xf64>) -> tensor<2x4x4x5xf64>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x8x6x7xf64>, tensor<4x8x3x3xf64>) outs(%init : tensor<2x4x4x5xf64>) -> tensor<2x4x4x5xf64>
  return %0 : tensor<2x4x4x5xf64>
}

// -----

// An int8 convolution into int32 (quantized) takes im2col even where shifted
// products would do: the micro-kernel reads the whole weight [4, 8 x 9] as
// the product's A, with contiguous rows, the columns [72, 20] as its B.
// CHECK-LABEL: func.func @int8_im2col
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<4x8x3x3xi8> into tensor<4x72xi8>
// CHECK: scf.for
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %{{.*}} : tensor<8x3x3x4x5xi8> into tensor<72x20xi8>
// CHECK: linalg.matmul ins(%[[W]], %[[COLS]] : tensor<4x72xi8>, tensor<72x20xi8>) outs(%{{.*}} : tensor<4x20xi32>)
func.func @int8_im2col(%x: tensor<2x8x6x7xi8>, %w: tensor<4x8x3x3xi8>) -> tensor<2x4x4x5xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x4x4x5xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<2x4x4x5xi32>) -> tensor<2x4x4x5xi32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x8x6x7xi8>, tensor<4x8x3x3xi8>) outs(%init : tensor<2x4x4x5xi32>) -> tensor<2x4x4x5xi32>
  return %0 : tensor<2x4x4x5xi32>
}

// -----

// The elementwise op that is the convolution's only use (a bias, a residual
// add, a ReLU) runs on each image in the loop, after the product: the bias
// read whole (it does not vary along the batch), the residual's image n, so
// that mark-product-epilogues can finish the product tile by tile.
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1, d2) -> (0, d0, 0, 0)>
// CHECK-LABEL: func.func @epilogue_per_image
// CHECK: %[[LOOP:.*]] = scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<?x4x6x7xf32>)
// CHECK: %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x42xf32>) outs(%{{.*}} : tensor<4x42xf32>)
// CHECK: %[[IMG:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0], [1, 2]] output_shape [4, 6, 7] : tensor<4x42xf32> into tensor<4x6x7xf32>
// CHECK: %[[RES:.*]] = tensor.extract_slice %arg3[%[[N]], 0, 0, 0] [1, 4, 6, 7] [1, 1, 1, 1] : tensor<?x4x6x7xf32> to tensor<4x6x7xf32>
// CHECK: %[[E:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[BIAS]], #[[ID3]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[IMG]], %arg2, %[[RES]] : tensor<4x6x7xf32>, tensor<1x4x1x1xf32>, tensor<4x6x7xf32>) outs(%{{.*}} : tensor<4x6x7xf32>)
// CHECK: arith.maximumf
// CHECK: tensor.insert_slice %[[E]] into %[[OUT]][%[[N]], 0, 0, 0] [1, 4, 6, 7] [1, 1, 1, 1]
// CHECK: return %[[LOOP]]
func.func @epilogue_per_image(%x: tensor<?x8x6x7xf32>, %w: tensor<4x8x1x1xf32>, %b: tensor<1x4x1x1xf32>,
                              %r: tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8x6x7xf32>
  %e = tensor.empty(%n) : tensor<?x4x6x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x8x6x7xf32>, tensor<4x8x1x1xf32>) outs(%init : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  %out = tensor.empty(%n) : tensor<?x4x6x7xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %b, %r : tensor<?x4x6x7xf32>, tensor<1x4x1x1xf32>, tensor<?x4x6x7xf32>) outs(%out : tensor<?x4x6x7xf32>) {
  ^bb0(%c: f32, %bias: f32, %res: f32, %o: f32):
    %s = arith.addf %c, %bias : f32
    %t = arith.addf %s, %res : f32
    %relu = arith.maximumf %t, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<?x4x6x7xf32>
  return %1 : tensor<?x4x6x7xf32>
}

// -----

// An op reading another input along the batch other than as its first dim
// cannot run on one image: it stays after the loop.
// CHECK-LABEL: func.func @epilogue_not_per_image
// CHECK: scf.for
// CHECK: linalg.matmul
// CHECK: scf.yield
// CHECK: linalg.generic
func.func @epilogue_not_per_image(%x: tensor<4x8x6x7xf32>, %w: tensor<4x8x1x1xf32>,
                                  %r: tensor<4x4x6x7xf32>) -> tensor<4x4x6x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4x6x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4x6x7xf32>) -> tensor<4x4x6x7xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<4x8x6x7xf32>, tensor<4x8x1x1xf32>) outs(%init : tensor<4x4x6x7xf32>) -> tensor<4x4x6x7xf32>
  %out = tensor.empty() : tensor<4x4x6x7xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %r : tensor<4x4x6x7xf32>, tensor<4x4x6x7xf32>) outs(%out : tensor<4x4x6x7xf32>) {
  ^bb0(%c: f32, %res: f32, %o: f32):
    %s = arith.addf %c, %res : f32
    linalg.yield %s : f32
  } -> tensor<4x4x6x7xf32>
  return %1 : tensor<4x4x6x7xf32>
}

// -----

// A padded output (a depthwise convolution reads it) is computed by blocks
// of whole rows, an scf.forall, into the padded tensor, which the loop
// makes instead of the tensor.pad: 4 blocks of 7 rows of 28 columns (the
// 4 rows that fit in the 128 columns of a tile make 7 blocks, an odd
// number; rows of at least a register tile's 32 columns go one to a block,
// computed in place). The rows of the borders above and below are
// filled first; each block fills its rows' left and right borders, and
// its epilogue finishes it, reading the residual's rows of it, into the
// rows' interior (a copy while in cache), the block going back by
// parallel_insert_slice.
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1, d2) -> (0, d0, 0, 0)>
// CHECK-LABEL: func.func @padded_rows
// CHECK-NOT: tensor.pad
// CHECK: %[[LOOP:.*]] = scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<?x32x30x30xf32>)
// CHECK: %[[IMG:.*]] = tensor.extract_slice %[[OUT]][%[[N]], 0, 0, 0] [1, 32, 30, 30] [1, 1, 1, 1] : tensor<?x32x30x30xf32> to tensor<32x30x30xf32>
// CHECK: %[[TOP:.*]] = tensor.extract_slice %[[IMG]][0, 0, 0] [32, 1, 30] [1, 1, 1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[TOP]] : tensor<32x1x30xf32>)
// CHECK: %[[BOTTOM:.*]] = tensor.extract_slice %{{.*}}[0, 29, 0] [32, 1, 30] [1, 1, 1]
// CHECK: %[[FILLED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 29, 0] [32, 1, 30] [1, 1, 1]
// CHECK: %[[BLOCKS:.*]] = scf.forall (%[[B:.*]]) in (4) shared_outs(%[[DEST:.*]] = %[[FILLED]]) -> (tensor<32x30x30xf32>)
// CHECK: %[[FIRST:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK: %[[AT:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[DEST]][0, %[[AT]], 0] [32, 7, 30] [1, 1, 1] : tensor<32x30x30xf32> to tensor<32x7x30xf32>
// CHECK: %[[LEFT:.*]] = tensor.extract_slice %[[ROWS]][0, 0, 0] [32, 7, 1] [1, 1, 1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[LEFT]] : tensor<32x7x1xf32>)
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 29] [32, 7, 1] [1, 1, 1]
// CHECK: %[[BORDERED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 29] [32, 7, 1] [1, 1, 1]
// CHECK: %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %[[FIRST]], 0] [16, 7, 28] [1, 1, 1] : tensor<16x28x28xf32> to tensor<16x7x28xf32>
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %[[IN]] {{\[\[}}0], [1, 2]] : tensor<16x7x28xf32> into tensor<16x196xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%{{.*}}, %[[COLS]] : tensor<32x16xf32>, tensor<16x196xf32>) outs(%{{.*}} : tensor<32x196xf32>)
// CHECK: %[[PROWS:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0], [1, 2]] output_shape [32, 7, 28] : tensor<32x196xf32> into tensor<32x7x28xf32>
// CHECK: %[[RES:.*]] = tensor.extract_slice %{{.*}}[0, %[[FIRST]], 0] [32, 7, 28] [1, 1, 1] : tensor<32x28x28xf32> to tensor<32x7x28xf32>
// CHECK: %[[E:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[BIAS]], #[[ID3]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[PROWS]], %arg2, %[[RES]] : tensor<32x7x28xf32>, tensor<1x32x1x1xf32>, tensor<32x7x28xf32>) outs(%{{.*}} : tensor<32x7x28xf32>)
// CHECK: %[[DONE:.*]] = tensor.insert_slice %[[E]] into %[[BORDERED]][0, 0, 1] [32, 7, 28] [1, 1, 1]
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[DONE]] into %[[DEST]][0, %[[AT]], 0] [32, 7, 30] [1, 1, 1] : tensor<32x7x30xf32> into tensor<32x30x30xf32>
// CHECK: tensor.insert_slice %[[BLOCKS]] into %[[OUT]][%[[N]], 0, 0, 0] [1, 32, 30, 30] [1, 1, 1, 1]
// CHECK: return %[[LOOP]]
func.func @padded_rows(%x: tensor<?x16x28x28xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<1x32x1x1xf32>,
                       %r: tensor<?x32x28x28xf32>) -> tensor<?x32x30x30xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16x28x28xf32>
  %e = tensor.empty(%n) : tensor<?x32x28x28xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32x28x28xf32>) -> tensor<?x32x28x28xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x16x28x28xf32>, tensor<32x16x1x1xf32>) outs(%init : tensor<?x32x28x28xf32>) -> tensor<?x32x28x28xf32>
  %out = tensor.empty(%n) : tensor<?x32x28x28xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %b, %r : tensor<?x32x28x28xf32>, tensor<1x32x1x1xf32>, tensor<?x32x28x28xf32>) outs(%out : tensor<?x32x28x28xf32>) {
  ^bb0(%c: f32, %bias: f32, %res: f32, %o: f32):
    %s = arith.addf %c, %bias : f32
    %t = arith.addf %s, %res : f32
    linalg.yield %t : f32
  } -> tensor<?x32x28x28xf32>
  %p = tensor.pad %1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<?x32x28x28xf32> to tensor<?x32x30x30xf32>
  return %p : tensor<?x32x30x30xf32>
}

// -----

// A row wider than a tile (160 columns) is a block of its own, computed
// where it goes: the product's init is the row's interior (zeroed), and
// the block goes back to where it was cut from.
// CHECK-LABEL: func.func @padded_wide_rows
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<?x32x10x162xf32>)
// CHECK: %[[IMG:.*]] = tensor.extract_slice %[[OUT]][%[[N]], 0, 0, 0] [1, 32, 10, 162] [1, 1, 1, 1]
// CHECK: scf.forall (%[[ROW:.*]]) in (8) shared_outs(%[[DEST:.*]] = %{{.*}}) -> (tensor<32x10x162xf32>)
// CHECK: %[[AT:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: tensor.extract_slice %[[DEST]][0, %[[AT]], 0] [32, 1, 162] [1, 1, 1] : tensor<32x10x162xf32> to tensor<32x1x162xf32>
// CHECK: %[[BORDERED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 161] [32, 1, 1] [1, 1, 1]
// CHECK: %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %[[ROW]], 0] [8, 1, 160] [1, 1, 1] : tensor<8x8x160xf32> to tensor<8x1x160xf32>
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %[[IN]] {{\[\[}}0], [1, 2]] : tensor<8x1x160xf32> into tensor<8x160xf32>
// CHECK: %[[WHERE:.*]] = tensor.extract_slice %[[BORDERED]][0, 0, 1] [32, 1, 160] [1, 1, 1] : tensor<32x1x162xf32> to tensor<32x160xf32>
// CHECK: %[[ZEROED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[WHERE]] : tensor<32x160xf32>)
// CHECK: %[[P:.*]] = linalg.matmul ins(%{{.*}}, %[[COLS]] : tensor<32x8xf32>, tensor<8x160xf32>) outs(%[[ZEROED]] : tensor<32x160xf32>)
// CHECK: %[[DONE:.*]] = tensor.insert_slice %[[P]] into %[[BORDERED]][0, 0, 1] [32, 1, 160] [1, 1, 1]
// CHECK: tensor.parallel_insert_slice %[[DONE]] into %[[DEST]][0, %[[AT]], 0] [32, 1, 162] [1, 1, 1] : tensor<32x1x162xf32> into tensor<32x10x162xf32>
func.func @padded_wide_rows(%x: tensor<?x8x8x160xf32>, %w: tensor<32x8x1x1xf32>) -> tensor<?x32x10x162xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8x8x160xf32>
  %e = tensor.empty(%n) : tensor<?x32x8x160xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32x8x160xf32>) -> tensor<?x32x8x160xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x8x8x160xf32>, tensor<32x8x1x1xf32>) outs(%init : tensor<?x32x8x160xf32>) -> tensor<?x32x8x160xf32>
  %p = tensor.pad %0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<?x32x8x160xf32> to tensor<?x32x10x162xf32>
  return %p : tensor<?x32x10x162xf32>
}

// -----

// im2col by blocks: each block copies the windows of its own rows (7 output
// rows of a stride-2 3 x 3 convolution read 15 input rows from row 14 x b),
// in cache for its product, not the whole image's first.
// CHECK-LABEL: func.func @padded_im2col
// CHECK: scf.forall (%[[B:.*]]) in (4) shared_outs
// CHECK: %[[AT:.*]] = arith.muli %[[B]], %c14 : index
// CHECK: %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %[[AT]], 0] [3, 15, 57] [1, 1, 1] : tensor<3x57x57xf32> to tensor<3x15x57xf32>
// CHECK: %[[WIN:.*]] = linalg.generic {{.*}} ins(%[[IN]] : tensor<3x15x57xf32>) outs(%{{.*}} : tensor<3x3x3x7x28xf32>)
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2], [3, 4]] : tensor<3x3x3x7x28xf32> into tensor<27x196xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[COLS]] : tensor<32x27xf32>, tensor<27x196xf32>) outs(%{{.*}} : tensor<32x196xf32>)
func.func @padded_im2col(%x: tensor<1x3x57x57xf32>, %w: tensor<32x3x3x3xf32>) -> tensor<1x32x30x30xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x28x28xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x3x57x57xf32>, tensor<32x3x3x3xf32>) outs(%init : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %p = tensor.pad %0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x32x28x28xf32> to tensor<1x32x30x30xf32>
  return %p : tensor<1x32x30x30xf32>
}

// -----

// A result read padded and as it is (MobileNetV3's stem: by a depthwise
// convolution and a residual add): the blocks make the padded tensor, and
// the other reader reads its interior. Its rows of 32 columns fill a
// register tile: a block each, computed in place.
// CHECK-LABEL: func.func @padded_and_read
// CHECK-NOT: tensor.pad
// CHECK: %[[BLOCKS:.*]] = scf.forall (%{{.*}}) in (32) shared_outs
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %[[BLOCKS]] into %{{.*}}[0, 0, 0, 0] [1, 32, 34, 34]
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[PADDED]][0, 0, 1, 1] [1, 32, 32, 32] [1, 1, 1, 1] : tensor<1x32x34x34xf32> to tensor<1x32x32x32xf32>
// CHECK: return %[[PADDED]], %[[IN]]
func.func @padded_and_read(%x: tensor<1x3x65x65xf32>, %w: tensor<32x3x3x3xf32>) -> (tensor<1x32x34x34xf32>, tensor<1x32x32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x3x65x65xf32>, tensor<32x3x3x3xf32>) outs(%init : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %p = tensor.pad %0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x32x32x32xf32> to tensor<1x32x34x34xf32>
  return %p, %0 : tensor<1x32x34x34xf32>, tensor<1x32x32x32xf32>
}

// -----

// A 1 x 1 convolution whose epilogue reads a padded tensor's interior
// (MobileNetV3's first residual add reads the stem's) goes by blocks of
// rows, each block's epilogue reading its rows of the interior: computed
// whole, its epilogue could not be cut into the product's tiles.
// CHECK-LABEL: func.func @flat_reading_interior
// CHECK: %[[INTERIOR:.*]] = tensor.extract_slice %{{.*}}[0, 0, 1, 1] [1, 32, 32, 32]
// CHECK: scf.forall (%[[B:.*]]) in (8) shared_outs
// CHECK: %[[AT:.*]] = arith.muli %[[B]], %c4 : index
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x32xf32>, tensor<32x128xf32>)
// CHECK: %[[IMAGE:.*]] = tensor.extract_slice %[[INTERIOR]][0, 0, 0, 0] [1, 32, 32, 32]
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[IMAGE]][0, %[[AT]], 0] [32, 4, 32]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[ROWS]] : tensor<32x4x32xf32>, tensor<32x4x32xf32>)
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @flat_reading_interior(%x: tensor<1x32x32x32xf32>, %w: tensor<32x32x1x1xf32>, %padded: tensor<1x32x34x34xf32>) -> tensor<1x32x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x32x32x32xf32>, tensor<32x32x1x1xf32>) outs(%init : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %r = tensor.extract_slice %padded[0, 0, 1, 1] [1, 32, 32, 32] [1, 1, 1, 1] : tensor<1x32x34x34xf32> to tensor<1x32x32x32xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %r : tensor<1x32x32x32xf32>, tensor<1x32x32x32xf32>) outs(%e : tensor<1x32x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x32x32x32xf32>
  return %s : tensor<1x32x32x32xf32>
}

// -----

// An image too few rows high for blocks of rows (7 x 7, one block) is
// computed by blocks of filters: 2 of 64 (the most, a multiple of 8 and
// at most a tile's 128, making an even number of blocks), each filling
// its planes' borders (2 wide: a 5 x 5 depthwise convolution reads it),
// its product finished by its filters' part of the epilogue (the bias)
// and written into its planes' interior.
// CHECK-LABEL: func.func @padded_filter_blocks
// CHECK-NOT: tensor.pad
// CHECK: scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<?x128x11x11xf32>)
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<64x7x7xf32> into tensor<64x49xf32>
// CHECK: scf.forall (%[[B:.*]]) in (2) shared_outs(%[[DEST:.*]] = %{{.*}}) -> (tensor<128x11x11xf32>)
// CHECK: %[[FIRST:.*]] = arith.muli %[[B]], %c64 : index
// CHECK: %[[PLANES:.*]] = tensor.extract_slice %[[DEST]][%[[FIRST]], 0, 0] [64, 11, 11] [1, 1, 1] : tensor<128x11x11xf32> to tensor<64x11x11xf32>
// CHECK: tensor.extract_slice %[[PLANES]][0, 0, 0] [64, 2, 11] [1, 1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 9, 0] [64, 2, 11] [1, 1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0] [64, 11, 2] [1, 1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 9] [64, 11, 2] [1, 1, 1]
// CHECK: %[[BORDERED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 9] [64, 11, 2] [1, 1, 1]
// CHECK: %[[W:.*]] = tensor.extract_slice %{{.*}}[%[[FIRST]], 0] [64, 64] [1, 1] : tensor<128x64xf32> to tensor<64x64xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[W]], %[[COLS]] : tensor<64x64xf32>, tensor<64x49xf32>) outs(%{{.*}} : tensor<64x49xf32>)
// CHECK: %[[BIAS:.*]] = tensor.extract_slice %arg2[0, %[[FIRST]], 0, 0] [1, 64, 1, 1] [1, 1, 1, 1] : tensor<1x128x1x1xf32> to tensor<1x64x1x1xf32>
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[BIAS]] : tensor<64x7x7xf32>, tensor<1x64x1x1xf32>)
// CHECK: %[[DONE:.*]] = tensor.insert_slice %[[E]] into %[[BORDERED]][0, 2, 2] [64, 7, 7] [1, 1, 1]
// CHECK: tensor.parallel_insert_slice %[[DONE]] into %[[DEST]][%[[FIRST]], 0, 0] [64, 11, 11] [1, 1, 1]
func.func @padded_filter_blocks(%x: tensor<?x64x7x7xf32>, %w: tensor<128x64x1x1xf32>,
                                %b: tensor<1x128x1x1xf32>) -> tensor<?x128x11x11xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x64x7x7xf32>
  %e = tensor.empty(%n) : tensor<?x128x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x128x7x7xf32>) -> tensor<?x128x7x7xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x64x7x7xf32>, tensor<128x64x1x1xf32>) outs(%init : tensor<?x128x7x7xf32>) -> tensor<?x128x7x7xf32>
  %out = tensor.empty(%n) : tensor<?x128x7x7xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %b : tensor<?x128x7x7xf32>, tensor<1x128x1x1xf32>) outs(%out : tensor<?x128x7x7xf32>) {
  ^bb0(%c: f32, %bias: f32, %o: f32):
    %s = arith.addf %c, %bias : f32
    linalg.yield %s : f32
  } -> tensor<?x128x7x7xf32>
  %p = tensor.pad %1 low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<?x128x7x7xf32> to tensor<?x128x11x11xf32>
  return %p : tensor<?x128x11x11xf32>
}

// -----

// Not padded, a projection to 160 filters of a 7 x 7 image goes by 2
// blocks of 80 filters (tiles of 128 filters would give 2 threads 128 and
// 32), each product computed where it goes: its init is its filters'
// planes, collapsed.
// CHECK-LABEL: func.func @projection_filter_blocks
// CHECK: scf.forall (%[[B:.*]]) in (2) shared_outs(%[[DEST:.*]] = %{{.*}}) -> (tensor<160x7x7xf32>)
// CHECK: %[[FIRST:.*]] = arith.muli %[[B]], %c80 : index
// CHECK: %[[PLANES:.*]] = tensor.extract_slice %[[DEST]][%[[FIRST]], 0, 0] [80, 7, 7] [1, 1, 1]
// CHECK: %[[WHERE:.*]] = tensor.collapse_shape %[[PLANES]] {{\[\[}}0], [1, 2]] : tensor<80x7x7xf32> into tensor<80x49xf32>
// CHECK: %[[ZEROED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[WHERE]] : tensor<80x49xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<80x96xf32>, tensor<96x49xf32>) outs(%[[ZEROED]] : tensor<80x49xf32>)
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[DEST]][%[[FIRST]], 0, 0] [80, 7, 7] [1, 1, 1]
func.func @projection_filter_blocks(%x: tensor<1x96x7x7xf32>, %w: tensor<160x96x1x1xf32>) -> tensor<1x160x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x160x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x160x7x7xf32>) -> tensor<1x160x7x7xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x96x7x7xf32>, tensor<160x96x1x1xf32>) outs(%init : tensor<1x160x7x7xf32>) -> tensor<1x160x7x7xf32>
  return %0 : tensor<1x160x7x7xf32>
}

// -----

#x_phases = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3 * 2 + d2, d4 * 2 + d5)>
#phases = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5, d3, d4)>

// A padded output copied into its phases (a depthwise convolution of
// stride 2 reads them): the blocks make the phases instead of the padded
// tensor. The border rows above and below are filled in their phase rows
// (padded row 33 is row 16 of phase 1); each block of 4 rows, its
// borders filled, finished into a block of its own, splits each row into
// its 2 column phases where it goes: padded row 4 b + 1 + r is row
// (4 b + 1 + r) / 2 of phase (4 b + 1 + r) mod 2.
// CHECK-LABEL: func.func @padded_phases
// CHECK-NOT: tensor.pad
// CHECK: tensor.empty() : tensor<1x32x2x2x17x17xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0, 0, 0] [32, 1, 2, 1, 17] [1, 1, 1, 1, 1]
// CHECK: %[[FILLED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 1, 0, 16, 0] [32, 1, 2, 1, 17] [1, 1, 1, 1, 1]
// CHECK: scf.forall (%[[B:.*]]) in (8) shared_outs(%[[DEST:.*]] = %[[FILLED]])
// CHECK: %[[FIRST:.*]] = arith.muli %[[B]], %c4 : index
// CHECK: %[[BLOCK:.*]] = tensor.empty() : tensor<32x4x34xf32>
// CHECK: linalg.matmul
// CHECK: %[[DONE:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1] [32, 4, 32] [1, 1, 1]
// CHECK: %[[ROW:.*]] = arith.addi %[[FIRST]], %c1 : index
// CHECK: %[[P:.*]] = arith.remui %[[ROW]], %c2 : index
// CHECK: %[[I:.*]] = arith.floordivsi %[[ROW]], %c2 : index
// CHECK: %[[TO:.*]] = tensor.extract_slice %[[DEST]][0, %[[P]], 0, %[[I]], 0] [32, 1, 2, 1, 17] [1, 1, 1, 1, 1] : tensor<32x2x2x17x17xf32> to tensor<32x2x17xf32>
// CHECK: %[[FROM:.*]] = tensor.extract_slice %[[DONE]][0, 0, 0] [32, 1, 34] [1, 1, 1] : tensor<32x4x34xf32> to tensor<32x34xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x32x34xf32>) outs(%{{.*}} : tensor<1x32x2x17xf32>)
// CHECK-COUNT-3: tcp_aot.stride_phases
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[DEST]][0, %[[P]], 0, %[[I]], 0] [32, 1, 2, 1, 17] [1, 1, 1, 1, 1] : tensor<32x2x17xf32> into tensor<32x2x2x17x17xf32>
// CHECK-COUNT-3: tensor.parallel_insert_slice
// CHECK-NOT: tcp_aot.stride_phases
func.func @padded_phases(%x: tensor<1x16x32x32xf32>, %w: tensor<32x16x1x1xf32>) -> tensor<1x32x2x2x17x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x32x32xf32>, tensor<32x16x1x1xf32>) outs(%init : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %p = tensor.pad %0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x32x32x32xf32> to tensor<1x32x34x34xf32>
  %pe = tensor.empty() : tensor<1x32x2x2x17x17xf32>
  %ph = linalg.generic {indexing_maps = [#x_phases, #phases], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%p : tensor<1x32x34x34xf32>) outs(%pe : tensor<1x32x2x2x17x17xf32>) attrs = {tcp_aot.stride_phases} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x32x2x2x17x17xf32>
  return %ph : tensor<1x32x2x2x17x17xf32>
}

// -----

// Too little work for threads (8 x 8 x 32 x 32 multiply-adds): the image's
// product is one, as when the output is not padded.
// CHECK-LABEL: func.func @padded_small
// CHECK-NOT: scf.forall
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x1024xf32>)
func.func @padded_small(%x: tensor<1x8x32x32xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x34x34xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x32x32xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
  %p = tensor.pad %0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x32x32xf32> to tensor<1x8x34x34xf32>
  return %p : tensor<1x8x34x34xf32>
}

// -----

// By default (SMALL run), a float32 3 x 3 convolution of a 32 x 32 image,
// padded after or not, goes by 8 blocks of 4 rows, each copying the
// windows of its 6 input rows; one of 3 rows of 2000 makes too few blocks,
// and its im2col copy (24 channels x 9 x 6000 positions: 5.2 MB) exceeds
// im2col-max-bytes: shifted products, 9.
// SMALL-LABEL: func.func @row_blocks
// SMALL: scf.forall (%[[B:.*]]) in (8) shared_outs
// SMALL: %[[AT:.*]] = arith.muli %[[B]], %c4 : index
// SMALL: tensor.extract_slice %{{.*}}[0, %[[AT]], 0] [8, 6, 34] [1, 1, 1] : tensor<8x34x34xf32> to tensor<8x6x34xf32>
// SMALL: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<5x72xf32>, tensor<72x128xf32>) outs(%{{.*}} : tensor<5x128xf32>)
// SMALL-LABEL: func.func @shifted_wide
// SMALL-COUNT-9: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<5x24xf32>
// SMALL-NOT: linalg.matmul
func.func @row_blocks(%x: tensor<1x8x34x34xf32>, %w: tensor<5x8x3x3xf32>) -> tensor<1x5x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x32x32xf32>) -> tensor<1x5x32x32xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x34x34xf32>, tensor<5x8x3x3xf32>) outs(%init : tensor<1x5x32x32xf32>) -> tensor<1x5x32x32xf32>
  return %0 : tensor<1x5x32x32xf32>
}
func.func @shifted_wide(%x: tensor<1x24x5x2002xf32>, %w: tensor<5x24x3x3xf32>) -> tensor<1x5x3x2000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x3x2000xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x3x2000xf32>) -> tensor<1x5x3x2000xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x24x5x2002xf32>, tensor<5x24x3x3xf32>) outs(%init : tensor<1x5x3x2000xf32>) -> tensor<1x5x3x2000xf32>
  return %0 : tensor<1x5x3x2000xf32>
}

// -----

// A 1 x 1 convolution of an image scaled per image and channel (a
// squeeze-and-excitation gate, its hardsigmoid fused into the multiply)
// reads the image itself: the gate's body, moved to [N, 8, 1, 1], yields
// the factors, which scale the weight's columns image by image. The
// multiply over the whole image is gone.
// CHECK-DAG: #[[PER_CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// CHECK-DAG: #[[COLUMN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @scaled_input(
// SMALL-LABEL: func.func @scaled_input(
// CHECK-SAME: %[[Y:[^:]*]]: tensor<?x8x6x7xf32>, %[[G:[^:]*]]: tensor<?x8x1x1xf32>, %[[B:[^:]*]]: tensor<1x8x1x1xf32>
// CHECK: %[[F:.*]] = linalg.generic {indexing_maps = [#[[PER_CHANNEL]], #{{.*}}, #[[PER_CHANNEL]], #{{.*}}]{{.*}} ins(%[[G]], %[[B]], %[[Y]] : {{.*}}) outs(%{{.*}} : tensor<?x8x1x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: %[[FACTOR:.*]] = arith.divf
// CHECK-NEXT: linalg.yield %[[FACTOR]]
// CHECK: scf.for %[[N:[^ ]*]] =
// CHECK: %[[IMAGE:.*]] = tensor.extract_slice %[[Y]][%[[N]], 0, 0, 0] [1, 8, 6, 7]
// CHECK: %[[FN:.*]] = tensor.extract_slice %[[F]][%[[N]], 0, 0, 0] [1, 8, 1, 1] [1, 1, 1, 1] : tensor<?x8x1x1xf32> to tensor<8xf32>
// CHECK: %[[W:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[COLUMN]], #{{.*}}]{{.*}} ins(%{{.*}}, %[[FN]] : tensor<4x8xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK: %[[COLS:.*]] = tensor.collapse_shape %[[IMAGE]]
// CHECK: linalg.matmul ins(%[[W]], %[[COLS]] : tensor<4x8xf32>, tensor<8x42xf32>)
// CHECK-NOT: arith.mulf
func.func @scaled_input(%y: tensor<?x8x6x7xf32>, %g: tensor<?x8x1x1xf32>, %b: tensor<1x8x1x1xf32>,
                        %w: tensor<4x8x1x1xf32>) -> tensor<?x4x6x7xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %n = tensor.dim %y, %c0 : tensor<?x8x6x7xf32>
  %e = tensor.empty(%n) : tensor<?x8x6x7xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %b, %y : tensor<?x8x1x1xf32>, tensor<1x8x1x1xf32>, tensor<?x8x6x7xf32>) outs(%e : tensor<?x8x6x7xf32>) {
  ^bb0(%gate: f32, %bias: f32, %image: f32, %o: f32):
    %s = arith.addf %gate, %bias : f32
    %t = arith.divf %s, %six : f32
    %p = arith.mulf %t, %image : f32
    linalg.yield %p : f32
  } -> tensor<?x8x6x7xf32>
  %oe = tensor.empty(%n) : tensor<?x4x6x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%oe : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x8x6x7xf32>, tensor<4x8x1x1xf32>) outs(%init : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  return %0 : tensor<?x4x6x7xf32>
}

// -----

// The multiply stays where the weight has as many filters as the image
// has positions (scaling 6 x 8 weights costs more than the 8 x 2 x 3
// multiplies), and where the image's element is read by more than the
// multiply.
// CHECK-LABEL: func.func @scaled_input_kept
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x8x1x1xf32>, tensor<?x8x2x3xf32>)
// CHECK: arith.mulf
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x8xf32>, tensor<8x6xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x8x1x1xf32>, tensor<?x8x6x7xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x42xf32>)
func.func @scaled_input_kept(%y: tensor<?x8x2x3xf32>, %g: tensor<?x8x1x1xf32>, %w: tensor<6x8x1x1xf32>,
                             %y2: tensor<?x8x6x7xf32>, %w2: tensor<4x8x1x1xf32>)
    -> (tensor<?x6x2x3xf32>, tensor<?x4x6x7xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %y, %c0 : tensor<?x8x2x3xf32>
  %e = tensor.empty(%n) : tensor<?x8x2x3xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %y : tensor<?x8x1x1xf32>, tensor<?x8x2x3xf32>) outs(%e : tensor<?x8x2x3xf32>) {
  ^bb0(%gate: f32, %image: f32, %o: f32):
    %p = arith.mulf %gate, %image : f32
    linalg.yield %p : f32
  } -> tensor<?x8x2x3xf32>
  %oe = tensor.empty(%n) : tensor<?x6x2x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%oe : tensor<?x6x2x3xf32>) -> tensor<?x6x2x3xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x8x2x3xf32>, tensor<6x8x1x1xf32>) outs(%init : tensor<?x6x2x3xf32>) -> tensor<?x6x2x3xf32>
  %e2 = tensor.empty(%n) : tensor<?x8x6x7xf32>
  %x2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %y2 : tensor<?x8x1x1xf32>, tensor<?x8x6x7xf32>) outs(%e2 : tensor<?x8x6x7xf32>) {
  ^bb0(%gate: f32, %image: f32, %o: f32):
    %p = arith.mulf %gate, %image : f32
    %q = arith.addf %p, %image : f32
    linalg.yield %q : f32
  } -> tensor<?x8x6x7xf32>
  %oe2 = tensor.empty(%n) : tensor<?x4x6x7xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%oe2 : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x2, %w2 : tensor<?x8x6x7xf32>, tensor<4x8x1x1xf32>) outs(%init2 : tensor<?x4x6x7xf32>) -> tensor<?x4x6x7xf32>
  return %0, %1 : tensor<?x6x2x3xf32>, tensor<?x4x6x7xf32>
}

// -----

// The same in 1-D: the factors [N, 8, 1].
// CHECK-LABEL: func.func @scaled_input_1d(
// CHECK: %[[F:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<?x8x1xf32>)
// CHECK: tensor.extract_slice %[[F]][%{{.*}}, 0, 0] [1, 8, 1] [1, 1, 1] : tensor<?x8x1xf32> to tensor<8xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x20xf32>)
// CHECK-NOT: arith.mulf
func.func @scaled_input_1d(%y: tensor<?x8x20xf32>, %g: tensor<?x8x1xf32>, %w: tensor<4x8x1xf32>) -> tensor<?x4x20xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %y, %c0 : tensor<?x8x20xf32>
  %e = tensor.empty(%n) : tensor<?x8x20xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g, %y : tensor<?x8x1xf32>, tensor<?x8x20xf32>) outs(%e : tensor<?x8x20xf32>) {
  ^bb0(%gate: f32, %image: f32, %o: f32):
    %p = arith.mulf %image, %gate : f32
    linalg.yield %p : f32
  } -> tensor<?x8x20xf32>
  %oe = tensor.empty(%n) : tensor<?x4x20xf32>
  %init = linalg.fill ins(%zero : f32) outs(%oe : tensor<?x4x20xf32>) -> tensor<?x4x20xf32>
  %0 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%x, %w : tensor<?x8x20xf32>, tensor<4x8x1xf32>) outs(%init : tensor<?x4x20xf32>) -> tensor<?x4x20xf32>
  return %0 : tensor<?x4x20xf32>
}
