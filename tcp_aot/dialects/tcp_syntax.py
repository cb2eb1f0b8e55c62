"""The custom textual syntax of TCP ops, derived from each op's FORMAT.

MLIR only knows TCP ops in the generic form (`"tcp.add"(%a, %b) : (...) ->
...`), so text is translated both ways around MLIR's own parser and printer:

- `to_generic` rewrites every custom-form TCP op of a source file into the
  generic form, leaving everything else untouched, and tags each op with its
  source location so MLIR's diagnostics point into the original file. Lines
  stay aligned, so errors in other ops keep their positions too.
- `to_custom` rewrites the generic TCP ops of MLIR's printed output into the
  custom form.

Types and attributes are never interpreted here: they are balanced spans of
text handed to MLIR. A FORMAT is a space-separated list of elements, in the
spirit of ODS assemblyFormat: `$field` (operand group, attribute or region),
`type($field)`, `attr-dict`, `attr-dict-with-keyword`, or a literal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import tcp  # noqa: F401  (registers the op definitions)
from .tcp_base import DIALECT, SEGMENT_ATTR, TcpOp, lookup


class TcpSyntaxError(Exception):
    """A custom-syntax error at a source position (1-based line and column)."""

    def __init__(self, filename: str, line: int, col: int, message: str):
        super().__init__(f"{filename}:{line}:{col}: error: {message}")
        self.filename, self.line, self.col, self.message = filename, line, col, message


# ---------------------------------------------------------------------------
# Lexer
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: str  # ssa, caret, symbol, hash, bang, string, ident, number, punct, resources, other
    text: str
    start: int
    end: int


_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*)
  | (?P<resources>\{-\#.*?\#-\})
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<ssa>%[A-Za-z0-9_$.\-]+(?:\#[0-9]+)?)
  | (?P<caret>\^[A-Za-z0-9_$.\-]+)
  | (?P<symbol>@(?:[A-Za-z0-9_$.\-]+|"(?:[^"\\]|\\.)*"))
  | (?P<hash>\#[A-Za-z0-9_$.\-]*)
  | (?P<bang>![A-Za-z0-9_$.\-]*)
  | (?P<arrow>->)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<number>[0-9][A-Za-z0-9_.]*(?:[eE][+\-]?[0-9]+)?)
  | (?P<punct>[()\[\]{}<>,:=*?+\-|])
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

# Words that begin a builtin type (dialect types begin with `!`).
_BUILTIN_TYPE = re.compile(r"tensor|memref|vector|complex|tuple|index|none|[su]?i[0-9]+|bf16|tf32|f[0-9]+\w*")

_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = set(_OPEN.values())


def tokenize(src: str) -> list[Token]:
    """Tokens of MLIR text; what TCP's syntax does not use is kept as
    one-character `other` tokens for MLIR's parser to judge."""
    tokens, pos = [], 0
    while pos < len(src):
        m = _TOKEN_RE.match(src, pos)
        kind = m.lastgroup
        if kind not in ("ws", "comment"):
            tokens.append(Token("punct" if kind == "arrow" else kind, m.group(), pos, m.end()))
        pos = m.end()
    return tokens


def _line_col(src: str, offset: int) -> tuple[int, int]:
    line = src.count("\n", 0, offset) + 1
    return line, offset - (src.rfind("\n", 0, offset) + 1) + 1


# ---------------------------------------------------------------------------
# Formats
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    kind: str  # literal, operand, attr, region, type, attr-dict, attr-dict-with-keyword
    text: str = ""  # literal text, or field name
    optional_comma: bool = False  # a `,` that vanishes before an empty variadic group


@dataclass
class Format:
    elements: list[Element]
    typed_operands: set[str] = field(default_factory=set)


