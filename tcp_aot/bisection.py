"""Numerics bisection: the first op of a program that computes a wrong value.

One call of each function on the program's sample inputs (case 0 of its
.npz) is observed three ways:
- the compiled code: the program compiled as the workflow compiles it, but
  with every TCP op's results also returned, so each is written out (what
  fusion would have kept in registers too);
- the TCP interpreter, on the same foo.tcp.mlir;
- for a model, eager PyTorch: the exported FX graph, decomposed as it was
  imported, run node by node.

Compiled values are compared with the interpreter's op by op (a wrong
TCP -> linalg lowering or back end), and the interpreter's with eager
PyTorch's wherever a TCP value stands for an FX node (a wrong Torch -> TCP
pattern). Which node an op comes from is known from its location: the
model is imported again with each op located at its node (`fx:<node>`, see
frontend.import_program) and converted to TCP as the mlir_tcp stage does;
that module matches foo.tcp.mlir op for op. The value of node N is the last
value, in program order, of an op located at N with the shape of N's value.

The report names the first TCP op, in program order, with a value beyond
the program's tolerance in either comparison.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .element_types import ELEMENT_TYPES, LOW_PRECISION_FLOATS, is_float_dtype, to_numpy, to_torch, tolerance
from .errors import StageError
from .walk import function_named

# ---------------------------------------------------------------------------
# Comparing two values
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """How `got` differs from `want` under a tolerance."""

    within: bool
    max_abs: float
    max_rel: float
    excess: float  # the worst |got - want| / (atol + rtol |want|); <= 1 when within
    index: tuple[int, ...] = ()
    got: object = None
    want: object = None
    shapes: str = ""  # set when the shapes differ

    def describe(self) -> str:
        if self.shapes:
            return f"shapes differ: {self.shapes}"
        where = f"[{', '.join(map(str, self.index))}]" if self.index else "the value"
        return (f"max abs error {self.max_abs:.3g}, max rel error {self.max_rel:.3g}; "
                f"worst element {where}: {self.got} where {self.want} was expected")


def compare(got: np.ndarray, want: np.ndarray, rtol: float, atol: float,
            precision: np.dtype | None = None) -> Difference:
    """As the C++ test compares: |got - want| <= atol + rtol |want| for
    floats (NaN matches NaN, an infinity itself), exact for integers and
    bools; `precision`: see element_types.tolerance."""
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        return Difference(False, np.inf, np.inf, np.inf, shapes=f"{list(got.shape)} against {list(want.shape)}")
    if got.size == 0:
        return Difference(True, 0.0, 0.0, 0.0)
    floats = is_float_dtype(got.dtype) or is_float_dtype(want.dtype)
    rtol, atol = tolerance(want, rtol, atol, precision)
    g, w = got.astype(np.float64), want.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        same = (g == w) | (np.isnan(g) & np.isnan(w))
        error = np.where(same, 0.0, np.abs(g - w))
        error = np.where(np.isnan(error) | (np.isinf(g) | np.isinf(w)) & ~same, np.inf, error)
        allowed = atol + rtol * np.abs(w) if floats else np.zeros_like(w)
        allowed = np.where(np.isinf(w), 0.0, allowed)  # an infinity matches only itself
        excess = np.where(error == 0, 0.0, error / np.where(allowed > 0, allowed, np.finfo(np.float64).tiny))
        rel = np.where(error == 0, 0.0, error / np.abs(w))
    worst = np.unravel_index(int(np.argmax(excess)), excess.shape)
    return Difference(bool(np.all(same | (error <= allowed))), float(error.max()), float(rel.max()),
                      float(excess[worst]), tuple(int(i) for i in worst), got[worst].item(), want[worst].item())


# ---------------------------------------------------------------------------
# The compiled code's values
# ---------------------------------------------------------------------------


def tensor_results(op) -> list:
    """The results of a top-level TCP op whose values are observed: tensors
    of the element types that cross the compiled ABI."""
    from torch_mlir import ir

    if not op.name.startswith("tcp."):
        return []
    return [r for r in op.results if isinstance(r.type, ir.RankedTensorType)
            and str(ir.RankedTensorType(r.type).element_type) in ELEMENT_TYPES]


def return_observed_values(func_op) -> int:
    """Make the function also return every observed op's tensor results (in
    program order, after its own results); returns how many it had."""
    from torch_mlir import ir
    from torch_mlir.dialects import func

    block = func_op.regions[0].blocks[0]
    ret = list(block.operations)[-1]
    extra = [r for op in block.operations for r in tensor_results(op.operation)]
    own = len(ret.operands)
    with ir.InsertionPoint(ret), ret.location:
        func.ReturnOp(list(ret.operands) + extra)
    ret.erase()
    function_type = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    func_op.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get(function_type.inputs, list(function_type.results) + [v.type for v in extra]))
    if "res_attrs" in func_op.attributes:  # one per result: pad for the new ones
        given = list(ir.ArrayAttr(func_op.attributes["res_attrs"]))
        func_op.attributes["res_attrs"] = ir.ArrayAttr.get(given + [ir.DictAttr.get({})] * len(extra))
    return own


# ---------------------------------------------------------------------------
# Eager PyTorch's values, and which TCP value stands for which FX node
# ---------------------------------------------------------------------------


@dataclass
class Eager:
    values: dict[str, np.ndarray]  # per FX node with a tensor value
    targets: dict[str, str]  # per FX node, its aten op
    torch_ops: dict[str, list[str]]  # per FX node, the Torch-dialect ops made from it
    nodes_per_op: list[list[str]] = field(default_factory=list)  # per top-level op of the function


def fx_nodes(loc) -> list[str]:
    """The FX nodes an op's location names (several after CSE merged ops)."""
    from torch_mlir import ir

    from .frontend import FX_NODE_PREFIX

    if type(loc) is ir.Location:
        loc = ir.Location.from_attr(loc.attr, loc.context)
    if isinstance(loc, ir.NameLoc):
        name = loc.name_str
        return [name[len(FX_NODE_PREFIX):]] if name.startswith(FX_NODE_PREFIX) else fx_nodes(loc.child_loc)
    if isinstance(loc, ir.FusedLoc):
        return [n for inner in loc.locations for n in fx_nodes(inner)]
    if isinstance(loc, ir.CallSiteLoc):
        return fx_nodes(loc.callee)
    return []


