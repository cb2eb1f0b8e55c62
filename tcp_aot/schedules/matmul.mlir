// Matrix products (linalg.matmul), one at a time: tiled for the caches
// (128 x 128 rows and columns, 256 deep), then into 8 x 32 register tiles,
// each a vector.contract over one k step that lower-vectors turns into 8
// broadcasts and FMAs on 32-wide vectors held in registers across k.
// Where a dim is dynamic or not a multiple of the register tile, its loop
// is peeled (nothing happens where it is a multiple): the full tiles have
// static shapes and are vectorized; partial ones of 32 columns are taken a
// row at a time and vectorized too, the others stay scalar loops.
// It runs after schedule-parallel, which may have split a product into
// 128 x 128 tiles shared among threads: those are then tiled as a whole.
transform.named_sequence @matmul(%root: !transform.any_op {transform.readonly}) {
  // A product with an epilogue (transforms/epilogues.py) that schedule-parallel
  // did not split: its epilogue cut into 128 x 128 tiles, the product fused
  // into each (through the forall's shared output, which scf.for cannot do),
  // the forall run as plain loops after bufferization (sequential-tiles).
  // One already in a thread's tile is a single tile.
  %with_epilogue = transform.structured.match ops{["linalg.matmul"]} attributes{tcp_aot.epilogue} in %root
      : (!transform.any_op) -> !transform.any_op
  transform.foreach %with_epilogue : !transform.any_op {
  ^bb0(%product: !transform.any_op):
    %epilogue = transform.get_consumers_of_result %product[0] : (!transform.any_op) -> !transform.any_op
    %tiles, %forall = transform.structured.tile_using_forall %epilogue tile_sizes [128, 128]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %in = transform.structured.fuse_into_containing_op %product into %forall
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %in "tcp_aot.sequential" : !transform.any_op
    transform.yield
  }
  %func0 = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %func0 {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  %all = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %all : !transform.any_op {
  ^bb0(%mm: !transform.any_op):
    %cache, %cl:3 = transform.structured.tile_using_for %mm tile_sizes [128, 128, 256]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %reg, %rl:3 = transform.structured.tile_using_for %cache tile_sizes [8, 32, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %rows = transform.cast %rl#0 : !transform.any_op to !transform.op<"scf.for">
    %cols = transform.cast %rl#1 : !transform.any_op to !transform.op<"scf.for">
    // The inner loop first: peeling the outer one clones what it holds.
    transform.sequence %cols : !transform.op<"scf.for"> failures(suppress) {
    ^bb1(%loop: !transform.op<"scf.for">):
      %full, %rest = transform.loop.peel %loop : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    }
    transform.sequence %rows : !transform.op<"scf.for"> failures(suppress) {
    ^bb1(%loop: !transform.op<"scf.for">):
      %full, %rest = transform.loop.peel %loop : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
  %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // Tiles of static shape vectorize; the others (partial tiles) stay as they are.
  %tiles = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %tiles : !transform.any_op {
  ^bb0(%tile: !transform.any_op):
    transform.sequence %tile : !transform.any_op failures(suppress) {
    ^bb1(%t: !transform.any_op):
      transform.structured.vectorize %t {create_named_contraction} : !transform.any_op
    }
    transform.yield
  }
  // Partial tiles of fewer than 8 rows but whole 32 columns (a batch of one
  // through a linear layer): one row at a time, vectorized. (One of fewer
  // columns too would stay a loop of 1 x ? x 1 tiles, whose memref views
  // MLIR cannot rank-reduce unambiguously.)
  %partial = transform.structured.match ops{["linalg.matmul"]} filter_result_type = tensor<?x32xf32> in %root
      : (!transform.any_op) -> !transform.any_op
  transform.foreach %partial : !transform.any_op {
  ^bb0(%tile: !transform.any_op):
    transform.sequence %tile : !transform.any_op failures(suppress) {
    ^bb1(%t: !transform.any_op):
      %row, %row_loop = transform.structured.tile_using_for %t tile_sizes [1, 0, 0]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.structured.vectorize %row {create_named_contraction} : !transform.any_op
    }
    transform.yield
  }
  transform.yield
}