@lru_cache(maxsize=None)
def format_of(op_cls: type[TcpOp]) -> Format:
    operands = {d.name: d for d in op_cls.OPERANDS}
    results = {d.name for d in op_cls.RESULTS}
    attrs = {a.name for a in op_cls.ATTRS}
    elements: list[Element] = []
    typed: set[str] = set()
    for word in op_cls.FORMAT.split():
        if word in ("attr-dict", "attr-dict-with-keyword"):
            elements.append(Element(word))
        elif m := re.fullmatch(r"type\(\$(\w+)\)", word):
            name = m.group(1)
            assert name in operands or name in results, (op_cls.NAME, word)
            typed.add(name)
            elements.append(Element("type", name))
        elif word.startswith("$"):
            name = word[1:]
            kind = "operand" if name in operands else "attr" if name in attrs else "region"
            elements.append(Element(kind, name))
        else:
            elements.append(Element("literal", word))
    # A `,` right before a variadic group is dropped when the group is empty.
    for i, e in enumerate(elements[:-1]):
        nxt = elements[i + 1]
        if e.kind == "literal" and e.text == "," and nxt.kind in ("operand", "type") and \
                _is_variadic(op_cls, nxt.text):
            elements[i] = Element("literal", ",", optional_comma=True)
    return Format(elements, typed)


def _is_variadic(op_cls: type[TcpOp], name: str) -> bool:
    return any(d.name == name and d.variadic for d in op_cls.OPERANDS + op_cls.RESULTS)


def _type_section_start(fmt: Format) -> int:
    """Index of the `:` that starts the trailing type section."""
    return max(i for i, e in enumerate(fmt.elements) if e.kind == "literal" and e.text == ":")


# ---------------------------------------------------------------------------
# Custom form -> generic form
# ---------------------------------------------------------------------------


def to_generic(src: str, filename: str = "-") -> str:
    """Translate every custom-form TCP op in `src` to the generic form."""
    toks = tokenize(src)
    return _Translator(src, toks, filename).convert(0, len(toks), 0, len(src))


@dataclass
class _ParsedOp:
    operands: dict[str, list[str]] = field(default_factory=dict)
    types: dict[str, list[str]] = field(default_factory=dict)
    attrs: list[tuple[str, str]] = field(default_factory=list)
    attr_dict: str = ""
    region: str | None = None
    loc: str | None = None


