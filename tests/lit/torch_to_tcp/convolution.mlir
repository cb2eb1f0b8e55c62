// Torch -> TCP: aten.convolution (tcp.conv, bias as a tcp.add, transposed
// convolutions rewritten as forward ones) and pooling (tcp.pool).
// RUN: tcp-opt %s --split-input-file --torch-to-tcp | FileCheck %s

// Symmetric padding on both sides; the bias [O] becomes [1, O, 1, 1],
// broadcast to the output.
// CHECK-LABEL: func.func @conv2d_bias
// CHECK: %[[C:.*]] = tcp.conv %arg0, %arg1 {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [2, 2]} : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<?x4x4x4xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg2 {{\[\[}}0, 1, 2, 3]] output_shape [1, 4, 1, 1] : tensor<4xf32> into tensor<1x4x1x1xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[C]], %{{.*}} : tensor<?x4x4x4xf32>
// CHECK: %[[B:.*]] = tcp.broadcast %[[E]], %[[D]], %{{.*}}, %{{.*}} {axes = [0, 2, 3]} : tensor<1x4x1x1xf32>, index, index, index -> tensor<?x4x4x4xf32>
// CHECK: %[[S:.*]] = tcp.add %[[C]], %[[B]] : tensor<?x4x4x4xf32>, tensor<?x4x4x4xf32> -> tensor<?x4x4x4xf32>
// CHECK: return %[[S]]
func.func @conv2d_bias(%arg0: !torch.vtensor<[?,3,8,8],f32>, %arg1: !torch.vtensor<[4,3,3,3],f32>, %arg2: !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,4,4,4],f32> {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %padding = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %dilation = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %opad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %arg0, %arg1, %arg2, %stride, %padding, %dilation, %false, %opad, %int1 : !torch.vtensor<[?,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[?,4,4,4],f32>
  return %0 : !torch.vtensor<[?,4,4,4],f32>
}

// -----

// Groups and kernel dilation are attributes; no bias, no add.
// CHECK-LABEL: func.func @conv1d_grouped_dilated
// CHECK: %[[C:.*]] = tcp.conv %arg0, %arg1 {dilation = [2], groups = 2 : i64, input_dilation = [1], padding_high = [0], padding_low = [0], stride = [1]} : tensor<2x4x16xf32>, tensor<6x2x3xf32> -> tensor<2x6x12xf32>
// CHECK-NOT: tcp.add
// CHECK: return %[[C]]
func.func @conv1d_grouped_dilated(%arg0: !torch.vtensor<[2,4,16],f32>, %arg1: !torch.vtensor<[6,2,3],f32>) -> !torch.vtensor<[2,6,12],f32> {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %stride = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %padding = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %dilation = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %opad = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %arg0, %arg1, %none, %stride, %padding, %dilation, %false, %opad, %int2 : !torch.vtensor<[2,4,16],f32>, !torch.vtensor<[6,2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,6,12],f32>
  return %0 : !torch.vtensor<[2,6,12],f32>
}

// -----

// conv_transpose2d(stride=2, padding=1, output_padding=1), as torch.export
// brings it: weight [Cin=3, Cout=4, 3, 3] becomes [Cout, Cin, 3, 3] (a
// transpose of the per-group in/out dims) flipped along the kernel dims; the
// input is dilated by the stride (input_dilation) and padded by
// dilation * (kernel - 1) - padding = 1 low, plus output_padding = 2 high.
// CHECK-LABEL: func.func @conv_transpose2d
// CHECK: %[[G:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3], [4]] output_shape [1, 3, 4, 3, 3] : tensor<3x4x3x3xf32> into tensor<1x3x4x3x3xf32>
// CHECK: %[[T:.*]] = tcp.transpose %[[G]] {permutation = [0, 2, 1, 3, 4]} : tensor<1x3x4x3x3xf32> -> tensor<1x4x3x3x3xf32>
// CHECK: %[[M:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1], [2], [3], [4]] : tensor<1x4x3x3x3xf32> into tensor<4x3x3x3xf32>
// CHECK: %[[F:.*]] = tcp.flip %[[M]] {axes = [2, 3]} : tensor<4x3x3x3xf32> -> tensor<4x3x3x3xf32>
// CHECK: %[[C:.*]] = tcp.conv %arg0, %[[F]] {dilation = [1, 1], groups = 1 : i64, input_dilation = [2, 2], padding_high = [2, 2], padding_low = [1, 1], stride = [1, 1]} : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x16x16xf32>
// CHECK: return %[[C]]
func.func @conv_transpose2d(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[3,4,3,3],f32>) -> !torch.vtensor<[2,4,16,16],f32> {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.convolution %arg0, %arg1, %none, %0, %1, %2, %true, %3, %int1 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,16,16],f32>
  return %4 : !torch.vtensor<[2,4,16,16],f32>
}

