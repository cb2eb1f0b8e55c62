// After bufferization: vector transfers that a loop reads and writes at the
// same place every iteration (a register tile of a matrix product) are
// hoisted out of it, then contractions become outer products and FMAs,
// and multi-dimensional vectors become 1-D ones LLVM maps to registers
// (a depthwise tile's transfers one 1-D transfer per row, unrolled: by
// default each became a loop through a stack buffer).
// Folding memref views and CSE first matter: hoisting sees through neither.
transform.named_sequence @lower_vectors(%root: !transform.any_op {transform.readonly}) {
  %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %func : !transform.any_op
  %hoisted = transform.structured.hoist_redundant_vector_transfers %func : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_outerproduct
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_broadcast
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.transfer_permutation_patterns
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_shape_cast
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_transpose
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
