"""The card book: loaded ``Content`` in, numbered physical cards and compiled handlers out.

Every physical card (each copy of each design) gets a small integer id, and
the facts the engine reads in its inner loop sit in flat lists indexed by that
id: the card's design, kind, grimoire, type/grimoire bit mask, and for Dark
Deeds their points and cards needed. Every effect line is compiled into its
handler here, once per card design, so a game never looks at the AST.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.handlers import Names, compile_node
from prophecy.compiler.runtime import Award, Compiled, Op, Pred
from prophecy.dsl import ast

#: The kinds of card this engine plays with (a game that lacks one has none of its cards).
ENGINE_KINDS = ("arcana", "grimoire", "deed", "verse", "hireling", "title", "reference", "tracker")

#: An effect of a card in play (``ast.Moment``): its line's number on the card (from 0),
#: one test of its requirements (its price among them, ruling 17), its actions, its node.
Ability = tuple[int, Pred, tuple[Op, ...], ast.Effect]


@dataclass
class Book:
    """Everything about the cards that stays fixed for a whole simulation."""

    content: model.Content
    rules: model.Rules
    grimoires: tuple[str, ...]
    designs: list[model.Card] = field(default_factory=list)
    design: list[int] = field(default_factory=list)  # card id -> design index
    kind: list[str] = field(default_factory=list)
    gidx: list[int] = field(default_factory=list)  # card id -> grimoire index or -1
    mask: list[int] = field(default_factory=list)  # card id -> bits of its types and grimoire
    deed_points: list[int] = field(default_factory=list)
    needed: list[int] = field(default_factory=list)
    power: list[int] = field(default_factory=list)  # card id -> its 'power' field, or 0
    ids: dict[str, list[int]] = field(default_factory=dict)  # kind -> card ids, in content order
    effects: dict[int, tuple[Compiled, ...]] = field(default_factory=dict)  # design -> lines
    nodes: dict[int, tuple[ast.Line, ...]] = field(default_factory=dict)  # design -> ASTs
    verse_condition: dict[int, Pred] = field(default_factory=dict)
    awards: dict[int, Award] = field(default_factory=dict)
    line_base: dict[int, int] = field(default_factory=dict)  # design -> first effect counter
    line_count: int = 0
    design_index: dict[str, int] = field(default_factory=dict)
    grimoire_index: dict[str, int] = field(default_factory=dict)  # name -> grimoire index
    bits: dict[str, int] = field(default_factory=dict)  # grimoire or type -> mask bit
    level_points: dict[int, tuple[int, ...]] = field(default_factory=dict)  # see points_of
    # design -> its effects of a card in play by moment ('start', 'end', 'exhaust'); a card
    # of a design in ``stays`` stays in play when it is played; a design in ``curses`` (of
    # a type of ``rules.curse_types``) goes in front of an opponent, its turn effects forced
    abilities: dict[int, dict[str, tuple[Ability, ...]]] = field(default_factory=dict)
    stays: set[int] = field(default_factory=set)
    curses: set[int] = field(default_factory=set)
    tables: dict[int, ast.PointsTable] = field(default_factory=dict)  # design -> points table
    # The book this one is a variant of (one design replaced, ``lab/twins.py``), or None.
    # Bots plan with its valuation tables, so a balance pair's arms differ by the card alone.
    basis: Book | None = field(default=None, repr=False)
    cache: dict[str, Any] = field(default_factory=dict, repr=False)  # tables others derive once

    @property
    def size(self) -> int:
        return len(self.design)

    def card(self, cid: int) -> model.Card:
        """The model card a physical card id is a copy of."""
        return self.designs[self.design[cid]]

    def copies_of(self, card_id: str) -> list[int]:
        """The physical card ids of one design, by its content id."""
        d = self.design_index[card_id]
        return [cid for cid, of in enumerate(self.design) if of == d]

    def label(self, cid: int) -> str:
        """The content id of a physical card, for logs and reports."""
        return self.designs[self.design[cid]].id

    def names_for(self, grimoire: str | None) -> Names:
        """How a line printed on a card of ``grimoire`` names things, in this book's numbers."""
        return Names(self.grimoire_index, self.bits, grimoire)

    def card_as(self, cid: int, kind: str) -> model.Card:
        """The model card of a physical card id, known to be of one kind (checked)."""
        card = self.card(cid)
        if card.kind != kind:
            raise TypeError(f"card {cid} is a {card.kind} card, not a {kind} card")
        return card

    def points_of(self, cid: int) -> tuple[int, ...]:
        """A Grimoire card's points indexed by level, 0 to max_level.

        The card lists one number per level from ``min_level`` (its first) up;
        a level below ``min_level`` or past the numbers listed scores 0 (lint
        PL506 asks for one number per level).
        """
        known = self.level_points.get(cid)
        if known is None:
            card = self.card_as(cid, "grimoire")
            low, top = self.rules.min_level, self.rules.max_level
            listed = card.points
            known = self.level_points[cid] = tuple(
                listed[lv - low] if 0 <= lv - low < len(listed) else 0 for lv in range(top + 1))
        return known