class _Translator:
    def __init__(self, src: str, toks: list[Token], filename: str):
        self.src, self.toks, self.filename = src, toks, filename
        self.match = _matching_brackets(toks, src, filename)

    def error(self, i: int, message: str) -> TcpSyntaxError:
        offset = self.toks[i].start if i < len(self.toks) else len(self.src)
        return TcpSyntaxError(self.filename, *_line_col(self.src, offset), message)

    def convert(self, lo: int, hi: int, off_lo: int, off_hi: int) -> str:
        """Translated text of src[off_lo:off_hi], whose tokens are toks[lo:hi]."""
        out, pos, i = [], off_lo, lo
        while i < hi:
            t = self.toks[i]
            if t.kind == "ident" and t.text.startswith(DIALECT + ".") and \
                    not (i + 1 < hi and self.toks[i + 1].text == "="):
                start = self._statement_start(i, lo)
                out.append(self.src[pos:self.toks[start].start])
                text, i = self.op(i, start, hi)
                original = self.src[self.toks[start].start:self.toks[i - 1].end]
                out.append(text + "\n" * max(0, original.count("\n") - text.count("\n")))
                pos = self.toks[i - 1].end
            else:
                i += 1
        out.append(self.src[pos:off_hi])
        return "".join(out)

    def _statement_start(self, i: int, lo: int) -> int:
        """First token of the op at i: its result list (`%a, %b =` or `%a:2 =`),
        which is always on the line of the `=`."""
        if i - 1 < lo or self.toks[i - 1].text != "=":
            return i
        j = i - 2
        while j >= lo and not self._line_break_after(j) and (
                self.toks[j].kind == "ssa" or self.toks[j].text in (",", ":") or
                (self.toks[j].kind == "number" and self.toks[j - 1].text == ":")):
            j -= 1
        return j + 1

    def _line_break_after(self, j: int) -> bool:
        return "\n" in self.src[self.toks[j].end:self.toks[j + 1].start]

    def op(self, i: int, start: int, hi: int) -> tuple[str, int]:
        name_tok = self.toks[i]
        op_cls = lookup(name_tok.text)
        if op_cls is None:
            raise self.error(i, f"custom op '{name_tok.text}' is unknown")
        fmt = format_of(op_cls)
        parsed = _ParsedOp()
        j = i + 1
        elems = fmt.elements
        section = _type_section_start(fmt)
        k = 0
        while k < len(elems):
            e = elems[k]
            if k == section and not self._at(j, hi, ":") and self._types_may_be_empty(op_cls, fmt, parsed):
                break  # e.g. `tcp.yield` with no values: no type section at all
            j = self.element(op_cls, fmt, e, elems[k + 1] if k + 1 < len(elems) else None, parsed, j, hi)
            k += 1
        if self._at(j, hi, "loc") and self._at(j + 1, hi, "("):
            end = self.match[j + 1]
            parsed.loc = self.src[self.toks[j].start:self.toks[end].end]
            j = end + 1
        results = self.src[self.toks[start].start:self.toks[i - 1].end] + " " if start < i else ""
        line, col = _line_col(self.src, name_tok.start)
        loc = parsed.loc or f"loc({_quote(self.filename)}:{line}:{col})"
        return results + _generic_text(op_cls, fmt, parsed, loc), j

    def _types_may_be_empty(self, op_cls, fmt: Format, parsed: _ParsedOp) -> bool:
        section = fmt.elements[_type_section_start(fmt) + 1:]
        for e in section:
            if e.kind != "type":
                return False
            if e.text in parsed.operands and parsed.operands[e.text]:
                return False
            if not _is_variadic(op_cls, e.text):
                return False
        return True

    def _at(self, j: int, hi: int, text: str) -> bool:
        return j < hi and self.toks[j].text == text

    def element(self, op_cls, fmt: Format, e: Element, nxt: Element | None, parsed: _ParsedOp,
                j: int, hi: int) -> int:
        if e.kind == "literal":
            if e.optional_comma:
                if not self._comma_needed(op_cls, nxt, parsed, j, hi):
                    return j
            if not self._at(j, hi, e.text):
                raise self.error(j, f"expected '{e.text}'")
            return j + 1
        if e.kind == "operand":
            values = []
            if not _is_variadic(op_cls, e.text):
                if j >= hi or self.toks[j].kind != "ssa":
                    raise self.error(j, f"expected SSA operand for '{e.text}'")
                values.append(self.toks[j].text)
                j += 1
            elif j < hi and self.toks[j].kind == "ssa":
                values.append(self.toks[j].text)
                j += 1
                while self._at(j, hi, ",") and j + 1 < hi and self.toks[j + 1].kind == "ssa":
                    values.append(self.toks[j + 1].text)
                    j += 2
            parsed.operands[e.text] = values
            return j
        if e.kind == "attr":
            end = self._attribute_end(j, hi)
            parsed.attrs.append((e.text, self.src[self.toks[j].start:self.toks[end - 1].end]))
            return end
        if e.kind == "region":
            if not self._at(j, hi, "{"):
                raise self.error(j, "expected '{' to begin a region")
            close = self.match[j]
            parsed.region = self.convert(j + 1, close, self.toks[j].end, self.toks[close].start)
            return close + 1
        if e.kind in ("attr-dict", "attr-dict-with-keyword"):
            if e.kind == "attr-dict-with-keyword":
                if not self._at(j, hi, "attributes"):
                    return j
                j += 1
                if not self._at(j, hi, "{"):
                    raise self.error(j, "expected '{' after 'attributes'")
            # A `{` here opens the attr-dict, except where a region follows it.
            if self._at(j, hi, "{") and (e.kind == "attr-dict-with-keyword" or not _region_next(fmt, e)):
                close = self.match[j]
                parsed.attr_dict = self.src[self.toks[j].end:self.toks[close].start].strip()
                return close + 1
            return j
        if e.kind == "type":
            count = self._type_count(op_cls, e.text, parsed)
            types: list[str] = []
            if count != 0 and (count is not None or self._starts_type(j, hi)):
                while True:
                    end = self._type_end(j, hi)
                    types.append(self.src[self.toks[j].start:self.toks[end - 1].end])
                    j = end
                    if len(types) == count or (count is None and not self._at(j, hi, ",")):
                        break
                    if not self._at(j, hi, ","):
                        raise self.error(j, f"expected ',' and {count - len(types)} more type(s) "
                                            f"for '{e.text}'")
                    j += 1
            parsed.types[e.text] = types
            return j
        raise AssertionError(e)

    def _comma_needed(self, op_cls, nxt: Element, parsed: _ParsedOp, j: int, hi: int) -> bool:
        if nxt.kind == "operand":
            return self._at(j, hi, ",") and j + 1 < hi and self.toks[j + 1].kind == "ssa"
        count = self._type_count(op_cls, nxt.text, parsed)
        if count is not None:
            return count > 0
        return self._at(j, hi, ",")

    def _type_count(self, op_cls, name: str, parsed: _ParsedOp) -> int | None:
        if name in parsed.operands:
            return len(parsed.operands[name])
        return None if _is_variadic(op_cls, name) else 1

    def _starts_type(self, j: int, hi: int) -> bool:
        return j < hi and (self.toks[j].kind == "bang" or self.toks[j].text == "(" or
                           (self.toks[j].kind == "ident" and _BUILTIN_TYPE.fullmatch(self.toks[j].text)))

    def _type_end(self, j: int, hi: int) -> int:
        """One past the last token of the type starting at j."""
        if not self._starts_type(j, hi):
            raise self.error(j, "expected type")
        if self.toks[j].text == "(":
            raise self.error(j, "function types are not valid here")
        return self._adjacent_group_end(j, hi)

    def _attribute_end(self, j: int, hi: int) -> int:
        if j >= hi:
            raise self.error(j, "expected attribute value")
        t = self.toks[j]
        if t.text in ("[", "{", "("):
            return self.match[j] + 1
        if t.kind in ("string", "number"):
            return j + 1
        if t.kind in ("ident", "hash", "bang"):
            return self._adjacent_group_end(j, hi)
        raise self.error(j, "expected attribute value")

    def _adjacent_group_end(self, j: int, hi: int) -> int:
        """A word possibly followed, without space, by a balanced <...>."""
        end = j + 1
        if end < hi and self.toks[end].text == "<" and self.toks[end].start == self.toks[j].end:
            end = self.match[end] + 1
        return end