// -----

// Grouped transposed convolution: weight [G * Cin/G = 4, Cout/G = 3, 3]
// with 2 groups is viewed as [2, 2, 3, 3], its in/out dims swapped per group
// ([2, 3, 2, 3]) and merged to [G * Cout/G = 6, Cin/G = 2, 3].
// CHECK-LABEL: func.func @conv_transpose1d_grouped
// CHECK: %[[G:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32>
// CHECK: %[[T:.*]] = tcp.transpose %[[G]] {permutation = [0, 2, 1, 3]} : tensor<2x2x3x3xf32> -> tensor<2x3x2x3xf32>
// CHECK: %[[M:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1], [2], [3]] : tensor<2x3x2x3xf32> into tensor<6x2x3xf32>
// CHECK: %[[F:.*]] = tcp.flip %[[M]] {axes = [2]} : tensor<6x2x3xf32> -> tensor<6x2x3xf32>
// CHECK: tcp.conv %arg0, %[[F]] {dilation = [1], groups = 2 : i64, input_dilation = [1], padding_high = [2], padding_low = [2], stride = [1]} : tensor<2x4x5xf32>, tensor<6x2x3xf32> -> tensor<2x6x7xf32>
func.func @conv_transpose1d_grouped(%arg0: !torch.vtensor<[2,4,5],f32>, %arg1: !torch.vtensor<[4,3,3],f32>) -> !torch.vtensor<[2,6,7],f32> {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %op = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %arg0, %arg1, %none, %s, %p, %d, %true, %op, %int2 : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,6,7],f32>
  return %0 : !torch.vtensor<[2,6,7],f32>
}

// -----

// A transposed convolution with dilation 2 and stride 3: the flipped kernel
// keeps its dilation, low padding is 2 * (2 - 1) - 0 = 2.
// CHECK-LABEL: func.func @conv_transpose_dilated
// CHECK: tcp.flip %{{.*}} {axes = [2, 3]} : tensor<2x3x2x2xf32> -> tensor<2x3x2x2xf32>
// CHECK: tcp.conv %arg0, %{{.*}} {dilation = [2, 2], groups = 1 : i64, input_dilation = [3, 3], padding_high = [2, 2], padding_low = [2, 2], stride = [1, 1]} : tensor<1x3x4x4xf32>, tensor<2x3x2x2xf32> -> tensor<1x2x12x12xf32>
func.func @conv_transpose_dilated(%arg0: !torch.vtensor<[1,3,4,4],f32>, %arg1: !torch.vtensor<[3,2,2,2],f32>) -> !torch.vtensor<[1,2,12,12],f32> {
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %op = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %arg0, %arg1, %none, %s, %p, %d, %true, %op, %int1 : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[3,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,12,12],f32>
  return %0 : !torch.vtensor<[1,2,12,12],f32>
}

// -----

// max_pool2d keeps torch's attributes (ceil_mode, dilation); the dynamic
// batch passes through.
// CHECK-LABEL: func.func @max_pool2d_ceil
// CHECK: tcp.pool %arg0 {ceil_mode = true, dilation = [2, 2], kernel_size = [3, 3], kind = #tcp<poolKind Max>, padding = [1, 1], stride = [2, 2]} : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
func.func @max_pool2d_ceil(%arg0: !torch.vtensor<[?,3,8,8],f32>) -> !torch.vtensor<[?,3,4,4],f32> {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %1 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.max_pool2d %arg0, %1, %2, %3, %4, %true : !torch.vtensor<[?,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,3,4,4],f32>
  return %5 : !torch.vtensor<[?,3,4,4],f32>
}

// -----

