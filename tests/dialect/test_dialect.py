"""The TCP dialect as a whole: every op is covered by the syntax, verifier
and execution tests and declares what passes ask of it (its shape rules,
which hold on every execution case, its semantics and its FLOPs), printing
is stable, errors carry positions, builders check their fields, and a custom
op lowers once a lowering is registered for its name."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tcp_aot.conversion.tcp_to_linalg.misc import CUSTOM_OP_LOWERINGS, register_custom_op_lowering
from tcp_aot.diagnostics import DiagnosticError
from torch_mlir import ir

from tcp_aot.dialects import tcp
from tcp_aot.dialects.tcp_base import REGISTRY, AtMost, DimOf, Equal, TcpOp, lookup
from tcp_aot.interpreter import Interpreter
from tcp_aot.module_io import parse_module, print_module

from execution.test_tcp_ops import FAMILIES

ALL_OPS = sorted(REGISTRY)


def _ops_in(text: str) -> set[str]:
    return set(re.findall(r"\b(tcp\.[a-z_0-9]+)\b", text)) | set(re.findall(r'"(tcp\.[a-z_0-9]+)"', text))


@pytest.mark.parametrize("op", ALL_OPS)
def test_every_op_is_covered(root, op):
    lit = root / "tests" / "lit" / "dialect"
    assert op in _ops_in((lit / "ops.mlir").read_text()), "well-formed example missing"
    if op not in ELEMENTWISE:  # those: test_elementwise_rules
        assert op in _ops_in((lit / "invalid.mlir").read_text()), "no verifier-rule test"
    executed = _ops_in("\n".join(c.body for f in FAMILIES.values() for c in f.cases))
    if op != "tcp.custom_op":  # lowered only by registration: see test_registered_custom_op_lowering
        assert op in executed, "no execution test"


FACETS = ("result_dim", "shape_constraints", "evaluate", "flops")


@pytest.mark.parametrize("op", ALL_OPS)
def test_every_op_declares_what_passes_ask(op):
    """An op that has none of something says so (untraced,
    no_shape_constraints, no_flops): nothing is left out by omission."""
    cls = REGISTRY[op]
    undeclared = [f for f in FACETS if getattr(cls, f) is getattr(TcpOp, f)]
    # tcp.custom_op has no semantics: the interpreter says so (test below).
    assert undeclared == (["evaluate"] if op == "tcp.custom_op" else [])


def _sizes_hold(op: ir.Operation, values: dict) -> None:
    """op's result_dim and shape_constraints against the sizes of its
    operands and results when it ran (values: each ir.Value's)."""
    view = lookup(op.name)(op)

    def size(source) -> int:
        return values[source.value].shape[source.dim] if isinstance(source, DimOf) else int(values[source])

    for r, result in enumerate(op.results):
        if not isinstance(result.type, ir.RankedTensorType):
            continue
        for d, actual in enumerate(values[result].shape):
            for source in view.result_dim(r, d):
                assert size(source) == actual, f"{op.name}: result #{r} dim {d} is {actual}, not {source}"
    for constraint in view.shape_constraints():
        if isinstance(constraint, Equal):
            assert len({size(x) for x in constraint.dims}) == 1, f"{op.name}: {constraint}"
        else:
            assert isinstance(constraint, AtMost)
            assert size(constraint.small) <= size(constraint.big), f"{op.name}: {constraint}"


@pytest.mark.parametrize("family_name", sorted(FAMILIES))
def test_shape_rules_hold_on_every_execution_case(context, family_name):
    """Each op's declared result dims and shape constraints are true of
    the values the interpreter computes, on every execution case."""
    import zlib

    cases = FAMILIES[family_name].cases
    module = parse_module("\n".join(c.body for c in cases), f"{family_name}.mlir")
    interpreter = Interpreter(module)
    seen = set()

    def observe(op, operands, results):
        if lookup(op.name) is not None:
            seen.add(op.name)
            _sizes_hold(op, dict(zip(op.operands, operands)) | dict(zip(op.results, results)))

    for case in cases:
        inputs = case.inputs(np.random.default_rng(zlib.crc32(case.name.encode())))
        interpreter.run(case.name, inputs, observe)
    assert seen


def test_builders_check_their_fields(context):
    with ir.Location.unknown():
        f32 = ir.RankedTensorType.get([2], ir.F32Type.get())
        module = parse_module("func.func @f(%a: tensor<2xf32>) {\n  return\n}")
        entry = module.body.operations[0].regions[0].blocks[0]
        a = entry.arguments[0]
        with ir.InsertionPoint.at_block_begin(entry):
            op = tcp.ClampOp.create(f32, in_=a, min_float=0.0)
            assert "min_float = 0.000000e+00 : f32" in str(op)
            reduce = tcp.ReduceOp.create(ir.RankedTensorType.get([], ir.F32Type.get()), in_=a, kind="Sum",
                                         axes=[0])
            assert "#tcp<reduceKind Sum>" in str(reduce) and "axes = [0]" in str(reduce)
            with pytest.raises(TypeError, match="tcp.clamp has no operand or attribute min"):
                tcp.ClampOp.create(f32, in_=a, min=0.0)
            with pytest.raises(TypeError, match="tcp.add needs operand in2"):
                tcp.AddOp.create(f32, in1=a)
            with pytest.raises(TypeError, match="tcp.reduce needs attribute axes"):
                tcp.ReduceOp.create(f32, in_=a, kind="Sum")
            with pytest.raises(ValueError, match="'Mean' is not a case of reduceKind"):
                tcp.ReduceOp.create(f32, in_=a, kind="Mean", axes=[0])
            with pytest.raises(TypeError, match="tcp.add takes 1 result types, got 2"):
                tcp.AddOp.create(f32, f32, in1=a, in2=a)


def test_print_parse_print_is_stable(context, root):
    text = (root / "tests/lit/dialect/ops.mlir").read_text()
    once = print_module(parse_module(text, "ops.mlir"))
    twice = print_module(parse_module(once, "printed.mlir"))
    assert once == twice


def test_verifier_error_has_position(context):
    src = ("func.func @f(%x: tensor<1xf32>, %d: index) -> tensor<?x?xf32> {\n"
           "  %c0 = arith.constant 0 : index\n"
           "  %0 = tcp.broadcast %x, %d {axes = [0]} : tensor<1xf32>, index -> tensor<?x?xf32>\n"
           "  return %0 : tensor<?x?xf32>\n}\n")
    with pytest.raises(DiagnosticError) as err:
        parse_module(src, "file.mlir")
    assert str(err.value) == ("file.mlir:3:8: error: 'tcp.broadcast' op failed to verify that all of "
                              "{in, out} have same rank")


def test_generic_and_custom_forms_parse_to_the_same_ir(context):
    custom = parse_module("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                          "  %0 = tcp.add %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>\n"
                          "  return %0 : tensor<2xf32>\n}")
    generic = parse_module('func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n'
                           '  %0 = "tcp.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
                           '  return %0 : tensor<2xf32>\n}')
    assert print_module(custom) == print_module(generic)


def test_registered_custom_op_lowering(tmp_path):
    """tcp.custom_op("test.double") lowers once a lowering is registered."""
    from torch_mlir.dialects import arith

    from support import compile_tcp
    from tcp_aot.linalg_builders import elementwise

    @register_custom_op_lowering("test.double")
    def lower_double(op, rewriter):
        x = op.inputs[0]
        return [elementwise([x], x.type, lambda v: arith.AddFOp(v, v).result)]

    try:
        lib = compile_tcp("""func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
          %0 = tcp.custom_op("test.double") %a : tensor<?xf32> -> tensor<?xf32>
          return %0 : tensor<?xf32>
        }""", tmp_path)
        x = np.arange(5, dtype=np.float32)
        np.testing.assert_array_equal(lib.call("f", x)[0], 2 * x)
    finally:
        del CUSTOM_OP_LOWERINGS["test.double"]


def test_unregistered_custom_op_is_an_error(context):
    from tcp_aot import pipelines

    module = parse_module("""func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = tcp.custom_op("torch.aten.cumsum") %a {dim = 0 : i64} : tensor<2xf32> -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }""", "prog.mlir")
    with pytest.raises(DiagnosticError) as err:
        pipelines.run(module, ["tcp-to-llvm"], pipelines.PassContext(filename="prog.mlir"))
    assert str(err.value) == ("prog.mlir:2:12: error: 'tcp.custom_op' could not be lowered: no lowering is "
                              "registered for custom op 'torch.aten.cumsum'")


def test_interpreter_has_no_semantics_for_custom_ops(context):
    from tcp_aot.interpreter import InterpreterError

    module = parse_module("""func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = tcp.custom_op("x") %a : tensor<2xf32> -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }""")
    with pytest.raises(InterpreterError, match="no semantics for 'tcp.custom_op'"):
        Interpreter(module).run("f", [np.zeros(2, np.float32)])


# Every elementwise op against the rules it shares with its siblings.
ELEMENTWISE = sorted(name for name, cls in REGISTRY.items() if "Elementwise" in cls.TRAITS and name != "tcp.cast")
ATTRS = {"tcp.clamp": "{min_float = 0.0 : f32}", "tcp.divsi": "{rounding_mode = #tcp<roundingMode Floor>}",
         "tcp.divui": "{rounding_mode = #tcp<roundingMode Floor>}",
         "tcp.rem": "{rounding_mode = #tcp<roundingMode Floor>}", "tcp.cmp": "{predicate = #tcp<cmpPredicate Lt>}"}
INT_ONLY = {"tcp.divsi", "tcp.divui", "tcp.and", "tcp.or", "tcp.xor", "tcp.not"}
I1_RESULT = {"tcp.cmp"}
I1_FIRST_OPERAND = {"tcp.select"}
ANY_ELEMENT_TYPE = {"tcp.cmp", "tcp.select"}  # their type rules are in invalid.mlir


def _elementwise_op(op: str, in_type: str, out_type: str) -> str:
    """`op` on operands of in_type (i1 where the op wants a condition) giving
    out_type (i1 for a comparison)."""
    cls = REGISTRY[op]
    in_types = [in_type] * len(cls.OPERANDS)
    if op in I1_FIRST_OPERAND:
        in_types[0] = re.sub(r"x\w+>$", "xi1>", in_type)
    if op in I1_RESULT:
        out_type = re.sub(r"x\w+>$", "xi1>", out_type)
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(in_types))
    operands = ", ".join(f"%a{i}" for i in range(len(in_types)))
    return (f"func.func @f({args}) {{\n"
            f"  %0 = {op} {operands} {ATTRS.get(op, '')} : {', '.join(in_types)} -> {out_type}\n"
            f"  return\n}}\n")


