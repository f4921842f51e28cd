"""The scenario files for ``prophecy check``: loaded content and its scenario folder in, how many
scenarios and their problems out.

Once the content is clean every scenario is checked in full (schema, names,
tables, moves; not played). A file whose check is clean keeps its result in
the cache folder under a key of what that check reads:

- the file's bytes, and the installed code (the language, compiler, engine and renderer);
- the book's setup: ``game.yaml`` and each card's kind, id, name, copies,
  grimoire, Verse position and Hireling role, which is what laying out any
  table reads (the decks, the box, the Grimoires dealt);
- and for each scenario, every card it names, in full (a card is named where
  its name is a value or key of the scenario, in any casing; what a file holds
  beside its scenarios is rules constants and options, in its bytes).

So an edit to one card's rules re-checks only the scenarios that name it; an
edit to ``game.yaml``, or one that adds, removes or renames a card or changes
its copies, re-checks them all, and so does any edit to a scenario file.
Scenario ids are unique across files: each file's ids are kept with its
result, and a clash sends every file through the full check, whose message
says where the other one is. A file with problems is
checked again each time, and its problems come in the order of the full
check's: every file's reading problems, then every scenario's.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler import model
from prophecy.compiler.model import memo
from prophecy.dsl.errors import ProphecyError
from prophecy.engine.scenarios import source
from prophecy.tools.cache import content_cache, read_json, write_json

#: What the cache entries look like; an entry of another version is not read.
VERSION = 2


def check(content: model.Content, errors: bool, folder: Path, root: Path
          ) -> tuple[int, list[ProphecyError]]:
    """(how many scenarios, their problems); with content ``errors``, the files are only read."""
    if errors:
        found, problems = source.read_files([folder])
        return len(found), problems

    path = content_cache(root, "scenarios") / "files.json"
    known = read_json(path)
    entries: dict[str, Any] = known.get("files", {}) if known.get("version") == VERSION else {}
    book = _Book(content, root)
    files, _ = source.discover([folder])
    count, ids, kept, pending = 0, [], {}, []
    for file in files:
        key = book.file_key(file)
        name = file.name  # a file of the folder, wherever the folder is named from
        entry: Any = entries.get(name)
        stale = book.stale(entry, key) if key is not None else None
        if stale == []:
            count += entry["count"]
            ids.extend(entry["ids"])
            kept[name] = entry
            continue
        scenarios, problems = source.read_file(file)
        if stale is not None and [s.id for s in scenarios] != entry["ids"]:
            stale = None  # not the scenarios the entry was kept for: check them all
        ids.extend(s.id for s in scenarios)
        pending.append((file, key, scenarios, problems, stale))
    if pending or len(set(ids)) < len(ids):
        # the engine's table and moves are imported only when a scenario is checked
        from prophecy.engine.scenarios import runner  # deferred: start-up time (check)
    if len(set(ids)) < len(ids):  # a clash: the full check says where each id is
        return runner.check(content, [folder])
    read: list[ProphecyError] = []
    checked: list[ProphecyError] = []
    for file, key, scenarios, problems, stale in pending:
        again = scenarios if stale is None else [scenarios[i] for i in stale]
        wrong = [e for s in again for e in runner.check_scenario(content, s)]
        count += len(scenarios)
        read.extend(problems)
        checked.extend(wrong)
        if key is not None and not problems and not wrong:
            kept[file.name] = book.entry(key, scenarios)
    if kept != entries:
        write_json(path, {"version": VERSION, "files": kept})
    return count, read + checked


class _Book:
    """The digests one check's keys are made of, each worked out once."""

    def __init__(self, content: model.Content, root: Path) -> None:
        self.content, self.root = content, root
        self.named: dict[str, list[model.Card]] = {}
        for card in content.cards:
            self.named.setdefault(card.name.strip().lower(), []).append(card)
        self._setup: str | None = None
        self._code: str | None = None
        self._cards: dict[str, str] = {}

    def file_key(self, file: Path) -> str | None:
        """The digest of a file, the code and the book's setup (None: a file unreadable)."""
        try:
            data = file.read_bytes()
        except OSError:
            return None
        if self._setup is None or self._code is None:
            self._setup, self._code = self.setup_digest(), code_digest()
        return _sha(self._code, self._setup, hashlib.sha256(data).hexdigest())

    def setup_digest(self) -> str:
        """game.yaml's bytes and each card's place in the book (not its rules)."""
        try:
            game = (self.root / "game.yaml").read_bytes()
        except OSError:
            game = b""
        roster = [_roster(card) for card in self.content.cards]
        return _sha(hashlib.sha256(game).hexdigest(), repr(roster))

    def cards_digest(self, names: list[str]) -> str:
        """Every card called by one of ``names``, in full (a name no card has counts too)."""
        return _sha(*(self._card_digest(name) for name in names))

    def _card_digest(self, name: str) -> str:
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = _sha(repr((name, [_facts(c) for c in
                                                          self.named.get(name, [])])))
        return found

    def stale(self, entry: Any, key: str) -> list[int] | None:
        """Which scenarios of a file a kept result no longer holds for, by index (each names
        a card that has changed since); None when it holds for none (the file changed)."""
        # a cache file is only a cache: an entry of any other shape is checked afresh
        if not (isinstance(entry, dict) and entry.get("key") == key
                and type(entry.get("count")) is int and _strings_only(entry.get("ids"))
                and isinstance(entry.get("parts"), list)
                and len(entry["parts"]) == len(entry["ids"]) == entry["count"]):
            return None
        out = []
        for index, part in enumerate(entry["parts"]):
            if not (isinstance(part, dict) and _strings_only(part.get("names"))):
                return None
            if part.get("cards") != self.cards_digest(part["names"]):
                out.append(index)
        return out

    def entry(self, key: str, scenarios: list[Any]) -> dict[str, Any]:
        """What is kept of a clean file: its key, its scenarios and the cards each names."""
        parts = []
        for s in scenarios:
            names = sorted(set(_strings(s.item.node)) & self.named.keys())
            parts.append({"names": names, "cards": self.cards_digest(names)})
        return {"key": key, "count": len(scenarios), "ids": [s.id for s in scenarios],
                "parts": parts}


def _strings_only(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def code_digest() -> str:
    """The installed code, by its source files' paths, sizes and modification times
    (``memo.salt``): an installed package changes only when it is installed again."""
    return memo.salt()


#: The fields of a card that laying out a table reads, named or not: a Verse's place in
#: the Prophecy, a Hireling's role and redraw mark.
ROSTER_FIELDS = ("position", "role", "redraw")


def _roster(card: model.Card) -> tuple[object, ...]:
    """What a table reads of any card of the book, named or not."""
    return (card.kind, card.id, card.name, card.copies, card.grimoire_of, card.set,
            *(card.get(name) for name in ROSTER_FIELDS))


def _facts(value: object) -> object:
    """A card's data without its place in its file (an edit above it moves it, no more)."""
    if isinstance(value, model.Place):
        return None
    if isinstance(value, model.EffectLine):
        return value.text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple((f.name, _facts(getattr(value, f.name))) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, list)):
        return tuple(_facts(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _facts(v)) for k, v in sorted(value.items(), key=lambda kv: str(kv[0])))
    return value


def _strings(node: yaml.Node) -> Iterator[str]:
    """Every scalar of a YAML node (keys too), stripped and in lower case, as names are matched."""
    if isinstance(node, yaml.ScalarNode):
        yield str(node.value).strip().lower()
    elif isinstance(node, yaml.SequenceNode):
        for child in node.value:
            yield from _strings(child)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _strings(key)
            yield from _strings(value)


def _sha(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()
