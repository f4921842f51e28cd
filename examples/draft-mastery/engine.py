"""The Mastery draft's engine: the Dark Prophecies engine, with what its options cannot say.

game.yaml's options say most of the draft: two actions a turn, hands drawn back up to
five, levels paid with power once per Discipline a turn, the Middle and Final Prophecy
cards in the main deck, three Dark Deeds face up, one discard pile, the end when the
deck first runs out. This file adds only the draft's own steps.
"""

from __future__ import annotations

from prophecy.engine.plugin import DarkProphecies


class Mastery(DarkProphecies):
    """The engine of the Mastery draft."""

    name = "mastery-draft"
    bases = ("dark-prophecies",)


ENGINE = Mastery()
