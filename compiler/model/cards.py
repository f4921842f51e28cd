"""Card building: one checked content file (data and nodes) in, cards out, as their kind says.

This is the last stage of the loader. The kind's declaration (``pack.py``)
says what each field holds: its rules lines are parsed with the game's
vocabulary, placed in the YAML file (an error points at the bad word inside
the file), checked for the kind of line the field wants (an effect, a
condition, a Title condition) and for references to the card's own grimoire
on a kind that has none; its names are resolved against the vocabulary. A
kind written as a CSV file is read by ``csvcards.py`` and built the same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from prophecy.compiler import model
from prophecy.compiler.model import memo, slug
from prophecy.compiler.model.limits import copies_bound
from prophecy.compiler.model.nouns import a
from prophecy.compiler.model.pack import FieldSpec, KindSpec
from prophecy.compiler.model.yamlsafe import Source, lookup, scalar_place
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError, ProphecyError, one_of, suggest
from prophecy.dsl.printer import to_text
from prophecy.dsl.vocabulary import Vocabulary


@dataclass
class Written:
    """An effect line as it stands in its file (what ``prophecy fmt`` rewrites)."""

    source: Source
    node: yaml.ScalarNode
    canonical: str
    flow: bool = False  # inside a [flow] list or {flow} mapping, where ',' ends a plain value
    note: str = ""  # "reads as '...'": the grammar took the line only once rewritten (ruling 20)

    @property
    def text(self) -> str:
        """The value as written (a block scalar's final line break included)."""
        return str(self.node.value)


def scalar_written(src: Source, root: yaml.Node, path: list[Any], canonical: str) -> Written:
    """The scalar at ``path`` and the text ``prophecy fmt`` should write there."""
    node, _ = lookup(root, path)
    parent, _ = lookup(root, path[:-1])
    assert isinstance(node, yaml.ScalarNode)
    return Written(src, node, canonical, bool(getattr(parent, "flow_style", False)))


@dataclass
class LoadedFile:
    """One content file, read: its source, its nodes and data, and the schema's verdict."""

    schema: str
    kind: KindSpec | None  # the kind of card it holds; None for game.yaml
    src: Source
    node: Any
    data: Any
    skip: set[tuple[Any, ...]]  # data paths that broke the schema
    written: list[Written] = field(default_factory=list)  # values written in another casing



#: What each kind of rules field wants: (AST class, message, hint) when the line is another.
_LINE_KINDS: dict[str, tuple[type, str, str]] = {
    "effect": (
        ast.Effect,
        "this line is a condition, not an effect",
        "an effect does something, as in 'Draw 1 Arcana'; a condition can be a requirement: "
        "'If you have 2 or more stashed cards: Draw 1 Arcana'",
    ),
    "condition": (
        ast.Compare,
        "this line is not a condition: a condition checks what a player has",
        "a condition counts what you have, as in 'If you have completed 2 or more Dark "
        "Deeds', or reads a Level, as in 'If your Necromancy is Level 3 or higher'; what a "
        "Verse gives is its reward's line",
    ),
    "title": (
        ast.Title,
        "a Title condition names what its winner has most or fewest of",
        "write it as 'Most stashed cards' or 'Fewest cards in hand'",
    ),
    "points": (
        ast.PointsTable,
        "a points table gives the card's points by the cards stored on it",
        "write it as '1 point for 1 stored card, 3 points for 2 stored cards'",
    ),
}
def kind_error(want: str, parsed: ast.Node) -> tuple[str, str] | None:
    """(message, hint) when a line that reads is another kind of line than its field holds
    (``want``: effect, condition, title or points); None when it is the field's kind."""
    cls, message, hint = _LINE_KINDS[want]
    if isinstance(parsed, cls):
        return None
    if isinstance(parsed, ast.PointsTable) and want != "points":
        return _TABLE_ELSEWHERE
    if want == "condition" and isinstance(parsed, ast.Title):
        return (f"a Verse condition compares no players: '{to_text(parsed)}' is a Title's "
                "condition", "a Verse condition counts what you have against a number, as "
                "in 'If you have 3 or more stashed cards'; the most or the fewest of "
                "something is a Title card's")
    return message, hint


#: For the tools that read a line as a field of a role would (``prophecy parse --field``):
#: each role's kind of line (``kind_error`` says what is wrong with another).
ROLE_KINDS = {"effect": "effect", "bonus": "effect", "hireling": "effect", "reward": "effect",
              "condition": "condition", "title": "title"}
#: A points table written in a field of another kind of line.
_TABLE_ELSEWHERE = (
    "a points table is written in a field that holds one (line: points in game.yaml)",
    "move it to the card's points field, or write the line this field holds",
)

_THIS_HINTS = {
    ast.LevelReq: "name the grimoire, as in '{g} Level 2'",
    ast.DeedTarget: "name the grimoire's deeds ('a {g} Dark Deed') or leave 'matching' out",
    ast.LevelUp: "write 'any Grimoire' or a grimoire's name",
    ast.LevelDown: "write 'any Grimoire' or a grimoire's name",
    ast.Stash: "name a grimoire or a card type instead of 'matching'",
    ast.RevealUntil: "name a grimoire or a card type instead of 'matching'",
    ast.ReturnCards: "name a grimoire or a card type instead of 'matching'",
}


@dataclass
class Builder:
    """Turns the checked data of content files into cards, collecting every problem."""

    vocab: Vocabulary | None
    rules: model.Rules
    components: Any = None  # game.yaml's component list, which bounds each card's copies
    errors: list[ProphecyError] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    cards: list[model.Card] = field(default_factory=list)
    _names: dict[str, model.Card] = field(default_factory=dict)
    _folders: tuple[Path, Path] | None = None

    # files ----------------------------------------------------------------
    def build(self, kind: KindSpec, src: Source, root: yaml.Node, data: Any,
              skip: set[tuple[Any, ...]], set_name: str = "",
              folders: tuple[Path, Path] | None = None) -> None:
        """Build every card of one file; cards at a path in ``skip`` broke the schema.

        ``folders`` are the game's folder and the file's pack's (an expansion's base game
        has its own): a picture field names a file of its pack, and holds it relative to the
        game's folder."""
        self._folders = folders
        items = data.get(kind.list) if isinstance(data, dict) else None
        paths: list[tuple[Any, ...]]
        if isinstance(items, dict):
            items, paths = [items], [(kind.list,)]
        elif isinstance(items, list):
            paths = [(kind.list, index) for index in range(len(items))]
        else:
            return
        header: dict[str, Any] = {}
        for name in kind.header:
            spec = kind.field(name)
            if spec is None or any(p[:1] == (name,) for p in skip):
                return
            value = self._value(_At(src, root, data, kind, {}), spec, [name])
            if value is None and spec.required:
                return
            header[name] = value
        for path, item in zip(paths, items, strict=True):
            node, _ = lookup(root, list(path))
            at = _At(src, node, item, kind, header)
            if any(p[: len(path)] == path for p in skip):
                self._lines_only(at)
                continue
            self._copies(at)
            card = self.card(at, set_name)
            if card is not None:
                self._add(card, src, node)

    def _copies(self, at: _At) -> None:
        """A card cannot come more often than the component list holds cards of its kind."""
        copies = at.data.get("copies", 1) if isinstance(at.data, dict) else 1
        if not isinstance(copies, int) or isinstance(copies, bool):
            return  # the schema names what is wrong with it
        bound, why = copies_bound(at.kind.name, self.components)
        if copies > bound:
            node, _ = lookup(at.node, ["copies"])
            self.errors.append(at.src.error_at(
                node, f"'copies' must be at most {bound}, not {copies}: {why}",
                "lower 'copies', or raise the count in game.yaml's components"))

    def card(self, at: _At, set_name: str = "") -> model.Card | None:
        """One card from its checked data: each field of its kind read as declared."""
        kind, values = at.kind, dict(at.header)
        places: dict[str, model.Place] = {}
        lines: list[model.EffectLine] = []
        for spec in kind.card_fields:
            if spec.name not in at.data:
                values[spec.name] = spec.empty
                continue
            value = self._value(at, spec, [spec.name])
            if value is None and (spec.required or spec.type == "rules" and not spec.many):
                return None
            values[spec.name] = spec.empty if value is None else value
            places[spec.name] = at.place_of([spec.name])
        for spec in kind.rules_fields:
            found = values.get(spec.name)
            lines.extend(found if isinstance(found, tuple) else (found,) if found else ())
        name = at.data["name"]
        own = values.get(kind.own) if kind.own else None
        return model.Card(
            id=f"{kind.name}/{slug(name)}", name=name, kind=kind.name,
            copies=at.data.get("copies", 1), place=at.place_of([]), fields=values,
            lines=tuple(lines), own=own if isinstance(own, str) else None, set=set_name,
            places=places,
        )

    def _value(self, at: _At, spec: FieldSpec, path: list[Any]) -> Any:
        """A field's value read as its type says; None when it could not be (an error)."""
        raw = _get(at.data, path)
        if spec.many:
            if not isinstance(raw, list):
                return None
            found = [self._one(at, spec, [*path, i], item) for i, item in enumerate(raw)]
            if spec.type == "rules":
                return tuple(v for v in found if v is not None)
            return None if any(v is None for v in found) else tuple(found)
        return self._one(at, spec, path, raw)

    def _one(self, at: _At, spec: FieldSpec, path: list[Any], raw: Any) -> Any:
        if spec.type == "rules":
            return self.line(at, path, spec.line)
        if spec.type == "name":
            return self._name(at, spec, path, raw)
        if spec.type == "image" and isinstance(raw, str) and self._folders is not None:
            return self._picture(at, spec, path, raw)
        return raw

    def _picture(self, at: _At, spec: FieldSpec, path: list[Any], written: str) -> Any:
        """A picture field: a PNG or JPEG file inside its pack, large enough for its box.
        Its value is the file's path from the game's folder; None (an error) otherwise."""
        from prophecy.compiler.model.pictures import (
            picture_problem,  # deferred: start-up time (check)
        )

        game, pack = self._folders or (Path("."), Path("."))
        problem = picture_problem(pack, written, spec.size)
        if problem is not None:
            message, hint = problem
            self.errors.append(at.src.error_at(at.node_at(path), message, hint))
            return None
        return os.path.relpath(pack / written, game).replace(os.sep, "/")

    def _lines_only(self, at: _At) -> None:
        """Check the rules lines of a card that broke the schema, so none goes unread."""
        if not isinstance(at.data, dict):
            return  # type: ignore[unreachable]  # a card that broke the schema may be anything
        for spec in at.kind.rules_fields:
            value = at.data.get(spec.name)
            if isinstance(value, str):
                self.line(at, [spec.name], spec.line)
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, str):
                        self.line(at, [spec.name, index], spec.line)

    def _name(self, at: _At, spec: FieldSpec, path: list[Any], name: Any) -> Any:
        """A name from the vocabulary list the field names, in its canonical spelling."""
        if not isinstance(name, str):
            return None
        if self.vocab is None:
            return name
        names: tuple[str, ...] = getattr(self.vocab, spec.names, ())
        if name in names:
            return name
        word = _name_word(spec.names, self.vocab)
        found = self.vocab.lookup(name)
        node = at.node_at(path)
        if found and found[1] in names and isinstance(node, yaml.ScalarNode):
            self.written.append(Written(at.src, node, found[1]))  # 'necromancy': fmt writes it
            return found[1]
        hint = suggest(name, names) or f"use {one_of(names)}"
        self.errors.append(at.src.error_at(node, f"unknown {word} '{name}'", hint))
        return name  # reported; the card is still read, so its other problems are found too

    def _add(self, card: model.Card, src: Source, item: yaml.Node) -> None:
        key = slug(card.name)
        name_node = lookup(item, ["name"])[0]
        first = self._names.get(key)
        if not key:
            self.errors.append(src.error_at(name_node, "a name needs a letter or a digit"))
        elif first is not None:
            self.errors.append(src.error_at(
                name_node,
                f"duplicate card name '{card.name}': the {first.kind} card at {first.place} "
                f"is called '{first.name}'",
                "names must differ by more than case and punctuation: rename one of them",
            ))
        else:
            self._names[key] = card
            self.cards.append(card)

    # rules lines ------------------------------------------------------------
    def line(self, at: _At, path: list[Any], want: str = "effect") -> model.EffectLine | None:
        """The rules line at ``path`` in a card, parsed, placed and checked."""
        node = at.node_at(path)
        if self.vocab is None or not isinstance(node, yaml.ScalarNode) or not node.value.strip():
            return None  # a blank line is the schema's finding ("... is blank")
        text, src = node.value.rstrip("\n"), at.src  # a '|' block ends with a line break
        try:
            parsed, canonical, note = read_line(text, self.vocab)
        except DslError as exc:
            # what the field says of the line: its one meaning there, or its error
            from prophecy.dsl.fields import in_field, read_in_field  # deferred: start-up time
            found = read_in_field(want, text, self.vocab, at.kind.name)
            if found is None:
                exc = in_field(want, exc, self.vocab, at.kind.name)
                line, column = _place_in(src, node, exc.column - 1)
                self.errors.append(exc.at(src.where, line, column, src.line(line)))
                return None
            parsed, note = found
            canonical = to_text(parsed)
        wrong = kind_error(want, parsed)
        if wrong is not None:
            self.errors.append(src.error_at(node, *wrong))
            return None
        if not at.kind.own:
            self.errors.extend(self._own_grimoire_errors(at, node, parsed))
        parent = at.node_at(path[:-1])
        flow = bool(getattr(parent, "flow_style", False))
        self.written.append(Written(src, node, canonical, flow, note))
        line, column = _place_in(src, node, 0)
        return model.EffectLine(
            canonical, parsed, model.Place(src.rel, line, column),
            written=node.value if node.value != canonical else "",
        )

    def _own_grimoire_errors(
        self, at: _At, node: yaml.ScalarNode, parsed: ast.Node
    ) -> Iterator[ProphecyError]:
        text = node.value
        for ref in _own_grimoire_refs(parsed):
            span = ref.span
            start, end = (span.start, span.end) if span else (0, len(text))
            line, column = _place_in(at.src, node, start)
            example = self.vocab.grimoires[-1] if self.vocab and self.vocab.grimoires else \
                "Necromancy"
            own = self.vocab.noun("grimoire") if self.vocab else "grimoire"
            yield at.src.error(
                f"'{text[start:end]}' means this card's own {own}, but "
                f"{a(at.kind.label)} has none", line, column,
                _THIS_HINTS[type(ref)].format(g=example), max(1, end - start),
            )


