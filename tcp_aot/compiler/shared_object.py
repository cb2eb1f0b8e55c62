"""Assembly -> shared object, with the C interface of the program's
signature (tcp_aot/c_interface), linked with LLVM's OpenMP runtime (libomp,
found through an rpath) and with a load-time check that the CPU has the
features the code was compiled for. Its soname is its file
name, so that tests find it next to them through their $ORIGIN rpath. Its
references to its own functions bind to them (-Bsymbolic), so programs
linked into one binary do not call each other's `func_main`.

With embedded weights (the signature says), the weights file is linked in
as read-only data, byte for byte (an assembler .incbin: no relocation, no
text); with external ones, the .so maps NAME.weights from its directory
when it is loaded."""

from __future__ import annotations

from pathlib import Path

from ..c_interface import library_source
from ..errors import StageError
from ..files import read, tmp_path
from ..signature import ProgramSignature
from ..toolchain import TRIPLE, cpu_check_source, found_tools, run_into


def link(source: Path, output: Path, toolchain_json: Path, signature_json: Path, weights: Path | None = None,
         kernels: list[dict] | None = None) -> None:
    """`kernels`: those of a profiled build, whose timers the .so defines."""
    found = found_tools(toolchain_json)
    target = found["target"]
    program = ProgramSignature.from_json(read(signature_json))
    # Private to this job, named as C (assembly) for clang.
    check, interface, embedded = (tmp_path(output).with_suffix(suffix)
                                  for suffix in (".cpu_check.c", ".interface.c", ".weights.S"))
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
        cmd = [found["clang"]["path"], f"--target={TRIPLE}", "-march=x86-64", "-O2", "-shared", "-fPIC",
               "-Wall", "-Werror", "-Wl,-Bsymbolic", f"-Wl,-soname,{output.name}", *sources,
               f"-L{omp}", "-lomp", f"-Wl,-rpath,{omp}", "-lm"]
        run_into(cmd, output, "clang")
    finally:
        for tmp in (check, interface, embedded):
            tmp.unlink(missing_ok=True)


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
