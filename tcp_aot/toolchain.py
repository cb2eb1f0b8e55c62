"""The LLVM tools the back end runs: found once, version-checked, invoked.

Debian's unversioned llc/clang are LLVM 14, too old for the IR MLIR emits,
so the tools are named with their version (config.yaml: toolchain)."""

from __future__ import annotations

import json
import logging
import re
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import StageError
from .files import read, tool_output, write_atomic

log = logging.getLogger("tcp_aot")

MLIR_INCLUDE_CANDIDATES = ("/usr/lib/llvm-{major}/include",)
RUNTIME_INCLUDE = Path(__file__).parent / "runtime"
# The header every generated test includes (test_support precompiles it).
TEST_SUPPORT_HEADER = RUNTIME_INCLUDE / "tcp_aot_test_support.h"


@dataclass(frozen=True)
class Tool:
    name: str
    path: str
    major: int
    version: str


def find_tool(name: str, min_major: int) -> Tool:
    path = shutil.which(name)
    if path is None:
        raise StageError(f"{name} not found on PATH (LLVM {min_major} or newer is needed; "
                         f"`make setup` installs it)")
    text = _version_output(path, name)
    m = re.search(r"(?:LLVM|clang) version (\d+)\.(\d+)(?:\.(\d+))?", text)
    if m is None:
        raise StageError(f"cannot read the version of {path} from `{name} --version`")
    tool = Tool(name, path, int(m.group(1)), m.group(0).split()[-1])
    if tool.major < min_major:
        raise StageError(f"{path} is LLVM {tool.version}, but LLVM {min_major} or newer is needed")
    return tool


def _version_output(path: str, name: str) -> str:
    try:
        return subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError) as e:
        raise StageError(f"{name} --version failed: {e}") from None


def wheel_mlir() -> Tool:
    """The MLIR of the torch-mlir wheel, whose LLVM version is that of the IR
    the `ll` stage writes (its torch-mlir-opt says which)."""
    from importlib.util import find_spec

    spec = find_spec("torch_mlir")  # a namespace package: no __init__.py
    if spec is None or not spec.submodule_search_locations:
        raise StageError("the torch-mlir package is not installed (`make setup` installs it)")
    path = str(Path(list(spec.submodule_search_locations)[0]) / "_mlir_libs" / "torch-mlir-opt")
    text = _version_output(path, "torch-mlir-opt")
    m = re.search(r"LLVM version (\d+)\.(\S+)", text)
    if m is None:
        raise StageError(f"cannot read the LLVM version of {path} from its --version")
    return Tool("torch-mlir-opt", path, int(m.group(1)), f"{m.group(1)}.{m.group(2)}")


# What bridges LLVM IR written by a newer LLVM (the wheel's MLIR) to older
# tools: each rewrite the `ll` stage applies, by the oldest tools' major
# version that needs it. tests/test_toolchain.py compiles a corpus of every
# kind of op through the pair, so a new mismatch fails there by name.
BRIDGES = {"float literals as exact hex (llc22_float_literals)": 22}


def bridges(mlir: Tool, tools_major: int) -> list[str]:
    """The rewrites that bridge IR of `mlir`'s LLVM to tools of `tools_major`."""
    if mlir.major <= tools_major:
        return []
    return [name for name, needed_up_to in BRIDGES.items() if tools_major <= needed_up_to]


# The LLVM tools and optimization level of a compile outside the workflow
# (torch.compile, the tests' helpers). The workflow reads config.yaml's
# `toolchain:`, which tests/test_toolchain.py keeps equal to these.
DEFAULT_TOOLS = {"llc": "llc-22", "opt": "opt-22", "clang": "clang-22", "clangxx": "clang++-22", "min_major": 22}
DEFAULT_OPT_LEVEL = 3


