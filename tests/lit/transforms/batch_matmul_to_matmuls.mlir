// batch-matmul-to-matmuls: a batch_matmul is an scf.for over its batch of
// linalg.matmul on each matrix of its operands and output, which the
// matmul schedule register-tiles.
// RUN: tcp-opt %s --batch-matmul-to-matmuls | FileCheck %s

// CHECK-LABEL: func.func @scores_times_values
// CHECK: %[[B:.*]] = tensor.dim %arg2, %c0
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %c0 to %[[B]] step %c1 iter_args(%[[OUT:.*]] = %arg2) -> (tensor<?x197x64xf32>)
// CHECK:   %[[P:.*]] = tensor.extract_slice %arg0[%[[I]], 0, 0] [1, 197, 197] [1, 1, 1] : tensor<?x197x197xf32> to tensor<197x197xf32>
// CHECK:   %[[V:.*]] = tensor.extract_slice %arg1[%[[I]], 0, 0] [1, 197, 64] [1, 1, 1] : tensor<?x197x64xf32> to tensor<197x64xf32>
// CHECK:   %[[C:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0, 0] [1, 197, 64] [1, 1, 1] : tensor<?x197x64xf32> to tensor<197x64xf32>
// CHECK:   %[[M:.*]] = linalg.matmul ins(%[[P]], %[[V]] : tensor<197x197xf32>, tensor<197x64xf32>) outs(%[[C]] : tensor<197x64xf32>)
// CHECK:   %[[IN:.*]] = tensor.insert_slice %[[M]] into %[[OUT]][%[[I]], 0, 0] [1, 197, 64] [1, 1, 1]
// CHECK:   scf.yield %[[IN]]
// CHECK: return %[[R]]
func.func @scores_times_values(%p: tensor<?x197x197xf32>, %v: tensor<?x197x64xf32>, %c: tensor<?x197x64xf32>) -> tensor<?x197x64xf32> {
  %0 = linalg.batch_matmul ins(%p, %v : tensor<?x197x197xf32>, tensor<?x197x64xf32>) outs(%c : tensor<?x197x64xf32>) -> tensor<?x197x64xf32>
  return %0 : tensor<?x197x64xf32>
}