def eager_values(loader_path: str, inputs: list[np.ndarray], op_names: list[str], func_name: str,
                 work: Path, precision: str | None = None) -> Eager:
    """Eager PyTorch's value of every FX node of the model on `inputs`, and
    the nodes of each top-level op of `func_name`, whose ops in foo.tcp.mlir
    (`op_names`, converted with the model's `precision`) the model's
    conversion must reproduce; `work` holds the weights of the model
    imported again."""
    import torch
    from torch_mlir import ir

    from .context import make_context
    from .frontend import import_program
    from .loader import run_loader

    program, torch_module, weights = import_program(run_loader(loader_path), fx_node_locations=True)
    eager = Eager(*_run_nodes(program, [to_torch(np.array(x)) for x in inputs]), _torch_ops(torch_module))
    weights_file = work / "imported_again.torch.weights"
    weights.write(weights_file)
    # A context of its own: in the caller's, which has seen foo.tcp.mlir's
    # weights, MLIR would rename these, and no fold could read them.
    with make_context(), ir.Location.unknown():
        converted = _to_tcp(torch_module, weights_file, precision)
        reconverted = [op.operation for op in function_named(converted, func_name).regions[0].blocks[0].operations]
        if [op.name for op in reconverted] != op_names:
            raise StageError("the model, converted again, does not give the ops of its .tcp.mlir: "
                             "rebuild the .tcp.mlir with this compiler")
        eager.nodes_per_op = [fx_nodes(op.location) for op in reconverted]
    return eager