def find_toolchain(output: Path, llc: str, opt: str, clang: str, clangxx: str, min_major: int,
                   target_cpu: str) -> None:
    """Find the LLVM tools once, resolve the target CPU and its features, and
    record what was found in `output` (toolchain.json, which found_tools reads)."""
    tools = {role: find_tool(name, min_major) for role, name in
             (("llc", llc), ("opt", opt), ("clang", clang), ("clangxx", clangxx))}
    found = {role: {"path": t.path, "version": t.version} for role, t in tools.items()}
    mlir = wheel_mlir()
    found["mlir"] = {"path": mlir.path, "version": mlir.version,
                     "bridges": bridges(mlir, min(t.major for t in tools.values()))}
    found["mlir_include"] = str(mlir_include_dir(tools["clangxx"].major))
    found["openmp_lib"] = str(openmp_library_dir(tools["clang"].path))
    cpu = resolve_target_cpu(tools["llc"].path, target_cpu)
    found["target"] = {"cpu": cpu, "features": target_features(tools["clang"].path, cpu)}
    for role, t in tools.items():
        log.info("%s: %s (LLVM %s)", role, t.path, t.version)
    log.info("LLVM IR written by the wheel's MLIR (LLVM %s), read by the tools through: %s", mlir.version,
             ", ".join(found["mlir"]["bridges"]) or "nothing (no rewrite needed)")
    log.info("target CPU: %s (%s), features: %s", cpu, target_cpu, " ".join(found["target"]["features"]))
    write_atomic(output, json.dumps(found, indent=2) + "\n")


def found_tools(toolchain_json: Path) -> dict:
    """The LLVM tools find_toolchain found."""
    return json.loads(read(toolchain_json))


# How the execute tests and their precompiled support header are compiled
# (the two must agree): unoptimized, as they only call and compare (-O1 took
# twice as long); with threads (googletest's death tests). The header is
# checked by its content, not its modification time: a header touched but
# unchanged (an editor, a checkout, a test) must not break a build that
# already has its precompiled header.
TEST_CXX_FLAGS = ["-std=c++17", "-O0", "-pthread", "-Xclang", "-fvalidate-ast-input-files-content"]
PCH_FLAGS = ["-fpch-instantiate-templates", "-fpch-codegen", "-Xclang", "-fno-pch-timestamp"]


def test_include_flags(found: dict) -> list[str]:
    """Where the execute tests find CRunnerUtils.h and the support header."""
    return [f"-I{found['mlir_include']}", f"-I{RUNTIME_INCLUDE}"]


def mlir_include_dir(major: int) -> Path:
    """Where CRunnerUtils.h lives (Debian's libmlir-<major>-dev)."""
    for pattern in MLIR_INCLUDE_CANDIDATES:
        path = Path(pattern.format(major=major))
        if (path / "mlir/ExecutionEngine/CRunnerUtils.h").exists():
            return path
    raise StageError(f"mlir/ExecutionEngine/CRunnerUtils.h not found (install libmlir-{major}-dev)")


def run(cmd: list[str], what: str) -> str:
    """Run a tool; its output goes to the log, a failure becomes a StageError.
    The tool dies with its caller (util-linux's setpriv: a job killed as a
    whole leaves no tool running)."""
    proc = subprocess.run(["setpriv", "--pdeathsig", "KILL", "--", *cmd], capture_output=True, text=True)
    if proc.returncode != 0:
        detail = (proc.stderr or proc.stdout).strip().splitlines()
        raise StageError(f"{what} failed (exit {proc.returncode}): {detail[0] if detail else ''}"
                         + (f" [{len(detail) - 1} more lines in the log]" if len(detail) > 1 else ""),
                         log=proc.stderr + proc.stdout)
    return proc.stdout + proc.stderr


def run_into(cmd: list[str], output: Path, what: str) -> None:
    """Run a tool that writes `output` (given as -o): to a temporary file,
    renamed once complete; its messages go to the log."""
    tool_output(output, lambda tmp: log.info("%s", run(cmd + ["-o", str(tmp)], what)))


# An FP type keyword, a new-style hex literal, a special value (`+inf`,
# `-qnan`, `+snan(0x200001)`, `+nan(0x1)`: a NaN's payload in parentheses;
# LLVM 22's own `inf`, `nan`), a decimal FP literal, or a quoted string
# (left alone).
_FP_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\b(?:half|bfloat|float|double)\b|\bf0x[0-9A-Fa-f]+\b'
                       r'|(?<![\w.%@])[-+]?(?:inf|qnan|snan|nan)(?:\(0x[0-9A-Fa-f]+\))?(?!\w)'
                       r'|(?<![\w.])[-+]?\d+\.\d+(?:[eE][-+]?\d+)?\b')