def _region_next(fmt: Format, e: Element) -> bool:
    i = fmt.elements.index(e)
    return i + 1 < len(fmt.elements) and fmt.elements[i + 1].kind == "region"


def _matching_brackets(toks: list[Token], src: str, filename: str) -> dict[int, int]:
    """Index of the closing token for every opening bracket token.

    `<` and `>` only count after a word they touch (`tensor<`, `#map<`), so
    comparisons in attribute text cannot unbalance anything."""
    match: dict[int, int] = {}
    stack: list[int] = []
    for i, t in enumerate(toks):
        if t.text in _OPEN:
            if t.text == "<" and not (i > 0 and toks[i - 1].end == t.start and
                                      toks[i - 1].kind in ("ident", "hash", "bang")):
                continue
            stack.append(i)
        elif t.text in _CLOSE:
            if t.text == ">" and not (stack and toks[stack[-1]].text == "<"):
                continue
            if not stack or _OPEN[toks[stack[-1]].text] != t.text:
                raise TcpSyntaxError(filename, *_line_col(src, t.start), f"unbalanced '{t.text}'")
            match[stack.pop()] = i
    if stack:
        t = toks[stack[-1]]
        raise TcpSyntaxError(filename, *_line_col(src, t.start), f"unclosed '{t.text}'")
    return match


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _generic_text(op_cls: type[TcpOp], fmt: Format, p: _ParsedOp, loc: str) -> str:
    operands, operand_types, sizes = [], [], []
    for d in op_cls.OPERANDS:
        values = p.operands.get(d.name, [])
        operands += values
        sizes.append(len(values))
        if d.name in fmt.typed_operands:
            operand_types += p.types.get(d.name, [])
        else:
            operand_types += [d.constraint.fixed] * len(values)
    result_types = [t for d in op_cls.RESULTS for t in p.types.get(d.name, [])]
    entries = [f"{name} = {value}" for name, value in p.attrs]
    if p.attr_dict:
        entries.append(p.attr_dict)
    if op_cls.needs_segment_sizes():
        entries.append(f"{SEGMENT_ATTR} = array<i32: {', '.join(map(str, sizes))}>")
    text = f'"{op_cls.OPERATION_NAME}"({", ".join(operands)})'
    if p.region is not None:
        text += " ({" + p.region + "})"
    if entries:
        text += " {" + ", ".join(entries) + "}"
    results = result_types[0] if len(result_types) == 1 else "(" + ", ".join(result_types) + ")"
    return f"{text} : ({', '.join(operand_types)}) -> {results} {loc}"