#: How a name of each vocabulary list is called in messages (in the language's nouns).
_NAME_WORDS = {"grimoires": "grimoire", "card_types": "card type",
               "deed_targets": "Dark Deed target"}


def _name_word(names: str, vocab: Vocabulary) -> str:
    """How a name of a vocabulary list is called in messages, in the pack's nouns: 'unknown
    Mastery', 'unknown Prophecy target' where game.yaml's ``words:`` say so."""
    word = _NAME_WORDS.get(names, names.replace("_", " ").rstrip("s"))
    for language in ("grimoire", "Dark Deed"):
        if word.startswith(language):
            return vocab.noun(language) + word.removeprefix(language)
    return word


@dataclass
class _At:
    """Where one card is being read: its file, node and data, its kind, its file's header."""

    src: Source
    node: yaml.Node
    data: dict[str, Any]
    kind: KindSpec
    header: dict[str, Any]

    def node_at(self, path: list[Any]) -> yaml.Node:
        return lookup(self.node, path)[0]

    def place_of(self, path: list[Any]) -> model.Place:
        node = self.node_at(path)
        return model.Place(self.src.rel, node.start_mark.line + 1, node.start_mark.column + 1)


def _get(data: Any, path: list[Any]) -> Any:
    for step in path:
        if isinstance(data, dict):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and step < len(data):
            data = data[step]
        else:
            return None
    return data


