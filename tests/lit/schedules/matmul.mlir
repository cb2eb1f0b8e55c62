// schedules/matmul.mlir: cache tiles, 8 x 32 register tiles vectorized into
// vector.contract; a dynamic or ragged dim is peeled, its partial tiles stay
// linalg.matmul (scalar loops later).
// RUN: tcp-opt %s --split-input-file --pass-pipeline=schedule-matmul | FileCheck %s

// CHECK-LABEL: func.func @divisible
// CHECK-NOT: linalg.matmul
// CHECK: scf.for {{.*}} step %c128
// CHECK: scf.for {{.*}} step %c128
// CHECK: scf.for {{.*}} step %c256
// CHECK: scf.for {{.*}} step %c8
// CHECK: scf.for {{.*}} step %c32
// CHECK: scf.for {{.*}} step %c1
// CHECK: vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
func.func @divisible(%a: tensor<256x512xf32>, %b: tensor<512x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x512xf32>, tensor<512x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// Dynamic rows and 100 columns: full 8 x 32 tiles, an 8 x 4 column
// remainder (static: vectorized too), the leftover rows of whole 32
// columns one at a time, vectorized as well (a batch of one through a linear
// layer), and the last corner as linalg.
// CHECK-LABEL: func.func @ragged
// CHECK-DAG: vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<8x1xf32>, vector<1x4xf32> into vector<8x4xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// CHECK-DAG: linalg.matmul ins({{.*}} : tensor<?x1xf32>, tensor<1x4xf32>) outs({{.*}} : tensor<?x4xf32>)
func.func @ragged(%a: tensor<?x64xf32>, %b: tensor<64x100xf32>, %c: tensor<?x100xf32>) -> tensor<?x100xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x100xf32>) outs(%c : tensor<?x100xf32>) -> tensor<?x100xf32>
  return %0 : tensor<?x100xf32>
}

// -----

// A product with an epilogue, not split among threads: the same tiles in
// an scf.forall marked to run as plain loops (sequential-tiles), the
// product's tile finished by the epilogue right after its last k step.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>

// CHECK-LABEL: func.func @product_with_epilogue
// CHECK:       scf.forall (%{{.*}}, %{{.*}}) in (2, 2) shared_outs
// CHECK:         scf.for {{.*}} step %c256
// CHECK:           vector.contract
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<128x128xf32>)
// CHECK:       } {tcp_aot.sequential}
func.func @product_with_epilogue(%a: tensor<256x512xf32>, %b: tensor<512x256xf32>, %bias: tensor<1x256xf32>,
                                 %init: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %p = linalg.matmul {tcp_aot.epilogue} ins(%a, %b : tensor<256x512xf32>, tensor<512x256xf32>)
      outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<1x256xf32>) outs(%p : tensor<256x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
