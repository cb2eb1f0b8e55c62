"""Loader -> torch.export -> Torch dialect (torch-mlir's FX importer).

Four things are done here rather than by the importer:
- Weights: every parameter and buffer of the model, and every other tensor
  constant of at least weights.THRESHOLD bytes, is imported as a
  `dense_resource<name>` literal without data (named by its state_dict key)
  and written to the weights file instead (weights/file.py). The importer
  would copy each tensor into the IR through a Python list.
- torch.export's symbolic dims are bound to the function's arguments
  (torch.symbolic_int + torch.bind_symbolic_shape) from the exported
  program's input shapes and range constraints. The importer can bind every
  intermediate value too, but fails on size expressions it cannot translate
  (`x[::2]` on a dynamic dim gives a FloorDiv); the compiler only needs the
  arguments' (shape guards, the npz stage's second case).
- A constant tensor (a buffer) inside a list argument, as in `x[self.idx]`,
  is routed through aten.clone: the importer refuses literal tensors in lists.
- torch-mlir's decompositions (but scaled_dot_product_attention's: it
  stays one op, tcp.attention; and aten.sort.stable as aten.sort, and the
  quantize ops of dynamic quantization as tensor arithmetic) run here
  rather than in the importer, so that the `as_strided` they leave where a
  plain view would do (group_norm's, on a dynamic batch) becomes that view
  (the importer only takes static as_strided sizes), and a size they make a
  float (torch.sym_float) becomes aten.Float.Scalar, which the importer
  knows, and a binary op they give such a scalar first takes it second.
  Before they run, every `view` becomes a `reshape`: a decomposition
  may lay a tensor out otherwise than the op it replaces, and a view
  recorded at export would then fail on it.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import torch
from torch.export.graph_signature import InputKind
from torch_mlir import fx, ir
from torch_mlir.dialects import torch as torch_d
from torch_mlir.extras.fx_decomp_util import get_decomposition_table
from torch_mlir.extras.fx_importer import (
    ContextCache, FxImporter, FxImporterHooks, GraphNodeImporter, create_mlir_tensor_type,
)

from .dialects.tcp_base import resource_attr
from .element_types import to_numpy
from .errors import StageError
from .loader import TorchLoaderOutput
from .weights.file import CONSTANT, STATE, Layout, write_weights
from .weights import THRESHOLD, WEIGHTS_ATTR


def export(out: TorchLoaderOutput):
    """torch.export the loader's model on its sample inputs."""
    try:
        return torch.export.export(out.model, tuple(out.inputs), dynamic_shapes=_dynamic_shapes(out))
    except Exception as e:
        raise StageError(f"torch.export failed: {type(e).__name__}: {_first_lines(str(e))}") from None


def _dynamic_shapes(out: TorchLoaderOutput):
    ds = out.dynamic_shapes
    return tuple(ds) if isinstance(ds, list) else ds


def _first_lines(text: str, n: int = 3) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " ".join(lines[:n]) + (" ..." if len(lines) > n else "")


def import_to_torch_mlir(out: TorchLoaderOutput, weights_file: Path) -> str:
    """The Torch-dialect module (backend contract form) as text, naming
    `weights_file`, where its weights are written."""
    _, module, weights = import_program(out)
    weights.write(weights_file)
    module.operation.attributes[WEIGHTS_ATTR] = ir.StringAttr.get(weights_file.name, module.context)
    return module.operation.get_asm(enable_debug_info=False)


# The location name of the ops imported from FX node N (with fx_node_locations).
FX_NODE_PREFIX = "fx:"