_BOOKS: dict[int, Book] = {}


def book_of(content: model.Content) -> Book:
    """The compiled book of some content, built once per content object; a variant of content
    already built (the same cards, other rules constants or options: a scenario's game) takes
    that book's compiled cards, since no handler reads the rules when it is compiled."""
    found = _BOOKS.get(id(content))
    if found is None or found.content is not content:
        twin = _BY_CARDS.get(id(content.cards))
        if twin is not None and _variant_of(twin.content, content):
            found = _rebased(twin, content)
        else:
            found = _build(content)
            _BY_CARDS[id(content.cards)] = found  # it holds the cards: their id stays theirs
        _BOOKS[id(content)] = found
    return found


#: The first book built of each tuple of cards, by its id: what a variant is compiled from.
_BY_CARDS: dict[int, Book] = {}


def _variant_of(built: model.Content, content: model.Content) -> bool:
    return built.cards is content.cards and built == dataclasses.replace(
        content, rules=built.rules, options=built.options)


def _rebased(book: Book, content: model.Content) -> Book:
    """``book`` for a variant of its content: its compiled cards, and what the rules decide
    (which Curses there are, the points by level) worked out for the variant's."""
    return dataclasses.replace(
        book, content=content, rules=content.rules, level_points={},
        ids={kind: list(cids) for kind, cids in book.ids.items()},
        curses={d for d in book.stays if _curse(book.designs[d], content.rules)}, cache={})


def _curse(card: model.Card, rules: model.Rules) -> bool:
    """Whether a card that stays in play goes in front of an opponent (a Curse)."""
    return card.kind == "arcana" and bool(set(card.get("types", ())) & set(rules.curse_types))


def _build(content: model.Content) -> Book:
    book = Book(content=content, rules=content.rules, grimoires=tuple(content.grimoires))
    book.grimoire_index = {name: i for i, name in enumerate(book.grimoires)}
    book.bits = {
        name: 1 << i for i, name in enumerate(book.grimoires + tuple(content.card_types))
    }
    book.ids = {kind: [] for kind in ENGINE_KINDS}
    book.ids.update({kind: [] for kind in content.kinds})
    for card in content.cards:
        _add_design(book, card)
    return book


def extended(book: Book, content: model.Content, cards: Sequence[model.Card]) -> Book:
    """The book of ``content``, which holds ``book``'s cards and then ``cards``: built from
    ``book`` without compiling its cards again (a scenario's ad hoc Titles). ``book`` is
    left as it was; what others derived from it (``cache``) is not carried over."""
    more = dataclasses.replace(
        book, content=content, designs=list(book.designs), design=list(book.design),
        kind=list(book.kind), gidx=list(book.gidx), mask=list(book.mask),
        deed_points=list(book.deed_points), needed=list(book.needed), power=list(book.power),
        ids={kind: list(cids) for kind, cids in book.ids.items()}, effects=dict(book.effects),
        nodes=dict(book.nodes), verse_condition=dict(book.verse_condition),
        awards=dict(book.awards), line_base=dict(book.line_base),
        design_index=dict(book.design_index), level_points=dict(book.level_points),
        abilities=dict(book.abilities), stays=set(book.stays), curses=set(book.curses),
        tables=dict(book.tables), cache={})
    for card in cards:
        _add_design(more, card)
    return more


def _add_design(book: Book, card: model.Card) -> None:
    d = len(book.designs)
    book.designs.append(card)
    book.design_index[card.id] = d
    _compile(book, d, card, book.names_for(card.grimoire_of))
    for _ in range(max(1, card.copies)):
        _add_copy(book, d, card, book.grimoire_index, book.bits)


