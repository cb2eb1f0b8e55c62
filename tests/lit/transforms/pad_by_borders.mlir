// pad-by-borders: a pad by one value of anything but a loop's result (a
// model's input image) fills only its borders; its interior is written by
// the elementwise op that makes the source when the pad is that op's only
// use (an int8 model's quantization of its input), or else copied by an
// elementwise op (which mark-parallel shares among threads). A loop's
// result is left to pad-in-place.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=pad-by-borders | FileCheck %s

// CHECK-LABEL: func.func @argument
// CHECK:      %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x3x10x10xf32>
// CHECK:      linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x3x1x10xf32>)
// CHECK:      linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x3x1x10xf32>)
// CHECK:      linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x3x10x1xf32>)
// CHECK:      %[[BORDERS:.*]] = tensor.insert_slice %{{.*}}[0, 0, 0, 9] [%{{.*}}, 3, 10, 1]
// CHECK:      %[[INTERIOR:.*]] = tensor.extract_slice %[[BORDERS]][0, 0, 1, 1] [%{{.*}}, 3, 8, 8]
// CHECK:      %[[COPY:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<?x3x8x8xf32>) outs(%[[INTERIOR]] : tensor<?x3x8x8xf32>)
// CHECK-NOT:  tensor.pad
// CHECK:      %[[PADDED:.*]] = tensor.insert_slice %[[COPY]] into %[[BORDERS]][0, 0, 1, 1] [%{{.*}}, 3, 8, 8]
// CHECK:      return %[[PADDED]]
func.func @argument(%x: tensor<?x3x8x8xf32>) -> tensor<?x3x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x3x8x8xf32> to tensor<?x3x10x10xf32>
  return %p : tensor<?x3x10x10xf32>
}

// -----

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// The input's quantization writes the interior itself.
// CHECK-LABEL: func.func @quantized
// CHECK:      %[[BORDERS:.*]] = tensor.insert_slice %{{.*}}[0, 0, 5] [3, 6, 1]
// CHECK:      %[[INTERIOR:.*]] = tensor.extract_slice %[[BORDERS]][0, 1, 1] [3, 4, 4]
// CHECK:      %[[Q:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<3x4x4xf32>) outs(%[[INTERIOR]] : tensor<3x4x4xi8>)
// CHECK:        arith.fptosi
// CHECK-NOT:  linalg.generic
// CHECK:      %[[PADDED:.*]] = tensor.insert_slice %[[Q]] into %[[BORDERS]][0, 1, 1] [3, 4, 4]
// CHECK:      return %[[PADDED]]
func.func @quantized(%x: tensor<3x4x4xf32>) -> tensor<3x6x6xi8> {
  %zp = arith.constant 3 : i8
  %e = tensor.empty() : tensor<3x4x4xi8>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<3x4x4xf32>) outs(%e : tensor<3x4x4xi8>) {
  ^bb0(%v: f32, %o: i8):
    %i = arith.fptosi %v : f32 to i8
    linalg.yield %i : i8
  } -> tensor<3x4x4xi8>
  %p = tensor.pad %q low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %zp : i8
  } : tensor<3x4x4xi8> to tensor<3x6x6xi8>
  return %p : tensor<3x6x6xi8>
}

// -----

// A loop's result is pad-in-place's.
// CHECK-LABEL: func.func @loop_result
// CHECK: tensor.pad
func.func @loop_result(%x: tensor<4x6xf32>, %n: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<4x6xf32>) {
    %next = tensor.insert_slice %x into %acc[0, 0] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<4x6xf32>
    scf.yield %next : tensor<4x6xf32>
  }
  %p = tensor.pad %r low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}
