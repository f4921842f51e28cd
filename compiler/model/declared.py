"""An engine file's declaration: ``engine.yaml`` beside a pack's ``engine.py`` in, what the
commands that never run that file need to know of its engine out.

Reading a pack (check, lint, fmt, cards, diff, schemas, build, serve, lsp)
never runs its Python. What those commands need of an engine of the pack's
own is declared as data, in a YAML file beside the engine file and named
like it (``engine.py`` -> ``engine.yaml``)::

    name: disciplines-draft      # the engine's name (ENGINE.name)
    built_on: dark-prophecies    # the installed engine it subclasses (ENGINE.bases)
    actions: [scheme]            # the actions it adds to that engine's menu (Game.ACTIONS)
    plays: [simulate, test]      # optional: the commands it plays (ENGINE.plays); all four

The cards are checked with the installed engine it is built on, and
game.yaml's ``options.actions`` against the actions declared. When a
trusted engine file is run to play a game, what it registers is held to its
declaration (``plugins.py``), so the two never drift apart unnoticed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from prophecy.compiler.model.yamlsafe import load_yaml, lookup
from prophecy.dsl.errors import ContentErrors, ProphecyError, suggest

#: The commands that play a game, which an engine may play.
PLAYS = ("simulate", "balance", "test", "replay")
KEYS = ("name", "built_on", "actions", "plays")
_NAME = re.compile(r"[a-z][a-z0-9 -]*\Z")
_HINT = ("write the engine's name, the installed engine it is built on and the actions it "
         "adds (docs/packs.md, 'Packs from other people')")


@dataclass(frozen=True)
class Declared:
    """What an engine file's ``engine.yaml`` says of it."""

    path: Path  # the declaration file
    name: str
    built_on: str  # "" for an engine built on no installed engine
    actions: tuple[str, ...]  # the actions it adds to its base's menu
    plays: frozenset[str]


def declaration_path(engine_file: Path) -> Path:
    """Where an engine file's declaration is: beside it in the pack, named like it."""
    return engine_file.with_suffix(".yaml")


def read_declaration(engine_file: Path, installed: list[str]) -> Declared:
    """The declaration of an engine file; a ContentErrors placed in it when it is wrong, or
    at nothing when it is missing (the caller places that at game.yaml)."""
    path = declaration_path(engine_file)
    if not path.exists():
        raise ContentErrors([ProphecyError(
            f"{engine_file.name} has no declaration {path.name} beside it",
            where=str(path), line=0, column=0, hint=f"write {path.name}: {_HINT}")])
    src, node, data = load_yaml(path, path.name, _HINT)
    errors: list[ProphecyError] = []
    if not isinstance(data, dict):
        raise ContentErrors([src.error_at(node, "a declaration is a mapping of keys", _HINT)])

    def wrong(key: str, message: str, hint: str) -> None:
        errors.append(src.error_at(lookup(node, [key])[0], message, hint))

    for key in data:
        if key not in KEYS:
            hint = suggest(str(key), list(KEYS)) or f"the keys are {', '.join(KEYS)}"
            errors.append(src.error_at(_key(node, key), f"unknown key '{key}'", hint))
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        wrong("name", "'name' is the engine's name: lowercase words joined by '-'",
              "write the name its ENGINE has, as 'name: my-game'")
    built_on = data.get("built_on", "")
    if not isinstance(built_on, str):
        wrong("built_on", "'built_on' names one installed engine", "write 'built_on: "
              "dark-prophecies', or leave it out for an engine built on none")
    elif built_on and built_on not in installed:
        wrong("built_on", f"no engine named '{built_on}' is installed",
              suggest(built_on, installed) or f"the engines installed are {', '.join(installed)}")
    actions = _names(data.get("actions", []), "actions", wrong)
    plays = _names(data.get("plays", list(PLAYS)), "plays", wrong)
    for word in plays:
        if word not in PLAYS:
            wrong("plays", f"'{word}' is not a command that plays",
                  suggest(word, PLAYS) or f"the commands that play are {', '.join(PLAYS)}")
    if errors:
        raise ContentErrors(errors)
    return Declared(path, str(name), str(built_on), tuple(actions), frozenset(plays))


def _names(value: object, key: str, wrong: Callable[[str, str, str], None]) -> list[str]:
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        return [str(v) for v in value]
    wrong(key, f"'{key}' is a list of names", f"write '{key}: [one, another]' (or [])")
    return []


def _key(node: yaml.Node, key: object) -> yaml.Node:
    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if k.value == key:
                found: yaml.Node = k
                return found
    return node

