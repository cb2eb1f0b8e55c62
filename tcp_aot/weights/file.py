"""The weights file (NAME.weights): a program's constants as raw bytes.

Layout, documented in docs/weights.md:

    tcp_aot weights 1\\n
    data <offset> <bytes> checksum <32 hex digits>\\n
    layout <entries> <bytes>\\n
    <one line per entry: name kind dtype dims offset bytes>
    recipes <bytes>\\n
    <MLIR: one function per derived entry>
    zero bytes up to <offset>, a multiple of ALIGNMENT
    <data: each entry at its offset from the data's start, ALIGNMENT-aligned>

The header is text, so `head` shows what a file holds. The compiled code
reads entries at fixed offsets, so a file fits a program when its layout
block is the one the program was compiled with (the .so carries it); the
checksum guards the data. Nothing here imports MLIR: the runtime reads these
files too.
"""

from __future__ import annotations

import mmap
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import numpy as np

MAGIC = "tcp_aot weights 1"
ALIGNMENT = 64

# What an entry is, for swapping weights (tcp-aot weights):
STATE = "state"  # a parameter or persistent buffer: a state_dict entry, by its key
CONSTANT = "constant"  # any other constant (non-persistent buffers, tensor literals)
DERIVED = "derived"  # computed at compile time from others by its recipe
KINDS = (STATE, CONSTANT, DERIVED)

_NAME = re.compile(r"[^\s%]+")


class WeightsError(Exception):
    """A weights file that cannot be read, or does not fit a program."""


def quote_name(name: str) -> str:
    """An entry name as the layout writes it: whitespace and % escaped."""
    return "".join(c if _NAME.fullmatch(c) else f"%{ord(c):02X}" for c in name) if name else "%"


def unquote_name(text: str) -> str:
    return "" if text == "%" else re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), text)


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str
    dtype: str  # a NumPy dtype name: float32, int64, bool, ...
    shape: tuple[int, ...]
    offset: int  # from the start of the data

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * np.dtype(self.dtype).itemsize

    def line(self) -> str:
        dims = "x".join(map(str, self.shape)) or "scalar"
        return f"{quote_name(self.name)} {self.kind} {self.dtype} {dims} {self.offset} {self.nbytes}"

    @staticmethod
    def parse(line: str) -> Entry:
        try:
            name, kind, dtype, dims, offset, nbytes = line.split(" ")
            entry = Entry(unquote_name(name), kind, dtype,
                          () if dims == "scalar" else tuple(int(d) for d in dims.split("x")), int(offset))
            ok = kind in KINDS and entry.nbytes == int(nbytes) and np.dtype(dtype).name == dtype
        except (ValueError, TypeError):
            ok = False
        if not ok:
            raise WeightsError(f"malformed layout line {line!r}")
        return entry


