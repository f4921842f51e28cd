"""A variant of content already compiled (the same cards, other rules constants or options,
as a scenario's game plays by) takes that book's compiled cards, and works out again only
what the rules decide: which Curses there are and the points a Grimoire's level is worth."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of

MASTERY = Path(__file__).resolve().parents[2] / "examples" / "draft-mastery"


def test_a_variant_shares_the_compiled_cards_and_not_the_rules():
    content = load_content(MASTERY)
    book = book_of(content)
    assert book.curses  # the pack's Curse cards
    variant = dataclasses.replace(content, rules=dataclasses.replace(
        content.rules, curse_types=(), min_level=content.rules.min_level + 1))
    other = book_of(variant)
    assert other is not book and other.content is variant and other.rules is variant.rules
    assert other.effects is book.effects and other.abilities is book.abilities
    assert other.curses == set() and other.stays == book.stays
    grimoire = book.ids["grimoire"][0]
    listed = book.card(grimoire).points
    assert book.points_of(grimoire)[content.rules.min_level] == listed[0]
    assert other.points_of(grimoire)[variant.rules.min_level] == listed[0]
    assert book_of(variant) is other and book_of(content) is book
    assert book_of(content).curses == book.curses  # the first book is as it was


def test_content_with_other_cards_is_compiled_anew():
    content = load_content(MASTERY)
    fewer = dataclasses.replace(content, cards=content.cards[1:])
    assert book_of(fewer).effects is not book_of(content).effects
