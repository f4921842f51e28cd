"""Scenario files read: paths in, ``Scenario`` records whose every value keeps its place out.

A scenario file is YAML with the editor's schema comment on its first line
and a ``scenarios:`` list. Each file is read with the project's one safe YAML
reader and checked against ``content/schemas/scenarios.schema.json``; every
problem becomes a ``ProphecyError`` at its file, line and column. The values
stay wrapped in ``Item`` (a YAML node and its file), so a later stage can
place an unknown card, an impossible table or a failed expectation exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler.model.schema import bad_paths, schema_errors
from prophecy.compiler.model.yamlsafe import Source, compose, data_of, read_source, to_data
from prophecy.dsl.errors import ContentErrors, ProphecyError

SCHEMA = "scenarios"
_HEADER = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")
_EMPTY = "write a 'scenarios:' list (see docs/scenarios.md)"


class ScenarioError(ProphecyError):
    """A mistake in a scenario file: an unknown name or key, an impossible table."""


class IllegalMove(ProphecyError):
    """A move the rules do not allow; a scenario's ``error:`` names the words it expects."""


_TRUTH = {"yes": True, "no": False}


@dataclass
class Item:
    """One YAML value of a scenario file, with its node (for places) and plain data."""

    src: Source
    node: yaml.Node

    @property
    def value(self) -> Any:
        """The value as plain data; a yes or no (any case) reads as True or False.

        Content files are YAML 1.2, where only true and false are booleans;
        a scenario answers 'use: no' or 'game over: yes' as a person says it.
        """
        data = to_data(self.node)
        if isinstance(data, str) and data.strip().lower() in _TRUTH:
            return _TRUTH[data.strip().lower()]
        return data

    @property
    def place(self) -> str:
        mark = self.node.start_mark
        return f"{self.src.where}:{mark.line + 1}:{mark.column + 1}"

    def error(self, message: str, hint: str = "", kind: type[ProphecyError] = ScenarioError
              ) -> ProphecyError:
        """An error of ``kind`` placed at this value."""
        base = self.src.error_at(self.node, message, hint)
        return kind(base.message, base.line, base.column, base.hint, base.where, base.source,
                    base.length)

    def is_map(self) -> bool:
        return isinstance(self.node, yaml.MappingNode)

    def is_list(self) -> bool:
        return isinstance(self.node, yaml.SequenceNode)

    def entries(self) -> list[tuple[str, Item, Item]]:
        """A mapping's (key text, key item, value item) triples, in file order."""
        if not isinstance(self.node, yaml.MappingNode):
            return []
        return [(str(k.value), Item(self.src, k), Item(self.src, v)) for k, v in self.node.value]

    def get(self, key: str) -> Item | None:
        if isinstance(self.node, yaml.MappingNode):
            for k, v in self.node.value:
                if str(k.value) == key:
                    return Item(self.src, v)
        return None

    def items(self) -> list[Item]:
        """A list's items; a single value is a list of one."""
        if isinstance(self.node, yaml.SequenceNode):
            return [Item(self.src, n) for n in self.node.value]
        return [self]


@dataclass
class Scenario:
    """One scenario as written: its id, the rule it pins, and its parts as items."""

    id: str
    rule: str
    says: str
    item: Item
    given: Item | None
    when: list[Item]
    then: Item | None
    error: Item | None
    #: game.yaml's rules constants and options this scenario's game plays by instead: the
    #: file's (``rules:``, ``options:`` beside ``scenarios:``), then the scenario's own
    changes: tuple[Item, ...] = ()

    @property
    def file(self) -> str:
        return self.item.src.rel


def discover(paths: Iterable[Path]) -> tuple[list[Path], list[ProphecyError]]:
    """The scenario files named: files as they are, folders for their ``*.yaml``, sorted."""
    found: list[Path] = []
    errors: list[ProphecyError] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.glob("*.yaml")))
        elif path.is_file():
            found.append(path)
        else:
            errors.append(ProphecyError(
                "no such file or folder", where=str(path), line=0,
                hint="name scenario files or a folder of them (content/scenarios)"))
    return found, errors


def read_files(paths: Iterable[Path]) -> tuple[list[Scenario], list[ProphecyError]]:
    """Every scenario of the files, and every problem found reading them (ids unique)."""
    scenarios: list[Scenario] = []
    errors: list[ProphecyError] = []
    files, missing = discover(paths)
    errors.extend(missing)
    for path in files:
        found, problems = read_file(path)
        scenarios.extend(found)
        errors.extend(problems)
    seen: dict[str, Scenario] = {}
    for s in scenarios:
        first = seen.setdefault(s.id, s)
        if first is not s:
            where = first.item.get("id")
            errors.append(_id_item(s).error(
                f"duplicate scenario id '{s.id}': {where.place if where else first.file} "
                "has it too", "give every scenario its own id"))
    return [s for s in scenarios if seen[s.id] is s], errors


def read_file(path: Path) -> tuple[list[Scenario], list[ProphecyError]]:
    """The scenarios of one file; those that break the schema are left out and reported."""
    try:
        src = read_source(path, path.name)
    except ProphecyError as exc:
        return [], [exc]
    errors = _header_errors(src)
    root, problems = compose(src, _EMPTY)
    errors.extend(problems)
    if root is None:
        return [], errors
    try:
        data = data_of(src, root)
    except ContentErrors as exc:  # a value that cannot be data (a number of 30 digits)
        return [], errors + exc.errors
    found = schema_errors(SCHEMA, src, root, data)
    errors.extend(found)
    broken = bad_paths(SCHEMA, data) if found else set()
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        return [], errors
    listed = Item(src, root).get("scenarios")
    assert listed is not None
    out = []
    for index, item in enumerate(listed.items()):
        if any(p[:2] == ("scenarios", index) or p == ("scenarios",) for p in broken):
            continue
        scenario = _scenario(item, Item(src, root))
        if scenario.then is None and scenario.error is None:
            errors.append(_id_item(scenario).error(
                f"scenario '{scenario.id}' says neither what must hold nor what error comes",
                "add 'then:' (what must hold after the moves) or 'error:' (words of the error)"))
            continue
        out.append(scenario)
    return out, errors


def _header_errors(src: Source) -> list[ProphecyError]:
    found = _HEADER.match(src.line(1))
    wanted = f"{SCHEMA}.schema.json"
    hint = f"start the file with '# yaml-language-server: $schema=../schemas/{wanted}'"
    if not found:
        return [src.error("a scenario file names its schema on its first line", 1, 1, hint)]
    if found.group(1).rsplit("/", 1)[-1] != wanted:
        return [src.error(f"this file's schema is {wanted}, not '{found.group(1)}'", 1,
                          found.start(1) + 1, hint, len(found.group(1)))]
    return []


def _scenario(item: Item, file: Item) -> Scenario:
    def text(key: str) -> str:
        found = item.get(key)
        return str(found.value) if found is not None else ""

    when = item.get("when")
    return Scenario(
        id=text("id"), rule=text("rule"), says=text("says"), item=item,
        given=item.get("given"), when=when.items() if when is not None else [],
        then=item.get("then"), error=item.get("error"),
        changes=tuple(found for found in (file, item) if found.get("rules") is not None
                      or found.get("options") is not None),
    )


def _id_item(s: Scenario) -> Item:
    found = s.item.get("id")
    return found if found is not None else s.item
