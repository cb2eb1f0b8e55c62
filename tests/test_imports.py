"""The package's lower layers import only the parts listed for them: the
leaves nothing, the dialect only the element types, and the conversions and the passes
share IR builders through tcp_aot/linalg_builders.py, never importing each
other; the compiler's steps (tcp_aot/compiler) import none of the layers
that call them, nothing outside the stages imports the stages, and the
package's top-level units import each other with no cycle. Function-local
imports count: they hide a cycle, they do not remove it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "tcp_aot"

# Per top-level module or folder, the others it may import.
ALLOWED = {
    "errors": set(), "diagnostics": set(), "abi": set(), "walk": set(), "context": set(),
    "symbolic_shapes": {"signature"}, "schedules": set(), "element_types": set(),
    "dialects": {"element_types"},
    "linalg_builders": {"diagnostics", "dialects"},
    "conversion": {"abi", "diagnostics", "dialects", "element_types", "linalg_builders", "walk", "weights"},
    "transforms": {"abi", "diagnostics", "dialects", "element_types", "errors", "interpreter", "linalg_builders",
                   "schedules", "symbolic_shapes", "walk", "weights"},
}


# What calls the compiler (tcp_aot/compiler), which may import none of them.
ABOVE_THE_COMPILER = {"stages", "cli", "dynamo", "bisection", "bench", "profile"}


def _unit(module: str) -> str:
    """tcp_aot.conversion.tcp_to_linalg.reduction -> conversion."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _modules(unit: str) -> list[Path]:
    return [PACKAGE / f"{unit}.py"] if (PACKAGE / f"{unit}.py").exists() else sorted((PACKAGE / unit).rglob("*.py"))


def _unit_of(path: Path) -> str:
    """tcp_aot/conversion/tcp_to_linalg/reduction.py -> conversion; tcp_aot/__init__.py -> ''."""
    return _unit(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"))


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
    modules = _modules(unit)
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


def test_the_compiler_imports_none_of_its_callers():
    assert _modules("compiler")
    wrong = {f"{m.relative_to(PACKAGE.parent)} imports {target}"
             for m in _modules("compiler") for target in imports(m) if _unit(target) in ABOVE_THE_COMPILER}
    assert not wrong, sorted(wrong)


def test_only_the_stages_import_the_stages():
    wrong = {f"{m.relative_to(PACKAGE.parent)} imports {target}"
             for m in PACKAGE.rglob("*.py") if _unit_of(m) != "stages"
             for target in imports(m) if _unit(target) == "stages"}
    assert not wrong, sorted(wrong)


def test_the_top_level_units_import_each_other_with_no_cycle():
    graph: dict[str, set[str]] = {}
    for m in PACKAGE.rglob("*.py"):
        unit = _unit_of(m)
        graph.setdefault(unit, set()).update(_unit(t) for t in imports(m) if _unit(t) != unit)
    # Depth-first, keeping the path: a unit met again on it closes a cycle.
    done: set[str] = set()

    def visit(unit: str, path: list[str]) -> None:
        if unit in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(unit):] + [unit]))
        if unit in done:
            return
        for target in sorted(graph.get(unit, ())):
            visit(target, path + [unit])
        done.add(unit)

    for unit in sorted(graph):
        visit(unit, [])
