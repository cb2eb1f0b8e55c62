// TCP -> linalg: tcp.conv is (input dilation by a strided insert_slice into
// zeros,) a zero tensor.pad and a named linalg convolution for groups = 1,
// an elementwise linalg.generic summing one product per kernel offset when
// depthwise, else a grouped linalg.generic on [N, G, C/G, ...] views; tcp.pool pads with
// -inf (Max) or 0 (Avg) up to the end of the last window (and to whole
// strides) and is, like a depthwise convolution, an elementwise generic
// combining one window per kernel offset (read from the input's phases
// with a stride), or with more than 64 offsets a generic with the window
// dims as reduction loops (not the named linalg.pooling_* ops, which
// mark-parallel would leave on one thread); Avg divides by torch's divisor
// in a second generic.
// RUN: tcp-opt %s --split-input-file --pass-pipeline=convert-tcp-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @conv2d
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<?x3x8x8xf32> to tensor<?x3x10x10xf32>
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x8x8xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4x4x4xf32>
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x4x4x4xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %arg1 : tensor<?x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%[[I]] : tensor<?x4x4x4xf32>) -> tensor<?x4x4x4xf32>
// CHECK: return %[[C]]
func.func @conv2d(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x4x4xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 1 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [2, 2]} : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<?x4x4x4xf32>
  return %0 : tensor<?x4x4x4xf32>
}

// -----

// 1-D and 3-D have named ops too; no padding, no tensor.pad.
// CHECK-LABEL: func.func @conv1d_conv3d
// CHECK-NOT: tensor.pad
// CHECK: linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x3x16xf32>, tensor<4x3x3xf32>) outs(%{{.*}} : tensor<2x4x12xf32>)
// CHECK: linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg2, %arg3 : tensor<1x2x4x4x4xf32>, tensor<2x2x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x3x3x3xf32>)
func.func @conv1d_conv3d(%x: tensor<2x3x16xf32>, %w: tensor<4x3x3xf32>, %y: tensor<1x2x4x4x4xf32>, %v: tensor<2x2x2x2x2xf32>) -> (tensor<2x4x12xf32>, tensor<1x2x3x3x3xf32>) {
  %0 = tcp.conv %x, %w {dilation = [2], groups = 1 : i64, input_dilation = [1], padding_high = [0], padding_low = [0], stride = [1]} : tensor<2x3x16xf32>, tensor<4x3x3xf32> -> tensor<2x4x12xf32>
  %1 = tcp.conv %y, %v {dilation = [1, 1, 1], groups = 1 : i64, input_dilation = [1, 1, 1], padding_high = [0, 0, 0], padding_low = [0, 0, 0], stride = [1, 1, 1]} : tensor<1x2x4x4x4xf32>, tensor<2x2x2x2x2xf32> -> tensor<1x2x3x3x3xf32>
  return %0, %1 : tensor<2x4x12xf32>, tensor<1x2x3x3x3xf32>
}

// -----

// Groups: input [2, 4, 16] viewed as [N, G=2, C/G=2, 16], weight [6, 2, 3]
// as [G, O/G=3, C/G, 3]; loops (n, g, o, c, k, s), positions innermost, with
// out[n, g, o, s] += x[n, g, c, s * stride + k * dilation] * w[g, o, c, k],
// then the [N, G, O/G, S] result collapsed to [N, O, S].
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d5 + d4 * 2)>
// CHECK-DAG: #[[W:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d3, d4)>
// CHECK-DAG: #[[O:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>
// CHECK-LABEL: func.func @conv_grouped
// CHECK-NOT: linalg.conv
// CHECK: %[[XG:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2], [3]] output_shape [2, 2, 2, 16] : tensor<2x4x16xf32> into tensor<2x2x2x16xf32>
// CHECK: %[[WG:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3]] output_shape [2, 3, 2, 3] : tensor<6x2x3xf32> into tensor<2x3x2x3xf32>
// CHECK: %[[I:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x2x3x12xf32>)
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[W]], #[[O]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "parallel"]} ins(%[[XG]], %[[WG]] : tensor<2x2x2x16xf32>, tensor<2x3x2x3xf32>) outs(%[[I]] : tensor<2x2x3x12xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0], [1, 2], [3]] : tensor<2x2x3x12xf32> into tensor<2x6x12xf32>
// CHECK: return %[[R]]
func.func @conv_grouped(%x: tensor<2x4x16xf32>, %w: tensor<6x2x3xf32>) -> tensor<2x6x12xf32> {
  %0 = tcp.conv %x, %w {dilation = [2], groups = 2 : i64, input_dilation = [1], padding_high = [0], padding_low = [0], stride = [1]} : tensor<2x4x16xf32>, tensor<6x2x3xf32> -> tensor<2x6x12xf32>
  return %0 : tensor<2x6x12xf32>
}

