"""The pass registry (tcp_aot/pipelines.py): every pass a pipeline names
exists and runs, Python passes take typed options from the textual
pipeline, and a wrong pass or option is refused naming it."""

from __future__ import annotations

import pytest

from tcp_aot import pipelines
from tcp_aot.context import make_context
from tcp_aot.module_io import parse_module
from tcp_aot.transforms.parallel import ParallelOptions


def _upstream_passes() -> set[str]:
    return {entry for name in pipelines.PIPELINES for entry in pipelines.expand([name])
            if pipelines.split_entry(entry)[0] not in pipelines.PYTHON_PASSES}


@pytest.mark.parametrize("name", sorted(set(pipelines.PYTHON_PASSES) | _upstream_passes()))
def test_every_pass_runs_on_an_empty_module(name):
    """A misspelled module, function or upstream pass would fail here, not
    in the first pipeline that runs it."""
    with make_context():
        module = parse_module("module {}")
        pipelines.run(module, [name])
        assert module.operation.verify()


def test_every_pipeline_names_only_known_passes():
    for name in pipelines.PIPELINES:
        for entry in pipelines.expand([name]):
            assert pipelines.split_entry(entry)[0] in pipelines.PYTHON_PASSES or entry in _upstream_passes()


PROGRAM = """
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x32xf32>) outs(%a : tensor<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
"""


@pytest.mark.parametrize("entry, marked", [("mark-parallel", False), ("mark-parallel{min-work=1024}", True),
                                           ("mark-parallel{min-work=1025 min-product-work=1}", False)])
def test_options_come_from_the_textual_pipeline(entry, marked):
    """32 x 32 iterations: below the default threshold, at the one given."""
    with make_context():
        module = parse_module(PROGRAM)
        pipelines.run(module, [entry])
        assert ("tcp_aot.parallel = 0" in str(module)) == marked


def test_options_are_typed_and_listed():
    mark_parallel = pipelines.PYTHON_PASSES["mark-parallel"]
    assert mark_parallel.default_options() == ParallelOptions()
    assert mark_parallel.parse_options("mark-parallel", "min-work=7") == ParallelOptions(min_work=7)
    assert mark_parallel.describe_options() == ("min-work=4096 min-product-work=262144 "
                                                "min-vector-product-work=32768")
    assert pipelines.PYTHON_PASSES["tcp-verify"].describe_options() == ""


@pytest.mark.parametrize("entry, message", [
    ("mark-parallel{min-wrok=7}", "pass mark-parallel has no option 'min-wrok' (its options: min-work, "
                                  "min-product-work, min-vector-product-work)"),
    ("mark-parallel{min-work=many}", "option min-work of pass mark-parallel takes a value of type int, not 'many'"),
    ("tcp-verify{strict=1}", "pass tcp-verify takes no options (given 'strict=1')"),
])
def test_a_wrong_option_is_refused_naming_the_pass(entry, message):
    with make_context(), pytest.raises(pipelines.PipelineError) as e:
        pipelines.build_pass_manager([entry])
    assert str(e.value) == message


def test_without_verify_each_the_result_is_verified_at_the_end():
    """The stages' way (mlir_llvm): invalid IR left by the passes still
    stops compilation, with a note on how to find the pass."""
    from torch_mlir import ir

    from tcp_aot.diagnostics import DiagnosticError

    with make_context(), ir.Location.unknown():
        module = parse_module(PROGRAM)
        f = module.body.operations[0]
        tensor = ir.RankedTensorType.get([32, 32], ir.F32Type.get())
        f.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([tensor], [ir.F32Type.get()]))
        with pytest.raises(DiagnosticError) as e:
            pipelines.run(module, ["mark-parallel"], verify_each=False)
    assert [d.severity for d in e.value.diagnostics] == ["error", "note"]
    assert "doesn't match function result type ('f32')" in e.value.diagnostics[0].message
    assert e.value.diagnostics[1].message.startswith("the passes left invalid IR (a compiler bug): tcp-opt")