# ---------------------------------------------------------------------------
# Generic form -> custom form
# ---------------------------------------------------------------------------


_GENERIC_NAME = re.compile(r'"tcp\.[A-Za-z0-9_]+"')


def to_custom(text: str) -> str:
    """Rewrite the generic TCP ops in MLIR's printed `text` to custom form."""
    toks = tokenize(text)
    return _Printer(text, toks).convert(0, len(toks), 0, len(text))


class _Printer:
    def __init__(self, src: str, toks: list[Token]):
        self.src, self.toks = src, toks
        self.match = _matching_brackets(toks, src, "-")

    def span(self, a: int, b: int) -> str:
        """Source text of tokens a..b inclusive."""
        return self.src[self.toks[a].start:self.toks[b].end]

    def convert(self, lo: int, hi: int, off_lo: int, off_hi: int) -> str:
        out, pos, i = [], off_lo, lo
        while i < hi:
            t = self.toks[i]
            if t.kind == "string" and _GENERIC_NAME.fullmatch(t.text) and i + 1 < hi and \
                    self.toks[i + 1].text == "(" and lookup(t.text[1:-1]) is not None:
                out.append(self.src[pos:t.start])
                text, i = self.op(i)
                out.append(text)
                pos = self.toks[i - 1].end
            else:
                i += 1
        out.append(self.src[pos:off_hi])
        return "".join(out)

    def _split(self, a: int, b: int) -> list[str]:
        """Texts of the top-level comma-separated items in tokens a..b-1."""
        items, start, j = [], a, a
        while j < b:
            t = self.toks[j]
            if t.text in _OPEN and j in self.match:
                j = self.match[j] + 1
                continue
            if t.text == ",":
                items.append(self.span(start, j - 1))
                start = j + 1
            j += 1
        if start < b:
            items.append(self.span(start, b - 1))
        return items

    def op(self, i: int) -> tuple[str, int]:
        op_cls = lookup(self.toks[i].text[1:-1])
        close = self.match[i + 1]
        operands = self._split(i + 2, close)
        j = close + 1
        region = None
        if self.toks[j].text == "(":  # regions
            rclose = self.match[j]
            lbrace = j + 1
            rbrace = self.match[lbrace]
            region = self.convert(lbrace + 1, rbrace, self.toks[lbrace].end, self.toks[rbrace].start)
            j = rclose + 1
        attrs: list[tuple[str, str]] = []
        if self.toks[j].text == "{":
            aclose = self.match[j]
            for item in self._split(j + 1, aclose):
                key, _, value = item.partition("=")
                attrs.append((key.strip(), value.strip()))
            j = aclose + 1
        assert self.toks[j].text == ":", self.span(i, j)
        tclose = self.match[j + 1]
        operand_types = self._split(j + 2, tclose)
        j = tclose + 1
        assert self.toks[j].text == "->"
        j += 1
        if self.toks[j].text == "(":
            rclose = self.match[j]
            result_types = self._split(j + 1, rclose)
            j = rclose + 1
        else:
            end = j + 1
            if end < len(self.toks) and self.toks[end].text == "<" and end in self.match:
                end = self.match[end] + 1
            result_types = [self.span(j, end - 1)]
            j = end
        loc = None
        if j < len(self.toks) and self.toks[j].text == "loc" and self.toks[j + 1].text == "(":
            end = self.match[j + 1]
            loc = self.span(j, end)
            j = end + 1
        return _custom_text(op_cls, operands, operand_types, result_types, attrs, region, loc), j


