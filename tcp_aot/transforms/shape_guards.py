"""Shape guards: every public function checks its inputs' dims at entry
against what the program assumes, and aborts with a message naming the
function, the argument and both sizes instead of reading out of bounds.

What the program assumes comes from the argument types (a static dim must
have that size), from the TCP ops (each op's shape_constraints: operands of
an elementwise op share their shape, so do the other dims of concatenated
tensors, a gather's indices fit in its input, a contraction's paired dims
are equal, so are a convolution's input and weight channels) and from
torch.export's symbolic dims (dims bound to one symbol are equal, each
within the symbol's min/max).
Every dim involved is traced back to a function argument's dim (through
each op's result_dim), so the checks
run once at entry, before any work. To read the caller's sizes of static
dims (a static type takes them for granted, so tensor.dim would fold to the
type's size), the function's arguments become dynamic in every dim and are
cast back to their types after the checks; a memref descriptor's
layout does not depend on which dims are static, so the ABI is unchanged.

A failing check fails with message `tcp_aot shape guard: ...` (see
runtime_errors.py): a status-returning entry returns TCP_AOT_ERROR_SHAPE
with it; through the memref ABI, the documented failure of a compiled
function on bad shapes is SIGABRT with that message on stderr.
"""

from __future__ import annotations

from dataclasses import dataclass

from torch_mlir import ir
from torch_mlir.dialects import arith, tensor

from ..dialects.tcp_base import DimOf, Equal, i64_array, lookup
from ..symbolic_shapes import INT64_MAX, argument_shapes
from .runtime_errors import Messages, fail_if

PREFIX = "tcp_aot shape guard: "


@dataclass(frozen=True, order=True)
class ArgDim:
    arg: int
    dim: int

    def __str__(self) -> str:
        return f"argument #{self.arg} dim {self.dim}"


Source = ArgDim | int | None  # an argument's dim, a static size, or unknown


# ---------------------------------------------------------------------------
# Where a dim comes from
# ---------------------------------------------------------------------------


class DimSources:
    """Traces a tensor value's dim back to a function argument's dim.

    Every result's dynamic dims are traced once, op by op in program order,
    so that each trace is one step through memoized operands (tracing on
    demand would recurse once per op along a chain: hundreds deep in a real
    model)."""

    def __init__(self, entry: ir.Block):
        self.entry = entry
        self.memo: dict[tuple, Source] = {}

        def visit(op: ir.Operation) -> ir.WalkResult:
            for r in op.operation.results:
                if isinstance(r.type, ir.RankedTensorType):
                    for d in range(ir.RankedTensorType(r.type).rank):
                        self.of(r, d)
            return ir.WalkResult.ADVANCE

        entry.owner.walk(visit, ir.WalkOrder.PRE_ORDER)

    def of(self, v: ir.Value, d: int) -> Source:
        t = ir.RankedTensorType(v.type)
        if not t.is_dynamic_dim(d):
            return t.shape[d]
        key = (v, d)
        if key not in self.memo:
            self.memo[key] = None  # cycles cannot occur in SSA, but keep it total
            self.memo[key] = self._trace(v, d)
        return self.memo[key]

    def _trace(self, v: ir.Value, d: int) -> Source:
        if isinstance(v, ir.BlockArgument):
            return ArgDim(v.arg_number, d) if v.owner == self.entry else None
        op = v.owner.operation
        if op.name in ("tensor.expand_shape", "tensor.collapse_shape"):
            return self._reshape(op, d)
        definition = lookup(op.name)
        if definition is None:
            return None
        sources = definition(op).result_dim(ir.OpResult(v).result_number, d)
        return _first(self.of(s.value, s.dim) if isinstance(s, DimOf) else self.of_index(s) for s in sources)

    def of_index(self, v: ir.Value) -> Source:
        """The source of an index value: a tensor.dim or a constant."""
        if isinstance(v, ir.BlockArgument):
            return None
        op = v.owner.operation
        if op.name == "tensor.dim":
            index = _constant(op.operands[1])
            return None if index is None else self.of(op.operands[0], index)
        return _constant(v)

    def _reshape(self, op: ir.Operation, d: int) -> Source:
        """A dim of an expand/collapse is traceable when it is the only
        non-unit dim of its reassociation group."""
        groups = [i64_array(g) for g in ir.ArrayAttr(op.attributes["reassociation"])]
        src, out = op.operands[0], op.results[0]
        expand = op.name == "tensor.expand_shape"
        big, small = (out, src) if expand else (src, out)
        for g, group in enumerate(groups):
            if (expand and d in group) or (not expand and g == d):
                dynamic = [x for x in group if ir.RankedTensorType(big.type).shape[x] != 1]
                if len(dynamic) != 1:
                    return None
                return self.of(src, g) if expand else self.of(src, dynamic[0])
        return None


