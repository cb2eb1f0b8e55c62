// Every verifier rule of the TCP dialect, each on an op that breaks it.
// RUN: tcp-opt %s --split-input-file --verify-diagnostics

// ----- Rules every op checks against its definition.

func.func @operand_count(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.add' op expected 2 operands, but found 1}}
  %0 = "tcp.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @variadic_operand_count() {
  // expected-error @+1 {{'tcp.broadcast' op expected at least 1 operands, but found 0}}
  %0 = "tcp.broadcast"() {axes = [0]} : () -> tensor<2xf32>
  return
}

// -----

func.func @result_count(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.tanh' op expected 1 results, but found 0}}
  "tcp.tanh"(%a) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @region_count(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.tanh' op expected 0 regions, but found 1}}
  %0 = "tcp.tanh"(%a) ({
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @segment_sizes_missing(%a: tensor<2xf32>, %c: index) {
  // expected-error @+1 {{'tcp.slice' op requires dense i32 array attribute 'operandSegmentSizes'}}
  %0 = "tcp.slice"(%a, %c, %c, %c) : (tensor<2xf32>, index, index, index) -> tensor<?xf32>
  return
}

// -----

func.func @segment_sizes_wrong(%a: tensor<2xf32>, %c: index) {
  // expected-error @+1 {{'tcp.slice' op 'operandSegmentSizes' attribute does not match the operands}}
  %0 = "tcp.slice"(%a, %c, %c, %c) {operandSegmentSizes = array<i32: 1, 1, 1, 2>} : (tensor<2xf32>, index, index, index) -> tensor<?xf32>
  return
}

// -----

func.func @operand_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.tanh' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<2xi32>'}}
  %0 = tcp.tanh %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @result_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.sqrt' op result #0 must be ranked tensor of floating-point values, but got 'tensor<2xi32>'}}
  %0 = tcp.sqrt %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'tcp.exp' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<*xf32>'}}
  %0 = tcp.exp %a : tensor<*xf32> -> tensor<2xf32>
  return
}

// -----

func.func @missing_attribute(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.divsi' op requires attribute 'rounding_mode'}}
  %0 = tcp.divsi %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @attribute_constraint(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.divsi' op attribute 'rounding_mode' failed to satisfy constraint: #tcp<roundingMode ...> with case Trunc, Floor, Ceil}}
  %0 = tcp.divsi %a, %a {rounding_mode = #tcp<roundingMode Up>} : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @unknown_op_generic(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.nope' op unregistered operation 'tcp.nope' found in dialect ('tcp')}}
  %0 = "tcp.nope"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @unknown_op_custom(%a: tensor<2xf32>) {
  // expected-error @+1 {{custom op 'tcp.nope' is unknown}}
  %0 = tcp.nope %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @other_unregistered_op() {
  // expected-error @+1 {{'foo.bar' op is unregistered (dialect 'foo' is not known)}}
  "foo.bar"() : () -> ()
  return
}

// ----- Elementwise ops.

func.func @unary_shape(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.sigmoid' op requires the same shape for all operands and results}}
  %0 = tcp.sigmoid %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

func.func @unary_element_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.log' op requires the same element type for all operands and results}}
  %0 = tcp.log %a : tensor<2xf32> -> tensor<2xf64>
  return
}

// -----

func.func @binary_shape(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tcp.add' op requires the same shape for all operands and results}}
  %0 = tcp.add %a, %b : tensor<2xf32>, tensor<3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @binary_rank(%a: tensor<2xf32>, %b: tensor<1x2xf32>) {
  // expected-error @+1 {{'tcp.mul' op requires the same shape for all operands and results}}
  %0 = tcp.mul %a, %b : tensor<2xf32>, tensor<1x2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @binary_element_type(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.sub' op requires the same element type for all operands and results}}
  %0 = tcp.sub %a, %b : tensor<2xi32>, tensor<2xi64> -> tensor<2xi32>
  return
}

// -----

func.func @add_bool(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tcp.add' op operand #0 must be ranked tensor of signless integer, floating-point or quantized integer values, but got 'tensor<2xi1>'}}
  %0 = tcp.add %a, %a : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

// Quantized element types: only where upstream's operands are Tcp_Tensor
// (add, sub and data movement), not on Tcp_FloatOrIntTensor (mul, clamp) nor
// Tcp_FloatTensor (tanh, ...) operands.
func.func @mul_quantized(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'tcp.mul' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>'}}
  %0 = tcp.mul %a, %a : tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>> -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @clamp_quantized(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'tcp.clamp' op operand #0 must be ranked tensor of signless integer or floating-point values}}
  %0 = tcp.clamp %a {min_int = 0 : i64} : tensor<2x!quant.uniform<i8:f32, 1.0>> -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @tanh_quantized(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'tcp.tanh' op operand #0 must be ranked tensor of floating-point values}}
  %0 = tcp.tanh %a : tensor<2x!quant.uniform<i8:f32, 1.0>> -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// Upstream's quantized integers are stored in 8 or 16 bits.
func.func @add_quantized_i4(%a: tensor<2x!quant.uniform<i4:f32, 1.0>>) {
  // expected-error @+1 {{'tcp.add' op operand #0 must be ranked tensor of signless integer, floating-point or quantized integer values, but got 'tensor<2x!quant.uniform<i4:f32, 1.000000e+00>>'}}
  %0 = tcp.add %a, %a : tensor<2x!quant.uniform<i4:f32, 1.0>>, tensor<2x!quant.uniform<i4:f32, 1.0>> -> tensor<2x!quant.uniform<i4:f32, 1.0>>
  return
}

// -----

func.func @add_quantized_mixed(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'tcp.add' op requires the same element type for all operands and results}}
  %0 = tcp.add %a, %b : tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 0.5>> -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @divf_int(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.divf' op operand #0 must be ranked tensor of floating-point values}}
  %0 = tcp.divf %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @divf_ceil(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.divf' op attribute 'rounding_mode' failed to satisfy constraint: #tcp<roundingMode ...> with case Trunc, Floor}}
  %0 = tcp.divf %a, %a {rounding_mode = #tcp<roundingMode Ceil>} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @divsi_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.divsi' op operand #0 must be ranked tensor of signless integer values}}
  %0 = tcp.divsi %a, %a {rounding_mode = #tcp<roundingMode Trunc>} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @signed_integers(%a: tensor<2xsi32>) {
  // expected-error @+1 {{'tcp.abs' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2xsi32>'}}
  %0 = tcp.abs %a : tensor<2xsi32> -> tensor<2xsi32>
  return
}

// -----

func.func @sqrt_float_changes_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.sqrt' op requires the same element type for all operands and results}}
  %0 = tcp.sqrt %a : tensor<2xf32> -> tensor<2xf64>
  return
}

// -----

func.func @clamp_no_bound(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.clamp' op failed to verify that at least one of min_float, max_float, min_int, max_int is set}}
  %0 = tcp.clamp %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @clamp_int_bound_on_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.clamp' op failed to verify that min_int and max_int are not set for a floating-point input}}
  %0 = tcp.clamp %a {min_int = 0 : i64} : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @clamp_float_bound_on_int(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.clamp' op failed to verify that min_float and max_float are not set for an integer input}}
  %0 = tcp.clamp %a {max_float = 1.0 : f32} : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @clamp_bound_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.clamp' op attribute 'min_float' failed to satisfy constraint: 32-bit float attribute}}
  %0 = tcp.clamp %a {min_float = 1.0 : f64} : tensor<2xf32> -> tensor<2xf32>
  return
}

// ----- tcp.cast

func.func @cast_shape(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cast' op requires the same shape for all operands and results}}
  %0 = tcp.cast %a : tensor<2xf32> -> tensor<3xf64>
  return
}

// -----

func.func @cast_signedness_on_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cast' op failed to verify that in_int_signedness is absent for a floating-point in}}
  %0 = tcp.cast %a {in_int_signedness = #tcp<signedness Signed>} : tensor<2xf32> -> tensor<2xf64>
  return
}

// -----

func.func @cast_missing_signedness(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cast' op failed to verify that out_int_signedness is set for an integer out}}
  %0 = tcp.cast %a : tensor<2xf32> -> tensor<2xi32>
  return
}

// -----

func.func @cast_bool_signedness(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tcp.cast' op failed to verify that in_int_signedness is Signless for an i1 in}}
  %0 = tcp.cast %a {in_int_signedness = #tcp<signedness Signed>} : tensor<2xi1> -> tensor<2xf32>
  return
}

// -----

// Upstream's cast takes integers and floats only: no quantized type.
func.func @cast_quantized(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'tcp.cast' op operand #0 must be ranked tensor of integer, floating-point or i1 values, but got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>'}}
  %0 = tcp.cast %a : tensor<2x!quant.uniform<i8:f32, 1.0>> -> tensor<2xf32>
  return
}

// -----

func.func @cast_signedness_case() {
  // expected-error @+2 {{'tcp.cast' op attribute 'out_int_signedness' failed to satisfy constraint}}
  %0 = tcp.const {value = dense<1.0> : tensor<2xf32>} : tensor<2xf32>
  %1 = tcp.cast %0 {out_int_signedness = #tcp<signedness Maybe>} : tensor<2xf32> -> tensor<2xi32>
  return
}

// ----- tcp.const

// -----

func.func @const_type() {
  // expected-error @+1 {{'tcp.const' op failed to verify that all of {value, out} have same type}}
  %0 = tcp.const {value = dense<1.0> : tensor<2xf32>} : tensor<3xf32>
  return
}

// -----

func.func @const_value_kind() {
  // expected-error @+1 {{'tcp.const' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = tcp.const {value = 1.0 : f32} : tensor<f32>
  return
}

// ----- tcp.broadcast

func.func @broadcast_rank(%x: tensor<1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op failed to verify that all of {in, out} have same rank}}
  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<1xf32>, index -> tensor<?x?xf32>
  return
}

// -----

func.func @broadcast_element_type(%x: tensor<1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<1xf32>, index -> tensor<?xf64>
  return
}

// -----

func.func @broadcast_duplicate_axes(%x: tensor<1x1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op failed to verify that axes has no duplicates}}
  %0 = tcp.broadcast %x, %d, %d {axes = [1, 1]} : tensor<1x1xf32>, index, index -> tensor<1x?xf32>
  return
}

// -----

func.func @broadcast_unsorted_axes(%x: tensor<1x1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op failed to verify that axes is sorted in increasing order}}
  %0 = tcp.broadcast %x, %d, %d {axes = [1, 0]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>
  return
}

// -----

func.func @broadcast_axis_range(%x: tensor<1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op axis 1 is out of range for rank 1}}
  %0 = tcp.broadcast %x, %d {axes = [1]} : tensor<1xf32>, index -> tensor<1xf32>
  return
}

// -----

func.func @broadcast_sizes_per_axis(%x: tensor<1x1xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op failed to verify that new_dim_sizes has one value per axis (expected 2, found 1)}}
  %0 = tcp.broadcast %x, %d {axes = [0, 1]} : tensor<1x1xf32>, index -> tensor<?x?xf32>
  return
}

// -----

func.func @broadcast_non_unit_axis(%x: tensor<2xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op input dim 0 is broadcast, so it must have static size 1}}
  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<2xf32>, index -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_other_dims(%x: tensor<1x3xf32>, %d: index) {
  // expected-error @+1 {{'tcp.broadcast' op dim 1 is not broadcast, so in and out must agree on it (3 vs 4)}}
  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x4xf32>
  return
}

// -----

func.func @broadcast_size_type(%x: tensor<1xf32>, %d: i64) {
  // expected-error @+1 {{'tcp.broadcast' op operand #1 must be index, but got 'i64'}}
  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<1xf32>, i64 -> tensor<?xf32>
  return
}

// ----- tcp.slice

func.func @slice_rank(%x: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{'tcp.slice' op failed to verify that all of {in, out} have same rank}}
  %0 = tcp.slice %x starts(%c) sizes(%c) strides(%c) : tensor<4xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @slice_element_type(%x: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{'tcp.slice' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.slice %x starts(%c) sizes(%c) strides(%c) : tensor<4xf32> -> tensor<?xi32>
  return
}

// -----

func.func @slice_operands_per_dim(%x: tensor<4x4xf32>, %c: index) {
  // expected-error @+1 {{'tcp.slice' op failed to verify that starts, sizes and strides have one value per dim of in (rank 2), found 2, 1 and 2}}
  %0 = tcp.slice %x starts(%c, %c) sizes(%c) strides(%c, %c) : tensor<4x4xf32> -> tensor<?x?xf32>
  return
}

// ----- tcp.concat

func.func @concat_empty() {
  // expected-error @+1 {{'tcp.concat' op failed to verify that inputs is not empty}}
  %0 = "tcp.concat"() {axis = 0 : i64} : () -> tensor<2xf32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2xf32>, %b: tensor<2x2xf32>) {
  // expected-error @+1 {{'tcp.concat' op failed to verify that all of {inputs, out} have same rank}}
  %0 = tcp.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2x2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @concat_element_type(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.concat' op failed to verify that all of {inputs, out} have same element type}}
  %0 = tcp.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2xi32> -> tensor<4xf32>
  return
}

// -----

func.func @concat_axis_range(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.concat' op axis 1 is out of range for rank 1}}
  %0 = tcp.concat %a, %a {axis = 1 : i64} : tensor<2xf32>, tensor<2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @concat_other_dims(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'tcp.concat' op inputs and out must agree on dim 1}}
  %0 = tcp.concat %a, %b {axis = 0 : i64} : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_axis_sum(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.concat' op out's dim 0 must be the sum of the inputs' (4), but is 5}}
  %0 = tcp.concat %a, %a {axis = 0 : i64} : tensor<2xf32>, tensor<2xf32> -> tensor<5xf32>
  return
}

// ----- tcp.gather

func.func @gather_rank(%x: tensor<4x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.gather' op failed to verify that all of {input, indices} have same rank}}
  %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<4x3xf32>, tensor<2xi64> -> tensor<2xf32>
  return
}

// -----

func.func @gather_element_type(%x: tensor<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.gather' op failed to verify that all of {input, out} have same element type}}
  %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<4xf32>, tensor<2xi64> -> tensor<2xi64>
  return
}

// -----

func.func @gather_shape(%x: tensor<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.gather' op failed to verify that all of {indices, out} have same shape}}
  %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<4xf32>, tensor<2xi64> -> tensor<3xf32>
  return
}

// -----

func.func @gather_dim_range(%x: tensor<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.gather' op dim 1 is out of range for rank 1}}
  %0 = tcp.gather %x, %i {dim = 1 : i64} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  return
}

// -----

// dim is an i64 or, as upstream writes it, an index.
func.func @gather_dim_type(%x: tensor<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'tcp.gather' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer or index attribute}}
  %0 = tcp.gather %x, %i {dim = 0 : i32} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  return
}

// -----

// As upstream (and torch.gather): indices no larger than input but in dim.
func.func @gather_indices_larger(%x: tensor<4x3xf32>, %i: tensor<6x5xi64>) {
  // expected-error @+1 {{'tcp.gather' op indices dim 1 (5) exceeds input dim 1 (3); only dim 0 may be larger}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<4x3xf32>, tensor<6x5xi64> -> tensor<6x5xf32>
  return
}

// -----

func.func @gather_float_indices(%x: tensor<4xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.gather' op operand #1 must be ranked tensor of signless integer values, but got 'tensor<2xf32>'}}
  %0 = tcp.gather %x, %i {dim = 0 : i64} : tensor<4xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// ----- tcp.gather_nd

func.func @gather_nd_element_type(%x: tensor<4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tcp.gather_nd' op failed to verify that all of {input, out} have same element type}}
  %0 = tcp.gather_nd %x, %i : tensor<4xf32>, tensor<2x1xi64> -> tensor<2xf64>
  return
}

// -----

func.func @gather_nd_rank0_indices(%x: tensor<4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{'tcp.gather_nd' op failed to verify that indices has rank >= 1}}
  %0 = tcp.gather_nd %x, %i : tensor<4xf32>, tensor<i64> -> tensor<f32>
  return
}

// -----

func.func @gather_nd_dynamic_last_dim(%x: tensor<4xf32>, %i: tensor<2x?xi64>) {
  // expected-error @+1 {{'tcp.gather_nd' op failed to verify that the last dim of indices is static}}
  %0 = tcp.gather_nd %x, %i : tensor<4xf32>, tensor<2x?xi64> -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_too_many(%x: tensor<4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{'tcp.gather_nd' op the last dim of indices (2) exceeds the rank of input (1)}}
  %0 = tcp.gather_nd %x, %i : tensor<4xf32>, tensor<2x2xi64> -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_shape(%x: tensor<4x5xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tcp.gather_nd' op expected out of shape [2, 5] (indices' leading dims then input's remaining dims), but got [2, 4]}}
  %0 = tcp.gather_nd %x, %i : tensor<4x5xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  return
}

// ----- tcp.scatter_nd

func.func @scatter_nd_kind(%x: tensor<4x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{'tcp.scatter_nd' op attribute 'kind' failed to satisfy constraint: #tcp<scatterKind ...> with case Replace, Sum, Prod, Max, Min}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Mean>} : tensor<4x5xf32>, tensor<2x1xi64>, tensor<2x5xf32> -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_nd_element_type(%x: tensor<4x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf64>) {
  // expected-error @+1 {{'tcp.scatter_nd' op requires the same element type for all operands and results}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Sum>} : tensor<4x5xf32>, tensor<2x1xi64>, tensor<2x5xf64> -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_nd_out_type(%x: tensor<4x?xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{'tcp.scatter_nd' op failed to verify that all of {input, out} have same type}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Sum>} : tensor<4x?xf32>, tensor<2x1xi64>, tensor<2x5xf32> -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_nd_dynamic_last_dim(%x: tensor<4xf32>, %i: tensor<2x?xi64>, %u: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.scatter_nd' op failed to verify that indices has rank >= 1 and a static last dim}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Replace>} : tensor<4xf32>, tensor<2x?xi64>, tensor<2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @scatter_nd_too_many(%x: tensor<4xf32>, %i: tensor<2x2xi64>, %u: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.scatter_nd' op the last dim of indices (2) exceeds the rank of input (1)}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Replace>} : tensor<4xf32>, tensor<2x2xi64>, tensor<2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @scatter_nd_updates_shape(%x: tensor<4x5xf32>, %i: tensor<2x1xi64>, %u: tensor<3x5xf32>) {
  // expected-error @+1 {{'tcp.scatter_nd' op expected updates of shape [2, 5] (indices' leading dims then input's remaining dims), but got [3, 5]}}
  %0 = tcp.scatter_nd %x, %i, %u {kind = #tcp<scatterKind Max>} : tensor<4x5xf32>, tensor<2x1xi64>, tensor<3x5xf32> -> tensor<4x5xf32>
  return
}

// ----- tcp.iota

func.func @iota_rank() {
  // expected-error @+1 {{'tcp.iota' op failed to verify that out has rank 1}}
  %0 = tcp.iota : -> tensor<2x2xi64>
  return
}

// -----

func.func @iota_size_operand(%n: index) {
  // expected-error @+1 {{'tcp.iota' op expects one size operand when out's dim is dynamic, none when it is static}}
  %0 = tcp.iota %n : index -> tensor<4xi64>
  return
}

// -----

func.func @iota_missing_size() {
  // expected-error @+1 {{'tcp.iota' op expects one size operand when out's dim is dynamic, none when it is static}}
  %0 = tcp.iota : -> tensor<?xi64>
  return
}

// -----

func.func @iota_bool() {
  // expected-error @+1 {{'tcp.iota' op result #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<4xi1>'}}
  %0 = tcp.iota : -> tensor<4xi1>
  return
}

// ----- Groups and yield

func.func @group_yield_types(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.group' op failed to verify that the types of the yielded values match the results}}
  %0 = tcp.group {
    tcp.yield %a : tensor<2xf32>
  } : tensor<3xf32>
  return
}

// -----

func.func @group_terminator(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.group' op expects regions to end with 'tcp.yield', found 'tcp.tanh'}}
  %0 = tcp.group {
    %t = tcp.tanh %a : tensor<2xf32> -> tensor<2xf32>
  } : tensor<2xf32>
  return
}

// -----

func.func @group_blocks(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.group' op expects a region with exactly one block, but found 2}}
  %0 = "tcp.group"() ({
    "tcp.yield"(%a) : (tensor<2xf32>) -> ()
  ^bb1:
    "tcp.yield"(%a) : (tensor<2xf32>) -> ()
  }) : () -> tensor<2xf32>
  return
}

// -----

func.func @isolated_group_arguments(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.isolated_group' op failed to verify that the body's arguments match ins}}
  %0 = tcp.isolated_group %a {
  ^bb0(%x: tensor<3xf32>):
    tcp.yield %a : tensor<2xf32>
  } : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @isolated_group_from_above(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.isolated_group' op is isolated from above, but its body uses %arg1, defined outside}}
  %0 = tcp.isolated_group %a {
  ^bb0(%x: tensor<2xf32>):
    %y = tcp.add %x, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
    tcp.yield %y : tensor<2xf32>
  } : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @isolated_group_yield_types(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.isolated_group' op failed to verify that the types of the yielded values match the results}}
  %0 = tcp.isolated_group %a {
  ^bb0(%x: tensor<2xf32>):
    tcp.yield %x : tensor<2xf32>
  } : tensor<2xf32> -> tensor<2xf64>
  return
}

// -----

func.func @yield_outside_group(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.yield' op expects parent op to be one of 'tcp.group, tcp.isolated_group'}}
  tcp.yield %a : tensor<2xf32>
  return
}

// ----- tcp.custom_op

func.func @custom_op_name(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.custom_op' op requires attribute 'op_name'}}
  %0 = "tcp.custom_op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// ----- Symbolic shapes

func.func @symbolic_int_bounds() {
  // expected-error @+1 {{'tcp.symbolic_int' op failed to verify that min_val <= max_val}}
  %0 = tcp.symbolic_int "s0" {min_val = 7, max_val = 6} : i64
  return
}

// -----

func.func @symbolic_int_type() {
  // expected-error @+1 {{'tcp.symbolic_int' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %0 = tcp.symbolic_int "s0" {min_val = 0, max_val = 6} : i32
  return
}

// -----

// As upstream: a shape symbol is a tcp.symbolic_int.
func.func @bind_symbol_not_symbolic_int(%a: tensor<?xf32>, %n: i64) {
  // expected-error @+1 {{'tcp.bind_symbolic_shape' op failed to verify that shape symbol #0 is the result of a tcp.symbolic_int}}
  tcp.bind_symbolic_shape %a, [%n], affine_map<()[s0] -> (s0)> : tensor<?xf32>
  return
}

// -----

func.func @bind_symbol_count(%a: tensor<?xf32>) {
  %s = tcp.symbolic_int "s0" {min_val = 0, max_val = 6} : i64
  // expected-error @+1 {{'tcp.bind_symbolic_shape' op failed to verify that shape_expressions has one symbol per shape symbol (2 vs 1)}}
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0, s1] -> (s0 + s1)> : tensor<?xf32>
  return
}

// -----

func.func @bind_result_count(%a: tensor<?xf32>) {
  %s = tcp.symbolic_int "s0" {min_val = 0, max_val = 6} : i64
  // expected-error @+1 {{'tcp.bind_symbolic_shape' op failed to verify that shape_expressions has one result per dim of operand}}
  tcp.bind_symbolic_shape %a, [%s], affine_map<()[s0] -> (s0, 2)> : tensor<?xf32>
  return
}

// ----- New elementwise ops: the rules test_elementwise_rules does not cover.

func.func @cmp_result_not_bool(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cmp' op result #0 must be ranked tensor of i1 values, but got 'tensor<2xf32>'}}
  %0 = tcp.cmp %a, %a {predicate = #tcp<cmpPredicate Lt>} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @cmp_operand_types(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'tcp.cmp' op failed to verify that all of {in1, in2} have same element type}}
  %0 = tcp.cmp %a, %b {predicate = #tcp<cmpPredicate Lt>} : tensor<2xf32>, tensor<2xf64> -> tensor<2xi1>
  return
}

// -----

func.func @cmp_shape(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.cmp' op requires the same shape for all operands and results}}
  %0 = tcp.cmp %a, %a {predicate = #tcp<cmpPredicate Eq>} : tensor<2xi32>, tensor<2xi32> -> tensor<3xi1>
  return
}

// -----

func.func @cmp_missing_predicate(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cmp' op requires attribute 'predicate'}}
  %0 = tcp.cmp %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  return
}

// -----

func.func @cmp_predicate_case(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.cmp' op attribute 'predicate' failed to satisfy constraint: #tcp<cmpPredicate ...> with case Eq, Ne, Lt, Le, Gt, Ge}}
  %0 = tcp.cmp %a, %a {predicate = #tcp<cmpPredicate Ult>} : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  return
}

// -----

func.func @select_cond_not_bool(%c: tensor<2xi32>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.select' op operand #0 must be ranked tensor of i1 values, but got 'tensor<2xi32>'}}
  %0 = tcp.select %c, %a, %a : tensor<2xi32>, tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @select_element_types(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'tcp.select' op failed to verify that all of {on_true, on_false, out} have same element type}}
  %0 = tcp.select %c, %a, %b : tensor<2xi1>, tensor<2xf32>, tensor<2xf64> -> tensor<2xf32>
  return
}

// -----

func.func @select_cond_shape(%c: tensor<3xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.select' op requires the same shape for all operands and results}}
  %0 = tcp.select %c, %a, %a : tensor<3xi1>, tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @rem_missing_mode(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.rem' op requires attribute 'rounding_mode'}}
  %0 = tcp.rem %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @rem_ceil(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.rem' op attribute 'rounding_mode' failed to satisfy constraint: #tcp<roundingMode ...> with case Trunc, Floor}}
  %0 = tcp.rem %a, %a {rounding_mode = #tcp<roundingMode Ceil>} : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @rem_bool(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tcp.rem' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2xi1>'}}
  %0 = tcp.rem %a, %a {rounding_mode = #tcp<roundingMode Trunc>} : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

func.func @pow_int(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tcp.pow' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<2xi32>'}}
  %0 = tcp.pow %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @max_bool(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tcp.max' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2xi1>'}}
  %0 = tcp.max %a, %a : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

func.func @and_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.and' op operand #0 must be ranked tensor of signless integer or i1 values, but got 'tensor<2xf32>'}}
  %0 = tcp.and %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @not_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tcp.not' op operand #0 must be ranked tensor of signless integer or i1 values, but got 'tensor<2xf32>'}}
  %0 = tcp.not %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @xor_mixed_types(%a: tensor<2xi1>, %b: tensor<2xi8>) {
  // expected-error @+1 {{'tcp.xor' op requires the same element type for all operands and results}}
  %0 = tcp.xor %a, %b : tensor<2xi1>, tensor<2xi8> -> tensor<2xi1>
  return
}

// ----- tcp.transpose

func.func @transpose_element_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.transpose' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.transpose %a {permutation = [1, 0]} : tensor<2x3xf32> -> tensor<3x2xf64>
  return
}

// -----

func.func @transpose_not_a_permutation(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.transpose' op failed to verify that permutation is a permutation of the 2 dims of in}}
  %0 = tcp.transpose %a {permutation = [1, 1]} : tensor<2x3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @transpose_permutation_length(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.transpose' op failed to verify that permutation is a permutation of the 2 dims of in}}
  %0 = tcp.transpose %a {permutation = [1, 0, 2]} : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_shape(%a: tensor<2x3x?xf32>) {
  // expected-error @+1 {{'tcp.transpose' op expected out of shape [?, 2, 3] (in's dims permuted), but got [3, 2, 4]}}
  %0 = tcp.transpose %a {permutation = [2, 0, 1]} : tensor<2x3x?xf32> -> tensor<3x2x4xf32>
  return
}

// -----

func.func @transpose_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.transpose' op expected out of shape [3, 2] (in's dims permuted), but got [3, 2, 1]}}
  %0 = tcp.transpose %a {permutation = [1, 0]} : tensor<2x3xf32> -> tensor<3x2x1xf32>
  return
}

// -----

func.func @transpose_missing_permutation(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.transpose' op requires attribute 'permutation'}}
  %0 = tcp.transpose %a : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// ----- tcp.pad

func.func @pad_element_type(%a: tensor<2xf32>, %v: tensor<f64>) {
  // expected-error @+1 {{'tcp.pad' op failed to verify that all of {in, value, out} have same element type}}
  %0 = tcp.pad %a, %v {low = [1], high = [1]} : tensor<2xf32>, tensor<f64> -> tensor<4xf32>
  return
}

// -----

func.func @pad_value_rank(%a: tensor<2xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{'tcp.pad' op failed to verify that value is a 0-d tensor}}
  %0 = tcp.pad %a, %v {low = [1], high = [1]} : tensor<2xf32>, tensor<1xf32> -> tensor<4xf32>
  return
}

// -----

func.func @pad_entries_per_dim(%a: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tcp.pad' op failed to verify that low and high have one entry per dim of in (rank 2)}}
  %0 = tcp.pad %a, %v {low = [1, 0], high = [1]} : tensor<2x3xf32>, tensor<f32> -> tensor<4x3xf32>
  return
}

// -----

func.func @pad_negative(%a: tensor<4xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tcp.pad' op failed to verify that low and high are not negative}}
  %0 = tcp.pad %a, %v {low = [-1], high = [1]} : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return
}

// -----

func.func @pad_shape(%a: tensor<2x?xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tcp.pad' op expected out of shape [5, ?] (in's dims plus low and high), but got [4, 3]}}
  %0 = tcp.pad %a, %v {low = [1, 1], high = [2, 0]} : tensor<2x?xf32>, tensor<f32> -> tensor<4x3xf32>
  return
}

// ----- tcp.flip

func.func @flip_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.flip' op requires the same shape for all operands and results}}
  %0 = tcp.flip %a {axes = [0]} : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @flip_element_type(%a: tensor<2x3xi32>) {
  // expected-error @+1 {{'tcp.flip' op requires the same element type for all operands and results}}
  %0 = tcp.flip %a {axes = [0]} : tensor<2x3xi32> -> tensor<2x3xi64>
  return
}

// -----

func.func @flip_duplicate_axes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.flip' op failed to verify that axis has no duplicates}}
  %0 = tcp.flip %a {axes = [1, 1]} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @flip_axis_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.flip' op axis 2 is out of range for rank 2}}
  %0 = tcp.flip %a {axes = [2]} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @flip_negative_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.flip' op axis -1 is out of range for rank 2}}
  %0 = tcp.flip %a {axes = [-1]} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// ----- tcp.reduce

func.func @reduce_element_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op requires the same element type for all operands and results}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Sum>, axes = [1]} : tensor<2x3xf32> -> tensor<2xf64>
  return
}

// -----

func.func @reduce_kind_case(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op attribute 'kind' failed to satisfy constraint: #tcp<reduceKind ...> with case Sum, Prod, Max, Min, Any, All}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Mean>, axes = [1]} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @reduce_any_on_float(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op failed to verify that a Any reduction takes i1}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Any>, axes = [1]} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @reduce_all_on_int(%a: tensor<2x3xi8>) {
  // expected-error @+1 {{'tcp.reduce' op failed to verify that a All reduction takes i1}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind All>, axes = [0]} : tensor<2x3xi8> -> tensor<3xi8>
  return
}

// -----

func.func @reduce_sum_on_bool(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'tcp.reduce' op failed to verify that a Sum reduction takes integers or floats}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Sum>, axes = [1]} : tensor<2x3xi1> -> tensor<2xi1>
  return
}

// -----

func.func @reduce_duplicate_axes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op failed to verify that axis has no duplicates}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Max>, axes = [1, 1]} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @reduce_axis_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op axis 2 is out of range for rank 2}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Min>, axes = [2]} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_unsorted_axes(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tcp.reduce' op failed to verify that axes is sorted in increasing order}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Prod>, axes = [2, 0]} : tensor<2x3x4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @reduce_shape(%a: tensor<2x?x4xf32>) {
  // expected-error @+1 {{'tcp.reduce' op expected out of shape [2, ?] (in's dims without axes), but got [3, 5]}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Sum>, axes = [2]} : tensor<2x?x4xf32> -> tensor<3x5xf32>
  return
}

