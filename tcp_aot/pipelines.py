"""Every pass and pass pipeline of the compiler, by name.

A pass is either an upstream MLIR / torch-mlir pass (given by its textual
pipeline) or a Python function registered here. Pipelines are lists of pass
names. tcp-opt, the compiler's steps (tcp_aot/compiler) and the tests all
run these by name.

A Python pass takes options the MLIR way, from the textual pipeline
(`mark-parallel{min-work=4096 min-product-work=65536}`): its function
declares a keyword parameter `options` whose default is a dataclass
instance, and each field is an option (its name with dashes, its type the
field's). What a stage knows about the module (its file name, its weights)
is not an option: a pass names the PassContext fields it takes.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from torch_mlir import ir, passmanager

    from .weights.module_weights import ModuleWeights


@dataclass(frozen=True)
class PassContext:
    """What the caller knows about the module, for the passes that need it."""

    filename: str | None = None  # names the source in diagnostics
    allow_unconverted: bool = False  # keep unconvertible torch ops as tcp.custom_op
    weights: ModuleWeights | None = None  # the data of the module's dense_resource constants


class PipelineError(ValueError):
    """A pass or an option of a textual pipeline that does not exist or
    does not parse."""


@dataclass(frozen=True)
class PythonPass:
    """A pass written in Python: `module.function(op, *args, *context,
    options=...)`, where `context` names the PassContext fields it takes.
    The module is imported when a pipeline uses the pass, so a stage loads
    (and depends on) only the passes it runs (see stage_code.py)."""

    module: str
    function: str
    description: str
    context: tuple[str, ...] = ()
    args: tuple[Any, ...] = ()

    def resolve(self) -> Callable:
        return getattr(import_module(self.module), self.function)

    def default_options(self) -> Any | None:
        """The dataclass instance of its options' defaults, if it takes any."""
        parameter = inspect.signature(self.resolve()).parameters.get("options")
        return None if parameter is None else parameter.default

    def bind(self, name: str, text: str | None, context: PassContext) -> Callable[[ir.Operation], None]:
        """The pass (registered as `name`) with its options parsed from
        `text` (`key=value ...`)."""
        fn = self.resolve()
        values = [getattr(context, field) for field in self.context]
        if self.default_options() is None:
            if text:
                raise PipelineError(f"pass {name} takes no options (given '{text}')")
            return lambda op: fn(op, *self.args, *values)
        options = self.parse_options(name, text or "")
        return lambda op: fn(op, *self.args, *values, options=options)

    def parse_options(self, name: str, text: str) -> Any:
        defaults = self.default_options()
        fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(defaults)}
        changes = {}
        for item in text.split():
            key, sep, value = item.partition("=")
            if key not in fields:
                raise PipelineError(f"pass {name} has no option '{key}' (its options: "
                                    f"{', '.join(fields)})")
            kind = type(getattr(defaults, fields[key].name))
            try:
                changes[fields[key].name] = _parse_value(value if sep else "true", kind)  # `flag` is flag=true
            except ValueError:
                raise PipelineError(f"option {key} of pass {name} takes a value of type {kind.__name__}, not "
                                    f"'{value}'") from None
        return dataclasses.replace(defaults, **changes)

    def describe_options(self) -> str:
        """`key=default ...`, or '' without options."""
        defaults = self.default_options()
        if defaults is None:
            return ""
        return " ".join(f"{f.name.replace('_', '-')}={str(getattr(defaults, f.name)).lower()}"
                        for f in dataclasses.fields(defaults))


def _parse_value(text: str, kind: type) -> Any:
    if kind is bool:
        if text not in ("true", "false", "1", "0"):
            raise ValueError(text)
        return text in ("true", "1")
    return kind(text)


_ENTRY = re.compile(r"([\w.-]+)(?:\{(.*)\})?", re.DOTALL)


def split_entry(entry: str) -> tuple[str, str | None]:
    """`name{options}` -> (name, options); `name` -> (name, None)."""
    m = _ENTRY.fullmatch(entry.strip())
    return (m.group(1), m.group(2)) if m else (entry, None)