@dataclass(frozen=True)
class Layout:
    """Where each entry lies in the data, and how derived entries are made."""

    entries: tuple[Entry, ...]
    recipes: str = ""  # MLIR text; function @"<name>" computes derived entry <name>

    @staticmethod
    def plan(specs: Iterable[tuple[str, str, str, tuple[int, ...]]], recipes: str = "") -> Layout:
        """Entries (name, kind, dtype, shape) laid out one after another."""
        entries, offset = [], 0
        for name, kind, dtype, shape in specs:
            entry = Entry(name, kind, np.dtype(dtype).name, tuple(int(d) for d in shape), offset)
            entries.append(entry)
            offset = _aligned(offset + entry.nbytes)
        return Layout(tuple(entries), recipes)

    @property
    def data_bytes(self) -> int:
        return _aligned(self.entries[-1].offset + self.entries[-1].nbytes) if self.entries else 0

    def block(self) -> str:
        """The layout block as the header writes it, which a program compares
        a file's with."""
        lines = "".join(e.line() + "\n" for e in self.entries)
        return f"layout {len(self.entries)} {len(lines.encode())}\n{lines}"

    def text(self) -> str:
        """The layout and recipe blocks (what a .so carries of its weights)."""
        return f"{self.block()}recipes {len(self.recipes.encode())}\n{self.recipes}"

    def entry(self, name: str) -> Entry:
        for e in self.entries:
            if e.name == name:
                return e
        raise WeightsError(f"no entry named {name!r}")

    @staticmethod
    def from_text(text: str) -> Layout:
        """Inverse of text()."""
        layout_line, rest = text.split("\n", 1) if "\n" in text else (text, "")
        m = re.fullmatch(r"layout (\d+) (\d+)", layout_line)
        if m is None:
            raise WeightsError(f"expected 'layout <entries> <bytes>', found {layout_line[:60]!r}")
        data = rest.encode()
        size = int(m.group(2))
        lines = data[:size].decode().splitlines()
        if len(lines) != int(m.group(1)):
            raise WeightsError(f"the layout block holds {len(lines)} lines, its header says {m.group(1)}")
        rest = data[size:].decode()
        recipes_line, rest = rest.split("\n", 1) if "\n" in rest else (rest, "")
        m = re.fullmatch(r"recipes (\d+)", recipes_line)
        if m is None:
            raise WeightsError(f"expected 'recipes <bytes>', found {recipes_line[:60]!r}")
        recipes = rest.encode()[:int(m.group(1))].decode()
        return Layout(tuple(Entry.parse(line) for line in lines), recipes)


