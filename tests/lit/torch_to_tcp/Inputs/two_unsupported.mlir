// A program with two ops that have no Torch -> TCP conversion (used by
// ../misc.mlir).
func.func @two_unsupported(%arg0: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %float0 = torch.constant.float 0.000000e+00
  %none = torch.constant.none
  %0 = torch.aten.nan_to_num %arg0, %float0, %none, %none : !torch.vtensor<[4,3],f32>, !torch.float, !torch.none, !torch.none -> !torch.vtensor<[4,3],f32>
  %1 = torch.aten.tanh %0 : !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %2 = torch.aten.roll %1, %dims, %dims : !torch.vtensor<[4,3],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
  return %2 : !torch.vtensor<[4,3],f32>
}
