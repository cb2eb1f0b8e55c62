"""Stage test_bin: compile the execute test on the precompiled support
header (stage test_support), and link it with the header's object and
the program's .so (found at run time next to the test, through the rpath
$ORIGIN)."""

from __future__ import annotations

from pathlib import Path

from ..toolchain import TEST_CXX_FLAGS, found_tools, run_into, test_include_flags


def run(source: Path, shared_obj: Path, output: Path, toolchain_json: Path, support_pch: Path,
        support_obj: Path) -> None:
    found = found_tools(toolchain_json)
    cmd = [found["clangxx"]["path"], *TEST_CXX_FLAGS, *test_include_flags(found), "-include-pch", str(support_pch),
           str(source), str(support_obj), str(shared_obj), "-Wl,-rpath,$ORIGIN", "-lgtest"]
    run_into(cmd, output, "clang++")
