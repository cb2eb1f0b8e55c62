"""The C interface of a compiled program: the C source compiled into its
.so (tcp_aot_runtime.c and one set of entry points per function) and the
header that declares them (results/NAME.h), both from the program's
signature.

For program P and function F (names as in P.h):
- `int32_t P_F(inputs..., outputs..., void *pool, size_t pool_bytes)`:
  each input as a pointer to its dense row-major data and, for rank > 0,
  its dims; each output as a pointer to caller-allocated data. Returns
  TCP_AOT_OK or a status code; `P_last_error()` says what went wrong. It
  calls the compiled `F__into` (destination.py), which writes the results
  into the outputs (into scratch memory first, then copied, for an output
  that overlaps an input or another output).
- `int32_t P_F_output_dims(input dims..., output dims...)`: the outputs'
  dims for these inputs' dims (the compiled `F__output_dims`).
- `int32_t P_F_pool_bytes(input dims..., size_t *bytes)`: the scratch a
  call needs from a pool (the compiled `F__pool_bytes` and
  `F__output_dims__pool_bytes`).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..abi import INTO, OUTPUT_DIMS, POOL_BYTES, PROFILE_THREADS, c_definitions
from ..element_types import C_TYPEDEFS, ELEMENT_TYPES
from ..signature import FunctionSignature, ProgramSignature, TensorSpec, WeightsSpec, describe

RUNTIME = Path(__file__).with_name("tcp_aot_runtime.c")
MICROKERNELS = Path(__file__).with_name("tcp_aot_microkernels.c")


def library_source(program: ProgramSignature, kernels: list[dict] | None = None) -> str:
    """The C the .so carries besides its compiled code and the
    micro-kernels (MICROKERNELS, the same for every program); with the
    `kernels` of a profiled build (transforms/profile_kernels.py), their
    timers."""
    p = program.program
    parts = [c_definitions(), RUNTIME.read_text(), C_TYPEDEFS, f"""
// ---- Generated for program {p} ----

void omp_set_num_threads(int);
int omp_get_max_threads(void);

const char *{p}_last_error(void) {{ return tcp_aot_message; }}
void {p}_set_num_threads(int n) {{ omp_set_num_threads(n > 0 ? n : 1); }}
int {p}_num_threads(void) {{ return omp_get_max_threads(); }}

// The signature as JSON (ProgramSignature.to_json), for loaders such as tcp_aot.load.
const char *tcp_aot_signature(void) {{
  return {json.dumps(program.to_json())};
}}
"""]
    parts.append(_weights(p, program.weights))
    if kernels is not None:
        parts.append(_profile(kernels))
    parts += [_entries(p, f) for f in program.functions]
    return "\n".join(parts)


def _profile(kernels: list[dict]) -> str:
    """The kernels' timers: the compiled code calls enter and exit around
    each kernel (on the calling thread), and share_enter and share_exit
    around each iteration of its parallel loops (on the thread running
    it); tcp_aot_profile_read gives each kernel's nanoseconds and calls
    since the last reset, and the CPU nanoseconds each thread spent in its
    parallel loops' iterations (its share of the work: CPU time, so that a
    thread the system preempts, for another process, does not look busier;
    tcp_aot_profile_shares turns that timing on, off by default: a depthwise
    convolution's iterations of a microsecond would carry the timers' cost)."""
    n = max(len(kernels), 1)
    return f"""
// ---- Profile: the time and calls of each of the {len(kernels)} kernels ----
#include <time.h>

int omp_get_thread_num(void);

static uint64_t tcp_aot_kernel_ns[{n}], tcp_aot_kernel_calls[{n}], tcp_aot_share_ns[{n}][{PROFILE_THREADS}];
static _Thread_local struct timespec tcp_aot_kernel_start, tcp_aot_share_start;
// The kernel running: set on the calling thread before its threads start.
static int32_t tcp_aot_kernel_running;
static bool tcp_aot_timing_shares;

