"""Engines as plug-ins: a game's ``engine:`` in, what is known of its engine (or the engine
that plays it) out.

An engine is an object the ``prophecy.engines`` entry-point group names (the
bundled game's is ``dark-prophecies``, so a package of its own can add one),
or a Python file of the pack itself (``engine: engine.py``, whose ``ENGINE``
it is). The compiler knows an engine only through the ``Engine`` protocol:
its name, what it checks of a game beyond the declarations, and the commands
that play it.

Reading a game never runs a pack's Python. ``engine_facts`` and
``engine_errors``, which every command uses, read an engine file's
declaration (``declared.py``) and check the cards with the installed engine
it is built on. Only ``engine_of`` and ``require_engine``, which the commands
that play a game call, run the file, and only once its user has trusted it
(``trust.py``); what it registers is then held to its declaration. Installed
engines are installed code, and run as such. A game without an engine
checks, lints, formats, builds, serves and diffs; the commands that play say
in one line that it has none.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from prophecy.compiler.model import trust
from prophecy.compiler.model.declared import PLAYS, Declared, read_declaration
from prophecy.compiler.model.files import resolved
from prophecy.dsl.errors import ContentErrors, ProphecyError, UsageError, suggest

if TYPE_CHECKING:
    from prophecy.compiler.model import Content

GROUP = "prophecy.engines"
#: The engine this package installs (pyproject.toml's entry point), found without reading
#: every installed package's metadata, which costs a bundled game's check a tenth of its time.
BUNDLED = {"dark-prophecies": "prophecy.engine.plugin:ENGINE"}


class Engine(Protocol):
    """What the compiler and the command line need of an engine.

    ``plays`` names the commands it plays a game for (of ``simulate``, ``balance``,
    ``test``, ``replay``); the Dark Prophecies engine and the engines built on it play
    them all through ``prophecy.engine``. An engine may also have ``bases`` (the
    engines it is built on) and ``action_names()`` (the actions its games offer).
    """

    name: str
    plays: frozenset[str]

    def check(self, content: Content) -> list[ProphecyError]:
        """What only the engine knows to be wrong with a game (placed errors)."""
        ...


@dataclass(frozen=True)
class Facts:
    """What the commands that read a game know of its engine, without running a pack's code.

    ``checker`` is the installed engine whose ``check`` holds the cards: the engine
    itself when installed, else the one the engine file is built on (None: none).
    """

    name: str
    bases: tuple[str, ...]
    plays: frozenset[str]
    actions: tuple[str, ...] | None  # the actions its games offer (None: not known)
    checker: Engine | None
    file: Path | None = None  # the engine file, for an engine of the pack's own
    declared: Declared | None = None


@cache
def installed() -> dict[str, Any]:
    """The entry points of the engines installed, by name."""
    from importlib.metadata import entry_points  # deferred: start-up time (every check)

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def installed_engine(name: str) -> Engine:
    """The installed engine of that name; a UsageError when none of that name is installed."""
    if name in BUNDLED:
        module, attribute = BUNDLED[name].split(":")
        bundled: Engine = getattr(importlib.import_module(module), attribute)
        return bundled
    found = installed().get(name)
    if found is None:
        names = sorted(installed())
        hint = suggest(name, names) or (
            f"the engines installed are {', '.join(names)}" if names else "no engine is installed")
        raise UsageError(f"no engine named '{name}' is installed", where="engine", hint=hint)
    engine: Engine = found.load()
    return engine


def engine_file(content: Content) -> Path | None:
    """The engine file a game names (``engine: engine.py``), or None for an installed engine
    or none. Named from the game's folder; an expansion's is its base game's (loader)."""
    name = content.pack.engine
    return Path(os.path.normpath(Path(content.root) / name)) if name.endswith(".py") else None


def _actions(engine: Any) -> tuple[str, ...] | None:
    names = getattr(engine, "action_names", None)
    return tuple(names()) if callable(names) else None


def facts_of_installed(engine: Engine) -> Facts:
    return Facts(engine.name, tuple(getattr(engine, "bases", ())), engine.plays,
                 _actions(engine), engine)


def _facts_of_file(path: Path) -> Facts:
    declared = read_declaration(path, sorted(installed()))
    base = installed_engine(declared.built_on) if declared.built_on else None
    bases = (declared.built_on, *getattr(base, "bases", ())) if base is not None else ()
    actions = _actions(base) if base is not None else ()
    return Facts(declared.name, bases, declared.plays,
                 None if actions is None else (*actions, *declared.actions), base, path, declared)


def engine_facts(content: Content) -> Facts | None:
    """What is known of a game's engine without running any of the pack's code (None: the
    game has none); a UsageError or ContentErrors when it cannot be known."""
    if not content.pack.engine:
        return None
    path = engine_file(content)
    if path is None:
        return facts_of_installed(installed_engine(content.pack.engine))
    return _facts_of_file(path)


def engine_errors(content: Content) -> list[ProphecyError]:
    """What is wrong with a game for its engine, found without running a pack's code: its
    declaration, the actions game.yaml offers, and the installed engine's own checks."""
    try:
        facts = engine_facts(content)
    except ContentErrors as exc:
        return [_at_game(content, e) if not e.line and not e.source else e for e in exc.errors]
    except ProphecyError as exc:
        return [_at_game(content, exc)]
    if facts is None:
        return []
    out = action_errors(content, facts.actions)
    return out + (facts.checker.check(content) if facts.checker is not None else [])


def _at_game(content: Content, error: ProphecyError) -> ProphecyError:
    """A problem with no place in a file, said of game.yaml, which names the engine."""
    return ProphecyError(error.message, where=str(Path(content.root) / "game.yaml"), line=0,
                         column=0, hint=error.hint)


