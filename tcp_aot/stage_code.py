"""The package files each stage runs, so that the workflow reruns a stage (and
everything after it) when its code changes, and nothing before it.

A stage's code is its module (tcp_aot/stages/<stage>.py), stages/common.py
(which runs it), the modules of the Python passes in the pipelines it names
in PIPELINES, and every package module these import, directly or not, with
the __init__.py of each package on the way and the data files beside it (a
package's non-Python files, such as the transform schedules in
tcp_aot/schedules/). Imports are read from the source with `ast` (at any
depth, inside functions too), without importing anything: the Snakefile
calls this while it loads, so it must stay quick.
"""

from __future__ import annotations

import ast
import hashlib
from functools import cache
from pathlib import Path

from . import pipelines

PACKAGE = Path(__file__).resolve().parent
STAGES = PACKAGE / "stages"


def stages() -> list[str]:
    """Every stage module's name."""
    return sorted(p.stem for p in STAGES.glob("*.py") if p.stem not in ("__init__", "common"))


@cache
def stage_files(stage: str) -> tuple[Path, ...]:
    """The package files stage `stage` runs, sorted."""
    module = f"{PACKAGE.name}.stages.{stage}"
    if _file(module) is None:
        raise ValueError(f"no stage module {module} (stages: {', '.join(stages())})")
    passes = {pipelines.split_entry(entry)[0] for entry in pipelines.expand(_declared_pipelines(module))}
    # Every stage runs in stages/common.py's run_stage (its script calls it).
    roots = {module, f"{PACKAGE.name}.stages.common"} | {pipelines.PYTHON_PASSES[name].module for name in passes
                                                        if name in pipelines.PYTHON_PASSES}
    modules = _closure(frozenset(roots))
    files = {_file(m) for m in modules}
    for module in modules:
        if _file(module).name == "__init__.py":
            files |= {p for p in _file(module).parent.iterdir() if p.is_file() and p.suffix not in (".py", ".pyc")}
    return tuple(sorted(files))


def listing(stage: str) -> str:
    """One line per file of the stage: its SHA-256 and its path in the package."""
    lines = [f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.relative_to(PACKAGE.parent)}"
             for path in stage_files(stage)]
    return "\n".join(lines) + "\n"


def _declared_pipelines(module: str) -> list[str]:
    """The pass and pipeline names a stage module lists in PIPELINES: list
    literals, or a sum of them and of other module-level lists (`A + B`)."""
    lists: dict[str, ast.expr] = {}
    for node in ast.parse(_file(module).read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            lists[node.targets[0].id] = node.value

    def names(node: ast.expr) -> list[str]:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return names(node.left) + names(node.right)
        if isinstance(node, ast.Name) and node.id in lists:
            return names(lists[node.id])
        if isinstance(node, ast.List):
            return [ast.literal_eval(e) for e in node.elts]
        raise ValueError(f"{module}: PIPELINES must be built from list literals")

    return names(lists["PIPELINES"]) if "PIPELINES" in lists else []


def source_files(module: str, root: Path) -> list[Path]:
    """The source files of `module` (a module under `root`, e.g. a loader's
    models.foo) and of the modules of its own top-level package it imports,
    directly or not: a loader and the models it builds on."""
    top = module.split(".")[0]
    return sorted({_file(m, root, top) for m in _closure(frozenset({module}), root, top)} - {None})


def _closure(roots: frozenset[str], root: Path = PACKAGE.parent, top: str = PACKAGE.name) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(_imports(module, root, top))
    return seen


@cache
def _imports(module: str, root: Path = PACKAGE.parent, top: str = PACKAGE.name) -> set[str]:
    """The modules of package `top` that importing `module` imports: its own
    import statements' targets and its parent package."""
    path = _file(module, root, top)
    if path is None:
        return set()
    found = {_parent(module)} if "." in module else set()
    package = module if path.name == "__init__.py" else _parent(module)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node.module, node.level, package)
            # `from pkg import name` imports pkg, and pkg.name when it is a module.
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            for prefix in _prefixes(target):
                if _file(prefix, root, top) is not None:
                    found.add(prefix)
    return found


def _resolve(name: str | None, level: int, package: str) -> str:
    if level == 0:
        return name or ""
    parts = package.split(".")
    base = ".".join(parts[:len(parts) - level + 1])
    return f"{base}.{name}" if name else base


def _parent(module: str) -> str:
    return module.rpartition(".")[0]


def _prefixes(module: str) -> list[str]:
    """pkg, pkg.sub, pkg.sub.mod for pkg.sub.mod: every package it executes."""
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


@cache
def _file(module: str, root: Path = PACKAGE.parent, top: str = PACKAGE.name) -> Path | None:
    """The source file of a module of package `top` (under `root`), or None
    outside it."""
    parts = module.split(".")
    if parts[0] != top:
        return None
    base = root.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None