def import_program(out: TorchLoaderOutput, fx_node_locations: bool = False):
    """The exported program as imported (decomposed), its Torch-dialect
    module and its weights (ImportedWeights). With `fx_node_locations`, each
    op's location is named after the FX node it comes from (`fx:<node>`),
    for the numerics bisection."""
    program = export(out)
    _clone_constants_in_lists(program)
    _views_to_reshapes(program)
    context = ir.Context()
    torch_d.register_dialect(context)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            program = program.run_decompositions(_decompositions())
            _as_strided_to_view(program)
            _sym_floats_to_float_scalars(program)
            _scalars_second(program)
            weights = ImportedWeights(program)
            importer = FxImporter(context=context, hooks=weights, graph_node_importer_cls=_LiteralTrackingImporter)
            if fx_node_locations:
                _name_locations_after_nodes(importer)
            # Attention stays one op through torch-mlir's lowering to its backend contract too.
            module = fx.export_and_import(program, output_type="torch", func_name=out.func_name,
                                          decomposition_table={}, fx_importer=importer,
                                          backend_legal_ops=["aten.scaled_dot_product_attention"])
        except StageError:
            raise
        except Exception as e:
            raise StageError(f"torch-mlir import failed: {type(e).__name__}: {_first_lines(str(e))}") from None
    with module.context, ir.Location.unknown():
        _name_arguments(module, program, out.func_name)
        _bind_argument_shapes(module, program, out.func_name)
    return program, module, weights


def _decompositions() -> dict:
    """torch-mlir's but scaled_dot_product_attention's, aten.sort.stable
    (torch.argsort's, torch.sort's with stable=True) as aten.sort, which
    torch-mlir knows and TCP's stable sort implements, and the ops of
    dynamic quantization, which torch-mlir does not know (it knows the
    static quantize_per_tensor and dequantize_per_tensor, which take
    numbers)."""
    import torch.ao.quantization.fx._decomposed  # noqa: F401 (defines the quantized_decomposed ops)

    table = get_decomposition_table()
    # Attention stays one op (tcp.attention), computed without its scores in memory.
    for op in (torch.ops.aten.scaled_dot_product_attention.default,
               torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default):
        table.pop(op, None)
    table[torch.ops.aten.sort.stable] = _stable_sort
    quantized = torch.ops.quantized_decomposed
    table[quantized.choose_qparams.tensor] = _choose_qparams
    table[quantized.quantize_per_tensor.tensor] = _quantize_per_tensor
    table[quantized.dequantize_per_tensor.tensor] = _dequantize_per_tensor
    return table


def _stable_sort(x, *, stable=None, dim=-1, descending=False):
    return torch.ops.aten.sort.default(x, dim, descending)


# Dynamic quantization's ops as PyTorch computes them
# (torch/ao/quantization/fx/_decomposed.py, utils.determine_qparams), on
# tensors where PyTorch takes their .item(): a scale as a Python float
# multiplies a float32 tensor as float32, a zero point is exact in float32.
def _choose_qparams(x, quant_min, quant_max, eps, dtype):
    """The scale and zero point that map [min(x, 0), max(x, 0)] onto
    [quant_min, quant_max] (affine, per tensor), as float64 and int64 [1]."""
    low = torch.minimum(torch.amin(x), torch.zeros((), dtype=x.dtype))
    high = torch.maximum(torch.amax(x), torch.zeros((), dtype=x.dtype))
    scale = torch.maximum((high - low) / float(quant_max - quant_min), torch.full((1,), eps, dtype=torch.float32))
    zero_point = torch.clamp(quant_min - torch.round(low / scale).to(torch.int32), quant_min, quant_max)
    return scale.to(torch.float64), zero_point.to(torch.int64)


def _quantize_per_tensor(x, scale, zero_point, quant_min, quant_max, dtype):
    inverse = (1.0 / scale).to(torch.float32)
    q = torch.round(x.to(torch.float32) * inverse) + zero_point.to(torch.float32)
    return torch.clamp(q, quant_min, quant_max).to(dtype)


def _dequantize_per_tensor(q, scale, zero_point, quant_min, quant_max, dtype, *, out_dtype=None):
    out_dtype = out_dtype or torch.float32
    return (q.to(out_dtype) - zero_point.to(out_dtype)) * scale.to(out_dtype)