def _custom_text(op_cls: type[TcpOp], operands: list[str], operand_types: list[str],
                 result_types: list[str], attrs: list[tuple[str, str]], region: str | None,
                 loc: str | None) -> str:
    fmt = format_of(op_cls)
    attr_map = dict(attrs)
    sizes = _segment_sizes(op_cls, len(operands), attr_map.get(SEGMENT_ATTR))
    groups, type_groups, start = {}, {}, 0
    for d, n in zip(op_cls.OPERANDS, sizes):
        groups[d.name] = operands[start:start + n]
        type_groups[d.name] = operand_types[start:start + n]
        start += n
    n_fixed = sum(not d.variadic for d in op_cls.RESULTS)
    start = 0
    for d in op_cls.RESULTS:
        n = len(result_types) - n_fixed + 1 if d.variadic else 1
        type_groups[d.name] = result_types[start:start + n]
        start += n
    hidden = set(op_cls.FORMAT_ATTRS) | {SEGMENT_ATTR}
    dict_entries = [k if v == "" else f"{k} = {v}" for k, v in attrs if k not in hidden]

    pieces: list[str] = [op_cls.OPERATION_NAME]
    elems = fmt.elements
    section = _type_section_start(fmt)
    for k, e in enumerate(elems):
        if k == section and all(not type_groups[x.text] for x in elems[k + 1:] if x.kind == "type") \
                and all(x.kind == "type" for x in elems[k + 1:]):
            break
        if e.kind == "literal":
            nxt = elems[k + 1]
            if e.optional_comma and not (groups if nxt.kind == "operand" else type_groups)[nxt.text]:
                continue
            pieces.append(e.text)
        elif e.kind == "operand":
            if groups[e.text]:
                pieces.append(", ".join(groups[e.text]))
        elif e.kind == "attr":
            pieces.append(attr_map[e.text])
        elif e.kind == "region":
            pieces.append("{" + region + "}")
        elif e.kind == "attr-dict":
            if dict_entries:
                pieces.append("{" + ", ".join(dict_entries) + "}")
        elif e.kind == "attr-dict-with-keyword":
            if dict_entries:
                pieces.append("attributes {" + ", ".join(dict_entries) + "}")
        elif e.kind == "type":
            if type_groups[e.text]:
                pieces.append(", ".join(type_groups[e.text]))
    if loc:
        pieces.append(loc)
    return _join(pieces)


def _segment_sizes(op_cls: type[TcpOp], n: int, segment_attr: str | None) -> list[int]:
    if segment_attr is not None:
        return [int(x) for x in re.findall(r"-?\d+", segment_attr.split(":", 1)[1])]
    n_fixed = sum(not d.variadic for d in op_cls.OPERANDS)
    return [n - n_fixed + 1 if d.variadic else 1 for d in op_cls.OPERANDS]


def _join(pieces: list[str]) -> str:
    """Join with ODS spacing: no space before `,`, `)`, `]`, `(`; none after
    `(` and `[`."""
    out = pieces[0]
    for prev, p in zip(pieces, pieces[1:]):
        if p in (",", ")", "]", "(") or prev in ("(", "["):
            out += p
        else:
            out += " " + p
    return out
