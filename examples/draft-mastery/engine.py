"""The Mastery draft's engine: the Dark Prophecies engine and what its options cannot say.

game.yaml's options say the draft's turn: two actions (play a card, use a card in play,
draw a card, Prophecize), a hand limit, one discard pile, and the end once the deck has
run out twice (three times with more players). The language says its cards: Altars and
Prophecies with turn effects, Boons and Masteries to exhaust, Curses forced on an
opponent, Prophecies scored by a points table. This file adds the draft's own steps:

- the Prophecies are drawn pile by pile, Start, then Middle, then End;
- Prophecize discards the Prophecy not kept, and is not offered with three in play;
- one Mastery card may be played a turn;
- each of a player's first two turns begins with a free Prophecize (ruling M1);
- a ready Prophecy may be completed after the Starting and the Ending Phase too;
- the Starting and Ending Phases read Altars, then Prophecies, then the other cards;
- Cleanup draws one card.
"""

from __future__ import annotations

import random

from prophecy.compiler.runtime import Seat
from prophecy.engine.game import Game
from prophecy.engine.plugin import DarkProphecies
from prophecy.engine.protocol import DEEDS
from prophecy.engine.state import Deck, PlayerState

#: The piles of Prophecies by their backs, in the order they are drawn.
PILES = ("start", "middle", "end")
MASTERY = "Mastery"  # the card type of a card that raises a Mastery: one a turn
ALTAR = "Altar"
FREE_PROPHECIES = 2  # a free Prophecize at the start of each of a player's first turns


class MasteryGame(Game):
    """A game of the Mastery draft."""

    #: The draft's score: Mastery levels (a completed Mastery's point with them), the
    #: Prophecies completed, and the points Rituals gain (ruling M8); no stash, no Titles.
    SCORE_PARTS = ("grimoires", "deeds", "gained")

    def setup(self) -> None:
        super().setup()
        self.masteries_played: set[int] = set()  # seats that played a Mastery card this turn
        deck = self.deed_deck
        if isinstance(deck, Deck):  # a shuffle put off is made now: the piles are laid out
            deck.settle(self.rng)
        # Start Prophecies on top, End at the bottom; each pile keeps its own shuffle
        rank = {phase: len(PILES) - i for i, phase in enumerate(PILES)}
        book = self.book
        deck[:] = sorted(deck, key=lambda c: rank.get(book.card(c).get("phase", ""), 0))

    def branch(self, rng: random.Random) -> Game:
        other = super().branch(rng)
        assert isinstance(other, MasteryGame)
        other.masteries_played = set(self.masteries_played)  # a copy: a look-ahead plays on
        return other

    # -- the turn ---------------------------------------------------------------

    def turn_start(self, p: PlayerState) -> None:
        """Starting Phase: in each of the player's first turns a free Prophecize first; then
        the start-of-turn effects; then a ready Prophecy may be completed."""
        self.masteries_played.discard(p.seat)
        if self.round <= FREE_PROPHECIES and len(p.deeds) < self.rules.deed_limit:
            self.draw_deeds(p, self.rules.deed_draw, self.rules.deed_keep)
        super().turn_start(p)
        self.complete_deeds(p)

    def turn_end(self, p: PlayerState) -> None:
        """Ending Phase, then Cleanup (ready every exhausted card); a ready Prophecy may be
        completed after the end-of-turn effects."""
        if self.book.abilities:
            self.turn_effects(p, "end")
        self.complete_deeds(p)
        self.ready(p)

    def draw_phase(self, p: PlayerState) -> None:
        """Cleanup: draw a card from the deck."""
        self.draw(p, 1)

    def in_front(self, p: Seat) -> list[int]:
        """Left to right as the draft reads them: Altars, then Prophecies, then the rest
        (Boons and Curses), the Masteries first of all."""
        types = self.book.card
        altars = [c for c in p.in_play if ALTAR in types(c).get("types", ())]
        others = [c for c in p.in_play if c not in altars]
        return [*p.grimoires, *altars, *p.deeds, *others]

    # -- the actions ------------------------------------------------------------

    def playable(self, p: PlayerState) -> list[int]:
        """Every card in hand, but no second Mastery card in a turn."""
        if p.seat not in self.masteries_played:
            return p.hand
        book = self.book
        return [c for c in p.hand if MASTERY not in book.card(c).get("types", ())]

    def play_card(self, p: PlayerState, card: int) -> None:
        if MASTERY in self.book.card(card).get("types", ()):
            self.masteries_played.add(p.seat)
        super().play_card(p, card)

    def action_options(self, p: PlayerState, used: dict[str, int]) -> list[str]:
        kinds = super().action_options(p, used)
        if DEEDS in kinds and len(p.deeds) >= self.rules.deed_limit:
            kinds.remove(DEEDS)  # at most three Prophecies in play: no Prophecize
        return kinds

    def action_refusal(self, p: PlayerState, used: dict[str, int], kind: str) -> str | None:
        if kind == DEEDS and len(p.deeds) >= self.rules.deed_limit:
            return (f"player {p.seat + 1} has {len(p.deeds)} Prophecies in play, the most "
                    "there may be: Prophecize waits until one is completed")
        return super().action_refusal(p, used, kind)

    def set_aside_drawn(self, deeds: list[int]) -> None:
        """Prophecize: the Prophecy not put into play is discarded."""
        self.deed_discard.extend(deeds)


class Mastery(DarkProphecies):
    """The engine of the Mastery draft."""

    name = "mastery-draft"
    bases = ("dark-prophecies",)
    game_class = MasteryGame


ENGINE = Mastery()
