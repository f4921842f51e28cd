"""Vanilla twins: a card design in, the same card with neutral effects out, and a book with it.

A paired balance game gives one seat a card design and everyone else its
**vanilla twin**: the same kind, grimoire, card types and copies, with the
effects replaced by a neutral baseline. The baselines, by kind:

- Arcana: one line, ``Add 1 to any Dark Deed`` (the plain card of the set);
- Dark Deed: the same Cards Needed, points on the curve n(n + 5) / 6, no
  When Complete (a pack's deed that scores by a points table keeps it, and loses its
  lines of a card in play);
- Verse: a condition everyone meets (``0 or more stashed cards``), the reward
  ``Add 1 to any Dark Deed``;
- Hireling: the same role and redraw mark, no effect;
- Title: the same condition, 0 points;
- Grimoire (its Manifest): the standard Manifest, reveal Arcana until one of
  this grimoire's cards, take it, the rest to the center (a pack's Grimoire with
  'Exhaust this card' abilities: none).

Twins are built from the typed model (``compiler.model``) and AST nodes, never
from YAML text. ``variant(book, design, twin)`` is the card book with one
design replaced: the same card ids, only that design's compiled lines and
numbers changed, so the two games of a pair shuffle and deal identically.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from prophecy.compiler import model
from prophecy.compiler.handlers import Names
from prophecy.compiler.model.pack import Pack
from prophecy.dsl import ast
from prophecy.dsl.printer import to_text
from prophecy.engine import cards
from prophecy.engine.cards import Book

#: The kinds a balance run measures, in report order.
MEASURED = ("arcana", "deed", "verse", "hireling", "title", "grimoire")

_PLACE = model.Place("(vanilla twin)")
VANILLA_ADD = ast.Effect((), (ast.AddToDeed(1, ast.DeedTarget("any")),))
ALWAYS = ast.Compare(ast.Quantity("stashed"), "at_least", 0)
STANDARD_MANIFEST = ast.Effect((), (ast.RevealUntil(ast.THIS, "center"),))


def line(node: ast.Line) -> model.EffectLine:
    """An effect line from its AST, with its canonical text."""
    return model.EffectLine(to_text(node), node, _PLACE)


def curve_points(cards_needed: int) -> int:
    """The points of a Dark Deed on the set's curve (docs/card-design.md)."""
    return int(cards_needed * (cards_needed + 5) / 6 + 0.5)


def twin(card: model.Card, pack: Pack) -> model.Card | None:
    """The vanilla twin of a card, or None for a kind that has none."""
    kind = pack.kind(card.kind)
    if kind is None:
        return None
    changes = _TWINS.get(card.kind)
    if changes is None:
        return None
    # Only the fields the pack's kind declares: a pack's Dark Deed may score by a points
    # table and have no Cards Needed, a pack's Grimoire abilities and no Manifest.
    declared = {spec.name for spec in kind.fields}
    found = {name: value for name, value in changes(card).items() if name in declared}
    return model.with_fields(card, kind, **found)


def _deed(card: model.Card) -> dict[str, object]:
    needed = card.get("cards_needed")
    return {"when_complete": (), "effects": (),
            **({"points": curve_points(needed)} if needed is not None else {})}


#: Kind -> the fields of its vanilla twin (those a pack's kind lacks are left out).
_TWINS: dict[str, Callable[[model.Card], dict[str, object]]] = {
    "arcana": lambda card: {"effects": (line(VANILLA_ADD),)},
    "deed": _deed,
    "verse": lambda card: {"condition": line(ALWAYS), "reward": (line(VANILLA_ADD),)},
    "hireling": lambda card: {"effect": ()},
    "title": lambda card: {"points": 0},
    "grimoire": lambda card: {"manifest": line(STANDARD_MANIFEST), "abilities": ()},
}


#: Kind -> its vanilla twin in a designer's words: what a verdict measures the card against.
PLAIN: dict[str, str] = {
    "arcana": "a plain 'Add 1 to any Dark Deed' card",
    "deed": "the same Dark Deed at the usual points, with no bonus",
    "verse": "a Verse everyone meets that gives 'Add 1 to any Dark Deed'",
    "hireling": "a Hireling that does nothing",
    "title": "the same Title worth 0 points",
    "grimoire": "the standard Manifest",
}


def same_play(a: model.Card, b: model.Card) -> bool:
    """Whether two designs play the same (their lines' ASTs and numbers are equal)."""
    def key(card: model.Card) -> tuple[object, ...]:
        lines = tuple(ln.node for ln in model.effect_lines_of(card))
        return (lines, getattr(card, "points", None), getattr(card, "cards_needed", None))

    return key(a) == key(b)


def variant(book: Book, design: int, card: model.Card) -> Book:
    """The book with design ``design`` played as ``card`` (same ids, same copies)."""
    old = book.designs[design]
    if card.copies != old.copies or card.kind != old.kind:
        raise ValueError(f"a twin of {old.id} must keep its kind and copies")
    other = dataclasses.replace(
        book, designs=list(book.designs), deed_points=list(book.deed_points),
        effects=dict(book.effects), nodes=dict(book.nodes),
        verse_condition=dict(book.verse_condition), awards=dict(book.awards),
        line_base=dict(book.line_base), cache={}, basis=book.basis or book,
    )
    other.designs[design] = card
    gi = {name: i for i, name in enumerate(book.grimoires)}
    bits = {name: 1 << i for i, name in enumerate(book.grimoires + tuple(book.content.card_types))}
    cards._compile(other, design, card, Names(gi, bits, card.grimoire_of))
    points = card.get("points")  # (a deed scored by a points table keeps its numbers)
    if card.kind == "deed" and points is not None:
        for cid, of in enumerate(book.design):
            if of == design:
                other.deed_points[cid] = points
    return other


#: What an A/A run's copy of a design is called: its name and this.
COPY = " (copy)"


def with_copy(book: Book, design: int) -> tuple[Book, int]:
    """The book with an exact copy of a design (the same kind, copies and lines) under
    another name, right after it, and the copy's design index there (cached on the book).
    Card ids move to make room, so its games are not the book's own: an A/A run compares
    the design with its copy in that book alone."""
    key = f"copy:{design}"
    found: tuple[Book, int] | None = book.cache.get(key)
    if found is None:
        content = book.content
        card = book.designs[design]
        copy = dataclasses.replace(card, id=card.id + "-copy", name=card.name + COPY)
        cards_ = list(content.cards)
        cards_.insert(cards_.index(card) + 1, copy)
        made = cards.book_of(dataclasses.replace(content, cards=tuple(cards_)))
        found = (made, next(d for d, c in enumerate(made.designs) if c.id == copy.id))
        book.cache[key] = found
    return found


def twin_book(book: Book, *designs: int) -> Book:
    """The book with each of ``designs`` replaced by its vanilla twin (cached on the book)."""
    key = "twin:" + ",".join(map(str, sorted(set(designs))))
    found: Book | None = book.cache.get(key)
    if found is None:
        found = book
        for design in sorted(set(designs)):
            made = twin(book.designs[design], book.content.pack)
            if made is None:
                raise ValueError(f"{book.designs[design].id} has no vanilla twin")
            found = variant(found, design, made)
        book.cache[key] = found
    return found