static uint64_t tcp_aot_ns_since(clockid_t clock, const struct timespec *start) {{
  struct timespec now;
  clock_gettime(clock, &now);
  return (uint64_t)(now.tv_sec - start->tv_sec) * 1000000000u + (uint64_t)(now.tv_nsec - start->tv_nsec);
}}

TCP_AOT_HIDDEN void __tcp_aot_profile_enter(int32_t kernel) {{
  tcp_aot_kernel_running = kernel;
  clock_gettime(CLOCK_MONOTONIC, &tcp_aot_kernel_start);
}}

TCP_AOT_HIDDEN void __tcp_aot_profile_exit(int32_t kernel) {{
  __atomic_fetch_add(&tcp_aot_kernel_ns[kernel], tcp_aot_ns_since(CLOCK_MONOTONIC, &tcp_aot_kernel_start),
                     __ATOMIC_RELAXED);
  __atomic_fetch_add(&tcp_aot_kernel_calls[kernel], 1, __ATOMIC_RELAXED);
}}

TCP_AOT_HIDDEN void __tcp_aot_profile_share_enter(void) {{
  if (tcp_aot_timing_shares) clock_gettime(CLOCK_THREAD_CPUTIME_ID, &tcp_aot_share_start);
}}

TCP_AOT_HIDDEN void __tcp_aot_profile_share_exit(void) {{
  if (!tcp_aot_timing_shares) return;
  int thread = omp_get_thread_num();
  thread = thread < {PROFILE_THREADS} ? thread : {PROFILE_THREADS - 1};
  __atomic_fetch_add(&tcp_aot_share_ns[tcp_aot_kernel_running][thread],
                     tcp_aot_ns_since(CLOCK_THREAD_CPUTIME_ID, &tcp_aot_share_start), __ATOMIC_RELAXED);
}}

void tcp_aot_profile_shares(bool on) {{ tcp_aot_timing_shares = on; }}

// The kernels as JSON: each one's function, op and source location.
const char *tcp_aot_profile_kernels(void) {{
  return {json.dumps(json.dumps(kernels))};
}}

// `shares`: each kernel's {PROFILE_THREADS} threads' nanoseconds, kernel by kernel.
void tcp_aot_profile_read(uint64_t *ns, uint64_t *calls, uint64_t *shares) {{
  for (int k = 0; k < {len(kernels)}; ++k) {{
    ns[k] = __atomic_load_n(&tcp_aot_kernel_ns[k], __ATOMIC_RELAXED);
    calls[k] = __atomic_load_n(&tcp_aot_kernel_calls[k], __ATOMIC_RELAXED);
    for (int t = 0; t < {PROFILE_THREADS}; ++t)
      shares[k * {PROFILE_THREADS} + t] = __atomic_load_n(&tcp_aot_share_ns[k][t], __ATOMIC_RELAXED);
  }}
}}

void tcp_aot_profile_reset(void) {{
  for (int k = 0; k < {len(kernels)}; ++k) {{
    __atomic_store_n(&tcp_aot_kernel_ns[k], 0, __ATOMIC_RELAXED);
    __atomic_store_n(&tcp_aot_kernel_calls[k], 0, __ATOMIC_RELAXED);
    for (int t = 0; t < {PROFILE_THREADS}; ++t) __atomic_store_n(&tcp_aot_share_ns[k][t], 0, __ATOMIC_RELAXED);
  }}
}}
"""


def _weights(p: str, w: WeightsSpec) -> str:
    """Where the program's own weights come from, and the functions that
    swap and describe them."""
    if w.entries == 0:
        own = "return tcp_aot_weights_use_none();"
    elif w.mode == "embedded":
        own = (f'return tcp_aot_weights_use_embedded(__tcp_aot_weights_file, __tcp_aot_weights_file_bytes, '
               f'"the weights embedded in {p}.so", why, why_size);')
    else:
        own = f'return tcp_aot_weights_use_file_beside("{p}.weights", why, why_size);'
    embedded = "extern const char __tcp_aot_weights_file[];\nextern const uint64_t __tcp_aot_weights_file_bytes;\n"
    return f"""{embedded if w.mode == "embedded" and w.entries else ""}