def _first(sources) -> Source:
    found = None
    for s in sources:
        if isinstance(s, ArgDim):
            return s
        found = s if found is None else found
    return found


def _constant(v: ir.Value) -> int | None:
    if isinstance(v, ir.BlockArgument) or v.owner.operation.name != "arith.constant":
        return None
    attr = v.owner.operation.attributes["value"]
    return ir.IntegerAttr(attr).value if isinstance(attr, ir.IntegerAttr) else None


# ---------------------------------------------------------------------------
# What the program assumes
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Guard:
    kind: str  # "equal", "static", "bounds", "at_most"
    dim: ArgDim
    other: ArgDim | None = None
    value: int | None = None
    high: int | None = None
    symbol: str = ""

    def sizes(self, shapes: list[list[int]]) -> tuple[int, int]:
        """The two numbers the check compares (and prints) for these shapes."""
        a = shapes[self.dim.arg][self.dim.dim]
        if self.other is not None:
            return a, shapes[self.other.arg][self.other.dim]
        return a, (self.value if self.kind == "static" else 0)

    def holds(self, shapes: list[list[int]]) -> bool:
        a, b = self.sizes(shapes)
        if self.kind == "bounds":
            return self.value <= a <= self.high
        return a <= b if self.kind == "at_most" else a == b

    def violation(self, shapes: list[list[int]]) -> list[list[int]] | None:
        """Shapes like `shapes` that break this guard, or None if no size can."""
        a, b = self.sizes(shapes)
        if self.kind == "bounds":
            size = self.high + 1 if self.high < INT64_MAX else self.value - 1
            if size < 0 or size > 1 << 20:
                return None
        else:
            size = b + 1
        out = [list(s) for s in shapes]
        out[self.dim.arg][self.dim.dim] = size
        return out

    def rendered(self, function: str, shapes: list[list[int]]) -> str:
        """The message the compiled check prints for these shapes."""
        a, b = self.sizes(shapes)
        return self.message(function).replace("%ld", str(a), 1).replace("%ld", str(b), 1)

    def describe(self) -> str:
        """The rule, for people."""
        return _TEXTS[self.kind][0].format(**self._fields())

    def message(self, function: str) -> str:
        """The printf format the compiled check prints (two %ld: the sizes)."""
        return f"{PREFIX}{function}: " + _TEXTS[self.kind][1].format(**self._fields())

    def _fields(self) -> dict:
        return {"dim": self.dim, "other": self.other, "value": self.value, "high": self.high,
                "symbol": self.symbol}


# Per kind of guard: the rule, and the failure message with its two sizes.
_TEXTS = {
    "equal": ("{dim} must equal {other}", "{dim} is %ld, but {other} is %ld; the program needs them equal"),
    "static": ("{dim} must be {value}", "{dim} is %ld, but the program needs %ld"),
    "at_most": ("{dim} must be at most {other}", "{dim} is %ld, but may be at most {other}, which is %ld"),
    "bounds": ("{dim} must be in [{value}, {high}] (torch.export dim {symbol})",
               "{dim} is %ld, outside [{value}, {high}], the range torch.export allows for {symbol}"),
}


class _Classes:
    """Union-find over argument dims, each class possibly pinned to a size."""

    def __init__(self):
        self.parent: dict[ArgDim, ArgDim] = {}
        self.static: dict[ArgDim, int] = {}

    def find(self, x: ArgDim) -> ArgDim:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def same(self, sources: list[Source]) -> None:
        dims = [s for s in sources if isinstance(s, ArgDim)]
        sizes = [s for s in sources if isinstance(s, int)]
        if not dims:
            return
        root = self.find(min(dims))
        for x in dims:
            r = self.find(x)
            if r != root:
                lo, hi = min(r, root), max(r, root)
                self.parent[hi] = lo
                if hi in self.static:
                    self.static.setdefault(lo, self.static.pop(hi))
                root = lo
        if sizes:
            self.static.setdefault(root, sizes[0])

    def guards(self) -> list[Guard]:
        out = []
        for x in sorted(self.parent):
            root = self.find(x)
            if root in self.static:
                out.append(Guard("static", x, value=self.static[root]))
            elif x != root:
                out.append(Guard("equal", x, other=root))
        return out


def _static_dims(entry: ir.Block) -> list[Guard]:
    return [Guard("static", ArgDim(a, d), value=size)
            for a, arg in enumerate(entry.arguments) if isinstance(arg.type, ir.RankedTensorType)
            for d, size in enumerate(ir.RankedTensorType(arg.type).shape)
            if not ir.RankedTensorType(arg.type).is_dynamic_dim(d)]