// -----

func.func @reduce_keeps_dims(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.reduce' op expected out of shape [2] (in's dims without axes), but got [2, 1]}}
  %0 = tcp.reduce %a {kind = #tcp<reduceKind Sum>, axes = [1]} : tensor<2x3xf32> -> tensor<2x1xf32>
  return
}

// ----- tcp.arg_reduce

func.func @arg_reduce_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op attribute 'kind' failed to satisfy constraint: #tcp<reduceKind ...> with case Max, Min}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Sum>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2xf32>, tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_bool(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'tcp.arg_reduce' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2x3xi1>'}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<2x3xi1> -> tensor<2xi1>, tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_result_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op expected 2 results, but found 1}}
  %0 = "tcp.arg_reduce"(%a) {kind = #tcp<reduceKind Max>, axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @arg_reduce_values_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op requires the same element type for all operands and results}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2xf64>, tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_indices_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op failed to verify that indices has element type i64}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Min>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2xf32>, tensor<2xi32>
  return
}

// -----

func.func @arg_reduce_axis_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op axis 2 is out of range for rank 2}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Max>, axis = 2 : i64} : tensor<2x3xf32> -> tensor<2xf32>, tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_values_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op expected values of shape [2] (in's dims without axis), but got [3]}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Max>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<3xf32>, tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_indices_shape(%a: tensor<2x?xi32>) {
  // expected-error @+1 {{'tcp.arg_reduce' op expected indices of shape [?] (in's dims without axis), but got [2, 1]}}
  %0:2 = tcp.arg_reduce %a {kind = #tcp<reduceKind Min>, axis = 0 : i64} : tensor<2x?xi32> -> tensor<?xi32>, tensor<2x1xi64>
  return
}

// ----- tcp.scan

func.func @scan_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.scan' op attribute 'kind' failed to satisfy constraint: #tcp<reduceKind ...> with case Sum, Prod, Max, Min}}
  %0 = tcp.scan %a {kind = #tcp<reduceKind Any>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @scan_bool(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'tcp.scan' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2x3xi1>'}}
  %0 = tcp.scan %a {kind = #tcp<reduceKind Sum>, axis = 1 : i64} : tensor<2x3xi1> -> tensor<2x3xi1>
  return
}

// -----

func.func @scan_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.scan' op requires the same shape for all operands and results}}
  %0 = tcp.scan %a {kind = #tcp<reduceKind Sum>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @scan_element_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.scan' op requires the same element type for all operands and results}}
  %0 = tcp.scan %a {kind = #tcp<reduceKind Prod>, axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf64>
  return
}

// -----

func.func @scan_axis_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.scan' op axis -1 is out of range for rank 2}}
  %0 = tcp.scan %a {kind = #tcp<reduceKind Max>, axis = -1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// ----- tcp.sort

func.func @sort_bool(%a: tensor<2x3xi1>) {
  // expected-error @+1 {{'tcp.sort' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2x3xi1>'}}
  %0:2 = tcp.sort %a {axis = 1 : i64} : tensor<2x3xi1> -> tensor<2x3xi1>, tensor<2x3xi64>
  return
}

// -----

func.func @sort_values_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.sort' op requires the same element type for all operands and results}}
  %0:2 = tcp.sort %a {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf64>, tensor<2x3xi64>
  return
}

// -----

func.func @sort_indices_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.sort' op failed to verify that indices has element type i64}}
  %0:2 = tcp.sort %a {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>, tensor<2x3xi32>
  return
}

// -----

func.func @sort_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.sort' op failed to verify that all of {in, values, indices} have same shape}}
  %0:2 = tcp.sort %a {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>, tensor<2x2xi64>
  return
}

// -----

func.func @sort_axis_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.sort' op axis 2 is out of range for rank 2}}
  %0:2 = tcp.sort %a {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>, tensor<2x3xi64>
  return
}

// -----

func.func @sort_descending(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tcp.sort' op attribute 'descending' failed to satisfy constraint: bool attribute}}
  %0:2 = tcp.sort %a {axis = 1 : i64, descending = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>, tensor<2x3xi64>
  return
}

// ----- tcp.contract

func.func @contract_element_type(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) {
  // expected-error @+1 {{'tcp.contract' op requires the same element type for all operands and results}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<2x3xf32>, tensor<3x4xf64> -> tensor<2x4xf32>
  return
}

// -----

func.func @contract_bool(%a: tensor<2x3xi1>, %b: tensor<3x4xi1>) {
  // expected-error @+1 {{'tcp.contract' op operand #0 must be ranked tensor of signless integer or floating-point values, but got 'tensor<2x3xi1>'}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<2x3xi1>, tensor<3x4xi1> -> tensor<2x4xi1>
  return
}

// -----

func.func @contract_missing_attribute(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tcp.contract' op requires attribute 'rhs_batch_dims'}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @contract_dim_counts(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tcp.contract' op failed to verify that lhs and rhs have as many batch dims, and as many contracting dims}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0, 1]} : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2xf32>
  return
}

// -----

func.func @contract_batch_counts(%a: tensor<2x3xf32>, %b: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tcp.contract' op failed to verify that lhs and rhs have as many batch dims, and as many contracting dims}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [0], lhs_contracting_dims = [1], rhs_contracting_dims = [1]} : tensor<2x3xf32>, tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @contract_lhs_duplicate(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{'tcp.contract' op failed to verify that lhs dim has no duplicates}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [1], rhs_batch_dims = [0], lhs_contracting_dims = [1], rhs_contracting_dims = [1]} : tensor<3x3xf32>, tensor<3x3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @contract_rhs_duplicate(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{'tcp.contract' op failed to verify that rhs dim has no duplicates}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [0, 1], rhs_contracting_dims = [0, 0]} : tensor<3x3xf32>, tensor<3x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @contract_lhs_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tcp.contract' op lhs dim 2 is out of range for rank 2}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [2], rhs_contracting_dims = [0]} : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @contract_rhs_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tcp.contract' op rhs dim -1 is out of range for rank 2}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [-1]} : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @contract_contracting_sizes(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tcp.contract' op lhs dim 1 (3) and rhs dim 0 (4) are paired, so they must be equal}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<2x3xf32>, tensor<4x5xf32> -> tensor<2x5xf32>
  return
}