def _aligned(n: int) -> int:
    return -(-n // ALIGNMENT) * ALIGNMENT


def _header(layout: Layout, data_offset: int, checksum: str) -> bytes:
    return (f"{MAGIC}\ndata {data_offset} {layout.data_bytes} checksum {checksum}\n{layout.text()}").encode()


# ---------------------------------------------------------------------------
# Checksum: two 64-bit sums over the data as little-endian 32-bit words,
# a = sum of w[i], b = sum of a after each word (Fletcher's scheme, modulo
# 2^64), written as 16 hex digits each. The C runtime computes the same.
# ---------------------------------------------------------------------------

_CHUNK_WORDS = 1 << 22
_POSITIONS = None  # _CHUNK_WORDS, ..., 2, 1: each word's weight in b within a chunk


def checksum(data: bytes | memoryview) -> str:
    global _POSITIONS
    if _POSITIONS is None:
        _POSITIONS = np.arange(_CHUNK_WORDS, 0, -1, dtype=np.uint64)
    words = np.frombuffer(data, dtype="<u4")
    a = b = np.uint64(0)
    with np.errstate(over="ignore"):
        for start in range(0, len(words), _CHUNK_WORDS):
            chunk = words[start:start + _CHUNK_WORDS].astype(np.uint64)
            b += np.uint64(len(chunk)) * a + np.dot(chunk, _POSITIONS[_CHUNK_WORDS - len(chunk):])
            a += chunk.sum(dtype=np.uint64)
    return f"{int(a):016x}{int(b):016x}"


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def write_weights(path: Path, layout: Layout, arrays: Iterable[np.ndarray]) -> None:
    """Write `arrays` (one per entry of `layout`, in order, produced one at a
    time so that only one needs to be in memory) as a weights file, through
    a temporary file renamed once complete."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # Room for the header with any data offset (its digits are not known yet).
    data_offset = _aligned(len(_header(layout, 10**15, "0" * 32)))
    try:
        with open(tmp, "w+b") as f:
            f.truncate(data_offset + layout.data_bytes)
            for entry, array in _paired(layout.entries, arrays):
                f.seek(data_offset + entry.offset)
                f.write(_entry_bytes(entry, array))
            f.flush()
            with mmap.mmap(f.fileno(), 0) as mapped:
                digest = checksum(memoryview(mapped)[data_offset:])
                header = _header(layout, data_offset, digest)
                mapped[:len(header)] = header
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def _paired(entries, arrays):
    arrays = iter(arrays)
    for entry in entries:
        yield entry, next(arrays)
    if next(arrays, None) is not None:
        raise AssertionError("more arrays than layout entries")


def _entry_bytes(entry: Entry, array: np.ndarray) -> memoryview:
    array = np.asarray(array)
    if array.shape != entry.shape or array.dtype != np.dtype(entry.dtype):
        raise WeightsError(f"entry {entry.name}: expected {entry.dtype} {list(entry.shape)}, "
                           f"got {array.dtype} {list(array.shape)}")
    return memoryview(np.ascontiguousarray(array).reshape(-1).view(np.uint8))


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


class WeightsFile:
    """A weights file, mapped read-only (or `contents`, a buffer holding
    one): entries are NumPy views of it."""

    def __init__(self, path: Path | str, contents=None):
        self.path = Path(path)
        if contents is not None:
            self._map, size = contents, len(contents)
        else:
            try:
                with open(self.path, "rb") as f:
                    size = os.fstat(f.fileno()).st_size
                    self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
            except OSError as e:
                raise WeightsError(f"cannot read weights file {self.path}: {e.strerror}") from None
        self.data_offset, self.data_bytes, self.checksum, self.layout = _parse_header(self._map, self.path)
        if size < self.data_offset + self.data_bytes:
            raise WeightsError(f"{self.path} is truncated: {size} bytes, its header needs "
                               f"{self.data_offset + self.data_bytes}")
        self._entries = {e.name: e for e in self.layout.entries}

    def __contains__(self, name: str) -> bool:
        return name in self._entries

    def array(self, name: str) -> np.ndarray:
        """Entry `name` as a read-only array over the mapped file."""
        e = self._entries.get(name)
        if e is None:
            raise WeightsError(f"{self.path} has no entry named {name!r}")
        start = self.data_offset + e.offset
        return np.frombuffer(self._map, dtype=e.dtype, count=int(np.prod(e.shape, dtype=np.int64)),
                             offset=start).reshape(e.shape)

    def verify_checksum(self) -> None:
        found = checksum(memoryview(self._map)[self.data_offset:self.data_offset + self.data_bytes])
        if found != self.checksum:
            raise WeightsError(f"{self.path}: the data's checksum is {found}, its header says "
                               f"{self.checksum} (the file was changed or damaged)")


def _parse_header(data, path: Path) -> tuple[int, int, str, Layout]:
    head = bytes(data[:len(MAGIC) + 1])
    if head != (MAGIC + "\n").encode():
        raise WeightsError(f"{path} is not a tcp_aot weights file (it does not begin with '{MAGIC}')")
    end = bytes(data[:4096]).find(b"\n", len(head))
    m = re.fullmatch(rb"data (\d+) (\d+) checksum ([0-9a-f]{32})", bytes(data[len(head):end]))
    if m is None:
        raise WeightsError(f"{path}: malformed header line {bytes(data[len(head):end])[:80]!r}")
    offset, size = int(m.group(1)), int(m.group(2))
    try:
        layout = Layout.from_text(bytes(data[end + 1:offset]).rstrip(b"\0").decode())
    except (WeightsError, UnicodeDecodeError) as e:
        raise WeightsError(f"{path}: {e}") from None
    if offset % ALIGNMENT or layout.data_bytes != size:
        raise WeightsError(f"{path}: the data ({size} bytes at {offset}) does not match its layout")
    return offset, size, m.group(3).decode(), layout


def mismatch(expected: Layout, found: Layout) -> str | None:
    """The first difference between a program's layout and a file's, or None
    when the file fits (recipes aside: the code reads entries only)."""
    for i, (want, got) in enumerate(zip(expected.entries, found.entries)):
        if want.line() != got.line():
            return f"entry {i} is '{got.line()}', the program needs '{want.line()}'"
    if len(expected.entries) != len(found.entries):
        return f"the file has {len(found.entries)} entries, the program needs {len(expected.entries)}"
    return None
