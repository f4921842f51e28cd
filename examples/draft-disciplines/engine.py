"""The Disciplines draft's engine: the Dark Prophecies engine, with what its options cannot say.

game.yaml's options say most of the draft: two actions a turn, hands drawn back up to
five, levels paid with power once per Discipline a turn, the Middle and Final Prophecy
cards in the main deck, three Dark Deeds face up, one discard pile, the end when the
deck first runs out. This file adds only the draft's own steps.
"""

from __future__ import annotations

from prophecy.engine.plugin import DarkProphecies


class Disciplines(DarkProphecies):
    """The engine of the Disciplines draft."""

    name = "disciplines-draft"
    bases = ("dark-prophecies",)


ENGINE = Disciplines()