// -----

func.func @contract_batch_sizes(%a: tensor<2x3x4xf32>, %b: tensor<5x4x6xf32>) {
  // expected-error @+1 {{'tcp.contract' op lhs dim 0 (2) and rhs dim 0 (5) are paired, so they must be equal}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [0], rhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_contracting_dims = [1]} : tensor<2x3x4xf32>, tensor<5x4x6xf32> -> tensor<2x3x6xf32>
  return
}

// -----

func.func @contract_shape(%a: tensor<?x3x4xf32>, %b: tensor<2x4x6xf32>) {
  // expected-error @+1 {{'tcp.contract' op expected out of shape [2, 3, 6] (batch dims, then lhs's and rhs's other dims), but got [2, 6, 3]}}
  %0 = tcp.contract %a, %b {lhs_batch_dims = [0], rhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_contracting_dims = [1]} : tensor<?x3x4xf32>, tensor<2x4x6xf32> -> tensor<2x6x3xf32>
  return
}

// ----- tcp.attention

func.func @attention_element_type(%q: tensor<4x8xf32>, %v: tensor<4x8xf16>, %m: tensor<1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op requires the same element type for all operands and results}}
  %0 = tcp.attention %q, %q, %v, %m {causal = false} : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf16>, tensor<1x1xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @attention_int(%q: tensor<4x8xi32>, %m: tensor<1x1xi32>) {
  // expected-error @+1 {{'tcp.attention' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<4x8xi32>'}}
  %0 = tcp.attention %q, %q, %q, %m {causal = false} : tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<1x1xi32> -> tensor<4x8xi32>
  return
}

