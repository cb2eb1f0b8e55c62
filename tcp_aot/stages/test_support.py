"""Stage test_support: the header every execute test includes
(runtime/tcp_aot_test_support.h: googletest, the npz reader, the
comparisons), compiled once for every test: a precompiled header, and an
object with the code of its inline functions and the template instances
it uses (clang's -fpch-codegen), which each test links instead of
compiling them again. A test then compiles in a third of the time."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import PCH_FLAGS, TEST_CXX_FLAGS, TEST_SUPPORT_HEADER, found_tools, run_into, test_include_flags


def run(pch: Path, obj: Path, toolchain_json: Path) -> None:
    found = found_tools(toolchain_json)
    clangxx = found["clangxx"]["path"]
    run_into([clangxx, *TEST_CXX_FLAGS, *test_include_flags(found), "-x", "c++-header", *PCH_FLAGS,
              str(TEST_SUPPORT_HEADER)], pch, "clang++")
    run_into([clangxx, *TEST_CXX_FLAGS, "-c", str(pch)], obj, "clang++")
