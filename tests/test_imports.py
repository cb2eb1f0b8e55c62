"""The package's lower layers import only the parts listed for them: the
leaves nothing, the dialect only the element types, and the conversions and the passes
share IR builders through tcp_aot/linalg_builders.py, never importing each
other. Function-local imports count: they hide a cycle, they do not remove
it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "tcp_aot"

# Per top-level module or folder, the others it may import.
ALLOWED = {
    "errors": set(), "diagnostics": set(), "abi": set(), "walk": set(), "context": set(),
    "symbolic_shapes": set(), "schedules": set(), "element_types": set(),
    "dialects": {"element_types"},
    "linalg_builders": {"diagnostics", "dialects"},
    "conversion": {"abi", "diagnostics", "dialects", "element_types", "linalg_builders", "walk", "weights"},
    "transforms": {"abi", "diagnostics", "dialects", "element_types", "errors", "interpreter", "linalg_builders",
                   "schedules", "symbolic_shapes", "walk", "weights"},
}


def _unit(module: str) -> str:
    """tcp_aot.conversion.tcp_to_linalg.reduction -> conversion."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def imports(path: Path) -> set[str]:
    """The package's modules (or packages) that `path` imports, anywhere in it."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = parts if path.name == "__init__.py" else parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if node.module is None:  # from .. import pipelines
                found |= {f"{target}.{a.name}" for a in node.names}
            elif target.startswith("tcp_aot"):
                found.add(target)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("tcp_aot")}
    return found


@pytest.mark.parametrize("unit", sorted(ALLOWED))
def test_a_layer_imports_only_what_it_may(unit):
    modules = [PACKAGE / f"{unit}.py"] if (PACKAGE / f"{unit}.py").exists() else sorted((PACKAGE / unit).rglob("*.py"))
    assert modules, unit
    wrong = {f"{m.relative_to(PACKAGE.parent)} imports {target}"
             for m in modules for target in imports(m)
             if _unit(target) not in ALLOWED[unit] | {unit}}
    assert not wrong, sorted(wrong)


def test_the_import_finder_sees_relative_and_local_imports():
    """What the test above relies on, on the module the passes import."""
    found = imports(PACKAGE / "transforms" / "conv_to_matmul.py")
    assert "tcp_aot.linalg_builders" in found and "tcp_aot.walk" in found
    assert imports(PACKAGE / "conversion" / "torch_to_tcp" / "misc.py") >= {"tcp_aot.abi", "tcp_aot.dialects"}