def _run_nodes(program, inputs: list) -> tuple[dict, dict]:
    import torch
    from torch.export.graph_signature import InputKind

    # Placeholders by name: the importer freezes weights into the graph and
    # removes their placeholders; a weight's, if one is left, takes the weight.
    specs = {spec.arg.name: spec for spec in program.graph_signature.input_specs}
    user = iter(inputs)
    args = []
    for node in program.graph_module.graph.find_nodes(op="placeholder"):
        spec = specs[node.name]
        args.append(next(user) if spec.kind == InputKind.USER_INPUT else program.state_dict[spec.target]
                    if spec.target in program.state_dict else program.constants[spec.target])
    values, targets = {}, {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, node):
            out = super().run_node(node)
            # Only ops: the importer locates the unpacking of a multi-result op
            # (split's q, k, v) at its first getitem node, so getitem has no op of its own.
            if isinstance(node.target, torch._ops.OpOverload) and isinstance(out, torch.Tensor):
                values[node.name] = to_numpy(out.cpu())
                targets[node.name] = str(node.target)
            return out

    with torch.no_grad():
        Recorder(program.graph_module).run(*args)
    return values, targets


def _torch_ops(torch_module) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for func_op in torch_module.body.operations:
        for op in func_op.regions[0].blocks[0].operations:
            for node in fx_nodes(op.location):
                if op.operation.name.startswith("torch.aten."):
                    found.setdefault(node, []).append(op.operation.name)
    return found


def _to_tcp(torch_module, weights_file: Path, precision: str | None):
    """The Torch-dialect module converted to TCP as the mlir_tcp stage does
    (its weights in `weights_file`), its locations kept, in the current
    context."""
    from . import pipelines
    from .module_io import read_module
    from .compiler.torch_to_tcp import model_pipeline

    text = torch_module.operation.get_asm(enable_debug_info=True)
    module, weights = read_module(text, "<the model, imported again>", weights_file)
    pipelines.run(module, model_pipeline(precision), pipelines.PassContext(weights=weights))
    return module


# ---------------------------------------------------------------------------
# Bisection of one function
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    op_index: int  # among the function's top-level ops
    against: str  # what was compared
    difference: Difference
    nodes: tuple[str, ...] = ()


def _coarsest_float(ops: list) -> np.dtype | None:
    """A 16-bit float type among the ops' results: every value computed
    after one carries its precision, at most."""
    for element in LOW_PRECISION_FLOATS:
        if any(str(getattr(r.type, "element_type", "")) == element for op in ops for r in op.results):
            return ELEMENT_TYPES[element].numpy
    return None


def first_divergence(ops: list, compiled: dict, interpreted: dict, eager: Eager | None,
                     rtol: float, atol: float) -> tuple[Finding | None, Finding | None, int, int]:
    """The first op with a value beyond tolerance, the largest difference
    seen, and how many compiled values and FX nodes were compared.
    `compiled` and `interpreted` map (op index, result index) to values."""
    represents = _representatives(ops, interpreted, eager) if eager else {}
    precision = _coarsest_float(ops)
    largest, n_compiled, n_nodes = None, 0, 0
    for k, op in enumerate(ops):
        checks = []
        for r in range(len(op.results)):
            if (k, r) in compiled:
                checks.append(Finding(k, "the compiled code against the TCP interpreter",
                                      compare(compiled[k, r], interpreted[k, r], rtol, atol, precision)))
            for node in represents.get((k, r), []):
                checks.append(Finding(k, f"the TCP interpreter against eager PyTorch's value of FX node {node}",
                                      compare(interpreted[k, r], eager.values[node], rtol, atol, precision), (node,)))
        for check in checks:
            if check.nodes:
                n_nodes += 1
            else:
                n_compiled += 1
            if not check.difference.within:
                return check, largest, n_compiled, n_nodes
            if largest is None or check.difference.excess > largest.difference.excess:
                largest = check
    return None, largest, n_compiled, n_nodes