// -----

// A grouped convolution with a dynamic batch and length, stride 2, padding
// 1: the views carry the dynamic sizes; the output length is
// (L + 2 - 3) floordiv 2 + 1.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d5 * 2 + d4)>
// CHECK-LABEL: func.func @conv_grouped_dynamic
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
// CHECK: } : tensor<?x4x?xf32> to tensor<?x4x?xf32>
// CHECK: %[[XG:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0], [1, 2], [3]] output_shape [%{{.*}}, 2, 2, %{{.*}}] : tensor<?x4x?xf32> into tensor<?x2x2x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X]], {{.*}}]{{.*}} ins(%[[XG]], %{{.*}} : tensor<?x2x2x?xf32>, tensor<2x3x2x3xf32>) outs(%{{.*}} : tensor<?x2x3x?xf32>)
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3]] : tensor<?x2x3x?xf32> into tensor<?x6x?xf32>
func.func @conv_grouped_dynamic(%x: tensor<?x4x?xf32>, %w: tensor<6x2x3xf32>) -> tensor<?x6x?xf32> {
  %0 = tcp.conv %x, %w {dilation = [1], groups = 2 : i64, input_dilation = [1], padding_high = [1], padding_low = [1], stride = [2]} : tensor<?x4x?xf32>, tensor<6x2x3xf32> -> tensor<?x6x?xf32>
  return %0 : tensor<?x6x?xf32>
}

// -----

// Depthwise (each group reads one channel): one slice of the padded input
// per kernel offset, the output's size, and one weight column per offset
// (the [3, 1, 2, 2] weight as [3, 4], cut into [3] columns read by
// channel); an all-parallel generic sums the products, so its positions
// are its innermost loop and nothing reduces; each product after the
// first is added to the sum as one FMA (contract).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[BY_CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv_depthwise
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<3x1x2x2xf32> into tensor<3x4xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[P]]
// CHECK: %[[X0:.*]] = tensor.extract_slice %[[P]][0, 0, 0, 0] [%[[N]], 3, 9, 9] [1, 1, 1, 1] : tensor<?x3x10x10xf32> to tensor<?x3x9x9xf32>
// CHECK: %[[X1:.*]] = tensor.extract_slice %[[P]][0, 0, 0, 1] [%[[N]], 3, 9, 9] [1, 1, 1, 1]
// CHECK: %[[X2:.*]] = tensor.extract_slice %[[P]][0, 0, 1, 0] [%[[N]], 3, 9, 9] [1, 1, 1, 1]
// CHECK: %[[X3:.*]] = tensor.extract_slice %[[P]][0, 0, 1, 1] [%[[N]], 3, 9, 9] [1, 1, 1, 1]
// CHECK: %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0] [3, 1] [1, 1] : tensor<3x4xf32> to tensor<3xf32>
// CHECK: %[[W1:.*]] = tensor.extract_slice %[[W]][0, 1] [3, 1] [1, 1]
// CHECK: %[[W2:.*]] = tensor.extract_slice %[[W]][0, 2] [3, 1] [1, 1]
// CHECK: %[[W3:.*]] = tensor.extract_slice %[[W]][0, 3] [3, 1] [1, 1]
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x3x9x9xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]], #[[ID]], #[[BY_CHANNEL]], #[[BY_CHANNEL]], #[[BY_CHANNEL]], #[[BY_CHANNEL]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X0]], %[[X1]], %[[X2]], %[[X3]], %[[W0]], %[[W1]], %[[W2]], %[[W3]] : {{.*}}) outs(%[[E]] : tensor<?x3x9x9xf32>)
// CHECK-NEXT: ^bb0(%[[A0:[^:]*]]: f32, %[[A1:[^:]*]]: f32, %[[A2:[^:]*]]: f32, %[[A3:[^:]*]]: f32, %[[B0:[^:]*]]: f32, %[[B1:[^:]*]]: f32, %[[B2:[^:]*]]: f32, %[[B3:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M0:.*]] = arith.mulf %[[A0]], %[[B0]] : f32
// CHECK-NEXT: %[[M1:.*]] = arith.mulf %[[A1]], %[[B1]] fastmath<contract> : f32
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[M0]], %[[M1]] fastmath<contract> : f32
// CHECK-NEXT: %[[M2:.*]] = arith.mulf %[[A2]], %[[B2]] fastmath<contract> : f32
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[M2]] fastmath<contract> : f32
// CHECK-NEXT: %[[M3:.*]] = arith.mulf %[[A3]], %[[B3]] fastmath<contract> : f32
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[M3]] fastmath<contract> : f32
// CHECK-NEXT: linalg.yield %[[S3]] : f32
// CHECK: return %[[R]]
func.func @conv_depthwise(%x: tensor<?x3x8x8xf32>, %w: tensor<3x1x2x2xf32>) -> tensor<?x3x9x9xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 3 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [1, 1]} : tensor<?x3x8x8xf32>, tensor<3x1x2x2xf32> -> tensor<?x3x9x9xf32>
  return %0 : tensor<?x3x9x9xf32>
}

