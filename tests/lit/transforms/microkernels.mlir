// mark-microkernel-products: a product of bf16 operands into f32 (of int8
// operands into i32, of f32 operands into f32) becomes a generic marked for
// the runtime's micro-kernel (the matmul schedule leaves it alone).
// call-microkernels: a marked
// generic on buffers becomes a call of the kernel through MLIR's C
// interface, its operands cast to fully dynamic strided views, and whether
// it adds to C (true: these products' C are arguments).
// RUN: tcp-opt %s --split-input-file --mark-microkernel-products | FileCheck %s --check-prefix=MARK
// RUN: tcp-opt %s --split-input-file --pass-pipeline="mark-microkernel-products,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},call-microkernels" | FileCheck %s --check-prefix=CALL

// MARK-LABEL: func.func @products
// MARK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<?x64xbf16>, tensor<64x40xbf16>) outs(%arg2 : tensor<?x40xf32>) attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_bf16"}
// MARK: ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: bf16, %[[C:.*]]: f32):
// MARK: %[[AF:.*]] = arith.extf %[[A]] : bf16 to f32
// MARK: %[[BF:.*]] = arith.extf %[[B]] : bf16 to f32
// MARK: %[[M:.*]] = arith.mulf %[[AF]], %[[BF]] : f32
// MARK: %[[S:.*]] = arith.addf %[[C]], %[[M]] : f32
// MARK: linalg.yield %[[S]] : f32
// MARK: linalg.generic {{.*}} ins(%arg3, %arg4 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%arg5 : tensor<8x32xf32>) attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_f32"}

// CALL: func.func private @__tcp_aot_matmul_bf16(memref<?x?xbf16, strided<[?, ?], offset: ?>>, memref<?x?xbf16, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, i1) attributes {llvm.emit_c_interface}
// CALL-LABEL: func.func @products
// CALL: %[[A:.*]] = memref.cast %arg0 : memref<?x64xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
// CALL: %[[B:.*]] = memref.cast %arg1 : memref<64x40xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
// CALL: %[[C:.*]] = memref.cast %{{.*}} : memref<?x40xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CALL: %[[TRUE:.*]] = arith.constant true
// CALL: call @__tcp_aot_matmul_bf16(%[[A]], %[[B]], %[[C]], %[[TRUE]])
// CALL-NOT: tcp_aot.microkernel
func.func @products(%a: tensor<?x64xbf16>, %b: tensor<64x40xbf16>, %c: tensor<?x40xf32>,
                    %x: tensor<8x16xf32>, %y: tensor<16x32xf32>, %z: tensor<8x32xf32>) -> (tensor<?x40xf32>, tensor<8x32xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<?x64xbf16>, tensor<64x40xbf16>) outs(%c : tensor<?x40xf32>) -> tensor<?x40xf32>
  %1 = linalg.matmul ins(%x, %y : tensor<8x16xf32>, tensor<16x32xf32>) outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0, %1 : tensor<?x40xf32>, tensor<8x32xf32>
}

// -----

// int8 operands into int32 (quantized programs): the int8 kernel, its
// operands sign-extended in the generic's body; an int8 product into int8
// (wrapping arithmetic) is no kernel's.
// MARK-LABEL: func.func @int8_products
// MARK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<?x256xi8>, tensor<256x96xi8>) outs(%arg2 : tensor<?x96xi32>) attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_i8"}
// MARK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i32):
// MARK: %[[AI:.*]] = arith.extsi %[[A]] : i8 to i32
// MARK: %[[BI:.*]] = arith.extsi %[[B]] : i8 to i32
// MARK: %[[M:.*]] = arith.muli %[[AI]], %[[BI]] : i32
// MARK: arith.addi %[[C]], %[[M]] : i32
// MARK: linalg.matmul ins(%arg3, %arg4 : tensor<4x8xi8>, tensor<8x4xi8>)

// CALL: func.func private @__tcp_aot_matmul_i8(memref<?x?xi8, strided<[?, ?], offset: ?>>, memref<?x?xi8, strided<[?, ?], offset: ?>>, memref<?x?xi32, strided<[?, ?], offset: ?>>, i1) attributes {llvm.emit_c_interface}
// CALL-LABEL: func.func @int8_products
// CALL: call @__tcp_aot_matmul_i8(%{{.*}}, %{{.*}}, %{{.*}}, %true)
func.func @int8_products(%a: tensor<?x256xi8>, %b: tensor<256x96xi8>, %c: tensor<?x96xi32>,
                         %x: tensor<4x8xi8>, %y: tensor<8x4xi8>, %z: tensor<4x4xi8>) -> (tensor<?x96xi32>, tensor<4x4xi8>) {
  %0 = linalg.matmul ins(%a, %b : tensor<?x256xi8>, tensor<256x96xi8>) outs(%c : tensor<?x96xi32>) -> tensor<?x96xi32>
  %1 = linalg.matmul ins(%x, %y : tensor<4x8xi8>, tensor<8x4xi8>) outs(%z : tensor<4x4xi8>) -> tensor<4x4xi8>
  return %0, %1 : tensor<?x96xi32>, tensor<4x4xi8>
}

// -----