@pytest.mark.parametrize("op", ELEMENTWISE)
def test_elementwise_rules(context, op):
    good = "tensor<2x?xi32>" if op in INT_ONLY else "tensor<2x?xf32>"
    parse_module(_elementwise_op(op, good, good))
    bad_elem = "tensor<2x?xf32>" if op in INT_ONLY else "tensor<2x?xi1>"
    cases = {"requires the same shape for all operands and results": (good, good.replace("2x?", "3x?"))}
    if op not in ANY_ELEMENT_TYPE:
        cases["operand #0 must be"] = (bad_elem, bad_elem)
    if op not in ANY_ELEMENT_TYPE:
        cases["requires the same element type for all operands and results"] = (good, good.replace("32>", "64>"))
    for message, (in_type, out_type) in cases.items():
        with pytest.raises(DiagnosticError, match=re.escape(f"'{op}' op {message}")):
            parse_module(_elementwise_op(op, in_type, out_type))


def test_signless_integers_cast_as_unsigned(context):
    """Upstream TCP lowers a Signless integer side of tcp.cast as an Unsigned
    one (uitofp, extui, fptoui); the interpreter, the oracle of the compiled
    code, says the same."""
    module = parse_module("""func.func @f(%i: tensor<2xi8>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xi16>) {
      %0 = tcp.cast %i {in_int_signedness = #tcp<signedness Signless>} : tensor<2xi8> -> tensor<2xf32>
      %1 = tcp.cast %i {in_int_signedness = #tcp<signedness Signless>, out_int_signedness = #tcp<signedness Signed>} : tensor<2xi8> -> tensor<2xi32>
      %2 = tcp.cast %x {out_int_signedness = #tcp<signedness Signless>} : tensor<2xf32> -> tensor<2xi16>
      return %0, %1, %2 : tensor<2xf32>, tensor<2xi32>, tensor<2xi16>
    }""")
    to_float, widened, to_int = Interpreter(module).run("f", [np.array([-1, 5], np.int8),
                                                             np.array([40000.5, 7.9], np.float32)])
    np.testing.assert_array_equal(to_float, np.array([255.0, 5.0], np.float32))
    np.testing.assert_array_equal(widened, np.array([255, 5], np.int32))
    np.testing.assert_array_equal(to_int, np.array([40000 - 65536, 7], np.int16))