// -----

// Depthwise with a channel multiplier of 2, stride 2, dilation 3: the input
// is padded to a whole number of strides (9 -> 10) and copied into its 2
// phases ([1, 2, 2, 5]: phase p holds elements 2i + p; loops (n, c, i, p),
// the phase innermost), where the windows
// at offsets 0 and 3 are contiguous: phase 0 from 0, phase 1 from 1. The
// output is viewed as [N, G, M, S] and the weight as [G, M, K], then
// collapsed to [N, O, S]; each offset's weights are a [G, M] column.
// CHECK-DAG: #[[PH:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3)>
// CHECK-DAG: #[[PHO:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BY_CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-LABEL: func.func @conv_depthwise_multiplier
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 0] high[0, 0, 1]
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2]] : tensor<4x1x2xf32> into tensor<4x2xf32>
// CHECK: %[[W:.*]] = tensor.expand_shape %[[C]] {{\[\[}}0, 1], [2]] output_shape [2, 2, 2] : tensor<4x2xf32> into tensor<2x2x2xf32>
// CHECK: %[[PHASES:.*]] = linalg.generic {indexing_maps = [#[[PH]], #[[PHO]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[P]] : tensor<1x2x10xf32>) outs(%{{.*}} : tensor<1x2x2x5xf32>)
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 0, 0] [1, 2, 1, 3] [1, 1, 1, 1] : tensor<1x2x2x5xf32> to tensor<1x2x1x3xf32>
// CHECK: %[[X0:.*]] = tensor.collapse_shape %[[S0]] {{\[\[}}0], [1], [2, 3]] : tensor<1x2x1x3xf32> into tensor<1x2x3xf32>
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 1, 1] [1, 2, 1, 3] [1, 1, 1, 1] : tensor<1x2x2x5xf32> to tensor<1x2x1x3xf32>
// CHECK: %[[X1:.*]] = tensor.collapse_shape %[[S1]] {{\[\[}}0], [1], [2, 3]] : tensor<1x2x1x3xf32> into tensor<1x2x3xf32>
// CHECK: %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0, 0] [2, 2, 1] [1, 1, 1] : tensor<2x2x2xf32> to tensor<2x2xf32>
// CHECK: %[[W1:.*]] = tensor.extract_slice %[[W]][0, 0, 1] [2, 2, 1] [1, 1, 1] : tensor<2x2x2xf32> to tensor<2x2xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[X]], #[[BY_CHANNEL]], #[[BY_CHANNEL]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X0]], %[[X1]], %[[W0]], %[[W1]] : {{.*}}) outs(%{{.*}} : tensor<1x2x2x3xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3]] : tensor<1x2x2x3xf32> into tensor<1x4x3xf32>
func.func @conv_depthwise_multiplier(%x: tensor<1x2x9xf32>, %w: tensor<4x1x2xf32>) -> tensor<1x4x3xf32> {
  %0 = tcp.conv %x, %w {dilation = [3], groups = 2 : i64, input_dilation = [1], padding_high = [0], padding_low = [0], stride = [2]} : tensor<1x2x9xf32>, tensor<4x1x2xf32> -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

// Stride 2 and a static width, as schedule-depthwise tiles it: each offset's
// window is a slice of the padded input itself, every other row and column
// (its tiles read rows as contiguous vectors and keep every other lane); no
// padding to whole strides, no phases. With a dynamic width (untiled) the
// windows are read from the phases, which the reshape then drops to
// [N, C, S...].
// CHECK-LABEL: func.func @conv_depthwise_stride_2
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK-NOT: tcp_aot.stride_phases
// CHECK: tensor.extract_slice %[[P]][0, 0, 0, 0] [%{{.*}}, 4, 8, 10] [1, 1, 2, 2] : tensor<?x4x18x22xf32> to tensor<?x4x8x10xf32>
// CHECK: tensor.extract_slice %[[P]][0, 0, 2, 2] [%{{.*}}, 4, 8, 10] [1, 1, 2, 2] : tensor<?x4x18x22xf32> to tensor<?x4x8x10xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x4x8x10xf32>)
// CHECK-LABEL: func.func @conv_depthwise_stride_2_dynamic_width
// CHECK: %[[Q:.*]] = tensor.pad %arg0
// CHECK: %[[PHASES:.*]] = linalg.generic {{.*}} ins(%[[Q]] : tensor<?x4x18x?xf32>) outs(%{{.*}} : tensor<?x4x2x2x9x?xf32>) attrs =  {tcp_aot.stride_phases}
// CHECK-COUNT-9: tensor.collapse_shape
func.func @conv_depthwise_stride_2(%x: tensor<?x4x16x20xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<?x4x8x10xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 4 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [2, 2]} : tensor<?x4x16x20xf32>, tensor<4x1x3x3xf32> -> tensor<?x4x8x10xf32>
  return %0 : tensor<?x4x8x10xf32>
}
func.func @conv_depthwise_stride_2_dynamic_width(%x: tensor<?x4x16x?xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<?x4x8x?xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 4 : i64, input_dilation = [1, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [2, 2]} : tensor<?x4x16x?xf32>, tensor<4x1x3x3xf32> -> tensor<?x4x8x?xf32>
  return %0 : tensor<?x4x8x?xf32>
}

