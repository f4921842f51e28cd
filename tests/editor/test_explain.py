"""The hover sentence says what a line does in play: the numbers, the piles, the choices."""

from __future__ import annotations

import pytest

from prophecy.compiler.explain import explain_line
from prophecy.dsl.parser import parse


@pytest.mark.parametrize(("line", "says"), [
    ("Look at the top 3 cards of the Arcana deck, take 1, put the rest on the bottom of the "
     "Arcana deck", ["top 3 cards of the Arcana deck", "take 1 of them",
                     "the rest on the bottom of the deck"]),
    ("Look at the top 2 cards of the Arcana deck, discard them to the center",
     ["top 2 cards", "put them in the center"]),
    ("Choose one: Draw 2 Arcana, then Discard 1 or Gain 1 point",
     ["(draw 2 cards from the Arcana deck; then discard 1 card", "OR (score 1 point at once)",
      "if none can, nothing happens"]),
    ("Each opponent discards 1 to the center",
     ["Every other player", "turn order", "discard 1 card from your hand to the center"]),
    ("Each player draws 1 Arcana", ["every player, you included", "draw 1 card"]),
    ("Add 1 to any Dark Deed twice", ["twice over, choosing anew each time"]),
    ("Add 1 to any Dark Deed 3 times", ["3 times over"]),
    ("Discard up to 2 Spell cards", ["up to 2 Spell cards (you choose how many"]),
    ("Discard 1 matching card", ["1 card of this card's grimoire (Necromancy)"]),
    ("Draw up to 3 Arcana", ["draw up to 3 cards"]),
    ("Gain 2 points", ["Score 2 points at once"]),
    ("Level up your lowest Grimoire", ["Grimoire at the lowest Level (your choice on a tie)"]),
    ("Grimoire Level 2 or Reveal Spell: Draw 1 Arcana",
     ["Only if either this card's grimoire (Necromancy) is at Level 2 or higher, or you show a "
      "Spell card"]),
])
def test_the_sentence_names_what_happens(vocab, line, says):
    text = explain_line(parse(line, vocab), "Necromancy")
    for part in says:
        assert part.lower() in text.lower(), (part, text)


def test_up_to_is_said_only_when_written(vocab):
    assert "up to" not in explain_line(parse("Discard 2", vocab), "Necromancy")
