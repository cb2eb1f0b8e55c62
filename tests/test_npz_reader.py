"""The C++ .npz reader of the generated tests (runtime/tcp_aot_test_support.h)
against NumPy: every dtype the tests use, 0-d and empty arrays, the zip64
headers numpy.savez writes, and clear errors for what it does not read."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

from tcp_aot.toolchain import RUNTIME_INCLUDE

DUMP = r"""
#include <cstdio>
#include <cstring>
#include "tcp_aot_test_support.h"
// Prints every array as: key descr dims... :: hex bytes
int main(int argc, char **argv) {
  try {
    tcp_aot::Npz npz = tcp_aot::loadNpz(argv[1]);
    for (auto &[key, a] : npz) {
      std::printf("%s %s", key.c_str(), a.descr.c_str());
      for (int64_t d : a.shape) std::printf(" %lld", (long long)d);
      std::printf(" ::");
      for (char c : a.bytes) std::printf("%02x", (unsigned char)c);
      std::printf("\n");
    }
  } catch (const std::exception &e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
}
"""


@pytest.fixture(scope="module")
def dump(tmp_path_factory):
    d = tmp_path_factory.mktemp("npz_reader")
    (d / "dump.cpp").write_text(DUMP)
    subprocess.run(["clang++-22", "-std=c++17", f"-I{RUNTIME_INCLUDE}", "-I/usr/lib/llvm-22/include",
                    str(d / "dump.cpp"), "-o", str(d / "dump")], check=True)
    return d / "dump"


def read(dump, path) -> tuple[int, str]:
    proc = subprocess.run([str(dump), str(path)], capture_output=True, text=True)
    return proc.returncode, proc.stdout


def test_reads_what_numpy_writes(dump, tmp_path):
    rng = np.random.default_rng(0)
    arrays = {
        "Input0": np.array(3.5, np.float32),
        "Input1": rng.standard_normal((2, 3)).astype(np.float32),
        "f64": rng.standard_normal(5),
        "bools": np.array([[True, False], [False, True]]),
        "i8": np.array([-128, 127, 0], np.int8),
        "i16": np.array([-3, 4], np.int16),
        "i32": np.arange(12, dtype=np.int32).reshape(3, 4),
        "i64": np.array([np.iinfo(np.int64).min, 5], np.int64),
        "empty": np.zeros((0, 3), np.float32),
        "func_1/case1/Output0": np.ones((2, 2, 2), np.float32),
    }
    path = tmp_path / "data.npz"
    np.savez(path, **arrays)
    code, out = read(dump, path)
    assert code == 0, out
    seen = {}
    for line in out.splitlines():
        head, data = line.split(" ::")
        key, descr, *dims = head.split(" ")
        seen[key] = (descr, [int(d) for d in dims], bytes.fromhex(data))
    assert set(seen) == set(arrays)
    for key, a in arrays.items():
        descr, dims, data = seen[key]
        assert descr == a.dtype.str, key
        assert dims == list(a.shape), key
        assert data == a.tobytes(), key


def test_rejects_compressed_files(dump, tmp_path):
    path = tmp_path / "compressed.npz"
    np.savez_compressed(path, x=np.arange(100))
    code, out = read(dump, path)
    assert code == 1
    assert "is compressed; write the file with numpy.savez" in out


def test_rejects_a_missing_or_foreign_file(dump, tmp_path):
    code, out = read(dump, tmp_path / "absent.npz")
    assert (code, out.strip()) == (1, f"error: cannot open {tmp_path / 'absent.npz'}")
    junk = tmp_path / "junk.npz"
    junk.write_text("not a zip")
    code, out = read(dump, junk)
    assert code == 1 and "no arrays found" in out


def test_rejects_fortran_order(dump, tmp_path):
    path = tmp_path / "fortran.npz"
    np.savez(path, x=np.asfortranarray(np.arange(6).reshape(2, 3)))
    code, out = read(dump, path)
    assert code == 1 and "Fortran-ordered arrays are not supported" in out
