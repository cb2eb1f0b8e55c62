"""Which package files each stage depends on (tcp_aot/stage_code.py): the
conversions, the dialect and the interpreter belong to the stages that run
them and to no others. The workflow tests check the same end to end, and
that every module a stage really loads is listed."""

from __future__ import annotations

import hashlib

import pytest

from tcp_aot import stage_code


def _files(stage: str) -> set[str]:
    return {str(p.relative_to(stage_code.PACKAGE)) for p in stage_code.stage_files(stage)}


def test_the_stages_are_the_stage_modules():
    assert stage_code.stages() == ["assemble", "bench", "bench_report", "bisect", "coverage", "header", "ll", "mlir_llvm",
                                   "mlir_tcp", "mlir_torch", "npz_model", "npz_tcp_source", "optimize", "profile",
                                   "shared_object", "signature", "test_bin", "test_cpp", "test_run", "test_support",
                                   "toolchain"]


def test_the_c_interface_belongs_to_the_shared_object_not_the_tests_header():
    files = _files("shared_object")
    assert {"c_interface/__init__.py", "c_interface/tcp_aot_runtime.c", "signature.py"} <= files
    assert "runtime/tcp_aot_test_support.h" not in files
    assert "c_interface/__init__.py" in _files("header")


def test_each_conversion_belongs_to_its_stage():
    mlir_tcp, mlir_llvm = _files("mlir_tcp"), _files("mlir_llvm")
    assert {"conversion/torch_to_tcp/elementwise.py", "conversion/torch_to_tcp/__init__.py",
            "transforms/backend_contract.py", "pipelines.py", "stages/mlir_tcp.py"} <= mlir_tcp
    assert not any(f.startswith("conversion/tcp_to_linalg/") for f in mlir_tcp)
    assert {"conversion/tcp_to_linalg/elementwise.py", "transforms/shape_guards.py",
            "transforms/owned_results.py", "stages/mlir_llvm.py"} <= mlir_llvm
    assert not any(f.startswith("conversion/torch_to_tcp/") for f in mlir_llvm)
    # Both conversions build scalar casts the same way.
    assert "conversion/element_casts.py" in mlir_tcp & mlir_llvm


def test_the_front_end_does_not_depend_on_the_compiler():
    for stage in ("mlir_torch", "npz_model"):
        files = _files(stage)
        assert "dialects/tcp.py" not in files and "interpreter.py" not in files, stage
        assert not any(f.startswith("conversion/") for f in files), stage
    assert "interpreter.py" in _files("npz_tcp_source")
    assert {"cpp_test.py", "transforms/shape_guards.py"} <= _files("test_cpp")


def test_packages_on_the_way_are_included():
    assert {"__init__.py", "conversion/__init__.py", "stages/__init__.py"} <= _files("mlir_llvm")


def test_the_listing_has_a_checksum_per_file():
    lines = stage_code.listing("test_run").splitlines()
    assert [line.split()[1] for line in lines] == [f"tcp_aot/{f}" for f in sorted(_files("test_run"))]
    digest, path = lines[-1].split()
    assert digest == hashlib.sha256((stage_code.PACKAGE.parent / path).read_bytes()).hexdigest()


def test_an_unknown_stage_is_named():
    expected = r"no stage module tcp_aot\.stages\.nope \(stages: assemble, bench, bench_report, bisect, coverage, header"
    with pytest.raises(ValueError, match=expected):
        stage_code.stage_files("nope")


def test_a_loader_brings_the_models_it_builds_on():
    """The mlir_torch and npz rules take these as inputs: editing models/mlp.py
    rebuilds mlp_f16, whose loader converts mlp's model."""
    from conftest import ROOT

    files = {str(p.relative_to(ROOT)) for p in stage_code.source_files("models.low_precision", ROOT)}
    assert files == {"models/__init__.py", "models/low_precision.py", "models/mlp.py", "models/gpt_block.py",
                     "models/resnet_basic_block.py"}
    zoo = {str(p.relative_to(ROOT)) for p in stage_code.source_files("models.zoo.transformers_models", ROOT)}
    assert "models/zoo/libraries.py" in zoo and not any(f.startswith("tcp_aot") for f in zoo)


def test_each_stage_names_every_pipeline_its_compiler_step_runs():
    """A stage's PIPELINES is what stage_code reads: a pipeline the step runs
    but the stage does not name would leave its passes out of the stage's files."""
    from pathlib import Path

    from tcp_aot.compiler import tcp_to_llvm, torch_to_tcp
    from tcp_aot.pipelines import PRECISION_PIPELINES
    from tcp_aot.stages import mlir_llvm, mlir_tcp

    runs = {name for source in ("m.torch.mlir", "s.mlir") for precision in [None, *PRECISION_PIPELINES]
            for name in torch_to_tcp.pipeline(Path(source), precision)}
    assert runs == set(mlir_tcp.PIPELINES)
    assert mlir_llvm.PIPELINES == [tcp_to_llvm.PIPELINE]
