// Errors in the custom syntax point at the offending token.
// RUN: tcp-opt %s --split-input-file --verify-diagnostics

func.func @missing_comma(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = tcp.add %a %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @missing_types(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = tcp.tanh %a -> tensor<2xf32>
  return
}

// -----

func.func @not_an_operand(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected SSA operand for 'in'}}
  %0 = tcp.tanh 3 : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @too_few_types(%x: tensor<1x1xf32>, %d: index) {
  // expected-error @+1 {{expected ',' and 1 more type(s) for 'new_dim_sizes'}}
  %0 = tcp.broadcast %x, %d, %d {axes = [0, 1]} : tensor<1x1xf32>, index -> tensor<?x?xf32>
  return
}

// -----

func.func @undefined_value(%a: tensor<2xf32>) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = tcp.add %a, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @bad_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected type}}
  %0 = tcp.exp %a : 3 -> tensor<2xf32>
  return
}

// -----

func.func @unbalanced(%a: tensor<2xf32>) {
  return
}
// expected-error @+1 {{unclosed '('}}
%0 = tcp.custom_op("foo" %a
