"""The layers run one way: content → dsl → compiler → {engine → bots → lab, render} → tools.

Each top-level folder is a layer, and so is ``engine/bots/`` (the players, apart from
the rules they play by). Every module of the package is read as source and every import
in it is collected, at the top or inside a function alike (an import hidden in a function
is still a dependency). The rule says which layers each may import:

- ``dsl/`` (the rules language) imports nothing of ours but itself;
- ``compiler/`` (the card model, its handlers and faces, the lint rules that play no
  games) imports ``dsl/``;
- ``engine/`` (the rules of the game) and ``render/`` (the print) import those two,
  never each other;
- ``engine/bots/`` imports the rules; ``lab/`` (games at scale and their reports)
  imports the rules and the bots, never the print;
- ``tools/`` (the command line, the language server, the gallery, lint's game probe)
  sits on top and may import everything; nothing imports it.

The folder graph drawn from those imports has no arrow running back up and no circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"dsl": "prophecy.dsl", "compiler": "prophecy.compiler",
           "engine": "prophecy.engine", "render": "prophecy.render",
           "lab": "prophecy.lab", "tools": "prophecy.tools"}

#: the layers, bottom first
ORDER = ("dsl", "compiler", "engine", "render", "bots", "lab", "tools")

ALLOWED = {
    "dsl": {"dsl"},
    "compiler": {"dsl", "compiler"},
    "engine": {"dsl", "compiler", "engine"},
    "render": {"dsl", "compiler", "render"},
    "bots": {"dsl", "compiler", "engine", "bots"},
    "lab": {"dsl", "compiler", "engine", "bots", "lab"},
    "tools": {"dsl", "compiler", "engine", "render", "bots", "lab", "tools", "content"},
}


def layer(module: str) -> str | None:
    """The layer (folder) of one of our modules, or None for anything else."""
    parts = module.split(".")
    if parts[0] != "prophecy" or len(parts) < 2:
        return None
    if parts[1:3] == ["engine", "bots"]:
        return "bots"
    return parts[1] if parts[1] in (*FOLDERS, "content") else None


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


def folder_graph() -> dict[str, set[str]]:
    """Layer -> the other layers it imports, over every module of the package."""
    graph: dict[str, set[str]] = {name: set() for name in ALLOWED}
    for module, path in ALL.items():
        mine = layer(module)
        assert mine is not None
        for name in imports(path.read_text(encoding="utf-8"), module):
            theirs = layer(name)
            if theirs is not None and theirs != mine:
                graph[mine].add(theirs)
    return graph


def test_the_folder_graph_only_points_down():
    """Drawn by folder, every arrow goes to a layer listed before it: no arrow back up, so
    no circle either."""
    graph = folder_graph()
    up = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                if b != "content" and ORDER.index(b) > ORDER.index(a))
    assert up == []
    assert cycles(graph) == []


def test_every_folder_of_the_package_is_a_layer():
    """A new top-level folder of Python must be given its place in the layers."""
    tops = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"content", "examples"}
    assert tops == set(FOLDERS)


def test_the_readme_and_the_compilers_docstring_say_the_flow_this_test_holds():
    flow = (__doc__ or "").splitlines()[0].removeprefix("The layers run one way: ").rstrip(".")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"Data flows one way: `{flow}`." in readme
    compiler = " ".join((ROOT / "compiler" / "__init__.py").read_text(encoding="utf-8").split())
    assert f"``{flow}``" in compiler


def test_every_package_module_is_seen():
    assert {"prophecy.dsl.parser", "prophecy.compiler.handlers", "prophecy.compiler.model.loader",
            "prophecy.engine.game", "prophecy.render.pipeline", "prophecy.tools",
            "prophecy.tools.probe"} <= set(ALL)


@pytest.mark.parametrize(("module", "source", "found"), [
    ("prophecy.dsl.parser", "def f():\n    from prophecy.compiler import model\n", "compiler"),
    ("prophecy.compiler.faces", "import prophecy.render.icons\n", "render"),
    ("prophecy.compiler.handlers", "from prophecy.engine.game import Game\n", "engine"),
    ("prophecy.engine.game", "def f():\n    from prophecy.render import png\n", "render"),
    ("prophecy.render.build", "from prophecy.engine.bots import greedy\n", "bots"),
    ("prophecy.engine.game", "from prophecy.engine.bots.planner import PlannerBot\n", "bots"),
    ("prophecy.engine.bots.greedy", "from prophecy.lab import simulate\n", "lab"),
    ("prophecy.lab.simulate", "def f():\n    from prophecy.render import png\n", "render"),
    ("prophecy.compiler.lint.core", "def f():\n    from prophecy.tools import main\n", "tools"),
    ("prophecy.engine.moves", "from ..tools.options import x\n", "tools"),
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


def unexplained_deferred_imports(source: str, module: str) -> list[str]:
    """The imports of our modules inside a function whose lines carry no comment: an import
    is deferred only for start-up time (or an optional dependency), and says so where it
    stands (``# deferred: start-up time (check)``); never to dodge a cycle."""
    lines = source.splitlines()
    found: list[str] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                ours = any(layer(name) for name in imports(ast.unparse(child), module)) or (
                    isinstance(child, ast.ImportFrom) and child.level > 0)
                said = any("#" in line for line in lines[child.lineno - 1:child.end_lineno])
                if ours and not said:
                    found.append(f"{module}:{child.lineno}: {ast.unparse(child)}")
            visit(child, in_function or isinstance(child, (ast.FunctionDef,
                                                             ast.AsyncFunctionDef)))

    visit(ast.parse(source), False)
    return found


def test_every_import_inside_a_function_says_why_it_waits():
    found = [line for module, path in sorted(ALL.items())
             for line in unexplained_deferred_imports(path.read_text(encoding="utf-8"), module)]
    assert found == [], "hoist each to the top of its module, or say why it waits"


@pytest.mark.parametrize(("source", "unexplained"), [
    ("def f():\n    from prophecy.render import png\n", 1),
    ("def f():\n    if x:\n        import prophecy.render.png\n", 1),
    ("class A:\n    def f(self):\n        from . import png\n", 1),
    ("def f():\n    from prophecy.render import png  # deferred: start-up time (pillow)\n", 0),
    ("def f():\n    from prophecy.render.png import (  # deferred: start-up time (pillow)\n"
     "        encode,\n    )\n", 0),
    ("def f():\n    import json\n", 0),  # not ours: the rule is about our own modules
    ("from prophecy.render import png\n", 0),  # at the top: nothing waits
])
def test_an_unexplained_import_inside_a_function_is_found(source, unexplained):
    assert len(unexplained_deferred_imports(source, "prophecy.render.build")) == unexplained
