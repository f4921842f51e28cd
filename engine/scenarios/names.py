"""Names in scenarios: the content's card, grimoire and player names in, the engine's numbers out.

A scenario names cards as the card files do ("Bloodletting", "The First
Cut"), in any casing. ``scenario_book`` is the content's card book with one
more design, the filler: an Arcana card with no grimoire, no type and no
effect, standing in wherever only a count of cards matters. An unknown name is
a ``ScenarioError`` at its place with a "did you mean"; a name of the wrong
kind says what it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from prophecy.compiler import model
from prophecy.compiler.model.nouns import a, label, noun
from prophecy.dsl.errors import one_of, suggest
from prophecy.engine.cards import Book, book_of, extended
from prophecy.engine.scenarios.source import Item

FILLER = "Filler"
FILLER_COPIES = 160

#: Kinds whose one card a scenario calls 'the' (there is one of it on the table).
ONE_OF_A_KIND = ("tracker",)
#: Kinds a scenario names together: the Arcana deck holds Verses too when they are shuffled
#: into it (options.verses: deck).
KIND_GROUPS = {"deck": ("arcana", "verse")}

_BASE: dict[int, tuple[model.Content, model.Content]] = {}
#: A content's cards → those cards with the filler design among them.
_FILLED: dict[int, tuple[tuple[model.Card, ...], tuple[model.Card, ...]]] = {}


def kind_words(content: model.Content, kind: str) -> str:
    """How a scenario's message calls a card of ``kind``, in the pack's labels: 'an Arcana
    card', 'a Mastery', 'the Round Tracker'."""
    if kind in ONE_OF_A_KIND:
        return f"the {label(content, kind)}"
    return a(label(content, kind))


def with_filler(content: model.Content, extra: Iterable[model.Card] = ()) -> model.Content:
    """The content with the filler design (and any extra cards, such as ad hoc Titles) added."""
    extra = tuple(extra)
    found = _FILLED.get(id(content.cards))
    if found is None or found[0] is not content.cards:
        filler = model.Card(
            id="arcana/filler", name=FILLER, kind="arcana", copies=FILLER_COPIES,
            place=model.Place("scenario"), fields={"grimoire": "", "types": (), "effects": ()},
        )
        cards = list(content.cards)
        cards.insert(sum(1 for c in cards if c.kind == "arcana"), filler)
        found = _FILLED[id(content.cards)] = (content.cards, tuple(cards))
    # the same cards give the same tuple: a variant of the content shares its compiled book
    return dataclasses.replace(content, cards=(*found[1], *extra) if extra else found[1])


def scenario_book(content: model.Content, extra: tuple[model.Card, ...] = ()) -> Book:
    """The card book scenarios play with: one per content, or a fresh one with extra cards
    (the content's book with them added after its own cards)."""
    found = _BASE.get(id(content))
    if found is None or found[0] is not content:
        found = _BASE[id(content)] = (content, with_filler(content))
    book = _set_fillers_apart(book_of(found[1]))
    if extra:
        return extended(book, with_filler(content, extra), extra)
    return book


def _set_fillers_apart(book: Book) -> Book:
    """Fillers are never dealt: the Arcana of the book are the content's own."""
    if "filler" not in book.ids:
        d = book.design_index["arcana/filler"]
        book.ids["filler"] = [c for c in book.ids["arcana"] if book.design[c] == d]
        book.ids["arcana"] = [c for c in book.ids["arcana"] if book.design[c] != d]
    return book


class Names:
    """Card and grimoire names of one book, resolved at their places in a scenario."""

    def __init__(self, book: Book, players: int = 4) -> None:
        self.book = book
        self.players = players
        designs: dict[str, dict[str, int]] | None = book.cache.get("scenario names")
        if designs is None:  # worked out once per book: every scenario's table asks
            designs = book.cache["scenario names"] = {}
            for d, card in enumerate(book.designs):
                designs.setdefault(card.kind, {})[card.name.lower()] = d
        self.designs = designs
        self.filler = self.designs["arcana"][FILLER.lower()]

    def name_of(self, design: int) -> str:
        return self.book.designs[design].name

    def card(self, item: Item, kind: str) -> int:
        """The design a name means, which must be a card of ``kind``."""
        name = str(item.value).strip()
        for one in KIND_GROUPS.get(kind, (kind,)):
            found = self.designs.get(one, {}).get(name.lower())
            if found is not None:
                return found
        kind = KIND_GROUPS.get(kind, (kind,))[0]
        for other, names in self.designs.items():
            if name.lower() in names:
                raise item.error(f"'{name}' is {self.kind(other)}, not {self.kind(kind)}",
                                 f"name {self.kind(kind)} here")
        known = [self.book.designs[d].name for d in self.designs.get(kind, {}).values()]
        hint = suggest(name, known) or f"name {self.kind(kind)} of the content"
        raise item.error(f"no card called '{name}' is {self.kind(kind)}", hint)

    def kind(self, kind: str) -> str:
        """A card of ``kind`` as the pack calls it ('an Arcana card', 'a Mastery')."""
        return kind_words(self.book.content, kind)

    def noun(self, word: str, many: bool = False) -> str:
        """The pack's word for one of the language's nouns ('grimoire': 'Mastery')."""
        return noun(self.book.content, word, many)

    def one_per_item(self) -> str:
        """How a row of Dark Deeds with their stored cards is written, with one of the
        pack's own Dark Deeds as the example."""
        content = self.book.content
        first = next((c.name for c in content.cards if c.kind == "deed"), "The First Cut")
        return f"write one {label(content, 'deed')} per item: '- {{{first}: 2}}'"

    def grimoire(self, item: Item) -> int:
        """The index of a grimoire named at ``item``."""
        name = str(item.value).strip()
        for i, known in enumerate(self.book.grimoires):
            if known.lower() == name.lower():
                return i
        grimoires = self.book.grimoires
        raise item.error(f"unknown {self.noun('grimoire')} '{name}'",
                         suggest(name, grimoires) or f"use {one_of(grimoires)}")

    def player(self, item: Item) -> int:
        """A seat from 'player 2' or 2 (1-based in the file, 0-based out)."""
        value = item.value
        text = str(value).strip().lower().removeprefix("player").strip()
        if not text.isdigit() or not 1 <= int(text) <= self.players:
            raise item.error(f"'{value}' is not a player of this game",
                             f"write 'player 1' to 'player {self.players}'")
        return int(text) - 1