def _own_grimoire_refs(node: ast.Node) -> Iterator[ast.Node]:
    """The nodes of a line that mean "this card's grimoire" (THIS, 'matching')."""
    for sub in ast.walk(node):
        value = getattr(sub, "grimoire", None) if not isinstance(sub, ast.Quantity) else None
        if isinstance(sub, ast.Stash | ast.RevealUntil | ast.ReturnCards):
            value = sub.match
        if value == ast.THIS:
            yield sub


def _place_in(src: Source, node: yaml.ScalarNode, offset: int) -> tuple[int, int]:
    return scalar_place(src, node, max(0, offset))


def parsed_line(text: str, vocab: Vocabulary) -> tuple[ast.Line, str]:
    """A line's node and canonical wording (see ``read_line``)."""
    node, canonical, _ = read_line(text, vocab)
    return node, canonical


def read_line(text: str, vocab: Vocabulary) -> tuple[ast.Line, str, str]:
    """A line's node, canonical wording and note ("reads as '...'" when the grammar took it
    only once rewritten, ruling 20); a line parsed before (the same text and vocabulary) is
    not parsed again, but each card still gets a node of its own (engines tell lines apart
    by identity)."""
    import pickle


    key = memo.digest(repr((text, vocab.grimoires, vocab.card_types, vocab.deed_targets,
                            vocab.words)))
    found = memo.get("line", key)
    if found is not None and len(found) == 3:
        node: ast.Line = pickle.loads(found[0])
        return node, found[1], found[2]
    from prophecy.dsl.parser import read  # deferred: start-up time (check; lark)

    node, note = read(text, vocab)
    canonical = to_text(node)
    memo.put("line", key, (pickle.dumps(node, protocol=pickle.HIGHEST_PROTOCOL), canonical,
                           note))
    return node, canonical, note
