// Depthwise convolutions that mark-depthwise-convolutions marked
// (transforms/depthwise.py) with `tcp_aot.depthwise_tile = array<i64: R, L>`:
// cut into tiles of R rows by L columns of one image's channel, each
// vectorized: the tile's sums are R vectors of L lanes held in registers
// while the kernel's offsets add their window times their weight
// (broadcast once per tile), then finished by the bias and activation fused
// into the op before they are stored. The loops are peeled, so a tile at
// the bottom or right edge has a static shape too, vectorized with masks (a
// row of 28 is a tile of 16 columns and one of 12).
// It runs after schedule-parallel, which splits the op among threads by
// images and channels: each thread's op is one image's channel, tiled the
// same way. A block per tile depthwise.py chooses.
transform.named_sequence @depthwise(%root: !transform.any_op {transform.readonly}) {
  %rows_8_16 = transform.param.constant 8 : i64 -> !transform.param<i64>
  %lanes_8_16 = transform.param.constant 16 : i64 -> !transform.param<i64>
  %ops_8_16 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 8, 16>} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %ops_8_16 : !transform.any_op {
  ^bb0(%op: !transform.any_op):
    transform.include @depthwise_tiles failures(propagate) (%op, %rows_8_16, %lanes_8_16)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  %rows_4_16 = transform.param.constant 4 : i64 -> !transform.param<i64>
  %lanes_4_16 = transform.param.constant 16 : i64 -> !transform.param<i64>
  %ops_4_16 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 4, 16>} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %ops_4_16 : !transform.any_op {
  ^bb0(%op: !transform.any_op):
    transform.include @depthwise_tiles failures(propagate) (%op, %rows_4_16, %lanes_4_16)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  %rows_8_8 = transform.param.constant 8 : i64 -> !transform.param<i64>
  %lanes_8_8 = transform.param.constant 8 : i64 -> !transform.param<i64>
  %ops_8_8 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 8, 8>} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %ops_8_8 : !transform.any_op {
  ^bb0(%op: !transform.any_op):
    transform.include @depthwise_tiles failures(propagate) (%op, %rows_8_8, %lanes_8_8)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  %rows_4_8 = transform.param.constant 4 : i64 -> !transform.param<i64>
  %lanes_4_8 = transform.param.constant 8 : i64 -> !transform.param<i64>
  %ops_4_8 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 4, 8>} in %root : (!transform.any_op) -> !transform.any_op
  transform.foreach %ops_4_8 : !transform.any_op {
  ^bb0(%op: !transform.any_op):
    transform.include @depthwise_tiles failures(propagate) (%op, %rows_4_8, %lanes_4_8)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  // The peeled loops' bounds fold: every tile has a static shape.
  %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  %tiles_8_16 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 8, 16>} in %root : (!transform.any_op) -> !transform.any_op
  transform.structured.vectorize %tiles_8_16 vector_sizes [1, 1, 8, 16] : !transform.any_op
  %tiles_4_16 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 4, 16>} in %root : (!transform.any_op) -> !transform.any_op
  transform.structured.vectorize %tiles_4_16 vector_sizes [1, 1, 4, 16] : !transform.any_op
  %tiles_8_8 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 8, 8>} in %root : (!transform.any_op) -> !transform.any_op
  transform.structured.vectorize %tiles_8_8 vector_sizes [1, 1, 8, 8] : !transform.any_op
  %tiles_4_8 = transform.structured.match ops{["linalg.generic"]}
      attributes{tcp_aot.depthwise_tile = array<i64: 4, 8>} in %root : (!transform.any_op) -> !transform.any_op
  transform.structured.vectorize %tiles_4_8 vector_sizes [1, 1, 4, 8] : !transform.any_op
  // The masks as operands of the transfers they wrap, which bufferization takes.
  transform.apply_patterns to %func {
    transform.apply_patterns.vector.lower_masked_transfers
  } : !transform.any_op
  transform.yield
}

// One op cut into tiles of `rows` x `lanes`, its loops over rows and
// columns peeled.
transform.named_sequence @depthwise_tiles(%op: !transform.any_op {transform.consumed},
                                          %rows: !transform.param<i64> {transform.readonly},
                                          %lanes: !transform.param<i64> {transform.readonly}) {
  %tile, %loops:4 = transform.structured.tile_using_for %op tile_sizes [1, 1, %rows, %lanes]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
  %row_loop = transform.cast %loops#2 : !transform.any_op to !transform.op<"scf.for">
  %column_loop = transform.cast %loops#3 : !transform.any_op to !transform.op<"scf.for">
  // The inner loop first: peeling the outer one clones what it holds.
  transform.sequence %column_loop : !transform.op<"scf.for"> failures(suppress) {
  ^bb1(%loop: !transform.op<"scf.for">):
    %full, %rest = transform.loop.peel %loop : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
  }
  transform.sequence %row_loop : !transform.op<"scf.for"> failures(suppress) {
  ^bb1(%loop: !transform.op<"scf.for">):
    %full, %rest = transform.loop.peel %loop : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
  }
  transform.yield
}