def collect_guards(func_op: ir.Operation) -> list[Guard]:
    """The checks of a function's input dims, in the order the compiled
    function makes them."""
    entry = func_op.regions[0].blocks[0]
    sources = DimSources(entry)
    classes = _Classes()
    at_most: list[Guard] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        definition = lookup(op.operation.name)
        for constraint in definition(op.operation).shape_constraints() if definition else ():
            if isinstance(constraint, Equal):
                classes.same([sources.of(x.value, x.dim) for x in constraint.dims])
                continue
            small, big = sources.of(constraint.small.value, constraint.small.dim), \
                sources.of(constraint.big.value, constraint.big.dim)
            if isinstance(small, ArgDim) and isinstance(big, ArgDim) and small != big:
                at_most.append(Guard("at_most", small, other=big))
        return ir.WalkResult.ADVANCE

    func_op.walk(visit)
    bounds: list[Guard] = []
    by_symbol: dict[str, ArgDim] = {}
    for shape in argument_shapes(func_op):
        for d, expr in enumerate(shape.exprs):
            if not isinstance(expr, ir.AffineSymbolExpr):
                continue
            symbol = shape.symbols[expr.position]
            here = ArgDim(shape.arg, d)
            if symbol.name in by_symbol:
                classes.same([by_symbol[symbol.name], here])
                continue
            by_symbol[symbol.name] = here
            if symbol.min > 0 or symbol.max < INT64_MAX:
                bounds.append(Guard("bounds", here, value=symbol.min, high=symbol.max, symbol=symbol.name))
    return _static_dims(entry) + classes.guards() + bounds + at_most


# ---------------------------------------------------------------------------
# Emitting the checks
# ---------------------------------------------------------------------------


def insert_shape_guards(root: ir.Operation) -> None:
    module_block = root.regions[0].blocks[0]
    functions = [op.operation for op in module_block.operations
                 if op.operation.name == "func.func" and op.operation.regions[0].blocks
                 and not _is_private(op.operation)]
    messages = Messages(root, "__tcp_aot_guard_message_")
    for func_op in functions:
        name = ir.StringAttr(func_op.attributes["sym_name"]).value
        entry = func_op.regions[0].blocks[0]
        guards = collect_guards(func_op)
        first = _relax_argument_types(func_op)
        for guard in guards:
            symbol = messages.add(guard.message(name) + "\n")
            with ir.InsertionPoint(first), func_op.location:
                _emit(entry, guard, symbol)
    messages.define()


def _is_private(func_op: ir.Operation) -> bool:
    return "sym_visibility" in func_op.attributes and \
        ir.StringAttr(func_op.attributes["sym_visibility"]).value == "private"


def _relax_argument_types(func_op: ir.Operation) -> ir.Operation:
    """Make the arguments dynamic in every dim, cast back to their types at
    entry; returns the first operation of the entry block, before which the
    checks go."""
    entry = func_op.regions[0].blocks[0]
    first = list(entry.operations)[0]
    casts = []
    for arg in entry.arguments:
        if not isinstance(arg.type, ir.RankedTensorType):
            continue
        static = ir.RankedTensorType(arg.type)
        if all(static.is_dynamic_dim(d) for d in range(static.rank)):
            continue  # rank 0 too
        with ir.InsertionPoint(first), func_op.location:
            cast = tensor.CastOp(static, arg)
        casts.append(cast.operation)
        arg.replace_all_uses_except(cast.result, cast.operation)
        arg.set_type(ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size()] * static.rank,
                                             static.element_type, static.encoding))
    function_type = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    func_op.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get([a.type for a in entry.arguments], function_type.results))
    return casts[0] if casts else first


def _dim_i64(entry: ir.Block, x: ArgDim) -> ir.Value:
    index = arith.ConstantOp(ir.IndexType.get(), x.dim).result
    size = tensor.DimOp(entry.arguments[x.arg], index).result
    return arith.IndexCastOp(ir.IntegerType.get_signless(64), size).result


def _i64(n: int) -> ir.Value:
    return arith.ConstantOp(ir.IntegerType.get_signless(64), n).result


def _emit(entry: ir.Block, guard: Guard, symbol: str) -> None:
    a = _dim_i64(entry, guard.dim)
    if guard.kind == "bounds":
        low = arith.CmpIOp(arith.CmpIPredicate.sge, a, _i64(guard.value)).result
        high = arith.CmpIOp(arith.CmpIPredicate.sle, a, _i64(guard.high)).result
        ok = arith.AndIOp(low, high).result
        b = _i64(0)
    else:
        b = _dim_i64(entry, guard.other) if guard.other is not None else _i64(guard.value)
        predicate = arith.CmpIPredicate.sle if guard.kind == "at_most" else arith.CmpIPredicate.eq
        ok = arith.CmpIOp(predicate, a, b).result
    failed = arith.XOrIOp(ok, arith.ConstantOp(ir.IntegerType.get_signless(1), 1).result).result
    fail_if(failed, "shape", symbol, a, b)
