"""tcp-aot info and run on a compiled program."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

TCP_AOT = str(Path(sys.executable).parent / "tcp-aot")


def tcp_aot(*args) -> subprocess.CompletedProcess:
    return subprocess.run([TCP_AOT, *map(str, args)], capture_output=True, text=True)


def test_info_prints_the_signature(interface_programs):
    run = tcp_aot("info", interface_programs / "mlp.so")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["func_main", "  input        input  float32  [s31, 32]",
                                       "  out0         output float32  [s31, 10]",
                                       "  s31: a torch.export dim, at least 1, at most 64",
                                       "weights: 6 entries, 18.1 kB, embedded in mlp.so"]


def test_run_writes_and_compares_outputs(interface_programs, tmp_path):
    npz = np.load(interface_programs / "two_outputs.npz")
    for key in ("Input0", "Input1", "Input2", "Output0", "Output1"):
        np.save(tmp_path / f"{key}.npy", npz[key])
    inputs = [a for i in range(3) for a in ("--input", tmp_path / f"Input{i}.npy")]
    run = tcp_aot("run", interface_programs / "two_outputs.so", *inputs, "--output", tmp_path / "a.npy",
                  "--output", tmp_path / "b.npy", "--expect", tmp_path / "Output0.npy", "--expect",
                  tmp_path / "Output1.npy")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"out0: float32 [3, 4], matches {tmp_path / 'Output0.npy'} (max abs error ")
    np.testing.assert_allclose(np.load(tmp_path / "b.npy"), npz["Output1"], rtol=1e-5)

    np.save(tmp_path / "wrong.npy", npz["Output0"] + 1)
    run = tcp_aot("run", interface_programs / "two_outputs.so", *inputs, "--expect", tmp_path / "wrong.npy",
                  "--expect", tmp_path / "Output1.npy")
    assert run.returncode == 1
    assert "out0: float32 [3, 4], DIFFERS FROM" in run.stdout and "12 element(s) differ" in run.stdout


def test_bad_inputs_get_one_line(interface_programs, tmp_path):
    np.save(tmp_path / "x.npy", np.zeros((2, 5), np.float64))
    run = tcp_aot("run", interface_programs / "mlp.so", "--input", tmp_path / "x.npy")
    assert run.returncode == 2
    assert run.stderr == "tcp-aot: bad input: func_main: input must be float32 [s31, 32], not float64 [2, 5]\n"
    run = tcp_aot("run", interface_programs / "mlp.so", "--function", "nope", "--input", tmp_path / "x.npy")
    assert run.returncode == 2 and run.stderr.endswith("has no function nope (it has func_main)\n")
    run = tcp_aot("info", tmp_path / "missing.so")
    assert run.returncode == 2 and "missing.so: no such file" in run.stderr


def test_run_takes_and_checks_bfloat16(interface_programs, tmp_path):
    """A bfloat16 .npy (two opaque bytes per element, as NumPy writes
    ml_dtypes.bfloat16) in and out, compared at bfloat16's tolerance."""
    from conftest import MIXED_PRECISION
    from tcp_aot.element_types import BFLOAT16
    from tcp_aot.reference.npz import load_npz

    npz = load_npz(interface_programs / f"{MIXED_PRECISION}.npz")
    for key in ("Input0", "Input1", "Output0", "Output1"):
        np.save(tmp_path / f"{key}.npy", npz[key])
    run = tcp_aot("run", interface_programs / f"{MIXED_PRECISION}.so", "--input", tmp_path / "Input0.npy",
                  "--input", tmp_path / "Input1.npy", "--output", tmp_path / "a.npy", "--output", tmp_path / "b.npy",
                  "--expect", tmp_path / "Output0.npy", "--expect", tmp_path / "Output1.npy")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1].startswith(f"out1: bfloat16 [3, 48], matches {tmp_path / 'Output1.npy'} (max abs error ")
    assert "rtol 0.016" in lines[1]
    assert np.load(tmp_path / "b.npy").view(BFLOAT16).shape == (3, 48)
