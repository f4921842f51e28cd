"""The layers run one way: content → dsl → compiler core → {engine, render} → lint → cli.

Every module of the package is read as source and every import in it is
collected, at the top or inside a function alike (an import hidden in a
function is still a dependency). Each module belongs to one layer; the rule
says which layers each may import:

- ``dsl`` imports nothing of ours but itself;
- the compiler's core (model and loader, runtime, handlers, faces) imports
  ``dsl`` and itself;
- ``engine`` and ``render`` import the core and ``dsl``, never each other;
- ``compiler.lint`` may use everything but the command line;
- nothing imports ``compiler.cli`` but the command line itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"dsl": "prophecy.dsl", "compiler": "prophecy.compiler",
           "engine": "prophecy.engine", "render": "prophecy.render"}

ALLOWED = {
    "dsl": {"dsl"},
    "core": {"dsl", "core"},
    "engine": {"dsl", "core", "engine"},
    "render": {"dsl", "core", "render"},
    "lint": {"dsl", "core", "engine", "render", "lint"},
    "cli": {"dsl", "core", "engine", "render", "lint", "cli", "content"},
}


def layer(module: str) -> str | None:
    """The layer of one of our modules, or None for anything else."""
    parts = module.split(".")
    if parts[0] != "prophecy" or len(parts) < 2:
        return None
    if parts[1] == "compiler":
        if len(parts) > 2 and parts[2] in ("lint", "cli"):
            return parts[2]
        return "core"
    return parts[1] if parts[1] in ("dsl", "engine", "render", "content") else None


def modules() -> dict[str, Path]:
    """Every Python module of the package, by its dotted name."""
    found = {}
    for folder, package in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT / folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def imports(source: str, module: str) -> set[str]:
    """Every module that ``source`` imports, wherever the import statement sits."""
    package = module.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def violations(module: str, source: str) -> list[str]:
    """The imports of ``module`` that break the rule, as 'module -> import (layer)'."""
    mine = layer(module)
    if mine is None:
        return []
    bad = []
    for name in sorted(imports(source, module)):
        theirs = layer(name)
        if theirs is not None and theirs not in ALLOWED[mine]:
            bad.append(f"{module} -> {name} ({mine} may not import {theirs})")
    return bad


ALL = modules()


@pytest.mark.parametrize("module", sorted(ALL))
def test_module_imports_only_what_its_layer_may(module):
    assert violations(module, ALL[module].read_text(encoding="utf-8")) == []


def test_the_readme_and_the_compilers_docstring_say_the_flow_this_test_holds():
    flow = (__doc__ or "").splitlines()[0].removeprefix("The layers run one way: ").rstrip(".")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"Data flows one way: `{flow}`." in readme
    compiler = " ".join((ROOT / "compiler" / "__init__.py").read_text(encoding="utf-8").split())
    assert f"``{flow}``" in compiler


def test_every_package_module_is_seen():
    assert {"prophecy.dsl.parser", "prophecy.compiler.handlers", "prophecy.compiler.model.loader",
            "prophecy.engine.game", "prophecy.render.pipeline", "prophecy.compiler.cli",
            "prophecy.compiler.lint.probe"} <= set(ALL)


@pytest.mark.parametrize(("module", "source", "found"), [
    ("prophecy.dsl.parser", "def f():\n    from prophecy.compiler import model\n", "core"),
    ("prophecy.compiler.faces", "import prophecy.render.icons\n", "render"),
    ("prophecy.compiler.handlers", "from prophecy.engine.game import Game\n", "engine"),
    ("prophecy.engine.game", "def f():\n    from prophecy.render import png\n", "render"),
    ("prophecy.render.build", "from prophecy.compiler.lint import lint\n", "lint"),
    ("prophecy.compiler.lint.probe", "from prophecy.compiler.cli import main\n", "cli"),
    ("prophecy.engine.moves", "from ..compiler.cli.options import x\n", "cli"),
])
def test_a_forbidden_import_is_caught_even_inside_a_function(module, source, found):
    problems = violations(module, source)
    assert problems and all(p.endswith(f"may not import {found})") for p in problems)


def module_graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (a name imported from a package counts as
    the submodule when there is one, else the package itself)."""
    graph: dict[str, set[str]] = {}
    for module, path in ALL.items():
        found: set[str] = set()
        for name in imports(path.read_text(encoding="utf-8"), module):
            if name in ALL and name != module:
                found.add(name)
        # 'from prophecy.engine import protocol' names both the package and the module: keep
        # the package only when nothing more precise was imported from it
        found -= {name for name in found if any(other.startswith(name + ".") for other in found)}
        graph[module] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_module_imports_itself_round_a_cycle():
    """No cycle of imports between modules, counting imports inside functions: each module
    can be read (and tested) knowing only the modules below it."""
    assert cycles(module_graph()) == []


def test_a_cycle_through_a_function_level_import_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