def _schedule(name: str, description: str) -> PythonPass:
    """The pass that runs tcp_aot/schedules/<name>.mlir."""
    return PythonPass("tcp_aot.transforms.schedules", "apply_schedule", f"{description} (schedules/{name}.mlir)",
                      args=(name,))


PYTHON_PASSES: dict[str, PythonPass] = {
    "convert-torch-to-tcp": PythonPass(
        "tcp_aot.conversion.torch_to_tcp", "convert_torch_to_tcp",
        "Convert Torch ops to TCP (fails listing every op that does not convert)",
        context=("allow_unconverted", "filename", "weights")),
    "widen-16-bit-floats": PythonPass(
        "tcp_aot.transforms.widen_floats", "widen_16_bit_floats",
        "Compute TCP ops on bfloat16 and float16 in float32, rounding each result once"),
    "products-in-bf16": PythonPass(
        "tcp_aot.transforms.bf16_products", "products_in_bf16",
        "Compute f32 contractions on their operands rounded to bf16, summed in f32 (a model's precision: bf16)"),
    "int8-products": PythonPass(
        "tcp_aot.transforms.int8_products", "int8_products",
        "Make each contraction of dequantized int8 tensors an int8 contraction into int32, scaled back to f32",
        context=("weights",)),
    "tcp-simplify": PythonPass(
        "tcp_aot.transforms.simplify", "simplify",
        "Fold TCP ops on constants, x * 1, unread arg_reduce indices and unused TCP ops", context=("weights",)),
    "fold-conv-affine": PythonPass(
        "tcp_aot.transforms.fold_conv_affine", "fold_conv_affine",
        "Fold the per-channel scales and shifts after a convolution of constant weights (an eval-mode batch norm) "
        "into its weights and one bias add", context=("weights",)),
    "pad-weight-columns": PythonPass(
        "tcp_aot.transforms.pad_weight_columns", "pad_weight_columns",
        "Pad a contraction's constant matrix to whole register tiles of columns once, at compile time, and cut "
        "its result", context=("weights",)),
    "verify-tcp-backend-contract": PythonPass(
        "tcp_aot.transforms.backend_contract", "verify_backend_contract",
        "Check that only TCP, tensor, arith and func ops remain, with tensor signatures", context=("filename",)),
    "tcp-verify": PythonPass(
        "tcp_aot.module_io", "verify_module", "Verify every op, TCP ops against their definitions",
        context=("filename",)),
    "insert-shape-guards": PythonPass(
        "tcp_aot.transforms.shape_guards", "insert_shape_guards",
        "Check input dims at function entry; abort with a message when the program's assumptions fail"),
    "drop-tcp-symbolic-shape-ops": PythonPass(
        "tcp_aot.conversion.tcp_to_linalg.misc", "drop_symbolic_shape_ops",
        "Remove tcp.symbolic_int and tcp.bind_symbolic_shape"),
    "inline-tcp-groups": PythonPass(
        "tcp_aot.conversion.tcp_to_linalg.misc", "inline_groups",
        "Inline the bodies of tcp.group and tcp.isolated_group"),
    "convert-tcp-to-linalg": PythonPass(
        "tcp_aot.conversion.tcp_to_linalg", "convert_tcp_to_linalg",
        "Lower TCP ops to linalg, tensor, arith and math", context=("filename",)),
    "add-output-dims-functions": PythonPass(
        "tcp_aot.transforms.output_dims", "add_output_dims_functions",
        "Add F__output_dims for each public F: its results' dims from its inputs' dims"),
    "add-pool-bytes-functions": PythonPass(
        "tcp_aot.transforms.pool_bytes", "add_pool_bytes_functions",
        "Add F__pool_bytes and F__output_dims__pool_bytes: the bytes of a caller's pool a status call may use"),
    "pad-by-borders": PythonPass(
        "tcp_aot.transforms.pads", "pad_by_borders",
        "Fill a pad's borders only, its interior written by the source's op or copied in threads"),
    "pad-in-place": PythonPass(
        "tcp_aot.transforms.pads", "pad_in_place",
        "Pad a loop's result by having the loop write into the padded tensor's interior, the borders filled"),
    "insert-in-place": PythonPass(
        "tcp_aot.transforms.pads", "insert_in_place",
        "Have an op whose result is reshaped and inserted into a contiguous slice of a loop's tensor write there"),
    "annotate-abi": PythonPass(
        "tcp_aot.transforms.abi", "annotate_abi", "Give public functions a C interface and read-only inputs"),
    "asserts-to-stderr": PythonPass(
        "tcp_aot.transforms.runtime_errors", "asserts_to_stderr",
        "Make cf.assert print its message (and checked values) on stderr before aborting"),
    "contractions-to-matmul": PythonPass(
        "tcp_aot.transforms.contractions", "contractions_to_matmul",
        "Make every contraction a linalg.matmul or batch_matmul of transposed and reshaped operands, for the "
        "matmul schedule"),
    "narrow-contractions-to-matmul": PythonPass(
        "tcp_aot.transforms.contractions", "contractions_to_matmul",
        "contractions-to-matmul for the contractions of bf16 and int8 operands only, the micro-kernels' (before "
        "elementwise fusion, which would fold their operands' conversions into them)", args=(("bf16", "i8"),)),
    "conv-to-matmul": PythonPass(
        "tcp_aot.transforms.conv_to_matmul", "conv_to_matmul",
        "Make convolutions of one group matrix products per image (im2col), for the matmul schedule"),
    "pad-product-columns": PythonPass(
        "tcp_aot.transforms.pad_product_columns", "pad_product_columns",
        "Compute matrix products of static columns over whole register tiles (padded, then cut)"),
    "batch-matmul-to-matmuls": PythonPass(
        "tcp_aot.transforms.batch_matmul_to_matmuls", "batch_matmul_to_matmuls",
        "Make each linalg.batch_matmul a loop of linalg.matmul over its batch, for the matmul schedule"),
    "fence-costly-broadcast-sources": PythonPass(
        "tcp_aot.transforms.broadcast_fusion", "fence_costly_broadcast_sources",
        "Keep a costly value out of the fusion into an op that broadcasts it; copy a shared broadcast per user"),
    "fence-narrowed-products": PythonPass(
        "tcp_aot.transforms.narrowed_products", "fence_narrowed_products",
        "Keep a product's narrowing (requantization, bf16 rounding) with it where an op reads another product too"),
    "drop-fusion-fences": PythonPass(
        "tcp_aot.transforms.fusion_fences", "drop_fusion_fences",
        "Remove the copies the fence passes put before elementwise fusion"),
    "mark-product-epilogues": PythonPass(
        "tcp_aot.transforms.epilogues", "mark_product_epilogues",
        "Make the elementwise op that is a matrix product's only use finish it in place, for the schedules to fuse"),
    "collapse-contiguous-loops": PythonPass(
        "tcp_aot.transforms.collapse_loops", "collapse_contiguous_loops",
        "Iterate as one loop the adjacent loops of an elementwise generic that every operand reads as one run"),
    "collapse-expanded-elementwise": PythonPass(
        "tcp_aot.transforms.collapse_loops", "collapse_expanded_elementwise",
        "Iterate an elementwise generic of expand_shapes' results over the collapsed dims, its result expanded after"),
    "mark-depthwise-convolutions": PythonPass(
        "tcp_aot.transforms.depthwise", "mark_depthwise_convolutions",
        "Mark each depthwise convolution of static width with its register tile (rows by lanes)"),
    "mark-parallel": PythonPass(
        "tcp_aot.transforms.parallel", "mark_parallel",
        "Mark the linalg ops with enough work to run on several threads (at run time if their shape is dynamic)"),
    "schedule-parallel": _schedule("parallel", "Split marked linalg ops among threads (scf.forall)"),
    "mark-microkernel-products": PythonPass(
        "tcp_aot.transforms.microkernels", "mark_microkernel_products",
        "Make each bfloat16 (int8) matrix product into float32 (int32) a generic marked for the runtime's "
        "micro-kernel (AMX)"),
    "call-microkernels": PythonPass(
        "tcp_aot.transforms.microkernels", "call_microkernels",
        "Replace each generic marked for a micro-kernel by a call of the runtime's kernel on its buffers"),
    "inline-call-scopes": PythonPass(
        "tcp_aot.transforms.microkernels", "inline_call_scopes",
        "Inline the memref.alloca_scope ops that hold no alloca (a parallel loop's body that calls a micro-kernel)"),
    "deinterleave-strided-reads": PythonPass(
        "tcp_aot.transforms.strided_reads", "deinterleave_strided_reads",
        "Read every other element (a stride-2 view) as a contiguous vector twice as long, keep the even lanes"),
    "hoist-register-tiles": PythonPass(
        "tcp_aot.transforms.hoist_tiles", "hoist_register_tiles",
        "Keep a loop's read-modify-write vector tile of a fresh buffer in registers across the loop"),
    "schedule-matmul": _schedule("matmul", "Tile matrix products for caches and registers, vectorize them"),
    "schedule-depthwise": _schedule(
        "depthwise", "Cut depthwise convolutions into register tiles of rows by lanes, vectorize them"),
    "schedule-lower-vectors": _schedule(
        "lower_vectors", "Hoist register tiles out of their loops, lower vector contractions to FMAs"),
    "sequential-tiles": PythonPass(
        "tcp_aot.transforms.sequential_tiles", "sequential_tiles",
        "Make the scf.forall loops a schedule marked tcp_aot.sequential nested scf.for loops (after bufferization)"),
    "expand-bf16-truncation": PythonPass(
        "tcp_aot.transforms.bf16_truncation", "expand_bf16_truncation",
        "Round f32 to bf16 (arith.truncf) with integer ops on the bits, the NaN selected before narrowing"),
    "approximate-math": PythonPass(
        "tcp_aot.transforms.math_approximations", "approximate_math",
        "Replace f32 transcendental math ops (scalar or vector) by polynomial approximations"),
    "interleave-long-chains": PythonPass(
        "tcp_aot.transforms.interleave", "interleave_long_chains",
        "Ask LLVM to interleave the innermost scalar loops whose body is a long chain of dependent ops"),
    "short-tile-first": PythonPass(
        "tcp_aot.transforms.short_tiles", "short_tile_first",
        "Rotate a parallel loop's iterations so that its short last tile runs first, on a thread with an extra one"),
    "omit-redundant-barriers": PythonPass(
        "tcp_aot.transforms.barriers", "omit_redundant_barriers",
        "Give the worksharing loop that ends a parallel region nowait: the region's join waits for its threads"),
    "mask-short-loop-tails": PythonPass(
        "tcp_aot.transforms.loop_tails", "mask_short_loop_tails",
        "Ask LLVM to run the tail of the innermost scalar loops of a few iterations as one masked vector iteration"),
    "rename-c-library-functions": PythonPass(
        "tcp_aot.transforms.c_symbols", "rename_c_library_functions",
        "Rename functions named like C library functions (floor, expf, malloc, ...) to __tcp_aot_<name>"),
    "restore-c-interface-names": PythonPass(
        "tcp_aot.transforms.c_symbols", "restore_c_interface_names",
        "Name the C interface of a renamed function after its source name (_mlir_ciface_floor)"),
    "own-results": PythonPass(
        "tcp_aot.transforms.owned_results", "own_results",
        "Give every returned buffer its own allocation (the caller frees it)"),
    "shrink-buffer-lifetimes": PythonPass(
        "tcp_aot.transforms.buffer_lifetimes", "shrink_buffer_lifetimes",
        "Allocate each buffer just before its first use and free it just after its last"),
    "outline-loop-nests": PythonPass(
        "tcp_aot.transforms.outline_nests", "outline_loop_nests",
        "Make each loop nest of a function of many a function of its own (LLVM's passes grow faster than a "
        "function)"),
    "profile-kernels": PythonPass(
        "tcp_aot.transforms.profile_kernels", "profile_kernels",
        "Time every top-level kernel of each F__into (a profiled build; the .so's runtime adds up the times)"),
    "address-weights": PythonPass(
        "tcp_aot.transforms.address_weights", "address_weights",
        "Read weights at their offsets in the weights file the .so is given (LLVM dialect)", context=("weights",)),
    "add-destination-functions": PythonPass(
        "tcp_aot.transforms.destination", "add_destination_functions",
        "Add F__into for each public F, writing its results into buffers the caller passes; F calls it"),
}