def _representatives(ops: list, interpreted: dict, eager: Eager) -> dict[tuple[int, int], list[str]]:
    """(op index, result index) -> the FX nodes whose value it stands for."""
    from torch_mlir import ir

    last: dict[str, tuple[int, int]] = {}
    for k, nodes in enumerate(eager.nodes_per_op):
        for node in nodes:
            if node not in eager.values:
                continue
            want = eager.values[node]
            for r, result in enumerate(ops[k].results):
                value = interpreted.get((k, r))
                if isinstance(result.type, ir.RankedTensorType) and np.shape(value) == want.shape \
                        and _kind(value) == _kind(want):
                    last[node] = (k, r)
    out: dict[tuple[int, int], list[str]] = {}
    for node, where in last.items():
        out.setdefault(where, []).append(node)
    return out


def _kind(value) -> str:
    """float, integer or bool: what a TCP value and its FX node's share."""
    kind = np.asarray(value).dtype.kind
    return "i" if kind == "u" else kind


def describe_op(op, path: Path, text_lines: list[str]) -> str:
    """`file:line:col: <the op's line>` of an op of the parsed foo.tcp.mlir."""
    from .diagnostics import format_location

    where = format_location(op.location, str(path))
    m = re.search(r":(\d+):\d+$", where)
    line = text_lines[int(m.group(1)) - 1].strip() if m and int(m.group(1)) <= len(text_lines) else op.name
    return f"{where}: {line}"


def describe_nodes(nodes, eager: Eager | None) -> str:
    if eager is None or not nodes:
        return ""
    parts = []
    for node in dict.fromkeys(nodes):
        target = eager.targets.get(node, "")
        torch_ops = ", ".join(dict.fromkeys(eager.torch_ops.get(node, [])))
        parts.append(f"FX node {node}" + (f" ({target})" if target else "") + (f", {torch_ops}" if torch_ops else ""))
    return "; ".join(parts)


def report_function(name: str, ops: list, path: Path, text_lines: list[str], compiled: dict, interpreted: dict,
                    eager: Eager | None, rtol: float, atol: float) -> list[str]:
    """The report's lines for one function."""
    found, largest, n_compiled, n_nodes = first_divergence(ops, compiled, interpreted, eager, rtol, atol)
    lines = [f"@{name}: compared {n_compiled} values of the compiled code with the TCP interpreter's"
             + (f", and the interpreter's values of {n_nodes} FX nodes with eager PyTorch's" if eager else "")]
    if found is None:
        if largest is None:
            return lines + ["  no divergence (no value to compare)"]
        d = largest.difference
        return lines + [f"  no divergence; the largest error: max abs {d.max_abs:.3g}, max rel {d.max_rel:.3g}, "
                        f"{d.excess:.3g} of the tolerance, at {describe_op(ops[largest.op_index], path, text_lines)} "
                        f"({largest.against})"]
    op = ops[found.op_index]
    nodes = found.nodes or (tuple(eager.nodes_per_op[found.op_index]) if eager else ())
    lines += [f"  first divergence: {describe_op(op, path, text_lines)}"]
    origin = describe_nodes(nodes, eager)
    if origin:
        lines.append(f"  from: {origin}")
    lines += [f"  compared: {found.against}", f"  {found.difference.describe()}"]
    return lines