// -----

func.func @attention_rank(%q: tensor<2x4x8xf32>, %k: tensor<4x8xf32>, %m: tensor<1x1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op failed to verify that query, key, value and mask have one rank, at least 2 ([..., L, E])}}
  %0 = tcp.attention %q, %k, %k, %m {causal = false} : tensor<2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<1x1x1xf32> -> tensor<2x4x8xf32>
  return
}

// -----

func.func @attention_batch(%q: tensor<2x4x8xf32>, %k: tensor<3x4x8xf32>, %m: tensor<1x1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op key dim 0 (3) must equal query's (2): the batch dims pair up}}
  %0 = tcp.attention %q, %k, %q, %m {causal = false} : tensor<2x4x8xf32>, tensor<3x4x8xf32>, tensor<2x4x8xf32>, tensor<1x1x1xf32> -> tensor<2x4x8xf32>
  return
}

// -----

func.func @attention_features(%q: tensor<4x8xf32>, %k: tensor<6x4xf32>, %v: tensor<6x8xf32>, %m: tensor<1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op query and key must have one feature size (E), but got 8 and 4}}
  %0 = tcp.attention %q, %k, %v, %m {causal = false} : tensor<4x8xf32>, tensor<6x4xf32>, tensor<6x8xf32>, tensor<1x1xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @attention_keys(%q: tensor<4x8xf32>, %k: tensor<6x8xf32>, %v: tensor<5x8xf32>, %m: tensor<1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op key and value must have one sequence length (S), but got 6 and 5}}
  %0 = tcp.attention %q, %k, %v, %m {causal = false} : tensor<4x8xf32>, tensor<6x8xf32>, tensor<5x8xf32>, tensor<1x1xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @attention_mask(%q: tensor<4x8xf32>, %k: tensor<6x8xf32>, %m: tensor<4x5xf32>) {
  // expected-error @+1 {{'tcp.attention' op mask dim 1 (5) must be 1 or the scores' (6)}}
  %0 = tcp.attention %q, %k, %k, %m {causal = false} : tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<4x5xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @attention_out(%q: tensor<4x8xf32>, %k: tensor<6x8xf32>, %v: tensor<6x3xf32>, %m: tensor<1x1xf32>) {
  // expected-error @+1 {{'tcp.attention' op expected out of shape [4, 3] (query's dims, then value's last), but got [4, 8]}}
  %0 = tcp.attention %q, %k, %v, %m {causal = false} : tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x3xf32>, tensor<1x1xf32> -> tensor<4x8xf32>
  return
}

// ----- tcp.conv

func.func @conv_element_type(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf64>) {
  // expected-error @+1 {{'tcp.conv' op requires the same element type for all operands and results}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf64> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_missing_groups(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op requires attribute 'groups'}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0]} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_rank_too_low(%x: tensor<2x5xf32>, %w: tensor<3x2xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that input and weight have the same rank, at least 3}}
  %0 = tcp.conv %x, %w {stride = [], dilation = [], input_dilation = [], padding_low = [], padding_high = [], groups = 1 : i64} : tensor<2x5xf32>, tensor<3x2xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @conv_rank_mismatch(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that input and weight have the same rank, at least 3}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_attribute_length(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that padding_high has one entry per spatial dim (2)}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0], groups = 1 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_zero_stride(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that groups, stride, dilation and input_dilation are positive}}
  %0 = tcp.conv %x, %w {stride = [1, 0], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_zero_groups(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that groups, stride, dilation and input_dilation are positive}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 0 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_negative_padding(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op failed to verify that padding_low and padding_high are not negative}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, -1], padding_high = [0, 0], groups = 1 : i64} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x2xf32>
  return
}