static int32_t tcp_aot_use_own_weights(char *why, size_t why_size) {{
  (void)why, (void)why_size;
  {own}
}}

__attribute__((constructor)) static void tcp_aot_load_own_weights(void) {{
  tcp_aot_use_own_weights(tcp_aot_weights_failure, sizeof tcp_aot_weights_failure);
}}

int32_t {p}_load_weights(const char *path) {{
  tcp_aot_message[0] = '\\0';
  return path ? tcp_aot_weights_use_file(path, tcp_aot_message, sizeof tcp_aot_message)
              : tcp_aot_use_own_weights(tcp_aot_message, sizeof tcp_aot_message);
}}

const char *{p}_weights_source(void) {{ return tcp_aot_weights.data ? tcp_aot_weights.source : ""; }}
const char *{p}_weights_layout(void) {{ return __tcp_aot_weights_layout; }}
const void *{p}_weights_file(size_t *bytes) {{
  *bytes = tcp_aot_weights.file_bytes;
  return tcp_aot_weights.file;
}}
"""


def _precision_note(precision: str | None) -> str:
    if not precision:
        return ""
    return (f"/* Precision: the program's float32 matrix products read their operands rounded to {precision}\n"
            f" * and sum them in float32 (config.yaml's `precision: {precision}`).\n */\n\n")


def header(program: ProgramSignature, source: str = "") -> str:
    """results/NAME.h: the declarations of the .so's C interface, documented."""
    p = program.program
    guard = f"TCP_AOT_{p.upper()}_H"
    functions = "\n".join(_declarations(p, f) for f in program.functions)
    origin = f" from {source}" if source else ""
    return f"""/* {p}.h: the C interface of {p}.so, generated by tcp_aot{origin}.
 *
 * Tensors are dense row-major (C-contiguous) arrays of their element type.
 * An input of rank > 0 comes with its dims (int64_t[rank]). Dims written
 * `[s0, 4]` name torch.export's symbols; `?` is a dim the program leaves
 * free (the call checks what it needs).
 *
 * Ownership: inputs stay the caller's and are only read. Outputs are the
 * caller's: ask {p}_<function>_output_dims for their dims, allocate them,
 * pass them; the compiled code writes them in place. An output may be an
 * input's buffer (or overlap one): the call then computes it in scratch
 * memory and copies it.
 *
 * Memory: with pool == NULL a call allocates its scratch memory (malloc) and
 * frees it. With a pool of at least {p}_<function>_pool_bytes bytes (any
 * alignment; the call aligns inside it), the calling thread's allocations
 * come from the pool instead, and the pool is free again when the call
 * returns; parallel loops' worker threads still use malloc, and a thread
 * that runs a bfloat16 matrix product keeps a scratch buffer for the next
 * (malloc'd; 576 bytes per unit of the deepest product's K), freed when the
 * thread ends. A function
 * whose allocations' sizes vary from one loop iteration to the next has no
 * pool size (TCP_AOT_ERROR_NO_POOL_SIZE); a pool still serves it until it
 * runs out (TCP_AOT_ERROR_MEMORY).
 *
 * Errors: every function returns TCP_AOT_OK or one of the codes below, and
 * then writes no output; {p}_last_error() gives the message of the calling
 * thread's last failed call. Nothing aborts the process.
 *
 * Threads: any function may be called from several threads at once. A call
 * runs its parallel loops on {p}_num_threads() threads (OpenMP's count:
 * OMP_NUM_THREADS at load time, or {p}_set_num_threads).
 */
#ifndef {guard}
#define {guard}

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {{
#endif

#ifndef TCP_AOT_STATUS_CODES
#define TCP_AOT_STATUS_CODES
{c_definitions()}
#endif

#ifndef TCP_AOT_ELEMENT_TYPES
#define TCP_AOT_ELEMENT_TYPES
{C_TYPEDEFS}
#endif

/* The message of the calling thread's last failed call ("" after a call that succeeded). */
const char *{p}_last_error(void);
void {p}_set_num_threads(int n);
int {p}_num_threads(void);

{_precision_note(program.precision)}/* Weights: {program.weights.describe(p)}.
 * {p}_load_weights(path) makes the program read those of another weights file
 * of the same layout (`tcp-aot weights` writes one from a state_dict): the
 * file is checked (layout and checksum) and mapped read-only, and a file
 * that does not fit is refused (TCP_AOT_ERROR_WEIGHTS, {p}_last_error()
 * names the first difference) with the weights in use kept. NULL goes back
 * to the program's own. Not while a call of this program runs.
 * {p}_weights_source() says where the weights in use come from ("" when none
 * could be loaded: calls then fail with TCP_AOT_ERROR_WEIGHTS),
 * {p}_weights_layout() gives the layout the program reads (docs/weights.md),
 * and {p}_weights_file() the weights file in use, in memory (NULL when none). */
int32_t {p}_load_weights(const char *path);
const char *{p}_weights_source(void);
const char *{p}_weights_layout(void);
const void *{p}_weights_file(size_t *bytes);

{functions}
#ifdef __cplusplus
}}
#endif

#endif /* {guard} */
"""