_SPECIAL = re.compile(r"([-+]?)(inf|qnan|snan|nan)(?:\((0x[0-9A-Fa-f]+)\))?")
# Per FP type: its width and its mantissa's.
_FORMATS = {"half": (16, 10), "bfloat": (16, 7), "float": (32, 23), "double": (64, 52)}


def llc22_float_literals(ll: str) -> str:
    """Spell floating-point constants as LLVM 22 reads them.

    MLIR's LLVM IR printer (LLVM 24) writes constants as `f0xBF333333` (the
    type's own bits), as a decimal that is only the nearest value (`float
    1.000000e-01`), or by name (`+inf`, `-qnan`, `+snan(0x200001)`). llc 22
    takes a decimal only when it is exact, and reads hex as the bits of the
    equal double for float (`0xBFE6666660000000`), `0xH`/`0xR` bits for
    half/bfloat, and no names but its own `inf`/`nan`: every one becomes hex.
    A literal's type is the last FP type named before it on its line (the
    operand's or the instruction's); the values do not change, a NaN's sign
    and payload included."""
    return "\n".join(_rewrite_line(line) for line in ll.split("\n"))


def _rewrite_line(line: str) -> str:
    kind = None

    def token(m: re.Match) -> str:
        nonlocal kind
        text = m.group(0)
        if text.startswith('"'):
            return text
        if text in _FORMATS:
            kind = text
            return text
        if kind is None:
            return text
        if text.startswith("f0x"):
            return _llc22_hex(int(text[3:], 16), kind)
        special = _SPECIAL.fullmatch(text)
        if special:
            return _llc22_hex(_special_bits(special, kind), kind)
        if kind == "float":  # a decimal: the f32 nearest
            return _llc22_hex(struct.unpack(">I", struct.pack(">f", float(text)))[0], kind)
        if kind == "half":
            return _llc22_hex(struct.unpack(">H", struct.pack(">e", float(text)))[0], kind)
        if kind == "bfloat":  # the f32 nearest, rounded to its upper half (to nearest even)
            bits = struct.unpack(">I", struct.pack(">f", float(text)))[0]
            return _llc22_hex((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16, kind)
        return text

    return _FP_TOKEN.sub(token, line)


def _special_bits(m: re.Match, kind: str) -> int:
    """The bits of an infinity or a NaN (`nan` is quiet; a payload fills the
    mantissa below the quiet bit)."""
    sign, name, payload = m.group(1), m.group(2), int(m.group(3) or "0", 16)
    width, mantissa = _FORMATS[kind]
    quiet = 1 << (mantissa - 1)
    low = {"inf": 0, "qnan": quiet, "nan": quiet | payload, "snan": payload}[name]
    ones = ((1 << (width - 1 - mantissa)) - 1) << mantissa
    return (1 << (width - 1) if sign == "-" else 0) | ones | low


def _llc22_hex(bits: int, kind: str) -> str:
    """LLVM 22's hex of a value of type `kind` with these bits."""
    if kind == "double":
        return f"0x{bits:016X}"
    if kind != "float":
        return f"0x{'H' if kind == 'half' else 'R'}{bits:04X}"
    if (bits >> 23) & 0xFF == 0xFF:  # an infinity or a NaN, the mantissa widened bit for bit
        return f"0x{(bits >> 31) << 63 | 0x7FF << 52 | (bits & 0x7FFFFF) << 29:016X}"
    value = struct.unpack(">f", struct.pack(">I", bits))[0]  # exact in a double
    return f"0x{struct.unpack('>Q', struct.pack('>d', value))[0]:016X}"


# ---------------------------------------------------------------------------
# The target CPU
# ---------------------------------------------------------------------------

TRIPLE = "x86_64-unknown-linux-gnu"

# Code generation tuning on top of the CPU's own: no vector gathers or
# scatters. After fully unrolling a short inner loop (a row of 16), LLVM's
# loop vectorizer otherwise vectorizes the loop around it with strided
# gathers, which was 1.1x to 2.6x slower on every convolution and pooling
# program than the scalar or SLP-vectorized rows it makes without them
# (conv3d_block 0.45 -> 0.17 ms), and no faster on any other (embeddings, gathers).
TUNING = "+prefer-no-gather,+prefer-no-scatter"


def codegen_target(cpu: str) -> list[str]:
    """opt's and llc's target options: triple, CPU, tuning."""
    return [f"-mtriple={TRIPLE}", f"-mcpu={cpu}", f"-mattr={TUNING}"]


# clang's predefined macro for a CPU feature -> __builtin_cpu_supports' name:
# the vector ISA extensions the generated code may use.
FEATURE_MACROS = {
    "__SSE4_2__": "sse4.2", "__AVX__": "avx", "__AVX2__": "avx2", "__FMA__": "fma", "__F16C__": "f16c",
    "__BMI__": "bmi", "__BMI2__": "bmi2", "__AVX512F__": "avx512f", "__AVX512CD__": "avx512cd",
    "__AVX512DQ__": "avx512dq", "__AVX512BW__": "avx512bw", "__AVX512VL__": "avx512vl",
    "__AVX512IFMA__": "avx512ifma", "__AVX512VBMI__": "avx512vbmi", "__AVX512VBMI2__": "avx512vbmi2",
    "__AVX512VNNI__": "avx512vnni", "__AVX512BITALG__": "avx512bitalg",
    "__AVX512VPOPCNTDQ__": "avx512vpopcntdq", "__AVX512BF16__": "avx512bf16", "__AVX512FP16__": "avx512fp16",
    "__AVXVNNI__": "avxvnni",
}


def resolve_target_cpu(llc: str, name: str) -> str:
    """The LLVM name of the CPU to compile for: `host` is the CPU llc runs
    on; any other name must be one llc knows."""
    if name == "host":
        out = run([llc, "--version"], "llc --version")
        m = re.search(r"Host CPU:\s*(\S+)", out)
        if m is None or m.group(1) == "generic":
            raise StageError("llc cannot tell the host CPU; set toolchain.target_cpu in config.yaml")
        return m.group(1)
    known = re.findall(r"^\s+(\S+)\s+- Select the", run([llc, f"-mtriple={TRIPLE}", "-mcpu=help"], "llc -mcpu=help"),
                       re.MULTILINE)
    if name not in known:
        raise StageError(f"target_cpu '{name}' is not a CPU llc knows (see `{llc} -mtriple={TRIPLE} -mcpu=help`)")
    return name


def target_features(clang: str, cpu: str) -> list[str]:
    """The vector ISA features code compiled for `cpu` may use, by the names
    __builtin_cpu_supports takes."""
    macros = run([clang, f"--target={TRIPLE}", f"-march={cpu}", "-dM", "-E", "-x", "c", "/dev/null"],
                 "clang -dM")
    defined = set(re.findall(r"^#define (\S+)", macros, re.MULTILINE))
    return [feature for macro, feature in FEATURE_MACROS.items() if macro in defined]


def openmp_library_dir(clang: str) -> Path:
    """Where LLVM's OpenMP runtime (libomp) lives: the lib/ of clang's LLVM
    (Debian's libomp-<major>-dev)."""
    lib = Path(clang).resolve().parent.parent / "lib"
    if not (lib / "libomp.so").exists():
        raise StageError(f"libomp.so not found in {lib} (install libomp-{lib.parent.name.split('-')[-1]}-dev; "
                         f"`make setup` does)")
    return lib


def cpu_check_source(library: str, cpu: str, features: list[str]) -> str:
    """C source of a load-time check that aborts with a message on a CPU
    without one of `features`, before any code compiled for `cpu` runs;
    compiled for a baseline x86-64 CPU."""
    checks = "".join(f'  if (!__builtin_cpu_supports("{f}")) missing("{f}");\n' for f in features)
    return f"""// Generated by tcp_aot: the CPU check of {library}.
#include <stdio.h>
#include <stdlib.h>

static void missing(const char *feature) {{
  fprintf(stderr, "tcp_aot: {library} was compiled for CPU {cpu} and needs %s, which this CPU lacks; "
                  "rebuild it with toolchain.target_cpu set to this CPU (or to a baseline such as x86-64-v2)\\n",
          feature);
  abort();
}}

__attribute__((constructor)) static void tcp_aot_check_cpu(void) {{
  __builtin_cpu_init();
{checks}}}
"""