class ImportedWeights(FxImporterHooks):
    """The importer's hooks that make weights of a program's tensors (see
    the module's docstring), and the weights file they go to."""
    def __init__(self, program):
        self.tensors: dict[str, object] = {}  # name -> tensor, in import order
        self.kinds: dict[str, str] = {}
        self.current = None  # the literal being imported, as the graph holds it
        self._state = _named_tensors(program)
        self._imported: dict[int, ir.Attribute] = {}  # by the tensor's identity

    def resolve_literal(self, gni, literal, info):
        original = self.current if self.current is not None else literal
        if not isinstance(literal, torch.Tensor) or not isinstance(original, torch.Tensor):
            return None
        value = self._imported.get(id(original))
        if value is None:
            name, kind = self._state.get(id(original), (None, CONSTANT))
            if name is None or kind == CONSTANT:
                if literal.numel() <= 1 or literal.nbytes < THRESHOLD:
                    return None  # stays in the IR
                name = name or f"constant_{len(self.tensors)}"
            while name in self.tensors:
                name += "'"
            self.tensors[name], self.kinds[name] = literal, kind
            value = self._imported[id(original)] = resource_attr(name, _signless(create_mlir_tensor_type(literal)))
        return ir.Operation.create("torch.vtensor.literal", results=[gni._cc.tensor_to_vtensor_type(literal)],
                                   attributes={"value": value}).result

    def write(self, path: Path) -> None:
        arrays = {name: _numpy(name, t) for name, t in self.tensors.items()}
        layout = Layout.plan((name, self.kinds[name], a.dtype, a.shape) for name, a in arrays.items())
        write_weights(path, layout, arrays.values())


def _signless(t: ir.RankedTensorType) -> ir.RankedTensorType:
    """An integer weight's type without signedness, which TCP wants (Torch
    takes it on an si64 literal): MLIR cannot retype a resource later."""
    element = t.element_type
    if isinstance(element, ir.IntegerType) and not ir.IntegerType(element).is_signless:
        return ir.RankedTensorType.get(t.shape, ir.IntegerType.get_signless(ir.IntegerType(element).width))
    return t


def _numpy(name: str, tensor):
    try:
        return to_numpy(tensor)
    except TypeError as e:  # a dtype NumPy lacks (complex32, float8)
        raise StageError(f"weight {name}: {e}") from None


def _named_tensors(program) -> dict[int, tuple[str, str]]:
    """Each parameter's and buffer's tensor (and each lifted constant's), by
    identity: its name and kind. A non-persistent buffer is also put in the
    program's state_dict, where the importer looks for every buffer."""
    named: dict[int, tuple[str, str]] = {}
    state, constants = program.state_dict, program.constants
    for spec in program.graph_signature.input_specs:
        if spec.kind == InputKind.PARAMETER or (spec.kind == InputKind.BUFFER and spec.persistent):
            tensor, kind = state[spec.target], STATE
        elif spec.kind == InputKind.BUFFER:
            tensor, kind = constants[spec.target], CONSTANT
            state.setdefault(spec.target, tensor)
        elif spec.kind == InputKind.CONSTANT_TENSOR:
            tensor, kind = constants[spec.target], CONSTANT
        else:
            continue
        named.setdefault(id(tensor), (spec.target, kind))
    return named


class _LiteralTrackingImporter(GraphNodeImporter):
    """Tells the hooks which literal it imports: the importer hands them a
    bool tensor as a fresh uint8 copy."""
    def _import_literal(self, py_value, info=None):
        hooks = self.fx_importer._hooks
        hooks.current = py_value
        try:
            return super()._import_literal(py_value, info)
        finally:
            hooks.current = None


def _name_locations_after_nodes(importer) -> None:
    """The importer locates ops by their node's stack trace, which several
    nodes share; wrap each location in a name, the node's. (The importer has
    no hook for locations: its context cache is replaced by one that names
    them.)"""
    class NamingCache(ContextCache):
        def get_node_location(self, node):
            located = super().get_node_location(node) or ir.Location.unknown(self._c)
            return ir.Location.name(FX_NODE_PREFIX + node.name, located, context=self._c)

    importer._cc = NamingCache(importer._c, py_attr_tracker=importer._py_attr_tracker)


def _views_to_reshapes(program) -> None:
    """aten.view -> aten.reshape (the same values: TCP has no strides)."""
    graph = program.graph_module.graph
    views = [n for n in graph.nodes if n.op == "call_function" and n.target == torch.ops.aten.view.default]
    for node in views:
        node.target = torch.ops.aten.reshape.default
    if views:
        program.graph_module.recompile()


