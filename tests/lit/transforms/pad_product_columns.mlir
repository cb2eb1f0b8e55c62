// pad-product-columns: a product of static columns that are not whole
// register tiles (32) pads its right operand and its output with zeros to
// whole tiles and cuts the result back; products of whole tiles, of at most
// one tile's columns, of dynamic columns, and those a micro-kernel computes
// (float32, bfloat16 into float32, int8 into int32: it takes partial tiles
// as they are) are left alone.
// RUN: tcp-opt %s --split-input-file --pad-product-columns | FileCheck %s

// A 1x1 convolution's product on a 7x7 image: 49 columns computed as 64.
// CHECK-LABEL: func.func @columns_49
// CHECK: %[[B:.*]] = tensor.pad %arg1 low[0, 0] high[0, 15]
// CHECK: } : tensor<16x49xf64> to tensor<16x64xf64>
// CHECK: %[[C:.*]] = tensor.pad %arg2 low[0, 0] high[0, 15]
// CHECK: %[[P:.*]] = linalg.matmul ins(%arg0, %[[B]] : tensor<8x16xf64>, tensor<16x64xf64>) outs(%[[C]] : tensor<8x64xf64>)
// CHECK: %[[CUT:.*]] = tensor.extract_slice %[[P]][0, 0] [8, 49] [1, 1] : tensor<8x64xf64> to tensor<8x49xf64>
// CHECK: return %[[CUT]]
func.func @columns_49(%a: tensor<8x16xf64>, %b: tensor<16x49xf64>, %c: tensor<8x49xf64>) -> tensor<8x49xf64> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf64>, tensor<16x49xf64>) outs(%c : tensor<8x49xf64>) -> tensor<8x49xf64>
  return %0 : tensor<8x49xf64>
}

// -----

// Attention's scores over ViT's 197 tokens, a dynamic batch of heads.
// CHECK-LABEL: func.func @scores_197
// CHECK: %[[P:.*]] = linalg.batch_matmul ins(%arg0, %{{.*}} : tensor<?x197x64xf64>, tensor<?x64x224xf64>) outs(%{{.*}} : tensor<?x197x224xf64>)
// CHECK: %[[H:.*]] = tensor.dim %[[P]], %c0
// CHECK: tensor.extract_slice %[[P]][0, 0, 0] [%[[H]], 197, 197] [1, 1, 1] : tensor<?x197x224xf64> to tensor<?x197x197xf64>
func.func @scores_197(%q: tensor<?x197x64xf64>, %k: tensor<?x64x197xf64>, %c: tensor<?x197x197xf64>) -> tensor<?x197x197xf64> {
  %0 = linalg.batch_matmul ins(%q, %k : tensor<?x197x64xf64>, tensor<?x64x197xf64>) outs(%c : tensor<?x197x197xf64>) -> tensor<?x197x197xf64>
  return %0 : tensor<?x197x197xf64>
}

// -----

// Left alone: whole tiles (64), less than one tile (20), dynamic columns,
// a partial tile of whole 8-lane vectors (1000 classes: 31 tiles and 8),
// and products a micro-kernel computes (49 columns of float32 and of
// bfloat16 into float32, a batch of 197 of float32).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.extract_slice
func.func @left_alone(%a: tensor<8x16xf64>, %b64: tensor<16x64xf64>, %c64: tensor<8x64xf64>,
                      %b20: tensor<16x20xf64>, %c20: tensor<8x20xf64>,
                      %bd: tensor<16x?xf64>, %cd: tensor<8x?xf64>,
                      %b1000: tensor<16x1000xf64>, %c1000: tensor<8x1000xf64>) -> (tensor<8x64xf64>, tensor<8x20xf64>, tensor<8x?xf64>, tensor<8x1000xf64>) {
  %0 = linalg.matmul ins(%a, %b64 : tensor<8x16xf64>, tensor<16x64xf64>) outs(%c64 : tensor<8x64xf64>) -> tensor<8x64xf64>
  %1 = linalg.matmul ins(%a, %b20 : tensor<8x16xf64>, tensor<16x20xf64>) outs(%c20 : tensor<8x20xf64>) -> tensor<8x20xf64>
  %2 = linalg.matmul ins(%a, %bd : tensor<8x16xf64>, tensor<16x?xf64>) outs(%cd : tensor<8x?xf64>) -> tensor<8x?xf64>
  %3 = linalg.matmul ins(%a, %b1000 : tensor<8x16xf64>, tensor<16x1000xf64>) outs(%c1000 : tensor<8x1000xf64>) -> tensor<8x1000xf64>
  return %0, %1, %2, %3 : tensor<8x64xf64>, tensor<8x20xf64>, tensor<8x?xf64>, tensor<8x1000xf64>
}

// CHECK-LABEL: func.func @microkernel_products
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.extract_slice
func.func @microkernel_products(%a: tensor<8x16xf32>, %b: tensor<16x49xf32>, %c: tensor<8x49xf32>,
                                %x: tensor<8x16xbf16>, %y: tensor<16x49xbf16>,
                                %q: tensor<?x197x64xf32>, %k: tensor<?x64x197xf32>, %s: tensor<?x197x197xf32>)
    -> (tensor<8x49xf32>, tensor<8x49xf32>, tensor<?x197x197xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x49xf32>) outs(%c : tensor<8x49xf32>) -> tensor<8x49xf32>
  %1 = linalg.matmul ins(%x, %y : tensor<8x16xbf16>, tensor<16x49xbf16>) outs(%c : tensor<8x49xf32>) -> tensor<8x49xf32>
  %2 = linalg.batch_matmul ins(%q, %k : tensor<?x197x64xf32>, tensor<?x64x197xf32>) outs(%s : tensor<?x197x197xf32>) -> tensor<?x197x197xf32>
  return %0, %1, %2 : tensor<8x49xf32>, tensor<8x49xf32>, tensor<?x197x197xf32>
}
