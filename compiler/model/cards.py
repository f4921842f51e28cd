"""Card building: one checked content file (data and nodes) in, typed cards out.

This is the last stage of the loader. Each card's effect lines are parsed
with the game's vocabulary, placed in the YAML file (an effect-text error
points at the bad token inside the file), checked for the kind of line the
field wants (an effect, a verse condition, a Title condition) and for
references to the card's own grimoire on cards that have none. Names in
headers and card types are resolved against the vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from prophecy.compiler import model
from prophecy.compiler.model.yamlsafe import Source, lookup
from prophecy.dsl import ast
from prophecy.dsl.errors import DslError, ProphecyError, one_of, suggest
from prophecy.dsl.vocabulary import Vocabulary


def slug(name: str) -> str:
    """The id part of a name: lowercase, each run of other characters a '-'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass
class Written:
    """An effect line as it stands in its file (what ``prophecy fmt`` rewrites)."""

    source: Source
    node: yaml.ScalarNode
    canonical: str
    flow: bool = False  # inside a [flow] list or {flow} mapping, where ',' ends a plain value

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


#: What each field wants: (AST class, message, hint) when the line is another kind.
_LINE_KINDS: dict[str, tuple[type, str, str]] = {
    "effect": (
        ast.Effect,
        "this line is a condition, not an effect",
        "an effect does something, as in 'Draw 1 Arcana'; a condition can be a requirement: "
        "'If you have 2 or more stashed cards: Draw 1 Arcana'",
    ),
    "verse": (
        ast.Compare,
        "a verse condition compares a count with a number",
        "write it as 'If you have completed 2 or more Dark Deeds' "
        "or 'If your Necromancy is Level 3 or higher'",
    ),
    "title": (
        ast.Title,
        "a Title condition names what its winner has most or fewest of",
        "write it as 'Most stashed cards' or 'Fewest cards in hand'",
    ),
}

_THIS_HINTS = {
    ast.LevelReq: "name the grimoire, as in '{g} Level 2'",
    ast.DeedTarget: "name the grimoire's deeds ('a {g} Dark Deed') or leave 'matching' out",
    ast.LevelUp: "write 'any Grimoire' or a grimoire's name",
    ast.LevelDown: "write 'any Grimoire' or a grimoire's name",
    ast.Stash: "name a grimoire or a card type instead of 'matching'",
    ast.RevealUntil: "name a grimoire or a card type instead of 'matching'",
}


