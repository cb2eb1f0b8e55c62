// conv-to-matmul, shifted products: a stride-1 convolution of 8 channels is
// one linalg.matmul per kernel offset on the image flattened over its grid
// (6 x 7 = 42 positions) and shifted by the offset (kh * 7 + kw). The 26
// positions the products must cover ((4 - 1) * 7 + 5) are rounded up to the
// register tile's 32 columns; the last offset (16) then reads up to position
// 48, so the flat image gets 6 zeros after its end. The [4, 32] sum is cut
// to whole rows (28 = 4 x 7), then to the output's 5 columns per row.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=conv-to-matmul,canonicalize | FileCheck %s

// CHECK-LABEL: func.func @shifted
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[IMG:.*]] = tensor.extract_slice %arg0[%[[N]], 0, 0, 0] [1, 8, 6, 7] [1, 1, 1, 1] : tensor<2x8x6x7xf32> to tensor<8x6x7xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[IMG]] {{\[\[}}0], [1, 2]] : tensor<8x6x7xf32> into tensor<8x42xf32>
// CHECK: %[[PAD:.*]] = tensor.pad %[[FLAT]] low[0, 0] high[0, 6]
// CHECK: } : tensor<8x42xf32> to tensor<8x48xf32>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x32xf32>)
// CHECK: %[[W0:.*]] = tensor.extract_slice %arg1[0, 0, 0, 0] [4, 8, 1, 1] [1, 1, 1, 1] : tensor<4x8x3x3xf32> to tensor<4x8xf32>
// CHECK: %[[X0:.*]] = tensor.extract_slice %[[PAD]][0, 0] [8, 32] [1, 1] : tensor<8x48xf32> to tensor<8x32xf32>
// CHECK: %[[P0:.*]] = linalg.matmul ins(%[[W0]], %[[X0]] : tensor<4x8xf32>, tensor<8x32xf32>) outs(%[[ACC]] : tensor<4x32xf32>)
// CHECK-COUNT-7: linalg.matmul
// CHECK: %[[X8:.*]] = tensor.extract_slice %[[PAD]][0, 16] [8, 32] [1, 1] : tensor<8x48xf32> to tensor<8x32xf32>
// CHECK: %[[P8:.*]] = linalg.matmul ins(%{{.*}}, %[[X8]] : tensor<4x8xf32>, tensor<8x32xf32>) outs(%{{.*}} : tensor<4x32xf32>)
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[P8]][0, 0] [4, 28] [1, 1] : tensor<4x32xf32> to tensor<4x28xf32>
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
