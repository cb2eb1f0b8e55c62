"""Assembly -> shared object, with the C interface of the program's
signature (tcp_aot/c_interface), linked with LLVM's OpenMP runtime (libomp,
found through an rpath) and with a load-time check that the CPU has the
features the code was compiled for. Its soname is its file
name, so that tests find it next to them through their $ORIGIN rpath. Its
references to its own functions bind to them (-Bsymbolic), so programs
linked into one binary do not call each other's `func_main`. The
micro-kernels, the same C for every program, are compiled once per compiler
into the cache (files.cache_dir) and linked in.

With embedded weights (the signature says), the weights file is linked in
as read-only data, byte for byte (an assembler .incbin: no relocation, no
text); with external ones, the .so maps NAME.weights from its directory
when it is loaded."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..c_interface import MICROKERNELS, library_source
from ..errors import StageError
from ..files import cache_dir, read, tmp_path
from ..signature import ProgramSignature
from ..toolchain import TRIPLE, cpu_check_source, found_tools, run_into


def link(source: Path, output: Path, toolchain_json: Path, signature_json: Path, weights: Path | None = None,
         kernels: list[dict] | None = None) -> None:
    """`kernels`: those of a profiled build, whose timers the .so defines."""
    found = found_tools(toolchain_json)
    target = found["target"]
    program = ProgramSignature.from_json(read(signature_json))
    # Private to this job, named as C (assembly) for clang.
    check, interface, embedded, kernels_obj = (tmp_path(output).with_suffix(suffix) for suffix in
                                               (".cpu_check.c", ".interface.c", ".weights.S", ".microkernels.o"))
    check.write_text(cpu_check_source(output.name, target["cpu"], target["features"]))
    interface.write_text(library_source(program, kernels))
    sources = [str(source), str(check), str(interface)]
    if program.weights.mode == "embedded" and program.weights.entries:
        if weights is None:
            raise StageError(f"{program.program} reads weights: the weights file to embed is needed")
        embedded.write_text(_embedded_weights(weights))
        sources.append(str(embedded))
    omp = found["openmp_lib"]
    try:
        # -Bsymbolic: the C interface calls this .so's own functions, though every
        # program exports the same memref-ABI names (func_main, ...) into a process.
        cmd = [found["clang"]["path"], *_C_FLAGS, "-shared", "-Wl,-Bsymbolic", f"-Wl,-soname,{output.name}",
               *sources, str(_microkernels_object(found, kernels_obj)), f"-L{omp}", "-lomp",
               f"-Wl,-rpath,{omp}", "-lm"]
        run_into(cmd, output, "clang")
    finally:
        for tmp in (check, interface, embedded, kernels_obj):
            tmp.unlink(missing_ok=True)


_C_FLAGS = [f"--target={TRIPLE}", "-march=x86-64", "-O2", "-fPIC", "-Wall", "-Werror"]


def _microkernels_object(found: dict, fallback: Path) -> Path:
    """The micro-kernels compiled once per compiler and source, in the cache
    (1.2 s of each .so's 2 s of C: three versions of each kernel, one per
    target they are cloned for); at `fallback` when the cache cannot be
    written."""
    source = MICROKERNELS.read_bytes()
    key = hashlib.sha256(json.dumps([found["clang"], _C_FLAGS]).encode() + source).hexdigest()[:24]
    obj = cache_dir() / "objects" / f"tcp_aot_microkernels-{key}.o"
    if obj.exists():
        return obj
    try:
        obj.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        obj = fallback
    run_into([found["clang"]["path"], *_C_FLAGS, "-c", str(MICROKERNELS)], obj, "clang")
    return obj


def _embedded_weights(weights: Path) -> str:
    """Assembly holding the weights file, page-aligned, and its size (the
    runtime finds the rest in its header)."""
    try:
        size = weights.stat().st_size
    except OSError as e:
        raise StageError(f"cannot read {weights}: {e.strerror}") from None
    path = str(weights.resolve()).replace("\\", "\\\\").replace('"', '\\"')
    return f"""\
  .section .rodata.tcp_aot_weights,"a",@progbits
  .balign 4096
  .globl __tcp_aot_weights_file
  .hidden __tcp_aot_weights_file
__tcp_aot_weights_file:
  .incbin "{path}"
  .section .rodata,"a",@progbits
  .balign 8
  .globl __tcp_aot_weights_file_bytes
  .hidden __tcp_aot_weights_file_bytes
__tcp_aot_weights_file_bytes:
  .quad {size}
  .section .note.GNU-stack,"",@progbits
"""