# ---------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------


def _input_params(f: FunctionSignature) -> list[str]:
    out = []
    for t in f.inputs:
        out.append(f"const {ELEMENT_TYPES[t.element].c} *{t.name}")
        if t.rank:
            out.append(f"const int64_t {t.name}_dims[{t.rank}]")
    return out


def _in_dims_params(f: FunctionSignature) -> list[str]:
    return [f"const int64_t {t.name}_dims[{t.rank}]" for t in f.inputs if t.rank]


def _out_dims_params(f: FunctionSignature) -> list[str]:
    return [f"int64_t {t.name}_dims[{t.rank}]" for t in f.outputs if t.rank]


def _prototypes(p: str, f: FunctionSignature) -> dict[str, str]:
    fn = f"{p}_{f.name}"
    params = _input_params(f) + [f"{ELEMENT_TYPES[t.element].c} *{t.name}" for t in f.outputs] + \
        ["void *pool", "size_t pool_bytes"]
    return {
        "call": f"int32_t {fn}({', '.join(params)})",
        "output_dims": f"int32_t {fn}_output_dims({_params(_in_dims_params(f) + _out_dims_params(f))})",
        "pool_bytes": f"int32_t {fn}_pool_bytes({', '.join(_in_dims_params(f) + ['size_t *bytes'])})",
    }


# ---------------------------------------------------------------------------
# The header
# ---------------------------------------------------------------------------


