"""Completion and the cursor's place, without a server: the grammar decides what comes next."""

from __future__ import annotations

import pytest

from prophecy.tools.editor.complete import effect_offers
from prophecy.tools.editor.spot import spot


@pytest.mark.parametrize(("before", "labels"), [
    ("Grimoire Level 2: D", ["Discard", "Draw"]),
    ("grimoire level 2: draw 1 arcana, then d", ["Discard", "Draw"]),
    ("Draw 2 Arcana,", ["then"]),
    ("Reveal Sp", ["Spell"]),
    ("Level up ", ["a", "any", "highest", "lowest", "Blood Magic", "Demonology", "Necromancy",
                   "Spell", "Item", "Creature", "the", "their", "this", "your"]),
    ("Each opponent d", ["discards", "draws"]),
    ("Each player must d", ["discard", "draw"]),
    ("Add 1 to ", ["a", "all", "an", "any", "each", "fewest", "highest", "lowest", "matching",
                   "most", "Blood Magic", "Demonology",
                   "Necromancy", "Spell", "Item", "Creature", "highest-points", "lowest-points",
                   "most-cards", "fewest-cards", "dark", "the", "their", "your"]),
    ("If you have 2 ", ["matching", "or fewer", "or more", "Blood Magic", "Demonology",
                        "Necromancy", "Spell", "Item", "Creature", "card", "cards", "completed",
                        "dark", "grimoire", "grimoires", "level", "stashed"]),
    ("Add 1 to highest-p", ["highest-points"]),
    ("If you have 2 or m", ["more"]),
    ("Draw 1 Arcana", []),
    ("Draw Draw ", []),
])
def test_offers_are_what_the_grammar_accepts_next(vocab, before, labels):
    assert [o.label for o in effect_offers(before, vocab, {})] == labels


def test_a_word_starting_an_action_is_capitalised_and_the_printers_casing_kept(vocab):
    offers = effect_offers("Add 1 to any ", vocab, {"dark": "Dark"})
    assert "Dark" in [o.label for o in offers]
    assert [o.label for o in effect_offers("Stash a card fr", vocab, {})] == ["from"]
    assert [o.label for o in effect_offers("Add 1 to any Dark Deed, then St", vocab, {})] == [
        "Stash"]


LINES = [
    "cards:",
    "  - name: Bone Key",
    "    effects:",
    '      - "Grimoire Level 2: Draw 1 Arcana"',
    "      - Draw 1 Arcana  # a comment",
    "    manifest: 'it''s'",
    "    types: [Spell, Cre]",
]


@pytest.mark.parametrize(("line", "column", "key", "text", "value"), [
    (3, 12, "effects", "Grimoire Level 2: Draw 1 Arcana", "Grimoire Level 2: Draw 1 Arcana"),
    (4, 10, "effects", "Draw 1 Arcana", "Draw 1 Arcana"),
    (5, 20, "manifest", "it''s", "it's"),
    (6, 22, "types", "Cre", "Cre"),
])
def test_the_value_under_the_cursor_and_its_key(line, column, key, text, value):
    found = spot(LINES, line, column)
    assert found is not None
    assert (found.key, found.text, found.value) == (key, text, value)


def test_no_value_on_a_key_or_a_blank():
    assert spot(LINES, 2, 6) is None
    assert spot(LINES, 9, 0) is None
