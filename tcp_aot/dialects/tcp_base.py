"""Machinery behind the TCP op definitions in tcp.py.

TCP ops live in the MLIR context as *unregistered* operations (the context
allows unregistered dialects) and everything the C++ ODS layer would give a
dialect is provided here in Python: op definitions with named operands,
results and attributes, type and attribute constraints, verifiers with
ODS-style messages, builders and accessors.

Why not IRDL (torch_mlir.dialects.ext)? IRDL binds one constraint variable per
operand definition, so every value of a variadic operand must have the *same*
type: tcp.custom_op, tcp.group, tcp.yield and tcp.concat need differently
typed variadic values. IRDL-backed ops also cannot have optional attributes
(clamp's bounds, cast's signedness). Unregistered ops keep their generic form
in MLIR; tcp_syntax.py gives them the custom syntax.

Beyond what ODS declares, each op class says what the rest of the compiler
needs to know about it, so that passes ask the op instead of switching on
its name (see TcpOp): its result dims in terms of its operands' dims and the
dims it requires equal (the shape guards), its semantics on NumPy arrays (the
interpreter and constant folding), its FLOPs (the bench), and its folds.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from typing import Callable, ClassVar, Iterator, Protocol, Sequence

import numpy as np
from torch_mlir import ir
from torch_mlir.dialects import quant

from ..element_types import BFLOAT16, ELEMENT_TYPES

DIALECT = "tcp"

# ---------------------------------------------------------------------------
# Type constraints
# ---------------------------------------------------------------------------


def is_float(t: ir.Type) -> bool:
    return isinstance(t, ir.FloatType)


def is_bool(t: ir.Type) -> bool:
    return isinstance(t, ir.IntegerType) and ir.IntegerType(t).width == 1


def is_int(t: ir.Type) -> bool:
    """A signless integer of a width PyTorch uses (signedness lives in ops)."""
    if not isinstance(t, ir.IntegerType):
        return False
    it = ir.IntegerType(t)
    return it.is_signless and it.width in (8, 16, 32, 64)


def is_quantized(t: ir.Type) -> bool:
    """A quantized integer of the quant dialect stored in 8 or 16 bits, per
    tensor or per axis (upstream TCP's Tcp_QuantizedInt). Calibrated types
    have no integer storage (and the bindings crash on asking theirs)."""
    return isinstance(t, quant.QuantizedType) and not isinstance(t, quant.CalibratedQuantizedType) and \
        quant.QuantizedType(t).storage_type_integral_width in (8, 16)


def element_type(t: ir.Type) -> ir.Type:
    return ir.ShapedType(t).element_type


def is_ranked_tensor(t: ir.Type) -> bool:
    return isinstance(t, ir.RankedTensorType)


@dataclass(frozen=True)
class TypeConstraint:
    """A predicate on a type plus the words ODS would use to describe it.
    `fixed` is the type's text when the constraint admits only one type (the
    custom syntax then leaves it out)."""

    description: str
    predicate: Callable[[ir.Type], bool]
    fixed: str | None = None

    def __call__(self, t: ir.Type) -> bool:
        return self.predicate(t)


def _tensor_of(description: str, elem_pred: Callable[[ir.Type], bool]) -> TypeConstraint:
    return TypeConstraint(
        f"ranked tensor of {description} values",
        lambda t: is_ranked_tensor(t) and elem_pred(element_type(t)),
    )


Tensor = _tensor_of("integer, floating-point or i1", lambda e: is_int(e) or is_float(e) or is_bool(e))
# Upstream TCP admits quantized element types on the ops that only add,
# subtract or move elements (its Tcp_Tensor): add, sub, broadcast, slice,
# gather, gather_nd, bind_symbolic_shape. The lowering does not support them.
TensorOrQuantized = _tensor_of("integer, floating-point, i1 or quantized integer",
                               lambda e: is_int(e) or is_float(e) or is_bool(e) or is_quantized(e))
FloatIntOrQuantizedTensor = _tensor_of("signless integer, floating-point or quantized integer",
                                       lambda e: is_int(e) or is_float(e) or is_quantized(e))
FloatTensor = _tensor_of("floating-point", is_float)
IntTensor = _tensor_of("signless integer", is_int)
FloatOrIntTensor = _tensor_of("signless integer or floating-point", lambda e: is_int(e) or is_float(e))
IntOrBoolTensor = _tensor_of("signless integer or i1", lambda e: is_int(e) or is_bool(e))
BoolTensor = _tensor_of("i1", is_bool)
Index = TypeConstraint("index", lambda t: isinstance(t, ir.IndexType), fixed="index")
I64 = TypeConstraint("64-bit signless integer",
                     lambda t: is_int(t) and ir.IntegerType(t).width == 64, fixed="i64")
AnyType = TypeConstraint("any type", lambda t: True)

# ---------------------------------------------------------------------------
# Attribute constraints
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AttrConstraint:
    """A predicate on an attribute, the words ODS would use to describe it,
    and how a builder makes one from a Python value (None: only an
    ir.Attribute is taken)."""

    description: str
    predicate: Callable[[ir.Attribute], bool]
    from_python: Callable[[object], ir.Attribute] | None = None

    def __call__(self, a: ir.Attribute) -> bool:
        return self.predicate(a)


def _is_i64_attr(a: ir.Attribute) -> bool:
    return isinstance(a, ir.IntegerAttr) and is_int(ir.IntegerAttr(a).type) and \
        ir.IntegerType(ir.IntegerAttr(a).type).width == 64


def _is_f32_attr(a: ir.Attribute) -> bool:
    return isinstance(a, ir.FloatAttr) and isinstance(ir.FloatAttr(a).type, ir.F32Type)


def _is_i64_array(a: ir.Attribute) -> bool:
    return isinstance(a, ir.ArrayAttr) and all(_is_i64_attr(x) for x in ir.ArrayAttr(a))


def i64_attr(n: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), n)


def i64_array_attr(values: Sequence[int]) -> ir.Attribute:
    return ir.ArrayAttr.get([i64_attr(v) for v in values])


def opaque_enum(mnemonic: str, cases: Sequence[str]) -> AttrConstraint:
    """An enum attribute written `#tcp<mnemonic Case>` (kept as an OpaqueAttr)."""

    def pred(a: ir.Attribute) -> bool:
        return opaque_enum_case(a, mnemonic) in cases

    def make(case: str) -> ir.Attribute:
        if case not in cases:
            raise ValueError(f"{case!r} is not a case of {mnemonic} ({', '.join(cases)})")
        return enum_attr(mnemonic, case)

    return AttrConstraint(f"#tcp<{mnemonic} ...> with case {', '.join(cases)}", pred, make)


def opaque_enum_case(a: ir.Attribute, mnemonic: str) -> str | None:
    if not isinstance(a, ir.OpaqueAttr):
        return None
    oa = ir.OpaqueAttr(a)
    if oa.dialect_namespace != DIALECT:
        return None
    parts = bytes(oa.data).decode().split()
    if len(parts) != 2 or parts[0] != mnemonic:
        return None
    return parts[1]


def enum_attr(mnemonic: str, case: str) -> ir.Attribute:
    return ir.OpaqueAttr.get(DIALECT, f"{mnemonic} {case}".encode(), ir.NoneType.get())


I64Attr = AttrConstraint("64-bit signless integer attribute", _is_i64_attr, i64_attr)
# Upstream TCP writes gather's dim as `0 : index`; this project as `0 : i64`.
I64OrIndexAttr = AttrConstraint(
    "64-bit signless integer or index attribute",
    lambda a: _is_i64_attr(a) or (isinstance(a, ir.IntegerAttr) and isinstance(ir.IntegerAttr(a).type, ir.IndexType)),
    i64_attr)
BoolAttr = AttrConstraint("bool attribute", lambda a: isinstance(a, ir.BoolAttr), ir.BoolAttr.get)
F32Attr = AttrConstraint("32-bit float attribute", _is_f32_attr, lambda x: ir.FloatAttr.get(ir.F32Type.get(), x))
I64ArrayAttr = AttrConstraint("64-bit integer array attribute", _is_i64_array, i64_array_attr)
StrAttr = AttrConstraint("string attribute", lambda a: isinstance(a, ir.StringAttr), ir.StringAttr.get)
ElementsAttr = AttrConstraint("constant vector/tensor attribute",
                              lambda a: isinstance(a, ir.DenseElementsAttr) or is_resource_elements(a))
AffineMapAttr = AttrConstraint("AffineMap attribute", lambda a: isinstance(a, ir.AffineMapAttr))


def is_resource_elements(a: ir.Attribute) -> bool:
    """A dense_resource<...> constant (the bindings do not downcast it)."""
    try:
        ir.DenseResourceElementsAttr(a)
        return True
    except ValueError:
        return False


def resource_name(a: ir.Attribute) -> str:
    """The blob name of a dense_resource<name> constant."""
    text = str(a)[len("dense_resource<"):]
    return unquote(text) if text.startswith('"') else text.split(">", 1)[0]


def unquote(key: str) -> str:
    """The name MLIR printed at the start of `key`: bare, or quoted (when it
    is not an identifier) with \\XX escapes of UTF-8 bytes."""
    if not key.startswith('"'):
        return key
    name, i = bytearray(), 1
    while key[i] != '"':
        if key[i] == "\\":
            escaped = key[i + 1:i + 3]
            if escaped[0] in '\\"':
                name += escaped[0].encode()
                i += 2
            else:
                name.append(int(escaped, 16))
                i += 3
        else:
            name += key[i].encode()
            i += 1
    return name.decode("utf-8")


def resource_attr(name: str, t: ir.Type) -> ir.Attribute:
    """dense_resource<name> : t, naming data held outside the IR (a weights
    file, see tcp_aot/weights)."""
    escaped = "".join(f"\\{b:02X}" if b < 0x20 or b >= 0x7F or b in b'"\\' else chr(b) for b in name.encode())
    attr = ir.Attribute.parse(f'dense_resource<"{escaped}"> : {t}')
    if resource_name(attr) != name:
        # The context already has a resource of that name: MLIR gave this one another.
        raise ValueError(f"a resource named {name!r} already exists in this context")
    return attr


def elements_type(a: ir.Attribute) -> ir.Type:
    """The tensor type of a dense or dense_resource constant."""
    return ir.DenseResourceElementsAttr(a).type if is_resource_elements(a) else a.type


def i64_array(a: ir.Attribute) -> list[int]:
    return [ir.IntegerAttr(x).value for x in ir.ArrayAttr(a)]


# ---------------------------------------------------------------------------
# Op definitions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Operand:
    name: str
    constraint: TypeConstraint
    variadic: bool = False


@dataclass(frozen=True)
class Result:
    name: str
    constraint: TypeConstraint
    variadic: bool = False


@dataclass(frozen=True)
class Attr:
    name: str
    constraint: AttrConstraint
    optional: bool = False


# Traits, as in ODS.
PURE = "Pure"
TERMINATOR = "Terminator"
ISOLATED_FROM_ABOVE = "IsolatedFromAbove"
ELEMENTWISE = "Elementwise"

SEGMENT_ATTR = "operandSegmentSizes"

REGISTRY: dict[str, type["TcpOp"]] = {}


def py_name(field: str) -> str:
    """The Python accessor of an op field (`in` is a keyword: `in_`)."""
    return field + "_" if keyword.iskeyword(field) else field


class VerifyError(Exception):
    """One verifier failure: the op it concerns and the message."""

    def __init__(self, operation: ir.Operation, message: str):
        super().__init__(message)
        self.operation = operation
        self.message = message


class TcpOp:
    """Base of every TCP op: a typed view over an ir.Operation.

    Subclasses declare NAME, OPERANDS, RESULTS, ATTRS, REGIONS, TRAITS and
    FORMAT (the textual form, see tcp_syntax.py), and may add rules in
    `verify_op` (yield one message per failure). Each op also declares what
    passes ask of it: `result_dim` and `shape_constraints` (its shape rules),
    `evaluate` (its semantics) and `flops`; where an op has none of
    something it says so with the helpers below (`untraced`,
    `no_shape_constraints`, `no_flops`). `fold` and `canonicalize` are
    optional, as in MLIR.
    """

    NAME: ClassVar[str]
    OPERANDS: ClassVar[tuple[Operand, ...]] = ()
    RESULTS: ClassVar[tuple[Result, ...]] = ()
    ATTRS: ClassVar[tuple[Attr, ...]] = ()
    REGIONS: ClassVar[int] = 0
    TRAITS: ClassVar[frozenset[str]] = frozenset()
    FORMAT: ClassVar[str]
    # Attributes shown outside attr-dict by FORMAT (elided from it on print).
    FORMAT_ATTRS: ClassVar[tuple[str, ...]] = ()
    # False for an op that only moves, selects or groups values (or, like
    # tcp.custom, that the compiler cannot look into): 16-bit floats pass
    # through it as they are, where ops that compute on them compute in f32
    # (transforms/widen_floats.py).
    COMPUTES: ClassVar[bool] = True
    # How many times the elements of its operands the op's results may have
    # for tcp-simplify to fold it on constants at compile time (a larger
    # result stays code that computes it).
    FOLD_GROWTH: ClassVar[int] = 1

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "NAME" not in cls.__dict__:
            return
        cls.OPERATION_NAME = f"{DIALECT}.{cls.NAME}"
        REGISTRY[cls.OPERATION_NAME] = cls
        for i, d in enumerate(cls.OPERANDS):
            setattr(cls, py_name(d.name), property(lambda self, i=i: self.operand_group(i)))
        for i, d in enumerate(cls.RESULTS):
            setattr(cls, py_name(d.name), property(lambda self, i=i: self.result_group(i)))
        for a in cls.ATTRS:
            setattr(cls, py_name(a.name), property(lambda self, n=a.name: self.attr(n)))

    def __init__(self, operation: ir.Operation | ir.OpView):
        self.operation = operation.operation
        if self.operation.name != self.OPERATION_NAME:
            raise TypeError(f"expected {self.OPERATION_NAME}, got {self.operation.name}")

    # -- construction --------------------------------------------------------

    @classmethod
    def create(cls, *results: ir.Type | Sequence[ir.Type], loc: ir.Location | None = None,
               ip: ir.InsertionPoint | None = None, **fields) -> ir.Operation:
        """Create the op from its result types (one per result definition, a
        list for a variadic one) and its operands and attributes by name
        (`in_` for `in`): an operand takes a value (a list for a variadic
        one), an attribute an ir.Attribute or the Python value its
        constraint converts (an int, a list of ints, a float, a bool, a
        string, an enum's case; None leaves an optional one out). A name
        the op does not have, or a missing operand or required attribute,
        is a TypeError."""
        known = {py_name(d.name) for d in cls.OPERANDS} | {py_name(a.name) for a in cls.ATTRS}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise TypeError(f"{cls.OPERATION_NAME} has no operand or attribute {', '.join(unknown)} "
                            f"(it has {', '.join(sorted(known)) or 'none'})")
        if len(results) != len(cls.RESULTS):
            raise TypeError(f"{cls.OPERATION_NAME} takes {len(cls.RESULTS)} result types, got {len(results)}")
        flat: list[ir.Value] = []
        sizes: list[int] = []
        for d in cls.OPERANDS:
            if py_name(d.name) not in fields:
                raise TypeError(f"{cls.OPERATION_NAME} needs operand {py_name(d.name)}")
            value = fields[py_name(d.name)]
            group = list(value) if d.variadic else [value]
            flat.extend(group)
            sizes.append(len(group))
        attrs = {}
        for a in cls.ATTRS:
            value = fields.get(py_name(a.name))
            if value is None:
                if not a.optional:
                    raise TypeError(f"{cls.OPERATION_NAME} needs attribute {a.name}")
                continue
            if not isinstance(value, ir.Attribute):
                if a.constraint.from_python is None:
                    raise TypeError(f"{cls.OPERATION_NAME}'s attribute {a.name} takes an ir.Attribute")
                value = a.constraint.from_python(value)
            attrs[a.name] = value
        if cls.needs_segment_sizes():
            attrs[SEGMENT_ATTR] = ir.DenseI32ArrayAttr.get(sizes)
        types = [t for d, r in zip(cls.RESULTS, results) for t in (list(r) if d.variadic else [r])]
        return ir.Operation.create(cls.OPERATION_NAME, results=types, operands=flat, attributes=attrs,
                                   regions=cls.REGIONS, loc=loc, ip=ip)

    @classmethod
    def needs_segment_sizes(cls) -> bool:
        return sum(d.variadic for d in cls.OPERANDS) > 1

    # -- accessors -------------------------------------------------------------

    def operand_segments(self) -> list[int]:
        """Number of operands in each operand definition."""
        return _segments(self.operation, self.OPERANDS, len(self.operation.operands))

    def operand_group(self, i: int):
        sizes = self.operand_segments()
        start = sum(sizes[:i])
        values = list(self.operation.operands)[start:start + sizes[i]]
        return values if self.OPERANDS[i].variadic else values[0]

    def result_group(self, i: int):
        sizes = _segments(self.operation, self.RESULTS, len(self.operation.results))
        start = sum(sizes[:i])
        values = list(self.operation.results)[start:start + sizes[i]]
        return values if self.RESULTS[i].variadic else values[0]

    def attr(self, name: str) -> ir.Attribute | None:
        attrs = self.operation.attributes
        return attrs[name] if name in attrs else None

    @property
    def location(self) -> ir.Location:
        return self.operation.location

    # -- verification --------------------------------------------------------

    def verify_op(self) -> Iterator[str]:
        """Op-specific rules beyond the declared constraints."""
        return iter(())

    # -- what passes ask of an op (see the class docstring) --------------------

    def result_dim(self, result: int, dim: int) -> tuple[DimSource, ...]:
        """Where dim `dim` of result #`result` comes from: dims of operands
        of that size, or index values that are it, any one of which gives
        it; () when it is computed from several (a convolution's spatial
        dims). The shape guards trace every dim to the function's arguments
        through this."""
        raise NotImplementedError(f"{self.OPERATION_NAME} declares no result_dim")

    def shape_constraints(self) -> Iterator[Equal | AtMost]:
        """What the op requires of its operands' and results' dims, which
        the compiled code takes for granted: the shape guards check each at
        a function's entry, so that no op reads past a buffer."""
        raise NotImplementedError(f"{self.OPERATION_NAME} declares no shape_constraints")

    def evaluate(self, args: list, interpreter: "Evaluator") -> list:
        """The op's results for its operands' values `args` (NumPy arrays;
        scalars for index and integer operands): its semantics, as
        PyTorch's. Raises InterpreterError where the compiled code reports
        an error (an integer division by zero, an index out of range)."""
        raise InterpreterError(f"the interpreter has no semantics for '{self.OPERATION_NAME}'")

    def flops(self, operands: list[tuple[int, ...]], results: list[tuple[int, ...]]) -> int:
        """The floating-point operations of the op's multiply-adds (each
        counts 2) for operands and results of these shapes: the work the
        bench compares with the machine's FMA peak."""
        raise NotImplementedError(f"{self.OPERATION_NAME} declares no flops")

    def fold(self) -> list[ir.Value] | None:
        """Existing values equal to the op's results (x * 1 is x), or None."""
        return None

    def canonicalize(self) -> bool:
        """Rewrite the op into a simpler form; True when it did."""
        return False


def untraced(op: TcpOp, result: int, dim: int) -> tuple[DimSource, ...]:
    """result_dim of an op whose result dims are computed (or that has no
    tensor results): the shape guards do not look through it."""
    return ()


def no_shape_constraints(op: TcpOp) -> Iterator[Equal | AtMost]:
    """shape_constraints of an op that reads within bounds whatever its
    operands' dims."""
    return iter(())


def no_flops(op: TcpOp, operands: list[tuple[int, ...]], results: list[tuple[int, ...]]) -> int:
    """flops of an op that multiplies and adds nothing."""
    return 0


class Evaluator(Protocol):
    """What an op's `evaluate` may ask of the interpreter running it."""

    def constant(self, attr: ir.Attribute, t: ir.Type) -> np.ndarray:
        """The value of a dense or dense_resource (weights) constant of type t."""

    def run_region(self, op: ir.Operation, args: list) -> list:
        """The values yielded by op's one-block region run with its block
        arguments bound to args (and, unless op is isolated from above, the
        values around op in sight)."""


class InterpreterError(Exception):
    """The interpreter could not compute an op's results: the error the
    compiled code reports there (an integer division by zero, an index out
    of range), or an op without semantics."""


def dense_array(attr: ir.Attribute) -> np.ndarray:
    """The values of an inline dense constant, as NumPy's np.array(attr)
    gives them; bfloat16 ones (to which the bindings give NumPy no view) are
    read from the attribute's text, with the constant's shape: inline
    constants are small, larger ones are weights."""
    dense = ir.DenseElementsAttr(attr)
    t = ir.ShapedType(dense.type)
    if str(t.element_type) != "bf16":
        return np.array(dense)
    if dense.is_splat:
        return np.full(t.shape, ir.FloatAttr(dense.get_splat_value()).value, dtype=BFLOAT16)
    text = str(dense)
    body = text[len("dense<"):text.rindex("> : ")]
    if body.startswith('"0x'):  # raw little-endian data
        bits = np.frombuffer(bytes.fromhex(body[3:-1]), dtype="<u2")
    else:  # [[0.5, 0x7FC0], ...]: special values as their bits
        bits = np.array([int(tok, 16) if tok.startswith("0x") else np.array(float(tok), BFLOAT16).view(np.uint16)
                         for tok in re.findall(r"0x[0-9A-Fa-f]+|[-+0-9.eE]+", body)], dtype=np.uint16)
    return bits.view(BFLOAT16).reshape(t.shape)


def numpy_dtype(t: ir.Type) -> np.dtype:
    """The NumPy type of an element type (index is int64)."""
    if isinstance(t, ir.IndexType):
        return np.dtype(np.int64)
    if is_float(t) and str(t) in ELEMENT_TYPES:
        return ELEMENT_TYPES[str(t)].numpy
    if is_bool(t):
        return np.dtype(np.bool_)
    if isinstance(t, ir.IntegerType):
        return np.dtype({8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[ir.IntegerType(t).width])
    raise InterpreterError(f"no NumPy type for {t}")


# ---------------------------------------------------------------------------
# Shape rules
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DimOf:
    """Dim `dim` of the tensor value `value`."""
    value: ir.Value
    dim: int


DimSource = DimOf | ir.Value  # a tensor's dim, or an index value that is the size


@dataclass(frozen=True)
class Equal:
    """These dims must all be equal."""
    dims: tuple[DimOf, ...]


@dataclass(frozen=True)
class AtMost:
    """Dim `small` must not exceed dim `big`."""
    small: DimOf
    big: DimOf


def _segments(op: ir.Operation, defs: Sequence[Operand | Result], total: int) -> list[int]:
    n_variadic = sum(d.variadic for d in defs)
    if n_variadic == 0:
        return [1] * len(defs)
    if n_variadic == 1:
        rest = total - (len(defs) - 1)
        return [rest if d.variadic else 1 for d in defs]
    attr = op.attributes[SEGMENT_ATTR]
    return list(ir.DenseI32ArrayAttr(attr))


def lookup(name: str) -> type[TcpOp] | None:
    return REGISTRY.get(name)


def is_tcp(op: ir.Operation | ir.OpView) -> bool:
    return op.operation.name.startswith(DIALECT + ".")


def has_trait(op: ir.Operation, trait: str) -> bool:
    d = lookup(op.name)
    return d is not None and trait in d.TRAITS


# ---------------------------------------------------------------------------
# Verification engine
# ---------------------------------------------------------------------------


def _fmt_type(t: ir.Type) -> str:
    return f"'{t}'"


def verify_op(op: ir.Operation) -> str | None:
    """First failure of `op` against its TCP definition, as an ODS-style
    message without the `'tcp.x' op` prefix, or None when it verifies."""
    d = lookup(op.name)
    if d is None:
        return f"unregistered operation '{op.name}' found in dialect ('{DIALECT}')"
    return next(_check(d, op), None)


def _check(d: type[TcpOp], op: ir.Operation) -> Iterator[str]:
    n_fixed = sum(not x.variadic for x in d.OPERANDS)
    n_operands = len(op.operands)
    if d.needs_segment_sizes():
        if SEGMENT_ATTR not in op.attributes or not isinstance(op.attributes[SEGMENT_ATTR], ir.DenseI32ArrayAttr):
            yield f"requires dense i32 array attribute '{SEGMENT_ATTR}'"
            return
        sizes = list(ir.DenseI32ArrayAttr(op.attributes[SEGMENT_ATTR]))
        if len(sizes) != len(d.OPERANDS) or sum(sizes) != n_operands or \
                any(s != 1 for s, x in zip(sizes, d.OPERANDS) if not x.variadic):
            yield f"'{SEGMENT_ATTR}' attribute does not match the operands"
            return
    elif any(x.variadic for x in d.OPERANDS):
        if n_operands < n_fixed:
            yield f"expected at least {n_fixed} operands, but found {n_operands}"
            return
    elif n_operands != n_fixed:
        yield f"expected {n_fixed} operands, but found {n_operands}"
        return

    n_results = len(op.results)
    if not any(x.variadic for x in d.RESULTS) and n_results != len(d.RESULTS):
        yield f"expected {len(d.RESULTS)} results, but found {n_results}"
        return

    if len(op.regions) != d.REGIONS:
        yield f"expected {d.REGIONS} regions, but found {len(op.regions)}"
        return

    view = d(op)
    for kind, defs, group in (("operand", d.OPERANDS, view.operand_group), ("result", d.RESULTS, view.result_group)):
        for index, (v, constraint) in enumerate(_constrained_values(defs, group)):
            if not constraint(v.type):
                yield f"{kind} #{index} must be {constraint.description}, but got {_fmt_type(v.type)}"
                return
    for ad in d.ATTRS:
        value = view.attr(ad.name)
        if value is None:
            if not ad.optional:
                yield f"requires attribute '{ad.name}'"
                return
            continue
        if not ad.constraint(value):
            yield f"attribute '{ad.name}' failed to satisfy constraint: {ad.constraint.description}"
            return
    if TERMINATOR in d.TRAITS:
        parent = op.parent
        if parent is None or lookup(parent.name) is None or lookup(parent.name).REGIONS == 0:
            yield "expects parent op to be one of 'tcp.group, tcp.isolated_group'"
            return
    for region in op.regions:
        blocks = list(region.blocks)
        if len(blocks) != 1:
            yield f"expects a region with exactly one block, but found {len(blocks)}"
            return
        ops = list(blocks[0].operations)
        if not ops or ops[-1].name != "tcp.yield":
            found = ops[-1].name if ops else "nothing"
            yield f"expects regions to end with 'tcp.yield', found '{found}'"
            return
    yield from view.verify_op()


def _constrained_values(defs, group) -> list[tuple[ir.Value, TypeConstraint]]:
    """Each operand (or result) value with the constraint of its definition."""
    pairs = []
    for i, x in enumerate(defs):
        pairs += [(v, x.constraint) for v in (group(i) if x.variadic else [group(i)])]
    return pairs


def same_shape(types: Sequence[ir.Type]) -> bool:
    """Shapes agree where both are static (ODS's compatible shapes)."""
    shapes = [ir.ShapedType(t) for t in types]
    rank = shapes[0].rank
    if any(s.rank != rank for s in shapes):
        return False
    for dim in range(rank):
        sizes = {s.get_dim_size(dim) for s in shapes if not s.is_dynamic_dim(dim)}
        if len(sizes) > 1:
            return False
    return True


def static_dim(t: ir.Type, dim: int) -> int | None:
    s = ir.ShapedType(t)
    return None if s.is_dynamic_dim(dim) else s.get_dim_size(dim)


def names(*xs: str) -> str:
    return "{" + ", ".join(xs) + "}"