// -----

// The forward form of a transposed convolution (stride 2, padding 1,
// output_padding 1): the input is dilated into zeros with a stride-2
// insert_slice (8 -> 15), padded 1 low and 2 high (15 -> 18), then a plain
// stride-1 convolution (18 - 3 + 1 = 16).
// CHECK-LABEL: func.func @conv_transposed
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[Z:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<2x3x15x15xf32>)
// CHECK: %[[D:.*]] = tensor.insert_slice %arg0 into %[[Z]][0, 0, 0, 0] [2, 3, 8, 8] [1, 1, 2, 2] : tensor<2x3x8x8xf32> into tensor<2x3x15x15xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[D]] low[0, 0, 1, 1] high[0, 0, 2, 2] {
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<2x3x15x15xf32> to tensor<2x3x18x18xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[P]], %arg1 : tensor<2x3x18x18xf32>, tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<2x4x16x16xf32>)
func.func @conv_transposed(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x16x16xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 1 : i64, input_dilation = [2, 2], padding_high = [2, 2], padding_low = [1, 1], stride = [1, 1]} : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x16x16xf32>
  return %0 : tensor<2x4x16x16xf32>
}

// -----

// Input dilation of a dynamic dim: the dilated size is max((L - 1) * 2 + 1, 0).
// CHECK-LABEL: func.func @conv_input_dilation_dynamic
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[L:.*]] = tensor.dim %arg0, %[[C2]] : tensor<?x3x?x8xf32>
// CHECK: %[[LM1:.*]] = arith.subi %[[L]], %[[C1]] : index
// CHECK: %[[MUL:.*]] = arith.muli %[[LM1]], %[[C2]] : index
// CHECK: %[[ADD:.*]] = arith.addi %[[MUL]], %[[C1]] : index
// CHECK: %[[DL:.*]] = arith.maxsi %[[ADD]], %[[C0]] : index
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %[[DL]]) : tensor<?x3x?x8xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x3x?x8xf32>)
// CHECK: tensor.insert_slice %arg0 into %[[Z]][0, 0, 0, 0] [%{{.*}}, 3, %[[L]], 8] [1, 1, 2, 1] : tensor<?x3x?x8xf32> into tensor<?x3x?x8xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
func.func @conv_input_dilation_dynamic(%x: tensor<?x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x?x4xf32> {
  %0 = tcp.conv %x, %w {dilation = [1, 1], groups = 1 : i64, input_dilation = [2, 1], padding_high = [1, 1], padding_low = [1, 1], stride = [1, 2]} : tensor<?x3x?x8xf32>, tensor<4x3x3x3xf32> -> tensor<?x4x?x4xf32>
  return %0 : tensor<?x4x?x4xf32>
}

// -----

// Max pooling, ceil_mode, kernel 3, stride 2, padding 1, dilation 2 on 8:
// 4 windows, the last ending at 3 * 2 + 2 * 2 + 1 = 11 = 8 + 1 + 2, so the
// high padding is 2 (the ceil_mode extra) and 1 more for whole strides,
// with -inf. The padded input is copied into its 2 x 2 phases of 6 x 6
// (loops (n, c, row phase, i, j, column phase): a row read contiguously),
// where offset (i, j) * dilation 2 reads phase (0, 0) from (i, j) on; the
// maximum of the 9 windows is one elementwise generic.
// CHECK-DAG: #[[PH:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3 * 2 + d2, d4 * 2 + d5)>
// CHECK-DAG: #[[PHO:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5, d3, d4)>
// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool2d_ceil
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x8x8xf32>
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 3, 3] {
// CHECK: tensor.yield %[[NINF]] : f32
// CHECK: } : tensor<?x3x8x8xf32> to tensor<?x3x12x12xf32>
// CHECK: %[[PHASES:.*]] = linalg.generic {indexing_maps = [#[[PH]], #[[PHO]]]{{.*}} ins(%[[P]] : tensor<?x3x12x12xf32>) outs(%{{.*}} : tensor<?x3x2x2x6x6xf32>)
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 0, 0, 0, 0] [%[[N]], 3, 1, 1, 4, 4]
// CHECK: %[[W0:.*]] = tensor.collapse_shape %[[S0]] {{\[\[}}0], [1], [2, 3, 4], [5]] : tensor<?x3x1x1x4x4xf32> into tensor<?x3x4x4xf32>
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 0, 0, 0, 1] [%[[N]], 3, 1, 1, 4, 4]
// CHECK: %[[W1:.*]] = tensor.collapse_shape %[[S1]]
// CHECK-COUNT-6: tensor.extract_slice %[[PHASES]]
// CHECK: %[[S8:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 0, 0, 2, 2] [%[[N]], 3, 1, 1, 4, 4]
// CHECK: %[[W8:.*]] = tensor.collapse_shape %[[S8]]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]], #[[ID4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[W0]], %[[W1]], {{.*}}, %[[W8]] : {{.*}}) outs(%{{.*}} : tensor<?x3x4x4xf32>)
// CHECK-NEXT: ^bb0(%[[X0:[^:]*]]: f32, %[[X1:[^:]*]]: f32,
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X0]], %[[X1]] : f32
// CHECK-COUNT-7: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK: return %[[R]]
func.func @max_pool2d_ceil(%x: tensor<?x3x8x8xf32>) -> tensor<?x3x4x4xf32> {
  %0 = tcp.pool %x {ceil_mode = true, dilation = [2, 2], kernel_size = [3, 3], kind = #tcp<poolKind Max>, padding = [1, 1], stride = [2, 2]} : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
  return %0 : tensor<?x3x4x4xf32>
}

// -----

// No padding needed: no tensor.pad; the two windows are the two phases.
// CHECK-LABEL: func.func @max_pool1d
// CHECK-NOT: tensor.pad
// CHECK: %[[PHASES:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<2x3x16xf32>) outs(%{{.*}} : tensor<2x3x2x8xf32>)
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 0, 0] [2, 3, 1, 8]
// CHECK: %[[W0:.*]] = tensor.collapse_shape %[[S0]]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[PHASES]][0, 0, 1, 0] [2, 3, 1, 8]
// CHECK: %[[W1:.*]] = tensor.collapse_shape %[[S1]]
// CHECK: linalg.generic {{.*}} ins(%[[W0]], %[[W1]] : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%{{.*}} : tensor<2x3x8xf32>)
// CHECK: arith.maximumf
func.func @max_pool1d(%x: tensor<2x3x16xf32>) -> tensor<2x3x8xf32> {
  %0 = tcp.pool %x {ceil_mode = false, dilation = [1], kernel_size = [2], kind = #tcp<poolKind Max>, padding = [0], stride = [2]} : tensor<2x3x16xf32> -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// Stride 1: each window a slice of the padded input itself.
// CHECK-LABEL: func.func @max_pool2d_stride_1
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK-NOT: tensor<2x3x1x1
// CHECK: tensor.extract_slice %[[P]][0, 0, 0, 0] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[P]][0, 0, 2, 2] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x8x8xf32>)
func.func @max_pool2d_stride_1(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32> {
  %0 = tcp.pool %x {ceil_mode = false, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Max>, padding = [1, 1], stride = [1, 1]} : tensor<2x3x8x8xf32> -> tensor<2x3x8x8xf32>
  return %0 : tensor<2x3x8x8xf32>
}

// -----

// A 9 x 9 window, 81 offsets: the window dims as reduction loops, input
// index o * stride + k.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[O:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool_wide_window
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[I:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%{{.*}} : tensor<2x3x4x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[K]], #[[O]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %{{.*}} : tensor<2x3x15x15xf32>, tensor<9x9xf32>) outs(%[[I]] : tensor<2x3x4x4xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
func.func @max_pool_wide_window(%x: tensor<2x3x15x15xf32>) -> tensor<2x3x4x4xf32> {
  %0 = tcp.pool %x {ceil_mode = false, dilation = [1, 1], kernel_size = [9, 9], kind = #tcp<poolKind Max>, padding = [0, 0], stride = [2, 2]} : tensor<2x3x15x15xf32> -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

// 3-D: 8 windows from 2 x 2 x 2 phases.
// CHECK-LABEL: func.func @max_pool3d
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<?x16x4x8x8xf32>) outs(%{{.*}} : tensor<?x16x2x2x2x2x4x4xf32>)
// CHECK-COUNT-8: tensor.extract_slice
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x16x2x4x4xf32>)
// CHECK-COUNT-7: arith.maximumf
// CHECK-NEXT: linalg.yield
func.func @max_pool3d(%x: tensor<?x16x4x8x8xf32>) -> tensor<?x16x2x4x4xf32> {
  %0 = tcp.pool %x {ceil_mode = false, dilation = [1, 1, 1], kernel_size = [2, 2, 2], kind = #tcp<poolKind Max>, padding = [0, 0, 0], stride = [2, 2, 2]} : tensor<?x16x4x8x8xf32> -> tensor<?x16x2x4x4xf32>
  return %0 : tensor<?x16x2x4x4xf32>
}

// -----

// Average pooling, ceil_mode, count_include_pad=false: zero padding 1 low,
// 2 high (the ceil_mode extra), a generic summing the 9 windows, then their
// sum divided by the window clipped to the input: start = o * 2 - 1,
// end = min(start + 3, 8 + 1), then max(start, 0) and min(end, 8).
// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @avg_pool2d_ceil_exclude_pad
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 3, 3] {
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<2x3x8x8xf32> to tensor<2x3x12x12xf32>
// CHECK: %[[PH:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<2x3x12x12xf32>) outs(%{{.*}} : tensor<2x3x2x2x6x6xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x5x5xf32>)
// CHECK-NEXT: ^bb0(%[[X0:[^:]*]]: f32,
// CHECK-NEXT: %[[T0:.*]] = arith.addf %[[X0]], %[[ZERO]] : f32
// CHECK-COUNT-8: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {indexing_maps = [#[[ID4]], #[[ID4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<2x3x5x5xf32>)
// CHECK-NEXT: ^bb0(%[[SUM:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[OH:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[T:.*]] = arith.muli %[[OH]], %[[C2]] : index
// CHECK-NEXT: %[[HS:.*]] = arith.subi %[[T]], %[[C1]] : index
// CHECK-NEXT: %[[HE0:.*]] = arith.addi %[[HS]], %[[C3]] : index
// CHECK-NEXT: %[[HE1:.*]] = arith.minsi %[[HE0]], %[[C9]] : index
// CHECK-NEXT: %[[HS2:.*]] = arith.maxsi %[[HS]], %[[C0]] : index
// CHECK-NEXT: %[[HE2:.*]] = arith.minsi %[[HE1]], %[[C8]] : index
// CHECK-NEXT: %[[H:.*]] = arith.subi %[[HE2]], %[[HS2]] : index
// CHECK-NEXT: %[[OW:.*]] = linalg.index 3 : index
// CHECK-NEXT: %[[T2:.*]] = arith.muli %[[OW]], %[[C2]] : index
// CHECK-NEXT: %[[WS:.*]] = arith.subi %[[T2]], %[[C1]] : index
// CHECK-NEXT: %[[WE0:.*]] = arith.addi %[[WS]], %[[C3]] : index
// CHECK-NEXT: %[[WE1:.*]] = arith.minsi %[[WE0]], %[[C9]] : index
// CHECK-NEXT: %[[WS2:.*]] = arith.maxsi %[[WS]], %[[C0]] : index
// CHECK-NEXT: %[[WE2:.*]] = arith.minsi %[[WE1]], %[[C8]] : index
// CHECK-NEXT: %[[W:.*]] = arith.subi %[[WE2]], %[[WS2]] : index
// CHECK-NEXT: %[[CNT:.*]] = arith.muli %[[H]], %[[W]] : index
// CHECK-NEXT: %[[CI:.*]] = arith.index_cast %[[CNT]] : index to i64
// CHECK-NEXT: %[[CF:.*]] = arith.sitofp %[[CI]] : i64 to f32
// CHECK-NEXT: %[[AVG:.*]] = arith.divf %[[SUM]], %[[CF]] : f32
// CHECK-NEXT: linalg.yield %[[AVG]] : f32
func.func @avg_pool2d_ceil_exclude_pad(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x5x5xf32> {
  %0 = tcp.pool %x {ceil_mode = true, count_include_pad = false, dilation = [1, 1], kernel_size = [3, 3], kind = #tcp<poolKind Avg>, padding = [1, 1], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x5x5xf32>
  return %0 : tensor<2x3x5x5xf32>
}

// -----

// count_include_pad: the window is clipped to the padded input only
// (end = min(start + 3, 16 + 1)); padding 1 both sides.
// CHECK-LABEL: func.func @avg_pool1d_include_pad
// CHECK-DAG: %[[C17:.*]] = arith.constant 17 : index
// CHECK: tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%{{.*}} : tensor<2x3x8xf32>)
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK: ^bb0(%[[SUM:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[START:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[END0:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK-NEXT: %[[END:.*]] = arith.minsi %[[END0]], %[[C17]] : index
// CHECK-NEXT: %[[CNT:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK-NOT: arith.maxsi
// CHECK: arith.divf %[[SUM]], %{{.*}} : f32
func.func @avg_pool1d_include_pad(%x: tensor<2x3x16xf32>) -> tensor<2x3x8xf32> {
  %0 = tcp.pool %x {ceil_mode = false, count_include_pad = true, dilation = [1], kernel_size = [3], kind = #tcp<poolKind Avg>, padding = [1], stride = [2]} : tensor<2x3x16xf32> -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// divisor_override divides every window by the constant.
// CHECK-LABEL: func.func @avg_pool2d_divisor_override
// CHECK-DAG: %[[DIV:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NOT: tensor.pad
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins({{.*}} : tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) outs(%{{.*}} : tensor<2x3x4x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<2x3x4x4xf32>)
// CHECK-NEXT: ^bb0(%[[SUM:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[R:.*]] = arith.divf %[[SUM]], %[[DIV]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @avg_pool2d_divisor_override(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32> {
  %0 = tcp.pool %x {ceil_mode = false, count_include_pad = true, dilation = [1, 1], divisor_override = 3 : i64, kernel_size = [2, 2], kind = #tcp<poolKind Avg>, padding = [0, 0], stride = [2, 2]} : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

// 3-D average pooling: a generic summing (addf) the 8 windows from zero,
// then the divisor as the product of the three clipped window sizes.
// CHECK-LABEL: func.func @avg_pool3d
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins({{.*}}) outs(%{{.*}} : tensor<2x3x2x2x2xf32>)
// CHECK-NEXT: ^bb0(%[[X0:[^:]*]]: f32,
// CHECK-NEXT: arith.addf %[[X0]], %[[ZERO]] : f32
// CHECK-COUNT-7: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<2x3x2x2x2xf32>)
// CHECK: linalg.index 2 : index
// CHECK: linalg.index 3 : index
// CHECK: linalg.index 4 : index
// CHECK: arith.divf
func.func @avg_pool3d(%x: tensor<2x3x4x4x4xf32>) -> tensor<2x3x2x2x2xf32> {
  %0 = tcp.pool %x {ceil_mode = false, count_include_pad = false, dilation = [1, 1, 1], kernel_size = [2, 2, 2], kind = #tcp<poolKind Avg>, padding = [0, 0, 0], stride = [2, 2, 2]} : tensor<2x3x4x4x4xf32> -> tensor<2x3x2x2x2xf32>
  return %0 : tensor<2x3x2x2x2xf32>
}

// -----

// A dynamic spatial dim with ceil_mode: the output size is computed at run
// time, (L - 2 + 1) floordiv 2 + 1, minus one when the last window would
// start past the input; the high padding reaches the last window's end,
// then whole strides.
// CHECK-LABEL: func.func @max_pool_dynamic_ceil
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[L:.*]] = tensor.dim %arg0, %[[C2]] : tensor<1x1x?xf32>
// CHECK: %[[Q:.*]] = arith.floordivsi %{{.*}}, %[[C2]] : index
// CHECK: %[[OUT1:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK: %[[LASTSTART:.*]] = arith.muli %[[Q]], %[[C2]] : index
// CHECK: %[[OUTSIDE:.*]] = arith.cmpi sge, %[[LASTSTART]], %[[L]] : index
// CHECK: arith.select %[[OUTSIDE]], %[[Q]], %[[OUT1]] : index
// CHECK: %[[LASTEND:.*]] = arith.addi %{{.*}}, %[[C2]] : index
// CHECK-NEXT: %[[OVER:.*]] = arith.subi %[[LASTEND]], %[[L]] : index
// CHECK-NEXT: %[[HIGH:.*]] = arith.maxsi %[[OVER]], %{{.*}} : index
// CHECK: tensor.pad %arg0 low[0, 0, 0] high[0, 0, %{{.*}}] {
// CHECK: tensor.yield %[[NINF]] : f32
// CHECK: %[[PH:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1x2x?xf32>)
// CHECK: tensor.extract_slice %[[PH]][0, 0, 0, 0] [1, 1, 1, %[[OUT:.*]]] [1, 1, 1, 1] : tensor<1x1x2x?xf32> to tensor<1x1x1x?xf32>
// CHECK: tensor.extract_slice %[[PH]][0, 0, 1, 0] [1, 1, 1, %[[OUT]]]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: arith.maximumf
func.func @max_pool_dynamic_ceil(%x: tensor<1x1x?xf32>) -> tensor<1x1x?xf32> {
  %0 = tcp.pool %x {ceil_mode = true, dilation = [1], kernel_size = [2], kind = #tcp<poolKind Max>, padding = [0], stride = [2]} : tensor<1x1x?xf32> -> tensor<1x1x?xf32>
  return %0 : tensor<1x1x?xf32>
}
