// Quantized element types verify (as upstream TCP) but have no lowering:
// each op that has one is named, before any op is lowered.
// RUN: tcp-opt %s --split-input-file --verify-diagnostics --pass-pipeline=convert-tcp-to-linalg
// RUN: tcp-opt %s --split-input-file --verify-diagnostics --tcp-to-llvm

func.func @add_per_tensor(%a: tensor<?x3x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<?x3x!quant.uniform<i8:f32, 1.0:0>> {
  // expected-error @+1 {{'tcp.add' op quantized element types are not supported by the lowering}}
  %0 = tcp.add %a, %a : tensor<?x3x!quant.uniform<i8:f32, 1.0:0>>, tensor<?x3x!quant.uniform<i8:f32, 1.0:0>> -> tensor<?x3x!quant.uniform<i8:f32, 1.0:0>>
  return %0 : tensor<?x3x!quant.uniform<i8:f32, 1.0:0>>
}

// -----

func.func @per_axis_data_movement(%a: tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, %n: index, %f: tensor<?x3xf32>) -> (tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, tensor<?x3xf32>) {
  // expected-error @+1 {{'tcp.broadcast' op quantized element types are not supported by the lowering}}
  %0 = tcp.broadcast %a, %n {axes = [0]} : tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, index -> tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>
  // expected-error @+1 {{'tcp.sub' op quantized element types are not supported by the lowering}}
  %1 = tcp.sub %0, %0 : tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>> -> tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>
  %2 = tcp.tanh %f : tensor<?x3xf32> -> tensor<?x3xf32>
  return %1, %2 : tensor<?x3x!quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}>>, tensor<?x3xf32>
}
