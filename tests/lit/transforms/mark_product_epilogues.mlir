// mark-product-epilogues: the elementwise op that is the only use of a
// matrix product zeroed by a fill takes the product as its init and reads
// it through its output argument; the product gets `tcp_aot.epilogue`.
// Anything else stays.
// RUN: tcp-opt %s --split-input-file --mark-product-epilogues | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// Bias add and ReLU, as linalg-fuse-elementwise-ops leaves them.
// CHECK-LABEL: func.func @bias_relu
// CHECK:      %[[P:.*]] = linalg.matmul {tcp_aot.epilogue} ins(%arg0, %arg1
// CHECK:      linalg.generic {indexing_maps = [#[[ROW:.*]], #[[ID:.*]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:     ins(%arg2 : tensor<1x32xf32>) outs(%[[P]] : tensor<16x32xf32>)
// CHECK-NEXT: ^bb0(%[[BIAS:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[ACC]], %[[BIAS]] : f32
// CHECK-NEXT:   arith.maximumf %[[S]]
func.func @bias_relu(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %bias: tensor<1x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<16x32xf32>, tensor<1x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// The product is also returned: an epilogue in place would overwrite it.
// CHECK-LABEL: func.func @product_used_twice
// CHECK-NOT:   tcp_aot.epilogue
// CHECK:       ins(%{{.*}} : tensor<16x32xf32>) outs(%{{.*}} : tensor<16x32xf32>)
func.func @product_used_twice(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %init: tensor<16x32xf32>)
    -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32>
  return %p, %r : tensor<16x32xf32>, tensor<16x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// A transpose reads the product elsewhere than it writes: not in place.
// CHECK-LABEL: func.func @transposed
// CHECK-NOT:   tcp_aot.epilogue
func.func @transposed(%a: tensor<32x8xf32>, %b: tensor<8x32xf32>, %init: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %p = linalg.matmul ins(%a, %b : tensor<32x8xf32>, tensor<8x32xf32>) outs(%init : tensor<32x32xf32>) -> tensor<32x32xf32>
  %e = tensor.empty() : tensor<32x32xf32>
  %r = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>

// A sum over the product's rows is not elementwise.
// CHECK-LABEL: func.func @row_sums
// CHECK-NOT:   tcp_aot.epilogue
func.func @row_sums(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %init: tensor<16x32xf32>, %acc: tensor<16xf32>)
    -> tensor<16xf32> {
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<16x32xf32>) outs(%acc : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A cast to another element type cannot write the product's buffer: the
// product is marked (the schedules fuse it into the epilogue's tiles), and
// the epilogue reads it as an input.
// CHECK-LABEL: func.func @to_f16
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       linalg.generic {{.*}} ins(%[[P]] : tensor<16x32xf32>) outs(%{{.*}} : tensor<16x32xf16>)
func.func @to_f16(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<16x32xf16> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<16x32xf32>) outs(%e : tensor<16x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<16x32xf16>
  return %r : tensor<16x32xf16>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A product that adds to a value it did not zero (here an argument): its
// tiles could not start from zero, so no epilogue is marked.
// CHECK-LABEL: func.func @accumulates
// CHECK-NOT:   tcp_aot.epilogue
func.func @accumulates(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %init: tensor<16x32xf32>) -> tensor<16x32xf16> {
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<16x32xf32>) outs(%e : tensor<16x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<16x32xf16>
  return %r : tensor<16x32xf16>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>

// A [batch * seq, n] product seen as [batch, seq, n] (contractions-to-matmul's
// view of a decoder's logits) by its epilogue: the epilogue is rebuilt on
// the product's two dims, which it then finishes.
// CHECK-LABEL: func.func @through_expand
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       %[[OUT:.*]] = tensor.empty() : tensor<16x32xbf16>
// CHECK:       %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[P]], %arg2 : tensor<16x32xf32>, tensor<32xf32>) outs(%[[OUT]] : tensor<16x32xbf16>)
// CHECK:       tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [2, 8, 32]
func.func @through_expand(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %bias: tensor<32xf32>) -> tensor<2x8x32xbf16> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p3 = tensor.expand_shape %p [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
  %e = tensor.empty() : tensor<2x8x32xbf16>
  %r = linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p3, %bias : tensor<2x8x32xf32>, tensor<32xf32>) outs(%e : tensor<2x8x32xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %s = arith.addf %x, %y : f32
    %h = arith.truncf %s : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<2x8x32xbf16>
  return %r : tensor<2x8x32xbf16>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// An expansion that adds no dims: nothing to collapse, and the op reading
// it stays as it is (collapsing it would have left it reading the
// expansion, erased).
// CHECK-LABEL: func.func @through_identity_expand
// CHECK:       %[[P:.*]] = linalg.matmul ins
// CHECK:       %[[E:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0], [1]]
// CHECK:       linalg.generic {{.*}} ins(%[[E]] : tensor<16x32xf32>)
func.func @through_identity_expand(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %same = tensor.expand_shape %p [[0], [1]] output_shape [16, 32] : tensor<16x32xf32> into tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%same : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bias = affine_map<(d0, d1, d2) -> (0, d0, 0, 0)>

// A 1x1 convolution's product on image n, finished by its bias and a
// residual add read from image n of a batch (an extract_slice of one whole
// element of its first dim: dense, as the collapse needs).
// CHECK-LABEL: func.func @residual_of_an_image
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       %[[RES:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<4x6x7xf32> into tensor<4x42xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[RES]] : tensor<1x4x1x1xf32>, tensor<4x42xf32>) outs(%[[P]] : tensor<4x42xf32>)
func.func @residual_of_an_image(%w: tensor<4x8xf32>, %x: tensor<8x42xf32>, %b: tensor<1x4x1x1xf32>,
                                %r: tensor<?x4x6x7xf32>, %n: index) -> tensor<4x6x7xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<4x42xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<4x42xf32>) -> tensor<4x42xf32>
  %p = linalg.matmul ins(%w, %x : tensor<4x8xf32>, tensor<8x42xf32>) outs(%init : tensor<4x42xf32>) -> tensor<4x42xf32>
  %img = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 6, 7] : tensor<4x42xf32> into tensor<4x6x7xf32>
  %res = tensor.extract_slice %r[%n, 0, 0, 0] [1, 4, 6, 7] [1, 1, 1, 1] : tensor<?x4x6x7xf32> to tensor<4x6x7xf32>
  %e = tensor.empty() : tensor<4x6x7xf32>
  %y = linalg.generic {indexing_maps = [#id3, #bias, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%img, %b, %res : tensor<4x6x7xf32>, tensor<1x4x1x1xf32>, tensor<4x6x7xf32>) outs(%e : tensor<4x6x7xf32>) {
  ^bb0(%c: f32, %bias: f32, %s: f32, %o: f32):
    %t = arith.addf %c, %bias : f32
    %u = arith.addf %t, %s : f32
    linalg.yield %u : f32
  } -> tensor<4x6x7xf32>
  return %y : tensor<4x6x7xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bias = affine_map<(d0, d1, d2) -> (0, d0, 0, 0)>

// A block of filters' product (conv-to-matmul's blocks of a padded
// output), its bias a slice of the whole bias: a slice may be strided, but
// the bias reads no two loops of a group, so it is read as it is and the
// epilogue still finishes the product.
// CHECK-LABEL: func.func @bias_of_a_block
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       %[[B:.*]] = tensor.extract_slice %arg2
// CHECK:       %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<1x4x1x1xf32>) outs(%[[P]] : tensor<4x42xf32>)
// CHECK:       tensor.expand_shape %[[R]] {{\[\[}}0], [1, 2]] output_shape [4, 6, 7]
func.func @bias_of_a_block(%w: tensor<4x8xf32>, %x: tensor<8x42xf32>, %b: tensor<1x8x1x1xf32>,
                           %first: index) -> tensor<4x6x7xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<4x42xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<4x42xf32>) -> tensor<4x42xf32>
  %p = linalg.matmul ins(%w, %x : tensor<4x8xf32>, tensor<8x42xf32>) outs(%init : tensor<4x42xf32>) -> tensor<4x42xf32>
  %img = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 6, 7] : tensor<4x42xf32> into tensor<4x6x7xf32>
  %part = tensor.extract_slice %b[0, %first, 0, 0] [1, 4, 1, 1] [1, 1, 1, 1] : tensor<1x8x1x1xf32> to tensor<1x4x1x1xf32>
  %e = tensor.empty() : tensor<4x6x7xf32>
  %y = linalg.generic {indexing_maps = [#id3, #bias, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%img, %part : tensor<4x6x7xf32>, tensor<1x4x1x1xf32>) outs(%e : tensor<4x6x7xf32>) {
  ^bb0(%c: f32, %bias: f32, %o: f32):
    %t = arith.addf %c, %bias : f32
    linalg.yield %t : f32
  } -> tensor<4x6x7xf32>
  return %y : tensor<4x6x7xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A block of filters' residual: a run of the image's first dim, every
// later dim whole, is dense too, so it is collapsed with the product.
// CHECK-LABEL: func.func @residual_of_a_block
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       %[[RES:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<4x6x7xf32> into tensor<4x42xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[RES]] : tensor<4x42xf32>) outs(%[[P]] : tensor<4x42xf32>)
func.func @residual_of_a_block(%w: tensor<4x8xf32>, %x: tensor<8x42xf32>, %r: tensor<8x6x7xf32>,
                               %first: index) -> tensor<4x6x7xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<4x42xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<4x42xf32>) -> tensor<4x42xf32>
  %p = linalg.matmul ins(%w, %x : tensor<4x8xf32>, tensor<8x42xf32>) outs(%init : tensor<4x42xf32>) -> tensor<4x42xf32>
  %img = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 6, 7] : tensor<4x42xf32> into tensor<4x6x7xf32>
  %res = tensor.extract_slice %r[%first, 0, 0] [4, 6, 7] [1, 1, 1] : tensor<8x6x7xf32> to tensor<4x6x7xf32>
  %e = tensor.empty() : tensor<4x6x7xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%img, %res : tensor<4x6x7xf32>, tensor<4x6x7xf32>) outs(%e : tensor<4x6x7xf32>) {
  ^bb0(%c: f32, %s: f32, %o: f32):
    %u = arith.addf %c, %s : f32
    linalg.yield %u : f32
  } -> tensor<4x6x7xf32>
  return %y : tensor<4x6x7xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A block of one row's residual, a row of a padded image's interior
// (conv-to-matmul's blocks of rows): strided, but its rows are one, so it
// is collapsed with the product, which the epilogue finishes in place.
// CHECK-LABEL: func.func @residual_of_a_row
// CHECK:       %[[P:.*]] = linalg.matmul {tcp_aot.epilogue}
// CHECK:       %[[RES:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<4x1x7xf32> into tensor<4x7xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[RES]] : tensor<4x7xf32>) outs(%[[P]] : tensor<4x7xf32>)
func.func @residual_of_a_row(%w: tensor<4x8xf32>, %x: tensor<8x7xf32>, %padded: tensor<4x8x9xf32>,
                             %row: index) -> tensor<4x1x7xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<4x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<4x7xf32>) -> tensor<4x7xf32>
  %p = linalg.matmul ins(%w, %x : tensor<4x8xf32>, tensor<8x7xf32>) outs(%init : tensor<4x7xf32>) -> tensor<4x7xf32>
  %img = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 1, 7] : tensor<4x7xf32> into tensor<4x1x7xf32>
  %res = tensor.extract_slice %padded[0, %row, 1] [4, 1, 7] [1, 1, 1] : tensor<4x8x9xf32> to tensor<4x1x7xf32>
  %e = tensor.empty() : tensor<4x1x7xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%img, %res : tensor<4x1x7xf32>, tensor<4x1x7xf32>) outs(%e : tensor<4x1x7xf32>) {
  ^bb0(%c: f32, %s: f32, %o: f32):
    %u = arith.addf %c, %s : f32
    linalg.yield %u : f32
  } -> tensor<4x1x7xf32>
  return %y : tensor<4x1x7xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// Two products zeroed by one fill (as CSE leaves them): each gets a fill
// of its own, and so its epilogue.
// CHECK-LABEL: func.func @shared_fill
// CHECK-COUNT-2: linalg.fill
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul {tcp_aot.epilogue}
// CHECK: linalg.matmul {tcp_aot.epilogue}
func.func @shared_fill(%a: tensor<16x8xbf16>, %b: tensor<8x32xbf16>, %c: tensor<8x32xbf16>, %bias: tensor<1x32xf32>) -> (tensor<16x32xbf16>, tensor<16x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xbf16>, tensor<8x32xbf16>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %q = linalg.matmul ins(%a, %c : tensor<16x8xbf16>, tensor<8x32xbf16>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xbf16>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<16x32xf32>, tensor<1x32xf32>) outs(%e : tensor<16x32xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %s = arith.addf %x, %y : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x32xbf16>
  %u = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q, %bias : tensor<16x32xf32>, tensor<1x32xf32>) outs(%e : tensor<16x32xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %s = arith.addf %x, %y : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x32xbf16>
  return %r, %u : tensor<16x32xbf16>, tensor<16x32xbf16>
}
