"""Engines as plug-ins: a game's ``engine:`` in, the engine that plays it (or None) out.

An engine is an object the ``prophecy.engines`` entry-point group names (the
bundled game's is ``dark-prophecies``, so a package of its own can add one),
or a Python file of the pack itself (``engine: engine.py``, whose ``ENGINE``
it is). The compiler knows an engine only through the ``Engine`` protocol:
its name, what it checks of a game beyond the declarations, and the commands
that play it. A game without an engine checks, lints, formats, builds, serves
and diffs; the commands that play say in one line that it has none.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from prophecy.compiler.model.files import resolved
from prophecy.dsl.errors import ProphecyError, UsageError, suggest

if TYPE_CHECKING:
    from prophecy.compiler.model import Content

GROUP = "prophecy.engines"


class Engine(Protocol):
    """What the compiler and the command line need of an engine.

    ``plays`` names the commands it plays a game for (of ``simulate``, ``balance``,
    ``test``, ``replay``); the Dark Prophecies engine and the engines built on it play
    them all through ``prophecy.engine``.
    """

    name: str
    plays: frozenset[str]

    def check(self, content: Content) -> list[ProphecyError]:
        """What only the engine knows to be wrong with a game (placed errors)."""
        ...


@cache
def installed() -> dict[str, Any]:
    """The entry points of the engines installed, by name."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def engine_named(name: str, root: Path | None = None) -> Engine:
    """The engine a game names; a UsageError when none of that name is installed."""
    if name.endswith(".py"):
        if root is None:
            raise UsageError(f"the engine file {name} needs its game's folder", where="engine")
        return _from_file(resolved(root / name))
    found = installed().get(name)
    if found is None:
        names = sorted(installed())
        hint = suggest(name, names) or (
            f"the engines installed are {', '.join(names)}" if names else "no engine is installed")
        raise UsageError(f"no engine named '{name}' is installed", where="engine", hint=hint)
    engine: Engine = found.load()
    return engine


@cache
def _from_file(path: Path) -> Engine:
    if not path.is_file():
        raise UsageError(f"no engine file {path}", where="engine",
                         hint="write the path of a Python file of the pack, or an engine's name")
    name = f"prophecy_pack_engine_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"cannot read the engine file {path}", where="engine")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    engine: Engine | None = getattr(module, "ENGINE", None)
    if engine is None:
        raise UsageError(f"{path} defines no ENGINE", where="engine",
                         hint="end the file with ENGINE = <the engine object>")
    return engine


def engine_of(content: Content) -> Engine | None:
    """The engine of a game, or None for a game without one."""
    if not content.pack.engine:
        return None
    return engine_named(content.pack.engine, Path(content.root))


def require_engine(content: Content, command: str) -> Engine:
    """The game's engine, for a command that plays it; a one-line usage error (exit 2) when
    the game has none."""
    engine = engine_of(content)
    if engine is None:
        raise UsageError(f"{content.game_name or 'this game'} has no engine: "
                         f"'prophecy {command}' plays a game, and this one only checks, lints, "
                         "formats, builds, serves and diffs", where=f"prophecy {command}",
                         hint="name an engine in game.yaml's 'engine:' (docs/packs.md)")
    if command not in engine.plays:
        raise UsageError(f"the engine '{engine.name}' does not play 'prophecy {command}'",
                         where=f"prophecy {command}",
                         hint=f"it plays {', '.join(sorted(engine.plays)) or 'no command'}")
    return engine


def engine_errors(content: Content) -> list[ProphecyError]:
    """What the game's engine finds wrong with it; an engine not installed is one error."""
    if not content.pack.engine:
        return []
    try:
        engine = engine_of(content)
    except UsageError as exc:
        return [ProphecyError(exc.message, where=str(Path(content.root) / "game.yaml"),
                              hint=exc.hint)]
    return engine.check(content) if engine is not None else []
