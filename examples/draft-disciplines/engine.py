"""The Disciplines draft's engine: the Dark Prophecies engine and the two things its options
cannot say.

game.yaml's options say most of the draft: two actions a turn, hands drawn back up to five
at the end of each turn, levels paid with a card of enough power and once per Discipline a
turn, the Middle and Final Prophecy cards in the main deck at the draft's depths, three
Dark Deeds face up, one discard pile, and the end when the deck first runs out. What is
left is the draft's own:

- Scheme is an action of its menu (the language's verb: take a face-up Dark Deed);
- the discard pile is started with the top card of the deck before the Prophecy cards go
  in, so that they lie at the depths the draft gives.
"""

from __future__ import annotations

from prophecy.engine.game import Game
from prophecy.engine.plugin import DarkProphecies
from prophecy.engine.protocol import SCHEME


class DisciplinesGame(Game):
    """A game of the Disciplines draft."""

    ACTIONS = {**Game.ACTIONS, "scheme": SCHEME}
    #: Points come from Discipline levels, completed Dark Deeds and some cards: the draft
    #: has no stash and no Titles.
    SCORE_PARTS = ("grimoires", "deeds", "gained")

    def _verses_into_deck(self, aside: list[int]) -> None:
        """Setup: 'discard the top card to form the Discard Pile', then the Middle and Final
        Prophecy cards go into the deck, counted from its new top."""
        card = self.top()
        if card >= 0:
            self.center.append(card)
        super()._verses_into_deck(aside)


class Disciplines(DarkProphecies):
    """The engine of the Disciplines draft."""

    name = "disciplines-draft"
    bases = ("dark-prophecies",)
    game_class = DisciplinesGame


ENGINE = Disciplines()