// -----

func.func @conv_channels(%x: tensor<1x4x5x5xf32>, %w: tensor<3x3x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op input has 4 channels, but weight takes 3 per group in 1 groups}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 1 : i64} : tensor<1x4x5x5xf32>, tensor<3x3x3x3xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @conv_output_channels(%x: tensor<1x4x5x5xf32>, %w: tensor<6x1x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op weight's 6 output channels do not split into 4 groups}}
  %0 = tcp.conv %x, %w {stride = [1, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 0], padding_high = [0, 0], groups = 4 : i64} : tensor<1x4x5x5xf32>, tensor<6x1x3x3xf32> -> tensor<1x6x3x3xf32>
  return
}

// -----

func.func @conv_shape(%x: tensor<?x2x9x9xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op expected out of shape [?, 3, 4, 9] (the convolution's output shape), but got [1, 3, 7, 7]}}
  %0 = tcp.conv %x, %w {stride = [2, 1], dilation = [1, 1], input_dilation = [1, 1], padding_low = [0, 1], padding_high = [0, 1], groups = 1 : i64} : tensor<?x2x9x9xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @conv_shape_dilations(%x: tensor<1x2x5xf32>, %w: tensor<3x2x3xf32>) {
  // expected-error @+1 {{'tcp.conv' op expected out of shape [1, 3, 5] (the convolution's output shape), but got [1, 3, 7]}}
  %0 = tcp.conv %x, %w {stride = [1], dilation = [2], input_dilation = [2], padding_low = [0], padding_high = [0], groups = 1 : i64} : tensor<1x2x5xf32>, tensor<3x2x3xf32> -> tensor<1x3x7xf32>
  return
}

// ----- tcp.pool

func.func @pool_int(%x: tensor<1x2x4x4xi32>) {
  // expected-error @+1 {{'tcp.pool' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<1x2x4x4xi32>'}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1]} : tensor<1x2x4x4xi32> -> tensor<1x2x2x2xi32>
  return
}

// -----

func.func @pool_kind(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op attribute 'kind' failed to satisfy constraint: #tcp<poolKind ...> with case Max, Avg}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Min>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_ceil_mode_type(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op attribute 'ceil_mode' failed to satisfy constraint: bool attribute}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1], ceil_mode = 1 : i64} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_element_type(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op requires the same element type for all operands and results}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf64>
  return
}

// -----

func.func @pool_rank(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that in has rank at least 3 ([N, C, spatial...])}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [], stride = [], padding = [], dilation = []} : tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @pool_attribute_length(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that kernel_size has one entry per spatial dim (2)}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2], stride = [2, 2], padding = [0, 0], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_zero_stride(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that kernel_size, stride and dilation are positive and padding is not negative}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [0, 2], padding = [0, 0], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_negative_padding(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that kernel_size, stride and dilation are positive and padding is not negative}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Avg>, kernel_size = [2, 2], stride = [2, 2], padding = [-1, 0], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x1x2xf32>
  return
}