@dataclass
class Builder:
    """Turns the checked data of content files into cards, collecting every problem."""

    vocab: Vocabulary | None
    rules: model.Rules
    errors: list[ProphecyError] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    cards: list[model.Card] = field(default_factory=list)
    _names: dict[str, model.Card] = field(default_factory=dict)

    # files ----------------------------------------------------------------
    def build(
        self, kind: str, src: Source, root: yaml.Node, data: Any, skip: set[tuple[Any, ...]]
    ) -> None:
        """Build every card of one file; cards at a path in ``skip`` broke the schema."""
        list_key, make = _KINDS[kind]
        items = data.get(list_key) if isinstance(data, dict) else None
        paths: list[tuple[Any, ...]]
        if isinstance(items, dict):
            items, paths = [items], [(list_key,)]
        elif isinstance(items, list):
            paths = [(list_key, index) for index in range(len(items))]
        else:
            return
        grimoire = None
        if kind in ("arcana", "deed"):
            header = data.get("grimoire")
            if not isinstance(header, str):
                return
            grimoire = self._grimoire_name(src, lookup(root, ["grimoire"])[0], header) or header
        for path, item in zip(paths, items, strict=True):
            node, _ = lookup(root, list(path))
            if any(p[: len(path)] == path for p in skip):
                self._lines_only(_Item(src, node, item, kind, grimoire or "?"))
                continue
            card = make(self, _Item(src, node, item, kind, grimoire))
            if card is not None:
                self._add(card, src, node)

    def _lines_only(self, it: _Item) -> None:
        """Check the effect lines of a card that broke the schema, so none goes unread."""
        if not isinstance(it.data, dict):
            return  # type: ignore[unreachable]  # a card that broke the schema may be anything
        if it.kind == "grimoire" or it.kind in _NO_GRIMOIRE:
            it.grimoire = None if it.kind in _NO_GRIMOIRE else "?"
        for key, want in _EFFECT_FIELDS.get(it.kind, ()):
            value = it.data.get(key)
            if isinstance(value, str):
                self.line(it, [key], want)
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, str):
                        self.line(it, [key, index], want)

    def _grimoire_name(self, src: Source, node: yaml.Node, name: str) -> str | None:
        if self.vocab is None:
            return None
        if name in self.vocab.grimoires:
            return name
        found = self.vocab.lookup(name)
        if found and found[0] == "grimoire" and isinstance(node, yaml.ScalarNode):
            self.written.append(Written(src, node, found[1]))  # 'necromancy': fmt writes it back
            return found[1]
        hint = suggest(name, self.vocab.grimoires) or f"use {one_of(self.vocab.grimoires)}"
        self.errors.append(src.error_at(node, f"unknown grimoire '{name}'", hint))
        return None

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

    # effect lines -----------------------------------------------------------
    def line(self, it: _Item, path: list[Any], want: str = "effect") -> model.EffectLine | None:
        """The effect line at ``path`` in an item, parsed, placed and checked."""
        node, _ = lookup(it.node, path)
        if self.vocab is None or not isinstance(node, yaml.ScalarNode) or not node.value.strip():
            return None  # a blank line is the schema's finding ("... is blank")
        text, src = node.value.rstrip("\n"), it.src  # a '|' block ends with a line break
        try:
            parsed = _parse(text, self.vocab)
        except DslError as exc:
            line, column = _place_in(src, node, exc.column - 1)
            self.errors.append(exc.at(src.where, line, column, src.line(line)))
            return None
        cls, message, hint = _LINE_KINDS[want]
        if not isinstance(parsed, cls):
            self.errors.append(src.error_at(node, message, hint))
            return None
        if it.grimoire is None:
            self.errors.extend(self._own_grimoire_errors(it, node, parsed))
        canonical = _print(parsed)
        parent, _ = lookup(it.node, path[:-1])
        flow = bool(getattr(parent, "flow_style", False))
        self.written.append(Written(src, node, canonical, flow))
        line, column = _place_in(src, node, 0)
        return model.EffectLine(
            canonical, parsed, model.Place(src.rel, line, column),
            written=node.value if node.value != canonical else "",
        )

    def lines(self, it: _Item, key: str, want: str = "effect") -> tuple[model.EffectLine, ...]:
        items = it.data.get(key) or []
        found = (self.line(it, [key, i], want) for i in range(len(items)))
        return tuple(line for line in found if line is not None)

    def _own_grimoire_errors(
        self, it: _Item, node: yaml.ScalarNode, parsed: ast.Node
    ) -> Iterator[ProphecyError]:
        text = node.value
        for ref in _own_grimoire_refs(parsed):
            span = ref.span
            start, end = (span.start, span.end) if span else (0, len(text))
            line, column = _place_in(it.src, node, start)
            example = self.vocab.grimoires[-1] if self.vocab else "Necromancy"
            yield it.src.error(
                f"'{text[start:end]}' means this card's own grimoire, but a {it.kind} has none",
                line, column, _THIS_HINTS[type(ref)].format(g=example), max(1, end - start),
            )

    # names ------------------------------------------------------------------
    def card_types(self, it: _Item) -> tuple[str, ...]:
        types = list(it.data["types"])
        if self.vocab is None:
            return tuple(types)
        for index, name in enumerate(types):
            if name in self.vocab.card_types:
                continue
            found = self.vocab.lookup(name)
            if found and found[0] == "card type":  # 'creature': fmt writes 'Creature' back
                types[index] = found[1]
                self.written.append(scalar_written(it.src, it.node, ["types", index], found[1]))
                continue
            node, _ = lookup(it.node, ["types", index])
            names = self.vocab.card_types
            hint = suggest(name, names) or f"use {one_of(names)}"
            self.errors.append(it.src.error_at(node, f"unknown card type '{name}'", hint))
        return tuple(types)


@dataclass
class _Item:
    """One card's data, its node, its file, its kind and its grimoire (if any)."""

    src: Source
    node: yaml.Node
    data: dict[str, Any]
    kind: str
    grimoire: str | None

    def common(self) -> dict[str, Any]:
        name = self.data["name"]
        line, column = self.node.start_mark.line + 1, self.node.start_mark.column + 1
        return {
            "id": f"{self.kind}/{slug(name)}",
            "name": name,
            "kind": self.kind,
            "copies": self.data.get("copies", 1),
            "place": model.Place(self.src.rel, line, column),
            "flavor": self.data.get("flavor", ""),
        }


def _own_grimoire_refs(node: ast.Node) -> Iterator[ast.Node]:
    """The nodes of a line that mean "this card's grimoire" (THIS, 'matching')."""
    for sub in ast.walk(node):
        value = getattr(sub, "grimoire", None) if not isinstance(sub, ast.Quantity) else None
        if isinstance(sub, ast.Stash | ast.RevealUntil):
            value = sub.match
        if value == ast.THIS:
            yield sub


def _place_in(src: Source, node: yaml.ScalarNode, offset: int) -> tuple[int, int]:
    from prophecy.compiler.model.yamlsafe import scalar_place

    return scalar_place(src, node, max(0, offset))