// A float32 product by a weight (or a view of one: a tile of it taken by
// schedule-parallel) goes to the f32 kernel, which packs the weight once;
// so do one whose A is a weight (a convolution's taps of one kernel
// offset, strided: the kernel packs them once too) and one of values
// computed at run time (B packed or read in place as the kernel goes).
// MARK-LABEL: func.func @f32_weight_products
// MARK: %[[W:.*]] = arith.constant dense_resource<w> : tensor<64x256xf32>
// MARK: %[[T:.*]] = tensor.extract_slice %[[W]][0, 128] [64, 128] [1, 1]
// MARK: linalg.generic {{.*}} ins(%arg0, %[[T]] : tensor<?x64xf32>, tensor<64x128xf32>) {{.*}} attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_f32"}
// MARK: linalg.generic {{.*}} ins(%arg0, %arg2 : tensor<?x64xf32>, tensor<64x128xf32>) {{.*}} attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_f32"}
// MARK: %[[TAPS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 1, 2] [16, 64, 1, 1] [1, 1, 1, 1]
// MARK: linalg.generic {{.*}} ins(%[[TAPS]], %arg2 : tensor<16x64xf32>, tensor<64x128xf32>) {{.*}} attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_f32"}

// CALL: func.func private @__tcp_aot_matmul_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, i1) attributes {llvm.emit_c_interface}
// CALL-LABEL: func.func @f32_weight_products
// CALL: call @__tcp_aot_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %true)
func.func @f32_weight_products(%a: tensor<?x64xf32>, %c: tensor<?x128xf32>, %b: tensor<64x128xf32>,
                               %o: tensor<16x128xf32>) -> (tensor<?x128xf32>, tensor<?x128xf32>, tensor<16x128xf32>) {
  %w = arith.constant dense_resource<w> : tensor<64x256xf32>
  %tile = tensor.extract_slice %w[0, 128] [64, 128] [1, 1] : tensor<64x256xf32> to tensor<64x128xf32>
  %0 = linalg.matmul ins(%a, %tile : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  %filters = arith.constant dense_resource<f> : tensor<16x64x3x3xf32>
  %taps = tensor.extract_slice %filters[0, 0, 1, 2] [16, 64, 1, 1] [1, 1, 1, 1] : tensor<16x64x3x3xf32> to tensor<16x64xf32>
  %2 = linalg.matmul ins(%taps, %b : tensor<16x64xf32>, tensor<64x128xf32>) outs(%o : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %0, %1, %2 : tensor<?x128xf32>, tensor<?x128xf32>, tensor<16x128xf32>
}

// -----

// Products into zeros: the fill of 0 gives way to what it fills (a fresh
// uninitialized tensor while the fill is shared, as CSE leaves it; else
// its own init), for the product or for the parallel loop whose threads
// write its slices; the kernel is told not to add to C (false), and its
// buffer is neither filled nor a copy of a filled one. A fill of -0 stays
// (the kernel would give +0 for a zero product).
// MARK-LABEL: func.func @from_zero
// MARK-DAG: %[[NEG:.*]] = arith.constant -0.000000e+00 : f32
// MARK: %[[FRESH:.*]] = tensor.empty(%arg2) : tensor<?x40xf32>
// MARK: %[[E:.*]] = tensor.empty(%arg2) : tensor<?x40xf32>
// MARK: %[[NEGFILL:.*]] = linalg.fill ins(%[[NEG]] : f32) outs(%[[E]] : tensor<?x40xf32>)
// MARK: linalg.generic {{.*}} outs(%[[FRESH]] : tensor<?x40xf32>) attrs = {tcp_aot.from_zero, tcp_aot.microkernel = "__tcp_aot_matmul_bf16"}
// MARK: scf.forall ({{.*}}) in (2) shared_outs(%[[S:.*]] = %[[E]])
// MARK: linalg.generic {{.*}} attrs = {tcp_aot.from_zero, tcp_aot.microkernel = "__tcp_aot_matmul_bf16"}
// MARK: linalg.generic {{.*}} outs(%[[NEGFILL]] : tensor<?x40xf32>) attrs = {tcp_aot.microkernel = "__tcp_aot_matmul_bf16"}

// CALL-LABEL: func.func @from_zero
// CALL: call @__tcp_aot_matmul_bf16(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}})
// CALL: call @__tcp_aot_matmul_bf16(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}})
// CALL: call @__tcp_aot_matmul_bf16(%{{.*}}, %{{.*}}, %{{.*}}, %true)
func.func @from_zero(%a: tensor<?x64xbf16>, %b: tensor<64x40xbf16>, %m: index)
    -> (tensor<?x40xf32>, tensor<?x40xf32>, tensor<?x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %neg = arith.constant -0.0 : f32
  %e = tensor.empty(%m) : tensor<?x40xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<?x40xf32>) -> tensor<?x40xf32>
  %negfill = linalg.fill ins(%neg : f32) outs(%e : tensor<?x40xf32>) -> tensor<?x40xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<?x64xbf16>, tensor<64x40xbf16>) outs(%fill : tensor<?x40xf32>) -> tensor<?x40xf32>
  %1 = scf.forall (%i) in (2) shared_outs(%s = %fill) -> (tensor<?x40xf32>) {
    %rows = arith.constant 4 : index
    %at = arith.muli %i, %rows : index
    %ai = tensor.extract_slice %a[%at, 0] [4, 64] [1, 1] : tensor<?x64xbf16> to tensor<4x64xbf16>
    %si = tensor.extract_slice %s[%at, 0] [4, 40] [1, 1] : tensor<?x40xf32> to tensor<4x40xf32>
    %pi = linalg.matmul ins(%ai, %b : tensor<4x64xbf16>, tensor<64x40xbf16>) outs(%si : tensor<4x40xf32>) -> tensor<4x40xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %pi into %s[%at, 0] [4, 40] [1, 1] : tensor<4x40xf32> into tensor<?x40xf32>
    }
  }
  %2 = linalg.matmul ins(%a, %b : tensor<?x64xbf16>, tensor<64x40xbf16>) outs(%negfill : tensor<?x40xf32>) -> tensor<?x40xf32>
  return %0, %1, %2 : tensor<?x40xf32>, tensor<?x40xf32>, tensor<?x40xf32>
}
