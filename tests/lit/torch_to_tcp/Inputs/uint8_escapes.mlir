// A quantized uint8 tensor returned as is (see ../quantization.mlir).
func.func @uint8_escapes(%arg0: !torch.vtensor<[8],f32>) -> !torch.vtensor<[8],ui8> {
  %scale = torch.constant.float 2.500000e-01
  %zp = torch.constant.int 141
  %lo = torch.constant.int 0
  %hi = torch.constant.int 255
  %uint8 = torch.constant.int 0
  %0 = torch.quantized_decomposed.quantize_per_tensor %arg0, %scale, %zp, %lo, %hi, %uint8 : !torch.vtensor<[8],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8],ui8>
  return %0 : !torch.vtensor<[8],ui8>
}