def action_errors(content: Content, actions: tuple[str, ...] | None) -> list[ProphecyError]:
    """Each action game.yaml's ``options.actions`` offers that the engine has not."""
    if actions is None:
        return []
    names, out = list(actions), []
    for name, _ in content.options.actions or ():
        if name not in names:
            hint = suggest(name, names) or f"this engine's actions are {', '.join(names)}"
            out.append(_placed(content, f"actions.{name}", f"the engine has no action '{name}'",
                               hint, len(name)))
    return out


def _placed(content: Content, key: str, message: str, hint: str, length: int
            ) -> ProphecyError:
    place = content.options.places.get(key)
    file, line, column = (place.file, place.line, place.column) if place else ("game.yaml", 0, 0)
    path = Path(content.root) / file
    try:
        source = path.read_text(encoding="utf-8").splitlines()[line - 1] if line else ""
    except (OSError, UnicodeDecodeError, IndexError):
        source = ""
    return ProphecyError(message, where=str(path), line=line, column=column, hint=hint,
                         source=source, length=length)


def unrun_note(content: Content) -> str | None:
    """One line for ``check``: the game's engine file was not run, what that leaves
    unchecked, and how to let the commands that play run it (None: nothing to say)."""
    path = engine_file(content)
    if path is None or not path.exists():
        return None
    standing = trust.standing(path)
    if standing.trusted:
        return None
    why = "changed since it was trusted" if standing.state == "changed" else "not trusted"
    built_on = _built_on(path)
    base = f"{built_on} and " if built_on else ""
    return (f"note: {trust.shown(path)} was not run ({why}): the cards were checked with "
            f"{base}its declaration, not with checks of {path.name}'s own; 'prophecy trust "
            f"{trust.shown(Path(content.root))}' lets simulate, balance, test and replay run it")


def _built_on(path: Path) -> str:
    try:
        return read_declaration(path, sorted(installed())).built_on
    except ProphecyError:
        return ""


# -- playing: the engine's code runs ------------------------------------------------------
def engine_of(content: Content) -> Engine | None:
    """The engine that plays a game, or None for a game without one. An engine file of the
    pack runs only when trusted (a UsageError of one line when not)."""
    if not content.pack.engine:
        return None
    path = engine_file(content)
    if path is None:
        return installed_engine(content.pack.engine)
    return _run_file(path, Path(content.root))


def _run_file(path: Path, folder: Path) -> Engine:
    real = resolved(path)
    if not real.is_file():
        raise UsageError(f"no engine file {path}", where="engine",
                         hint="write the path of a Python file of the pack, or an engine's name")
    data = real.read_bytes()  # the bytes checked are the bytes run
    standing = trust.standing(real, data)
    if not (standing.trusted or trust.granted()):
        raise trust.refusal(path, folder, standing.state)
    return _loaded(real, data, _facts_of_file(path))


@cache
def _loaded(real: Path, data: bytes, facts: Facts) -> Engine:
    name = f"prophecy_pack_engine_{trust.digest(str(real).encode())[:16]}"
    module = types.ModuleType(name)
    module.__file__ = str(real)
    sys.modules[name] = module
    # compiled from the bytes read, not imported: no __pycache__ is written into the pack
    exec(compile(data, str(real), "exec"), module.__dict__)  # noqa: S102 - trusted above
    engine: Engine | None = getattr(module, "ENGINE", None)
    if engine is None:
        raise UsageError(f"{real} defines no ENGINE", where="engine",
                         hint="end the file with ENGINE = <the engine object>")
    mismatch = _mismatch(engine, facts)
    if mismatch and facts.declared is not None:
        key, has, said = mismatch
        path = facts.declared.path
        lines = path.read_text(encoding="utf-8").splitlines()
        line = next((n for n, text in enumerate(lines, 1) if text.startswith(f"{key}:")), 0)
        raise ContentErrors([ProphecyError(
            f"{real.name} {has}, but {path.name} declares {said}", where=str(path), line=line,
            column=1 if line else 0, source=lines[line - 1] if line else "", length=len(key),
            hint=f"make {path.name} say what {real.name} registers")])
    return engine


def _mismatch(engine: Engine, facts: Facts) -> tuple[str, str, str] | None:
    """What a run engine registers that its declaration does not say, as (the declaration's
    key, what the engine has, what is declared); None when they agree."""
    bases = tuple(getattr(engine, "bases", ()))
    if engine.name != facts.name:
        return "name", f"names its ENGINE '{engine.name}'", f"'{facts.name}'"
    if set(bases) != set(facts.bases):
        return ("built_on", f"builds its ENGINE on {_listed(bases)}",
                f"it is built on {_listed(facts.bases)}")
    if frozenset(engine.plays) != facts.plays:
        return ("plays", f"plays {_listed(sorted(engine.plays))}",
                f"it plays {_listed(sorted(facts.plays))}")
    actions = _actions(engine)
    if actions is not None and facts.actions is not None and actions != facts.actions:
        return ("actions", f"offers the actions {_listed(actions)}",
                f"the actions {_listed(facts.actions)}")
    return None


def _listed(names: Any) -> str:
    return ", ".join(f"'{n}'" for n in names) or "none"


def require_engine(content: Content, command: str) -> Engine:
    """The game's engine, for a command that plays it; a one-line usage error (exit 2) when
    the game has none, or its engine file is not trusted. A trusted engine file's own
    checks of the cards are made here (the commands that read a game never run them)."""
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
    if engine_file(content) is not None:
        errors = engine.check(content)
        if errors:
            raise ContentErrors(errors)
    return engine


__all__ = ["PLAYS", "Engine", "Facts", "engine_errors", "engine_facts", "engine_of",
           "require_engine"]