def _add_copy(
    book: Book, d: int, card: model.Card, gi: dict[str, int], bits: dict[str, int]
) -> None:
    cid = len(book.design)
    book.design.append(d)
    book.kind.append(card.kind)
    grimoire = card.grimoire_of
    book.gidx.append(gi.get(grimoire, -1) if grimoire else -1)
    mask = bits.get(grimoire, 0) if grimoire else 0
    for t in getattr(card, "types", ()):
        mask |= bits.get(t, 0)
    book.mask.append(mask)
    table = book.tables.get(d)
    if table is not None:  # a points table: ready at its first row, worth its last at most
        book.deed_points.append(table.rows[-1].points if card.kind == "deed" else 0)
        book.needed.append(card.get("cards_needed") or table.rows[0].stored)
    else:
        book.deed_points.append(card.get("points", 0) or 0 if card.kind == "deed" else 0)
        book.needed.append(card.get("cards_needed", 0) or 0)
    book.power.append(card.get("power") or 0)
    book.ids[card.kind].append(cid)


def _compile(book: Book, d: int, card: model.Card, names: Names) -> None:
    lines: tuple[model.EffectLine, ...] = ()
    if card.kind == "arcana":
        lines = card.effects
    elif card.kind == "grimoire":
        manifest = card.get("manifest")
        lines = (manifest,) if manifest is not None else ()
    elif card.kind == "deed":
        lines = card.get("when_complete", ())
    elif card.kind == "verse":
        lines = card.reward
        book.verse_condition[d] = _condition(card.condition.node, names)
    elif card.kind == "hireling":
        lines = card.effect
    elif card.kind == "title":
        book.awards[d] = compile_node(card.condition.node, names)
    _in_play(book, d, card, names)
    lines = tuple(line for line in lines if moment_of(line.node) is None)
    book.effects[d] = tuple(_effect(line.node, names) for line in lines)
    book.nodes[d] = tuple(line.node for line in lines)
    book.line_base[d] = book.line_count
    book.line_count += len(lines)


def moment_of(node: ast.Line) -> str | None:
    """The moment of an effect of a card in play ('start', 'end', 'exhaust'), or None for
    an effect used when the card is played (or completed, or read)."""
    if isinstance(node, ast.Effect) and node.requirements and isinstance(
            node.requirements[0], ast.Moment):
        return node.requirements[0].when
    return None


def _in_play(book: Book, d: int, card: model.Card, names: Names) -> None:
    """A card's effects of a card in play, by moment, and its points table: a card with such
    an effect stays in play when it is played (a Curse in front of an opponent)."""
    found: dict[str, list[Ability]] = {}
    for index, line in enumerate(card.lines):
        node = line.node
        if isinstance(node, ast.PointsTable):
            book.tables[d] = node
        when = moment_of(node)
        if when is None or not isinstance(node, ast.Effect):
            continue
        preds, ops = compile_node(node, names)
        found.setdefault(when, []).append((index, _all(preds), ops, node))
    if not found:
        return
    book.abilities[d] = {when: tuple(rows) for when, rows in found.items()}
    if card.kind == "arcana":
        book.stays.add(d)
        if _curse(card, book.rules):
            book.curses.add(d)


def _all(preds: tuple[Pred, ...]) -> Pred:
    """One test that holds when every test of ``preds`` does."""
    def pred(g: Any, p: Any) -> bool:
        return all(one(g, p) for one in preds)

    return pred


def _effect(node: ast.Line, names: Names) -> Compiled:
    if isinstance(node, ast.Effect):
        compiled: Compiled = compile_node(node, names)
        return compiled
    if isinstance(node, ast.Compare):  # a bare condition used as an effect does nothing
        return (compile_node(node, names),), ()
    raise TypeError(f"a {type(node).__name__} line cannot be an effect")


def _condition(node: ast.Line, names: Names) -> Pred:
    """A Verse condition as a test of a player (the content model admits only a Compare)."""
    if isinstance(node, ast.Compare):
        pred: Pred = compile_node(node, names)
        return pred
    raise TypeError(f"a verse condition must be an 'If ...' line, not {type(node).__name__}")
