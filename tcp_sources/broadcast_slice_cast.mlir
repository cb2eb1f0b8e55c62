// Broadcasting, strided slices and casts on dynamic shapes.

// A row vector broadcast over the rows of %x, added, then every other
// column of the rows after the first.
func.func @bias_then_slice(%x: tensor<?x?xf32>, %bias: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %b = tcp.broadcast %bias, %rows {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xf32>
  %sum = tcp.add %x, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %r = arith.subi %rows, %c1 : index
  %c = arith.ceildivui %cols, %c2 : index
  %out = tcp.slice %sum starts(%c1, %c0) sizes(%r, %c) strides(%c1, %c2) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %out : tensor<?x?xf32>
}

// Integer data cast to float and to bool; a float rounded back to i32.
func.func @casts(%i: tensor<?xi32>, %f: tensor<?xf32>) -> (tensor<?xf64>, tensor<?xi1>, tensor<?xi32>) {
  %0 = tcp.cast %i {in_int_signedness = #tcp<signedness Signed>} : tensor<?xi32> -> tensor<?xf64>
  %1 = tcp.cast %i {in_int_signedness = #tcp<signedness Signed>, out_int_signedness = #tcp<signedness Signless>} : tensor<?xi32> -> tensor<?xi1>
  %r = tcp.round_even %f : tensor<?xf32> -> tensor<?xf32>
  %2 = tcp.cast %r {out_int_signedness = #tcp<signedness Signed>} : tensor<?xf32> -> tensor<?xi32>
  return %0, %1, %2 : tensor<?xf64>, tensor<?xi1>, tensor<?xi32>
}

// A 0-d scale broadcast in two dims, inside a group.
func.func @scaled(%x: tensor<?x4xf32>, %s: tensor<f32>) -> tensor<?x4xf32> {
  %0 = tcp.group {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %n = tensor.dim %x, %c0 : tensor<?x4xf32>
    %e = tensor.expand_shape %s [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
    %b = tcp.broadcast %e, %n, %c4 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x4xf32>
    %m = tcp.mul %x, %b : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
    tcp.yield %m : tensor<?x4xf32>
  } : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
