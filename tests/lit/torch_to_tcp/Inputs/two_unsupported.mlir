// A program with two ops that have no Torch -> TCP conversion (used by
// ../misc.mlir).
func.func @two_unsupported(%arg0: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.cumsum %arg0, %int1, %none : !torch.vtensor<[4,3],f32>, !torch.int, !torch.none -> !torch.vtensor<[4,3],f32>
  %1 = torch.aten.tanh %0 : !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %2 = torch.aten.flip %1, %dims : !torch.vtensor<[4,3],f32>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
  return %2 : !torch.vtensor<[4,3],f32>
}
