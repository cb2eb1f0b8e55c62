// insert-in-place: an op filling a tensor.empty whose result is reshaped
// and inserted into a contiguous slice of a loop's tensor (a convolution's
// product of one image into its [N, C, H, W] output, conv-to-matmul) fills
// that slice, reshaped, instead. A slice that is not contiguous (a part of
// a dim), a loop tensor that did not start empty (its buffer may be a view,
// as pad-in-place makes) or an init used twice stay as they were.
// RUN: tcp-opt %s --split-input-file --insert-in-place | FileCheck %s

// CHECK-LABEL: func.func @image_product
// CHECK:      scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<?x4x3x3xf32>)
// CHECK:        %[[IMAGE:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<?x4x3x3xf32> to tensor<4x3x3xf32>
// CHECK:        %[[ROWS:.*]] = tensor.collapse_shape %[[IMAGE]] {{\[\[}}0], [1, 2]] : tensor<4x3x3xf32> into tensor<4x9xf32>
// CHECK:        %[[P:.*]] = scf.forall (%{{.*}}) in (4) shared_outs(%{{.*}} = %[[ROWS]]) -> (tensor<4x9xf32>)
// CHECK:        %[[E:.*]] = tensor.expand_shape %[[P]]
// CHECK:        tensor.insert_slice %[[E]] into %[[ACC]][%[[I]], 0, 0, 0] [1, 4, 3, 3]
// CHECK-NOT:  tensor.empty() : tensor<4x9xf32>
func.func @image_product(%x: tensor<?x4x9xf32>) -> tensor<?x4x3x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x9xf32>
  %out = tensor.empty(%n) : tensor<?x4x3x3xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %out) -> (tensor<?x4x3x3xf32>) {
    %img = tensor.extract_slice %x[%i, 0, 0] [1, 4, 9] [1, 1, 1] : tensor<?x4x9xf32> to tensor<4x9xf32>
    %e = tensor.empty() : tensor<4x9xf32>
    %p = scf.forall (%row) in (4) shared_outs(%o = %e) -> (tensor<4x9xf32>) {
      %in = tensor.extract_slice %img[%row, 0] [1, 9] [1, 1] : tensor<4x9xf32> to tensor<1x9xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %in into %o[%row, 0] [1, 9] [1, 1] : tensor<1x9xf32> into tensor<4x9xf32>
      }
    }
    %grid = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 3, 3] : tensor<4x9xf32> into tensor<4x3x3xf32>
    %next = tensor.insert_slice %grid into %acc[%i, 0, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<4x3x3xf32> into tensor<?x4x3x3xf32>
    scf.yield %next : tensor<?x4x3x3xf32>
  }
  return %r : tensor<?x4x3x3xf32>
}

// -----

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:  tensor.collapse_shape
// CHECK:      %[[E1:.*]] = tensor.empty() : tensor<4x9xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : tensor<4x9xf32>) outs(%[[E1]] : tensor<4x9xf32>)
// CHECK:      %[[E2:.*]] = tensor.empty() : tensor<4x9xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : tensor<4x9xf32>) outs(%[[E2]] : tensor<4x9xf32>)
// CHECK:      %[[E3:.*]] = tensor.empty() : tensor<4x9xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : tensor<4x9xf32>) outs(%[[E3]] : tensor<4x9xf32>)
func.func @left_alone(%x: tensor<4x9xf32>, %start: tensor<2x4x3x3xf32>) -> (tensor<2x4x3x3xf32>, tensor<2x8x3x3xf32>, tensor<2x4x3x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // Into a tensor that did not start as a tensor.empty.
  %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %start) -> (tensor<2x4x3x3xf32>) {
    %e = tensor.empty() : tensor<4x9xf32>
    %p = linalg.copy ins(%x : tensor<4x9xf32>) outs(%e : tensor<4x9xf32>) -> tensor<4x9xf32>
    %grid = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 3, 3] : tensor<4x9xf32> into tensor<4x3x3xf32>
    %next = tensor.insert_slice %grid into %acc[%i, 0, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<4x3x3xf32> into tensor<2x4x3x3xf32>
    scf.yield %next : tensor<2x4x3x3xf32>
  }
  // Into half of the channels: not contiguous.
  %wide = tensor.empty() : tensor<2x8x3x3xf32>
  %r2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %wide) -> (tensor<2x8x3x3xf32>) {
    %e = tensor.empty() : tensor<4x9xf32>
    %p = linalg.copy ins(%x : tensor<4x9xf32>) outs(%e : tensor<4x9xf32>) -> tensor<4x9xf32>
    %grid = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 3, 3] : tensor<4x9xf32> into tensor<4x3x3xf32>
    %next = tensor.insert_slice %grid into %acc[%i, 0, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<4x3x3xf32> into tensor<2x8x3x3xf32>
    scf.yield %next : tensor<2x8x3x3xf32>
  }
  // The result used twice.
  %out = tensor.empty() : tensor<2x4x3x3xf32>
  %r3 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %out) -> (tensor<2x4x3x3xf32>) {
    %e = tensor.empty() : tensor<4x9xf32>
    %p = linalg.copy ins(%x : tensor<4x9xf32>) outs(%e : tensor<4x9xf32>) -> tensor<4x9xf32>
    %grid = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 3, 3] : tensor<4x9xf32> into tensor<4x3x3xf32>
    %next = tensor.insert_slice %grid into %acc[%i, 0, 0, 0] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<4x3x3xf32> into tensor<2x4x3x3xf32>
    %twice = tensor.insert_slice %p into %x[0, 0] [4, 9] [1, 1] : tensor<4x9xf32> into tensor<4x9xf32>
    scf.yield %next : tensor<2x4x3x3xf32>
  }
  return %r1, %r2, %r3 : tensor<2x4x3x3xf32>, tensor<2x8x3x3xf32>, tensor<2x4x3x3xf32>
}
