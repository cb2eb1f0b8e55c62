// TCP -> linalg: tcp.attention is a call of the runtime's kernel on each
// [L, E] query matrix, in an scf.forall over the batch and head dims, on
// the operands' buffers (a mask's unit dims read at 0) and a fresh result.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=convert-tcp-to-linalg | FileCheck %s

// CHECK: func.func private @__tcp_aot_attention_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, f32, i1) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @heads
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 1.250000e-01 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[Q:.*]] = bufferization.to_buffer %arg0 read_only : tensor<?x12x?x64xf32> to memref<?x12x?x64xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[M:.*]] = bufferization.to_buffer %arg3 read_only : tensor<?x1x1x?xf32> to memref<?x1x1x?xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[B:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK: %[[L:.*]] = tensor.dim %arg0
// CHECK: %[[OUT:.*]] = memref.alloc(%[[B]], %[[L]]) : memref<?x12x?x32xf32>
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (%[[B]], 12) {
// CHECK: memref.subview %[[Q]][%[[I]], %[[J]], %[[C0]], %[[C0]]] [1, 1, %{{.*}}, 64] [1, 1, 1, 1]
// CHECK: memref.subview %[[M]][%[[I]], %[[C0]], %[[C0]], %[[C0]]] [1, 1, 1, %{{.*}}] [1, 1, 1, 1] {{.*}} to memref<1x?xf32, strided<[?, ?], offset: ?>>
// CHECK: func.call @__tcp_aot_attention_f32({{.*}}, %[[SCALE]], %{{.*}})
// CHECK: }
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?x12x?x32xf32> to tensor<?x12x?x32xf32>
// CHECK: return %[[R]]
func.func @heads(%q: tensor<?x12x?x64xf32>, %k: tensor<?x12x?x64xf32>, %v: tensor<?x12x?x32xf32>, %m: tensor<?x1x1x?xf32>) -> tensor<?x12x?x32xf32> {
  %0 = tcp.attention %q, %k, %v, %m {causal = false, scale = 0.125 : f32} : tensor<?x12x?x64xf32>, tensor<?x12x?x64xf32>, tensor<?x12x?x32xf32>, tensor<?x1x1x?xf32> -> tensor<?x12x?x32xf32>
  return %0 : tensor<?x12x?x32xf32>
}

// -----

// One matrix: no loop. Without a scale, 1/sqrt(E) of the query's dynamic E.
// CHECK-LABEL: func.func @matrix
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[N:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[F:.*]] = arith.uitofp %[[N]] : i64 to f32
// CHECK: %[[SCALE:.*]] = math.rsqrt %[[F]] : f32
// CHECK-NOT: scf.forall
// CHECK: call @__tcp_aot_attention_f32({{.*}}, %[[SCALE]], %[[TRUE]])
func.func @matrix(%q: tensor<?x?xf32>, %m: tensor<1x1xf32>) -> tensor<?x?xf32> {
  %0 = tcp.attention %q, %q, %q, %m {causal = true} : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<1x1xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// float64 has a kernel of its own; its static E gives a constant scale.
// CHECK-LABEL: func.func @f64
// CHECK: %[[SCALE:.*]] = arith.constant 0.35355339059327373 : f64
// CHECK: call @__tcp_aot_attention_f64({{.*}}, %[[SCALE]], %{{.*}}) : ({{.*}}, f64, i1) -> ()
func.func @f64(%q: tensor<4x8xf64>, %m: tensor<1x1xf64>) -> tensor<4x8xf64> {
  %0 = tcp.attention %q, %q, %q, %m {causal = false} : tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>, tensor<1x1xf64> -> tensor<4x8xf64>
  return %0 : tensor<4x8xf64>
}

// -----

// bfloat16 has a kernel of its own, which computes in float32: its scale is
// an f32.
// CHECK: func.func private @__tcp_aot_attention_bf16(memref<?x?xbf16, strided<[?, ?], offset: ?>>, {{.*}}, f32, i1)
// CHECK-LABEL: func.func @bf16
// CHECK: %[[SCALE:.*]] = arith.constant 0.353553385 : f32
// CHECK: call @__tcp_aot_attention_bf16({{.*}}, %[[SCALE]], %{{.*}}) : ({{.*}}, f32, i1) -> ()
func.func @bf16(%q: tensor<4x8xbf16>, %m: tensor<1x1xbf16>) -> tensor<4x8xbf16> {
  %0 = tcp.attention %q, %q, %q, %m {causal = false} : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<1x1xbf16> -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

// Heads split out of [batch, seq, heads, dim] by a transpose: the kernel
// reads them through a transposed view of the input's buffer, and the
// transpose (no other use left) is gone.
// CHECK-LABEL: func.func @transposed_heads
// CHECK-NOT: linalg.transpose
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only : tensor<2x?x12x64xbf16> to memref<2x?x12x64xbf16, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[Q:.*]] = memref.transpose %[[X]] (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x?x12x64xbf16, strided<[?, ?, ?, ?], offset: ?>> to memref<2x12x?x64xbf16, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[V:.*]] = bufferization.to_buffer %arg1 read_only : tensor<2x12x?x64xbf16>
// CHECK: scf.forall
// CHECK: memref.subview %[[Q]]
// CHECK: memref.subview %[[V]]
// CHECK-NOT: linalg.transpose
func.func @transposed_heads(%x: tensor<2x?x12x64xbf16>, %v: tensor<2x12x?x64xbf16>, %m: tensor<1x1x1x1xbf16>) -> tensor<2x12x?x64xbf16> {
  %q = tcp.transpose %x {permutation = [0, 2, 1, 3]} : tensor<2x?x12x64xbf16> -> tensor<2x12x?x64xbf16>
  %0 = tcp.attention %q, %q, %v, %m {causal = false} : tensor<2x12x?x64xbf16>, tensor<2x12x?x64xbf16>, tensor<2x12x?x64xbf16>, tensor<1x1x1x1xbf16> -> tensor<2x12x?x64xbf16>
  return %0 : tensor<2x12x?x64xbf16>
}