def _as_strided_to_view(program) -> None:
    """aten.as_strided of a contiguous tensor, at offset 0, with the
    contiguous strides of its sizes (but on dims of size 1, whose stride
    moves nothing: a pooling of a channels-last tensor, as in ConvNeXt and
    Swin, leaves [N, C, 1, 1] with strides [C, 1, C, C]), is aten.view."""
    graph = program.graph_module.graph
    changed = False
    for node in list(graph.nodes):
        if node.op != "call_function" or node.target != torch.ops.aten.as_strided.default:
            continue
        source, size, stride, *rest = node.args
        offset = rest[0] if rest else node.kwargs.get("storage_offset")
        value = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
        contiguous = _contiguous_strides(size)
        if value is None or offset not in (None, 0) or not value.is_contiguous() or contiguous is None or \
                any(s != c for s, c, n in zip(stride, contiguous, size) if n != 1):
            continue
        with graph.inserting_before(node):
            view = graph.call_function(torch.ops.aten.view.default, (source, list(size)))
            view.meta = dict(node.meta)
        node.replace_all_uses_with(view)
        graph.erase_node(node)
        changed = True
    if changed:
        program.graph_module.recompile()


def _sym_floats_to_float_scalars(program) -> None:
    """torch.sym_float (a size as a float, in decompositions that compute
    with sizes, such as grid_sample's on a dynamic image) as
    aten.Float.Scalar, which the importer knows (it has no case for
    sym_float itself)."""
    graph = program.graph_module.graph
    nodes = [n for n in graph.nodes if n.op == "call_function" and n.target is torch.sym_float]
    for node in nodes:
        node.target = torch.ops.aten.Float.Scalar
    if nodes:
        program.graph_module.recompile()


# Binary ops a decomposition may call with a size-derived scalar first (grid_sample's
# reflection: `span - fmod(...)` on a dynamic image), as the Scalar overload that
# takes it second: the importer's aten.sub.Tensor wants a tensor first.
_SCALAR_SECOND = {torch.ops.aten.sub.Tensor: torch.ops.aten.rsub.Scalar,
                  torch.ops.aten.add.Tensor: torch.ops.aten.add.Scalar,
                  torch.ops.aten.mul.Tensor: torch.ops.aten.mul.Scalar}


def _scalars_second(program) -> None:
    """aten.sub/add/mul.Tensor(scalar, tensor) as rsub/add/mul.Scalar(tensor, scalar)."""
    graph = program.graph_module.graph
    changed = False
    for node in graph.nodes:
        if node.op != "call_function" or node.target not in _SCALAR_SECOND or node.kwargs or len(node.args) != 2:
            continue
        first, second = node.args
        if _is_tensor(first) or not _is_tensor(second):
            continue
        node.target, node.args = _SCALAR_SECOND[node.target], (second, first)
        changed = True
    if changed:
        program.graph_module.recompile()


def _is_tensor(arg) -> bool:
    return isinstance(arg, torch.fx.Node) and isinstance(arg.meta.get("val"), torch.Tensor)


def _contiguous_strides(size) -> list[int] | None:
    """Row-major strides of `size` (the first dim may be symbolic), or None
    when a later dim is not a plain int."""
    size = list(size)
    if not all(isinstance(s, int) for s in size[1:]):
        return None
    strides = [1] * len(size)
    for i in range(len(size) - 2, -1, -1):
        strides[i] = strides[i + 1] * size[i + 1]
    return strides


def _clone_constants_in_lists(program) -> None:

    signature = program.graph_signature
    constants = set(signature.inputs_to_buffers) | set(signature.inputs_to_parameters) | \
        set(signature.inputs_to_lifted_tensor_constants)
    graph = program.graph_module.graph
    changed = False
    for node in list(graph.nodes):
        if node.op != "call_function":
            continue
        new_args = []
        for arg in node.args:
            if isinstance(arg, (list, tuple)) and any(
                    isinstance(a, torch.fx.Node) and a.op == "placeholder" and a.name in constants for a in arg):
                items = []
                for a in arg:
                    if isinstance(a, torch.fx.Node) and a.op == "placeholder" and a.name in constants:
                        with graph.inserting_before(node):
                            clone = graph.call_function(torch.ops.aten.clone.default, (a,))
                            clone.meta["val"] = a.meta.get("val")
                        a = clone
                        changed = True
                    items.append(a)
                arg = type(arg)(items)
            new_args.append(arg)
        node.args = tuple(new_args)
    if changed:
        program.graph_module.recompile()


