// pad-in-place: a pad of the tensor a loop over images filled (a
// convolution's result, conv-to-matmul) becomes the loop writing into the
// padded tensor's interior; only the borders are filled. A pad of anything
// else, or of a loop result used elsewhere too, stays a tensor.pad.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=pad-in-place,canonicalize | FileCheck %s

// CHECK-LABEL: func.func @loop_result
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:  %[[N:.*]] = tensor.dim %arg0
// CHECK:      %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4x8x8xf32>
// CHECK:      %[[TOP:.*]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [%[[N]], 4, 1, 8]
// CHECK:      %[[F1:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[TOP]] : tensor<?x4x1x8xf32>)
// CHECK:      %[[P1:.*]] = tensor.insert_slice %[[F1]] into %[[E]][0, 0, 0, 0] [%[[N]], 4, 1, 8]
// CHECK:      tensor.extract_slice %[[P1]][0, 0, 7, 0] [%[[N]], 4, 1, 8]
// CHECK:      tensor.extract_slice %{{.*}}[0, 0, 0, 0] [%[[N]], 4, 8, 1]
// CHECK:      %[[P4:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 7] [%[[N]], 4, 8, 1]
// CHECK:      %[[INTERIOR:.*]] = tensor.extract_slice %[[P4]][0, 0, 1, 1] [%[[N]], 4, 6, 6]
// CHECK:      %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INTERIOR]]) -> (tensor<?x4x6x6xf32>)
// CHECK-NOT:  tensor.pad
// CHECK:      %[[PADDED:.*]] = tensor.insert_slice %[[R]] into %[[P4]][0, 0, 1, 1] [%[[N]], 4, 6, 6]
// CHECK:      return %[[PADDED]]
func.func @loop_result(%x: tensor<?x4x6x6xf32>) -> tensor<?x4x8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4x6x6xf32>
  %e = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<?x4x6x6xf32>) {
    %img = tensor.extract_slice %x[%i, 0, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<?x4x6x6xf32> to tensor<4x6x6xf32>
    %next = tensor.insert_slice %img into %acc[%i, 0, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<4x6x6xf32> into tensor<?x4x6x6xf32>
    scf.yield %next : tensor<?x4x6x6xf32>
  }
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x4x6x6xf32> to tensor<?x4x8x8xf32>
  return %p : tensor<?x4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: tensor.pad
func.func @left_alone(%x: tensor<4x6xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<4x6xf32>) {
    %next = tensor.insert_slice %x into %acc[0, 0] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<4x6xf32>
    scf.yield %next : tensor<4x6xf32>
  }
  %q = tensor.pad %r low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<4x8xf32>
  return %p, %q, %r : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x6xf32>
}
