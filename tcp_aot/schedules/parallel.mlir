// Ops that mark-parallel (transforms/parallel.py) marked, split among
// threads by an scf.forall (an OpenMP loop after bufferization): a
// generic's (or a transpose's) loop dim d in one-iteration steps (`tcp_aot.parallel = d`: the
// dims inside stay whole, so LLVM still vectorizes the innermost one), a
// depthwise convolution's images and channels both so (`tcp_aot.parallel_images
// = 1`: one image's channel per iteration, for schedules/depthwise.mlir), or
// its innermost dim d in 4096-iteration pieces (`tcp_aot.parallel_chunks =
// d`); a matrix product by 128 x 128 tiles of its output (`tcp_aot.parallel
// = 0`) or by tiles of 128 whole rows' columns (`= 1`, where they share the
// work among threads more evenly), with the fill that zeroes it when there
// is one (`tcp_aot.parallel_from_zero = d`: each tile is zeroed while in
// cache, not all of a decoder's 16 MB of logits first); a batched one by
// 128 x 128 tiles of each matrix of the batch; a product with an epilogue
// (`tcp_aot.parallel_with_epilogue = d`, see transforms/epilogues.py) by
// the same tiles of its epilogue, the product and its fill fused into
// each, so that each thread finishes its own tiles (@split_with_epilogue,
// @split_from_zero, below). A block per dim d below parallel.SPLIT_DIMS
// (Swin's window partitions are rank-6 transposes).
transform.named_sequence @parallel(%root: !transform.any_op {transform.readonly}) {
  %rows_and_columns = transform.param.constant 128 : i64 -> !transform.param<i64>
  %whole_rows = transform.param.constant 0 : i64 -> !transform.param<i64>
  %with_epilogue = transform.structured.match ops{["linalg.matmul"]}
      attributes{tcp_aot.parallel_with_epilogue = 0 : i64} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %with_epilogue : !transform.any_op {
  ^bb0(%product: !transform.any_op):
    transform.include @split_with_epilogue failures(propagate) (%product, %rows_and_columns)
        : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  %with_epilogue_rows = transform.structured.match ops{["linalg.matmul"]}
      attributes{tcp_aot.parallel_with_epilogue = 1 : i64} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %with_epilogue_rows : !transform.any_op {
  ^bb0(%product: !transform.any_op):
    transform.include @split_with_epilogue failures(propagate) (%product, %whole_rows)
        : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  // The products fused into tiles leave their untiled originals unused (but
  // for a tensor.dim of their result, which canonicalization folds).
  %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  %mm = transform.structured.match ops{["linalg.matmul"]} attributes{tcp_aot.parallel = 0 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tmm, %fmm = transform.structured.tile_using_forall %mm tile_sizes [128, 128]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %mm_rows = transform.structured.match ops{["linalg.matmul"]} attributes{tcp_aot.parallel = 1 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tmm_rows, %fmm_rows = transform.structured.tile_using_forall %mm_rows tile_sizes [0, 128]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %zeroed = transform.structured.match ops{["linalg.matmul"]} attributes{tcp_aot.parallel_from_zero = 0 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  transform.foreach %zeroed : !transform.any_op {
  ^bb0(%product: !transform.any_op):
    transform.include @split_from_zero failures(propagate) (%product, %rows_and_columns)
        : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  %zeroed_rows = transform.structured.match ops{["linalg.matmul"]} attributes{tcp_aot.parallel_from_zero = 1 : i64}
      in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %zeroed_rows : !transform.any_op {
  ^bb0(%product: !transform.any_op):
    transform.include @split_from_zero failures(propagate) (%product, %whole_rows)
        : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  %bmm = transform.structured.match ops{["linalg.batch_matmul"]} attributes{tcp_aot.parallel = 0 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tbmm, %fbmm = transform.structured.tile_using_forall %bmm tile_sizes [1, 128, 128]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d0 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 0 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t0, %f0 = transform.structured.tile_using_forall %d0 tile_sizes [1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d1 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 1 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t1, %f1 = transform.structured.tile_using_forall %d1 tile_sizes [0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %images = transform.structured.match ops{["linalg.generic"]} attributes{tcp_aot.parallel_images = 1 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %timages, %fimages = transform.structured.tile_using_forall %images tile_sizes [1, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d2 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 2 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t2, %f2 = transform.structured.tile_using_forall %d2 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d3 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 3 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t3, %f3 = transform.structured.tile_using_forall %d3 tile_sizes [0, 0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d4 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 4 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t4, %f4 = transform.structured.tile_using_forall %d4 tile_sizes [0, 0, 0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %d5 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel = 5 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %t5, %f5 = transform.structured.tile_using_forall %d5 tile_sizes [0, 0, 0, 0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c0 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 0 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc0, %fc0 = transform.structured.tile_using_forall %c0 tile_sizes [4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c1 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 1 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc1, %fc1 = transform.structured.tile_using_forall %c1 tile_sizes [0, 4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c2 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 2 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc2, %fc2 = transform.structured.tile_using_forall %c2 tile_sizes [0, 0, 4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c3 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 3 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc3, %fc3 = transform.structured.tile_using_forall %c3 tile_sizes [0, 0, 0, 4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c4 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 4 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc4, %fc4 = transform.structured.tile_using_forall %c4 tile_sizes [0, 0, 0, 0, 4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %c5 = transform.structured.match ops{["linalg.generic", "linalg.transpose"]} attributes{tcp_aot.parallel_chunks = 5 : i64} in %root
      : (!transform.any_op) -> !transform.any_op
  %tc5, %fc5 = transform.structured.tile_using_forall %c5 tile_sizes [0, 0, 0, 0, 0, 4096] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The fills now in the products' tiles leave their originals unused.
  transform.apply_patterns to %func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}

// A product with an epilogue split by tiles of `rows` x 128 of its epilogue
// (`rows` 0: whole rows), the product and its fill fused into each.
transform.named_sequence @split_with_epilogue(%product: !transform.any_op {transform.consumed},
                                              %rows: !transform.param<i64> {transform.readonly}) {
  %fill = transform.get_producer_of_operand %product[2] : (!transform.any_op) -> !transform.any_op
  %epilogue = transform.get_consumers_of_result %product[0] : (!transform.any_op) -> !transform.any_op
  %tiles, %forall = transform.structured.tile_using_forall %epilogue tile_sizes [%rows, 128]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
  %fused, %in = transform.structured.fuse_into_containing_op %product into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
  %fused_fill, %in_fill = transform.structured.fuse_into_containing_op %fill into %in
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.yield
}

// A product zeroed by a fill split by tiles of `rows` x 128 of its output
// (`rows` 0: whole rows), the fill fused into each.
transform.named_sequence @split_from_zero(%product: !transform.any_op {transform.consumed},
                                          %rows: !transform.param<i64> {transform.readonly}) {
  %fill = transform.get_producer_of_operand %product[2] : (!transform.any_op) -> !transform.any_op
  %tiles, %forall = transform.structured.tile_using_forall %product tile_sizes [%rows, 128]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
  %fused_fill, %in_fill = transform.structured.fuse_into_containing_op %fill into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.yield
}
