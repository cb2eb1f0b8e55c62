// A uint8 tensor returned as is (see ../quantization.mlir).
func.func @uint8_conversion_escapes(%arg0: !torch.vtensor<[8],f32>) -> !torch.vtensor<[8],ui8> {
  %uint8 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %arg0, %uint8, %false, %false, %none : !torch.vtensor<[8],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[8],ui8>
  return %0 : !torch.vtensor<[8],ui8>
}