_BUFFERIZE = ("one-shot-bufferize{bufferize-function-boundaries "
              "function-boundary-type-conversion=identity-layout-map}")

PIPELINES: dict[str, list[str]] = {
    # Rewrites of TCP ops that fold constants (weights) at compile time, after
    # 16-bit floats are widened where ops compute (their casts of weights fold).
    "optimize-tcp": [
        "int8-products",
        "widen-16-bit-floats",
        "tcp-simplify",
        "fold-conv-affine",
        "pad-weight-columns",
        "tcp-simplify",
    ],
    "torch-to-tcp": [
        "torch-func-backend-type-conversion",
        "convert-torch-to-tcp",
        "func.func(torch-finalizing-backend-type-conversion)",
        "canonicalize", "cse",
        "optimize-tcp",
        "canonicalize", "cse",
        "verify-tcp-backend-contract",
        "tcp-verify",
    ],
    # A TCP source file (tcp_sources/): checked as torch-to-tcp's result is, and
    # optimized here too: weights are derived before the back end only (tcp-to-llvm's are final).
    "tcp-source-to-tcp": [
        "verify-tcp-backend-contract",
        "optimize-tcp",
    ],
    # A model's `precision: bf16` (config.yaml): its f32 products in bf16, their weights converted.
    "precision-bf16": [
        "products-in-bf16",
        "optimize-tcp",
    ],
    "tcp-to-linalg": [
        "tcp-verify",
        "optimize-tcp",
        "insert-shape-guards",
        "drop-tcp-symbolic-shape-ops",
        "inline-tcp-groups",
        "convert-tcp-to-linalg",
        "narrow-contractions-to-matmul",
        "asserts-to-stderr",
        "canonicalize", "cse",
        "fence-costly-broadcast-sources",
        "fence-narrowed-products",
        "linalg-fuse-elementwise-ops",
        # Then fused across a linear layer's reshape of its output.
        "collapse-expanded-elementwise",
        "canonicalize",
        "linalg-fuse-elementwise-ops",
        "drop-fusion-fences",
        "add-output-dims-functions",
    ],
    # Tiling and vectorization of the kinds of op that need more than LLVM's
    # loop vectorizer (tcp_aot/schedules/).
    "optimize-linalg": [
        # Every dynamic size in terms of the function's arguments' dims: else the
        # schedules' and bufferization's value-bounds analyses trace each one back
        # through every op before it (minutes for a deep model with a dynamic batch).
        "resolve-ranked-shaped-type-result-dims",
        "canonicalize", "cse",
        "contractions-to-matmul",
        "conv-to-matmul",
        "pad-by-borders",
        "pad-product-columns",
        "batch-matmul-to-matmuls",
        "mark-product-epilogues",
        "collapse-contiguous-loops",
        "mark-depthwise-convolutions",
        "mark-parallel",
        "schedule-parallel",
        "mark-microkernel-products",
        "schedule-matmul",
        "schedule-depthwise",
    ],
    "linalg-to-memref": [
        "pad-in-place",
        "insert-in-place",
        "annotate-abi",
        _BUFFERIZE,
        "own-results",
        "add-destination-functions",
        "buffer-deallocation-pipeline",
        "shrink-buffer-lifetimes",
        "func.func(refback-munge-memref-copy)",
        "add-pool-bytes-functions",
    ],
    "memref-to-llvm": [
        # Before anything declares a C library function (math-to-libm, the allocator, OpenMP).
        "rename-c-library-functions",
        "call-microkernels",
        # Loop-invariant views first: a register tile's view is made inside its k loop.
        "loop-invariant-code-motion",
        "hoist-register-tiles",
        # Before the transfers become 1-D: a strided one would be a loop of scalar loads.
        "deinterleave-strided-reads",
        "schedule-lower-vectors",
        "approximate-math",
        "sequential-tiles",
        "outline-loop-nests",
        "short-tile-first",
        "func.func(scf-forall-to-parallel)",
        "convert-linalg-to-loops",
        # canonicalize right after, or omp.parallel's alloca_scope gets several blocks
        "convert-scf-to-openmp",
        "canonicalize",
        "omit-redundant-barriers",
        "inline-call-scopes",
        "convert-vector-to-scf",
        "interleave-long-chains",
        "mask-short-loop-tails",
        "convert-scf-to-cf",
        "expand-strided-metadata",
        "lower-affine",
        # Allocations through the .so's runtime (tcp_aot_runtime.c), which tracks them in status calls.
        "finalize-memref-to-llvm{use-generic-functions=true}",
        "convert-math-to-libm",
        "convert-math-to-llvm",
        # No arithmetic on bf16 (canonicalize folds truncf(sitofp) into one
        # sitofp to bf16), and its conversions as integer ops: LLVM would call
        # __truncsfbf2 (absent from the C runtime) without avx512bf16.
        "func.func(arith-emulate-unsupported-floats{source-types=bf16 target-type=f32})",
        "expand-bf16-truncation",
        "arith-expand{include-bf16=true}",
        "convert-arith-to-llvm",
        "convert-index-to-llvm",
        "convert-cf-to-llvm",
        "convert-vector-to-llvm",
        "convert-openmp-to-llvm",
        "convert-func-to-llvm",
        "address-weights",
        "restore-c-interface-names",
        "convert-ub-to-llvm",
        "reconcile-unrealized-casts",
        "canonicalize",
    ],
}
PIPELINES["tcp-to-llvm"] = (PIPELINES["tcp-to-linalg"] + PIPELINES["optimize-linalg"] + PIPELINES["linalg-to-memref"]
                            + PIPELINES["memref-to-llvm"])
