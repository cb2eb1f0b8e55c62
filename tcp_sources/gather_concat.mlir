// Gathers, concatenation and clamping; integer inputs are indices.

// torch.gather along dim 1, then the result clamped.
func.func @gather_rows(%x: tensor<?x5xf32>, %idx: tensor<?x2xi64>) -> tensor<?x2xf32> {
  %0 = tcp.gather %x, %idx {dim = 1 : i64} : tensor<?x5xf32>, tensor<?x2xi64> -> tensor<?x2xf32>
  %1 = tcp.clamp %0 {min_float = -1.0 : f32, max_float = 1.0 : f32} : tensor<?x2xf32> -> tensor<?x2xf32>
  return %1 : tensor<?x2xf32>
}

// Points (row, col) picked with gather_nd, then appended to a constant.
func.func @pick_points(%x: tensor<?x?xi32>, %points: tensor<?x2xi64>) -> tensor<?xi32> {
  %0 = tcp.gather_nd %x, %points : tensor<?x?xi32>, tensor<?x2xi64> -> tensor<?xi32>
  %head = tcp.const {value = dense<[-1, -2]> : tensor<2xi32>} : tensor<2xi32>
  %1 = tcp.concat %head, %0 {axis = 0 : i64} : tensor<2xi32>, tensor<?xi32> -> tensor<?xi32>
  return %1 : tensor<?xi32>
}

// Rows selected by index (index_select), cast from i32 indices.
func.func @select_rows(%x: tensor<?x3xf64>, %rows: tensor<4x1xi32>) -> tensor<4x3xf64> {
  %c3 = arith.constant 3 : index
  %i = tcp.broadcast %rows, %c3 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x3xi32>
  %wide = tcp.cast %i {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signed>} : tensor<4x3xi32> -> tensor<4x3xi64>
  %0 = tcp.gather %x, %wide {dim = 0 : i64} : tensor<?x3xf64>, tensor<4x3xi64> -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}
