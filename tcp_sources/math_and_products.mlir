// What the back end makes of math and matrix products, in one program: the
// math functions it approximates in vector code, an f32 product on its
// register tiles, and the bf16 and int8 products it hands to the runtime's
// micro-kernels. tests/test_toolchain.py reads its LLVM IR (like every TCP
// source's) through the pair of LLVMs.

func.func @activations(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = tcp.tanh %x : tensor<?x64xf32> -> tensor<?x64xf32>
  %1 = tcp.erf %x : tensor<?x64xf32> -> tensor<?x64xf32>
  %2 = tcp.sigmoid %x : tensor<?x64xf32> -> tensor<?x64xf32>
  %3 = tcp.exp %0 : tensor<?x64xf32> -> tensor<?x64xf32>
  %4 = tcp.log1p %3 : tensor<?x64xf32> -> tensor<?x64xf32>
  %5 = tcp.mul %1, %2 : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %6 = tcp.add %4, %5 : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  return %6 : tensor<?x64xf32>
}

func.func @matmul_f32(%a: tensor<?x96xf32>, %b: tensor<96x80xf32>) -> tensor<?x80xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x96xf32>, tensor<96x80xf32> -> tensor<?x80xf32>
  return %0 : tensor<?x80xf32>
}

func.func @matmul_bf16(%a: tensor<?x64xbf16>, %b: tensor<64x48xbf16>) -> tensor<?x48xbf16> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x64xbf16>, tensor<64x48xbf16> -> tensor<?x48xbf16>
  return %0 : tensor<?x48xbf16>
}

func.func @matmul_i8(%a: tensor<?x64xi8>, %b: tensor<64x48xi8>) -> tensor<?x48xi32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], rhs_batch_dims = [], lhs_contracting_dims = [1], rhs_contracting_dims = [0]} : tensor<?x64xi8>, tensor<64x48xi8> -> tensor<?x48xi32>
  return %0 : tensor<?x48xi32>
}
