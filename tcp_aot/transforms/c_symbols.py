"""Functions named like C library functions (`floor`, `expf`, `malloc`, ...).

A compiled function's symbol is its name. A .so defining `floor` cannot
also call the C library's `floor`: convert-math-to-libm takes the program's
`@floor` for the libm declaration it needs (a call with the wrong
signature), LLVM's own calls (an intrinsic it expands to `floor`, `frem` to
`fmod`) and the runtime's (`malloc`, `snprintf`) would bind to the program's
function under -Bsymbolic, and the exported symbol would interpose the
library's in a process that links the .so.

So `rename_c_library_functions`, before anything in the back end declares a
C function, renames each such function `f` to `__tcp_aot_f`: it is compiled
and exported under that name. The C interface keeps the source name:
`restore_c_interface_names`, after convert-func-to-llvm, renames
`_mlir_ciface___tcp_aot_f` back to `_mlir_ciface_f`, which the C interface
(`<program>_f`), the generated C++ test and the Python runtime call.
"""

from __future__ import annotations

from torch_mlir import ir

PREFIX = "__tcp_aot_"
C_INTERFACE = "_mlir_ciface_"

# <math.h> (C99, plus roundeven and exp10 of C23 and GNU's sincos, which LLVM
# calls), each with its float and long double variant.
_MATH = """
    acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 exp10 expm1 frexp ilogb ldexp
    log log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot pow sqrt erf erfc lgamma tgamma ceil floor
    nearbyint rint lrint llrint round roundeven lround llround trunc fmod remainder remquo copysign nan
    nextafter nexttoward fdim fmax fmin fma sincos
""".split()
# What the .so's runtime (tcp_aot/c_interface) and generated code call from libc.
_LIBC = """
    malloc calloc realloc free aligned_alloc posix_memalign memcpy memmove memset strlen abort exit
    printf fprintf dprintf snprintf puts setjmp longjmp
""".split()
C_LIBRARY = frozenset(_LIBC + [name + suffix for name in _MATH for suffix in ("", "f", "l")])


def is_c_library_name(name: str) -> bool:
    """A C library function, an OpenMP runtime function (omp_*, __kmpc_*), or
    a name C reserves for the implementation (a leading underscore: every
    renamed name has one, so no two functions get the same name)."""
    return name in C_LIBRARY or name.startswith(("_", "omp_"))


def rename_c_library_functions(root: ir.Operation) -> None:
    for op in root.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or not op.regions[0].blocks:  # a declaration names the library's function
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if is_c_library_name(name):
            ir.SymbolTable.set_symbol_name(op, PREFIX + name)
            ir.SymbolTable.replace_all_symbol_uses(name, PREFIX + name, root)


def restore_c_interface_names(root: ir.Operation) -> None:
    for op in root.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "llvm.func" or not op.regions[0].blocks:  # the runtime's own (a micro-kernel's)
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if name.startswith(C_INTERFACE + PREFIX):
            source_name = C_INTERFACE + name[len(C_INTERFACE + PREFIX):]
            ir.SymbolTable.set_symbol_name(op, source_name)
            ir.SymbolTable.replace_all_symbol_uses(name, source_name, root)