# The same with timers around each kernel, once the loops have their final
# shape (transforms/profile_kernels.py): what `snakemake results/NAME.profile.md` builds.
PIPELINES["tcp-to-llvm-profiled"] = [
    name for step in PIPELINES["tcp-to-llvm"] for name in ([step, "profile-kernels"] if step == "outline-loop-nests"
                                                          else [step])]

# The pipeline that follows torch-to-tcp or tcp-source-to-tcp for each
# `precision` a program may ask for.
PRECISION_PIPELINES = {"bf16": "precision-bf16"}


def expand(names: list[str]) -> list[str]:
    """Pass names with pipeline names replaced by their passes."""
    out: list[str] = []
    for name in names:
        out.extend(expand(PIPELINES[name]) if name in PIPELINES else [name])
    return out


def build_pass_manager(names: list[str], context: PassContext = PassContext(),
                       verify_each: bool = True) -> passmanager.PassManager:
    from torch_mlir import passmanager

    pm = passmanager.PassManager()
    pm.enable_verifier(verify_each)
    for entry in expand(names):
        name, text = split_entry(entry)
        if name in PYTHON_PASSES:
            run_pass = PYTHON_PASSES[name].bind(name, text, context)
            pm.add(lambda op, _pass, f=run_pass: f(op), name=name, argument=name,
                   description=PYTHON_PASSES[name].description)
        else:
            pm.add(entry)
    return pm


def run(module: ir.Module | ir.Operation, names: list[str], context: PassContext = PassContext(),
        verify_each: bool = True) -> None:
    """Run passes/pipelines by name and verify the result: after every pass
    (as mlir-opt does), or, without `verify_each`, once at the end, as the
    back end does (verifying a model after each of its passes took half of
    mlir_llvm's time). Failures, of Python and of upstream passes alike,
    raise DiagnosticError."""
    from torch_mlir import ir

    from .diagnostics import Diagnostic, DiagnosticError, from_mlir_error

    try:
        build_pass_manager(names, context, verify_each).run(module.operation)
    except ir.MLIRError as e:
        raise from_mlir_error(e, context.filename) from None
    if not verify_each:
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            note = Diagnostic("", "the passes left invalid IR (a compiler bug): tcp-opt, which verifies after "
                                  "each pass, names the one that broke it", "note")
            raise DiagnosticError(from_mlir_error(e, context.filename).diagnostics + [note]) from None