def _name_arguments(module, program, func_name: str) -> None:
    """Each argument's torch.export input name, for the compiled program's
    signature (signature.py)."""
    from .symbolic_shapes import NAME_ATTR
    from .walk import function_named

    func_op = function_named(module, func_name)
    names = program.graph_signature.user_inputs
    if len(names) != len(func_op.regions[0].blocks[0].arguments):
        return  # the importer passed something else too: leave the default names
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get(
        [ir.DictAttr.get({NAME_ATTR: ir.StringAttr.get(n)}) for n in names])


def _bind_argument_shapes(module, program, func_name: str) -> None:
    """torch.symbolic_int for every symbol of the inputs' shapes (with
    torch.export's range) and torch.bind_symbolic_shape for every argument
    whose shape mentions one."""
    import sympy

    from .walk import function_named

    user_inputs = program.graph_signature.user_inputs
    shapes = [node.meta["val"].shape for node in program.graph.nodes
              if node.op == "placeholder" and node.name in user_inputs]
    exprs = [[d.node.expr if isinstance(d, torch.SymInt) else sympy.Integer(d) for d in shape] for shape in shapes]
    symbols = sorted({s for dims in exprs for e in dims for s in e.free_symbols}, key=str)
    if not symbols:
        return
    func_op = function_named(module, func_name)
    entry = func_op.regions[0].blocks[0]
    i64 = ir.IntegerType.get_signless(64)
    with ir.InsertionPoint.at_block_begin(entry):
        values = {}
        for symbol in symbols:
            low, high = _range(program.range_constraints.get(symbol))
            values[symbol] = ir.Operation.create(
                "torch.symbolic_int", results=[ir.Type.parse("!torch.int")],
                attributes={"symbol_name": ir.StringAttr.get(str(symbol)),
                            "min_val": ir.IntegerAttr.get(i64, low), "max_val": ir.IntegerAttr.get(i64, high)}
            ).result
        for arg, dims in zip(entry.arguments, exprs):
            used = sorted({s for e in dims for s in e.free_symbols}, key=str)
            if not used:
                continue
            affine = [_affine(e, used) for e in dims]
            if any(a is None for a in affine):
                continue  # an expression an affine map cannot hold
            amap = ir.AffineMap.get(0, len(used), affine)
            ir.Operation.create("torch.bind_symbolic_shape", results=[],
                                operands=[arg] + [values[s] for s in used],
                                attributes={"shape_expressions": ir.AffineMapAttr.get(amap)})


def _range(constraint) -> tuple[int, int]:
    """torch.export's bounds of a symbol; unbounded sides become 0 / INT64_MAX."""
    int64_max = 2**63 - 1
    if constraint is None:
        return 0, int64_max
    return _finite(constraint.lower, 0), min(_finite(constraint.upper, int64_max), int64_max)


def _finite(bound, default: int) -> int:
    try:
        return int(bound)
    except (TypeError, ValueError, AttributeError, OverflowError):  # sympy's and torch's infinities
        return default


def _affine(expr, symbols):
    """A sympy size expression as an AffineExpr of symbols, or None."""
    import sympy

    if isinstance(expr, sympy.Integer):
        return ir.AffineConstantExpr.get(int(expr))
    if isinstance(expr, sympy.Symbol):
        return ir.AffineSymbolExpr.get(symbols.index(expr))
    if isinstance(expr, (sympy.Add, sympy.Mul)):
        parts = [_affine(a, symbols) for a in expr.args]
        if any(p is None for p in parts):
            return None
        result = parts[0]
        for p in parts[1:]:
            result = result + p if isinstance(expr, sympy.Add) else result * p
        return result
    return None