def _parse(text: str, vocab: Vocabulary) -> ast.Line:
    from prophecy.dsl.parser import parse

    return parse(text, vocab)


def _print(node: ast.Node) -> str:
    from prophecy.dsl.printer import to_text

    return to_text(node)


# kinds ------------------------------------------------------------------------
def _arcana(b: Builder, it: _Item) -> model.Card | None:
    types, effects = b.card_types(it), b.lines(it, "effects")
    return model.Arcana(**it.common(), grimoire=it.grimoire or "?", types=types, effects=effects)


def _grimoire(b: Builder, it: _Item) -> model.Card | None:
    grimoire_node, _ = lookup(it.node, ["grimoire"])
    name = it.data["grimoire"]
    it.grimoire = b._grimoire_name(it.src, grimoire_node, name) or name
    points = tuple(it.data["points"])
    levels = b.rules.max_level - b.rules.min_level + 1
    if len(points) != levels:
        b.errors.append(it.src.error_at(
            lookup(it.node, ["points"])[0],
            f"'points' lists {len(points)} numbers, but there are {levels} levels "
            f"({b.rules.min_level} to {b.rules.max_level})",
            "write one number of points per level, lowest level first",
        ))
    manifest = b.line(it, ["manifest"])
    if manifest is None:
        return None
    return model.Grimoire(
        **it.common(), grimoire=it.grimoire, points=points, manifest=manifest,
        manifest_name=it.data.get("manifest_name", ""),
    )


def _deed(b: Builder, it: _Item) -> model.Card | None:
    return model.DarkDeed(
        **it.common(), grimoire=it.grimoire or "?", cards_needed=it.data["cards_needed"],
        points=it.data["points"], when_complete=b.lines(it, "when_complete"),
    )


def _verse(b: Builder, it: _Item) -> model.Card | None:
    condition, reward = b.line(it, ["condition"], "verse"), b.lines(it, "reward")
    if condition is None:
        return None
    return model.Verse(
        **it.common(), position=it.data["position"], text=it.data["text"],
        condition=condition, reward=reward,
    )


def _hireling(b: Builder, it: _Item) -> model.Card | None:
    return model.Hireling(
        **it.common(), role=it.data["role"], reminder=it.data["reminder"],
        effect=b.lines(it, "effect"), redraw=it.data.get("redraw", False),
    )


def _title(b: Builder, it: _Item) -> model.Card | None:
    condition = b.line(it, ["condition"], "title")
    if condition is None:
        return None
    refusal = title_refusal(condition.node)
    if refusal is not None:
        b.errors.append(it.src.error_at(lookup(it.node, ["condition"])[0], *refusal))
        return None
    return model.Title(**it.common(), condition=condition, points=it.data["points"])


def title_refusal(node: ast.Line) -> tuple[str, str] | None:
    """(message, hint) when a Title condition counts Dark Deeds in play, else None.

    Titles about Dark Deeds count completed ones only (ruling 16), so a
    condition that reads as deeds in play is refused and the word asked for.
    """
    if not isinstance(node, ast.Title) or node.subject.quantity != "deeds":
        return None
    grimoire = f"{node.subject.grimoire} " if node.subject.grimoire else ""
    word = "Most" if node.most else "Fewest"
    return (
        "a Title counts completed Dark Deeds only, not Dark Deeds in play",
        f"write '{word} completed {grimoire}Dark Deeds'",
    )


def _reference(b: Builder, it: _Item) -> model.Card | None:
    return model.Reference(**it.common(), heading=it.data.get("heading", ""))


def _tracker(b: Builder, it: _Item) -> model.Card | None:
    return model.Tracker(**it.common(), rounds=it.data.get("rounds", 5))


#: Where each kind keeps its rules-language lines, and what kind of line each is.
_EFFECT_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "arcana": (("effects", "effect"),),
    "grimoire": (("manifest", "effect"),),
    "deed": (("when_complete", "effect"),),
    "verse": (("condition", "verse"), ("reward", "effect")),
    "hireling": (("effect", "effect"),),
    "title": (("condition", "title"),),
}
_NO_GRIMOIRE = ("verse", "hireling", "title", "reference", "tracker")

#: Card kind → (the file's key that holds its cards, builder of one card).
_KINDS: dict[str, tuple[str, Callable[[Builder, _Item], model.Card | None]]] = {
    "arcana": ("cards", _arcana),
    "grimoire": ("grimoires", _grimoire),
    "deed": ("deeds", _deed),
    "verse": ("verses", _verse),
    "hireling": ("hirelings", _hireling),
    "title": ("titles", _title),
    "reference": ("reference", _reference),
    "tracker": ("tracker", _tracker),
}