// One-entry lists repeat over the spatial dims; an empty stride means the
// kernel size.
// CHECK-LABEL: func.func @max_pool1d_3d
// CHECK: %[[P1:.*]] = tcp.pool %arg0 {ceil_mode = false, dilation = [1], kernel_size = [2], kind = #tcp<poolKind Max>, padding = [0], stride = [2]} : tensor<2x3x16xf32> -> tensor<2x3x8xf32>
// CHECK: %[[P3:.*]] = tcp.pool %arg1 {ceil_mode = false, dilation = [1, 1, 1], kernel_size = [2, 2, 2], kind = #tcp<poolKind Max>, padding = [0, 0, 0], stride = [2, 2, 2]} : tensor<?x16x4x8x8xf32> -> tensor<?x16x2x4x4xf32>
// CHECK: return %[[P1]], %[[P3]]
func.func @max_pool1d_3d(%arg0: !torch.vtensor<[2,3,16],f32>, %arg1: !torch.vtensor<[?,16,4,8,8],f32>) -> (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[?,16,2,4,4],f32>) {
  %false = torch.constant.bool false
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %e = torch.prim.ListConstruct : () -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool1d %arg0, %k, %e, %p, %d, %false : !torch.vtensor<[2,3,16],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,8],f32>
  %k3 = torch.prim.ListConstruct %int2, %int2, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.max_pool3d %arg1, %k3, %k3, %p, %d, %false : !torch.vtensor<[?,16,4,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,16,2,4,4],f32>
  return %0, %1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[?,16,2,4,4],f32>
}

// -----

// avg_pool2d: ceil_mode and count_include_pad=False as torch.export brings
// F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False); then
// F.avg_pool2d(x, 2, divisor_override=3), whose stride list is empty.
// CHECK-LABEL: func.func @avg_pool2d
// CHECK: %[[A:.*]] = tcp.pool %arg0 {ceil_mode = true, count_include_pad = false, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Avg>, padding = [1, 1], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x5x5xf32>
// CHECK: %[[B:.*]] = tcp.pool %arg0 {ceil_mode = false, count_include_pad = true, dilation = [1, 1], divisor_override = 3 : i64, kernel_size = [2, 2], kind = #tcp<poolKind Avg>, padding = [0, 0], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
// CHECK: return %[[A]], %[[B]]
func.func @avg_pool2d(%arg0: !torch.vtensor<[2,3,8,8],f32>) -> (!torch.vtensor<[2,3,5,5],f32>, !torch.vtensor<[2,3,4,4],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.avg_pool2d %arg0, %0, %1, %2, %true, %false, %none : !torch.vtensor<[2,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3,5,5],f32>
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %e = torch.prim.ListConstruct  : () -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.avg_pool2d %arg0, %k, %e, %p, %false, %true, %int3 : !torch.vtensor<[2,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[2,3,4,4],f32>
  return %3, %4 : !torch.vtensor<[2,3,5,5],f32>, !torch.vtensor<[2,3,4,4],f32>
}

// -----

// avg_pool1d has no divisor_override; avg_pool3d takes one.
// CHECK-LABEL: func.func @avg_pool1d_3d
// CHECK: %[[A:.*]] = tcp.pool %arg0 {ceil_mode = false, count_include_pad = true, dilation = [1], kernel_size = [3], kind = #tcp<poolKind Avg>, padding = [1], stride = [2]} : tensor<2x3x16xf32> -> tensor<2x3x8xf32>
// CHECK: %[[B:.*]] = tcp.pool %arg1 {ceil_mode = false, count_include_pad = false, dilation = [1, 1, 1], divisor_override = 3 : i64, kernel_size = [2, 2, 2], kind = #tcp<poolKind Avg>, padding = [0, 0, 0], stride = [2, 2, 2]} : tensor<2x3x4x4x4xf32> -> tensor<2x3x2x2x2xf32>
// CHECK: return %[[A]], %[[B]]
func.func @avg_pool1d_3d(%arg0: !torch.vtensor<[2,3,16],f32>, %arg1: !torch.vtensor<[2,3,4,4,4],f32>) -> (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,2,2,2],f32>) {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %k = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool1d %arg0, %k, %s, %p, %false, %true : !torch.vtensor<[2,3,16],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,8],f32>
  %k3 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p3 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.avg_pool3d %arg1, %k3, %k3, %p3, %false, %false, %int3 : !torch.vtensor<[2,3,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[2,3,2,2,2],f32>
  return %0, %1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,2,2,2],f32>
}