// -----

func.func @pool_padding_over_half(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that padding is at most half of kernel_size}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [1, 1], padding = [0, 2], dilation = [1, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x3x7xf32>
  return
}

// -----

func.func @pool_avg_dilation(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that an average pool has dilation 1}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Avg>, kernel_size = [2, 2], stride = [1, 1], padding = [0, 0], dilation = [2, 1]} : tensor<1x2x4x4xf32> -> tensor<1x2x2x3xf32>
  return
}

// -----

func.func @pool_max_count_include_pad(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that count_include_pad and divisor_override are only set for Avg}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1], count_include_pad = true} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_max_divisor_override(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that count_include_pad and divisor_override are only set for Avg}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1], divisor_override = 2 : i64} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_divisor_override_positive(%x: tensor<1x2x4x4xf32>) {
  // expected-error @+1 {{'tcp.pool' op failed to verify that divisor_override is positive}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Avg>, kernel_size = [2, 2], stride = [2, 2], padding = [0, 0], dilation = [1, 1], divisor_override = 0 : i64} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @pool_shape(%x: tensor<?x2x9x?xf32>) {
  // expected-error @+1 {{'tcp.pool' op expected out of shape [?, 2, 4, ?] (the pooling's output shape), but got [1, 2, 5, 3]}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [3, 3], stride = [2, 2], padding = [0, 1], dilation = [1, 1]} : tensor<?x2x9x?xf32> -> tensor<1x2x5x3xf32>
  return
}

// -----

func.func @pool_shape_ceil_mode(%x: tensor<1x2x9x9xf32>) {
  // expected-error @+1 {{'tcp.pool' op expected out of shape [1, 2, 5, 5] (the pooling's output shape), but got [1, 2, 4, 4]}}
  %0 = tcp.pool %x {kind = #tcp<poolKind Max>, kernel_size = [3, 3], stride = [2, 2], padding = [1, 1], dilation = [1, 1], ceil_mode = true} : tensor<1x2x9x9xf32> -> tensor<1x2x4x4xf32>
  return
}