def bisect(program: str, tcp_mlir: Path, npz: Path, toolchain_json: Path, opt_level: int, rtol: float,
           atol: float, loader: str | None, work: Path) -> str:
    """The bisection report of a program (see the module's docstring)."""
    from torch_mlir import ir

    from .context import make_context
    from .files import read
    from .interpreter import Interpreter, InterpreterError
    from .module_io import read_module
    from .reference.npz import load_npz, npz_key
    from .transforms.bf16_products import precision

    text = read(tcp_mlir)
    arrays = load_npz(npz)
    lines = [f"bisection of {program}: case 0 of {npz}, tolerance rtol {rtol:g}, atol {atol:g}"]
    with make_context(), ir.Location.unknown():
        module, weights = read_module(text, str(tcp_mlir))
        interpreter = Interpreter(module, weights)
        functions = {}  # name -> (inputs, ops, interpreted values, eager values)
        for op in module.body.operations:
            if op.operation.name != "func.func" or not op.operation.regions[0].blocks:
                continue
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            block = op.operation.regions[0].blocks[0]
            keys = [npz_key("" if loader else f"{name}/", 0, f"Input{i}") for i in range(len(block.arguments))]
            missing = [key for key in keys if key not in arrays]
            if missing:
                raise StageError(f"{npz} has no {missing[0]}: rebuild it")
            inputs = [arrays[key] for key in keys]
            ops = [o.operation for o in block.operations]
            try:
                interpreted = _interpreted(interpreter, name, inputs, ops)
            except InterpreterError as e:
                raise StageError(f"the interpreter cannot run @{name} on case 0: {e}") from None
            eager = eager_values(loader, inputs, [o.name for o in ops], name, work, precision(module)) \
                if loader else None
            functions[name] = (inputs, ops, interpreted, eager)
        compiled = _compiled_values(program, text, tcp_mlir, weights.file.path, functions, toolchain_json,
                                    opt_level, work)
        for name, (inputs, ops, interpreted, eager) in functions.items():
            lines += report_function(name, ops, tcp_mlir, text.splitlines(), compiled[name], interpreted, eager,
                                     rtol, atol)
    return "\n".join(lines) + "\n"


# A call through the C interface passes each input and output and the dims
# of each ranked one as arguments; ctypes takes at most this many.
_MAX_ARGUMENTS = 1024


def _compiled_values(program: str, text: str, tcp_mlir: Path, weights: Path, functions: dict, toolchain_json: Path,
                     opt_level: int, work: Path) -> dict[str, dict]:
    """Per function, the compiled code's observed values by (op index,
    result index): the program built with every value returned, called
    on each function's inputs."""
    from torch_mlir import ir

    from .compiler.back_end import build_shared_object
    from .context import make_context
    from .diagnostics import DiagnosticError
    from .module_io import parse_module
    from .runtime.program import CallError, load
    from .weights import WEIGHTS_ATTR

    # A context of its own: parsed again in the caller's, the weights would get
    # other names (MLIR renames a resource whose name the context has seen).
    with make_context(), ir.Location.unknown():
        instrumented = parse_module(text, str(tcp_mlir))
        instrumented.operation.attributes[WEIGHTS_ATTR] = ir.StringAttr.get(str(weights.resolve()))
        n_own_results = {name: return_observed_values(function_named(instrumented, name)) for name in functions}
        for name in functions:
            types = ir.FunctionType(ir.TypeAttr(function_named(instrumented, name).attributes["function_type"]).value)
            arguments = 2 + sum(1 + (ir.RankedTensorType(t).rank > 0)
                                for t in list(types.inputs) + list(types.results))
            if arguments > _MAX_ARGUMENTS:
                raise StageError(f"@{name} has too many values to observe in one call ({len(types.results)} "
                                 f"results, {arguments} arguments where a call through ctypes takes "
                                 f"{_MAX_ARGUMENTS})")
        observed = work / f"{program}.tcp.mlir"
        observed.write_text(instrumented.operation.get_asm())
    so = work / f"{program}.so"
    try:
        build_shared_object(program, observed, weights, toolchain_json, opt_level, so, work)
        compiled_program = load(so)
    except (DiagnosticError, StageError) as e:
        raise StageError(f"the program with every value returned does not build: {e}",
                         log=getattr(e, "log", "")) from None
    values = {}
    for name, (inputs, ops, _, _) in functions.items():
        try:
            outputs = compiled_program.functions[name](*inputs)
        except CallError as e:
            raise StageError(f"the compiled @{name} fails on case 0: {e}") from None
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        keys = [(k, r.result_number) for k, op in enumerate(ops) for r in tensor_results(op)]
        values[name] = dict(zip(keys, outputs[n_own_results[name]:], strict=True))
    return values


def _interpreted(interpreter, name: str, inputs: list, ops: list) -> dict:
    index = {op: k for k, op in enumerate(ops)}
    values = {}

    def observe(op, operands, results):
        k = index.get(op)
        if k is not None:
            for r, value in enumerate(results):
                values[k, r] = value

    interpreter.run(name, inputs, observe)
    return values