def _declarations(p: str, f: FunctionSignature) -> str:
    proto = _prototypes(p, f)
    lines = [f"/* {f.name}"] + [f" *   {line}" for line in describe(f, lambda t: ELEMENT_TYPES[t.element].c)] + [" */"]
    lines += [f"{proto['output_dims']};", f"{proto['pool_bytes']};", f"{proto['call']};", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# The entry points
# ---------------------------------------------------------------------------


def _descriptor_words(t: TensorSpec) -> int:
    return 3 + 2 * t.rank


def _describe_inputs(f: FunctionSignature, with_data: bool) -> list[str]:
    """Descriptors a<i> of the inputs (the compiled code checks their dims)."""
    lines = []
    for i, t in enumerate(f.inputs):
        data = t.name if with_data else "&tcp_aot_no_data"
        dims = f"{t.name}_dims" if t.rank else "NULL"
        lines += [f"  int64_t a{i}[{_descriptor_words(t)}];",
                  f'  if ((status = tcp_aot_describe(a{i}, {data}, {dims}, {t.rank}, function, "{t.name}")))',
                  "    return status;"]
    return lines


def _describe_outputs(f: FunctionSignature, data: list[str] | None = None) -> list[str]:
    """Descriptors out_desc<i> of the outputs, of dims <name>_dims, at
    `data` (none: only their dims are read). Their dims come from
    output_dims, so describing them cannot fail."""
    lines = []
    for i, t in enumerate(f.outputs):
        dims = f"{t.name}_dims" if t.rank else "NULL"
        lines += [f"  int64_t out_desc{i}[{_descriptor_words(t)}];",
                  f"  tcp_aot_describe(out_desc{i}, {data[i] if data else '&tcp_aot_no_data'}, {dims}, {t.rank}, "
                  f'function, "{t.name}");']
    return lines


def _params(types: list[str]) -> str:
    return ", ".join(types) or "void"


def _entries(p: str, f: FunctionSignature) -> str:
    fn = f"{p}_{f.name}"
    proto = _prototypes(p, f)
    inputs_void = ["void *"] * len(f.inputs)
    ranked_out = [t for t in f.outputs if t.rank]
    n_dims = sum(t.rank for t in ranked_out)
    dims_params = _in_dims_params(f) + _out_dims_params(f)
    dims_args = [f"{t.name}_dims" for t in f.inputs if t.rank] + [f"{t.name}_dims" for t in ranked_out]
    descriptors = [f"a{i}" for i in range(len(f.inputs))]  # the inputs' memref descriptors (_describe_inputs)
    outs = [f"out_desc{i}" for i in range(len(f.outputs))]  # the outputs' (_describe_outputs)
    lines = [
        f"extern void _mlir_ciface_{f.name}{INTO}({_params(inputs_void + ['void *'] * len(f.outputs))});",
        f"extern void _mlir_ciface_{f.name}{OUTPUT_DIMS}({_params(['void *'] + inputs_void)});",
        f"extern int64_t _mlir_ciface_{f.name}{POOL_BYTES}({_params(inputs_void + ['void *'] * len(f.outputs))});",
        f"extern int64_t _mlir_ciface_{f.name}{OUTPUT_DIMS}{POOL_BYTES}({_params(inputs_void)});",
        "",
        f"static int32_t {fn}_output_dims_in({', '.join(dims_params + ['void *pool', 'size_t pool_bytes'])}) {{",
        f'  static const char function[] = "{fn}_output_dims";',
        *["  int32_t status;"] * bool(f.inputs),
        *_describe_inputs(f, with_data=False),
        *[f'  if (!{t.name}_dims)\n    return tcp_aot_null(function, "{t.name}_dims");' for t in ranked_out],
        f"  int64_t dims[5]; // the descriptor of a tensor<{n_dims}xi64>",
        "  tcp_aot_call call;",
        "  tcp_aot_begin(&call, pool, pool_bytes);",
        "  if (setjmp(call.failed) == 0) {",
        f"    _mlir_ciface_{f.name}{OUTPUT_DIMS}({', '.join(['dims'] + descriptors)});",
    ]
    first = 0
    for t in ranked_out:
        lines.append(f"    tcp_aot_take_dims({t.name}_dims, dims, {first}, {t.rank});")
        first += t.rank
    lines += [
        "    _mlir_memref_to_llvm_free((void *)(intptr_t)dims[0]);",
        "  }",
        "  return tcp_aot_end(&call);",
        "}",
        "",
        f"{proto['output_dims']} {{",
        f"  return {fn}_output_dims_in({', '.join(dims_args + ['NULL', '0'])});",
        "}",
        "",
        f"{proto['pool_bytes']} {{",
        f'  static const char function[] = "{fn}_pool_bytes";',
        "  int32_t status;",
        "  if (!bytes)",
        '    return tcp_aot_null(function, "bytes");',
        *[f"  int64_t {t.name}_dims[{t.rank}];" for t in ranked_out],
        f"  if ((status = {fn}_output_dims_in({', '.join(dims_args + ['NULL', '0'])})))",
        "    return status;",
        *_describe_inputs(f, with_data=False),
        *_describe_outputs(f),
        "  size_t dims_bytes;",
        "  tcp_aot_call call;",
        "  tcp_aot_begin(&call, NULL, 0);",
        "  if (setjmp(call.failed) == 0) {",
        f"    tcp_aot_pool_bytes(&call, _mlir_ciface_{f.name}{OUTPUT_DIMS}{POOL_BYTES}({', '.join(descriptors)}),"
        " &dims_bytes, function);",
        f"    tcp_aot_pool_bytes(&call, _mlir_ciface_{f.name}{POOL_BYTES}({', '.join(descriptors + outs)}), bytes,"
        " function);",
        "  }",
        "  if ((status = tcp_aot_end(&call)))",
        "    return status;",
        "  // Room for outputs that overlap an input or each other (computed in the pool, then copied).",
        *[f"  *bytes += tcp_aot_bytes({f'{t.name}_dims' if t.rank else 'NULL'}, {t.rank}, {ELEMENT_TYPES[t.element].bytes})"
          " + TCP_AOT_POOL_ALIGNMENT - 1;" for t in f.outputs],
        "  // The output dims are computed first, in the pool, which the call then reuses from its start.",
        "  if (*bytes < dims_bytes)",
        "    *bytes = dims_bytes;",
        "  return TCP_AOT_OK;",
        "}",
        "",
        f"{proto['call']} {{",
        f'  static const char function[] = "{fn}";',
        "  int32_t status;",
    ]
    lines += [f"  int64_t {t.name}_dims[{t.rank}];" for t in ranked_out]
    lines += [f"  if ((status = {fn}_output_dims_in({', '.join(dims_args + ['pool', 'pool_bytes'])})))",
              "    return status;",
              *_describe_inputs(f, with_data=True)]
    # Each output's bytes, and whether it overlaps an input or an earlier output.
    arrays = len(f.inputs) + len(f.outputs)
    lines += [f"  const void *arrays[{max(arrays, 1)}] = {{{', '.join(t.name for t in f.inputs + f.outputs) or '0'}}};",
              f"  size_t arrays_bytes[{max(arrays, 1)}];"]
    lines += [f"  arrays_bytes[{i}] = " + (f"tcp_aot_bytes({t.name}_dims, {t.rank}, {ELEMENT_TYPES[t.element].bytes});" if t.rank
                                          else f"{ELEMENT_TYPES[t.element].bytes};") for i, t in enumerate(f.inputs)]
    for i, t in enumerate(f.outputs):
        dims = f"{t.name}_dims" if t.rank else "NULL"
        lines += [f"  size_t {t.name}_bytes = arrays_bytes[{len(f.inputs) + i}] = "
                  f"tcp_aot_bytes({dims}, {t.rank}, {ELEMENT_TYPES[t.element].bytes});",
                  f"  if (!{t.name} && {t.name}_bytes)",
                  f'    return tcp_aot_null(function, "{t.name}");',
                  f"  int {t.name}_overlaps = tcp_aot_overlaps({t.name}, {t.name}_bytes, arrays, arrays_bytes, "
                  f"{len(f.inputs) + i});"]
    lines += ["  tcp_aot_call call;",
              "  tcp_aot_begin(&call, pool, pool_bytes);",
              "  if (setjmp(call.failed) == 0) {"]
    for i, t in enumerate(f.outputs):
        lines.append(f"    void *out_buffer{i} = tcp_aot_output_buffer({t.name}, {t.name}_bytes, {t.name}_overlaps);")
    lines += [f"  {line}" for line in _describe_outputs(f, [f"out_buffer{i}" for i in range(len(f.outputs))])]
    lines.append(f"    _mlir_ciface_{f.name}{INTO}({', '.join(descriptors + outs) or ''});")
    lines += [f"    tcp_aot_finish_output({t.name}, out_buffer{i}, {t.name}_bytes);" for i, t in enumerate(f.outputs)]
    lines += ["  }", "  return tcp_aot_end(&call);", "}", ""]
    return "\n".join(lines)
