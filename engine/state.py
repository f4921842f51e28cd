"""The game state: where every physical card is, as plain lists of card ids.

The top of a pile or deck is the END of its list (``pop()`` draws), the
bottom is index 0. A player's Dark Deeds in play are ``deeds[i]`` with the
cards stored on it in ``stored[i]``. ``places()`` names every place that can
hold a card, so a test can check that each card is in exactly one of them.

A deck dealt by the rules is a ``Deck``: a list whose shuffle is made as the
game reaches it (``take_top``), so dealing a game costs what it draws, not
what the book holds; cards put under it go through ``put_under``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from typing import Any


class Deck(list[int]):
    """A face-down deck whose cards from position ``lo`` up to ``hi`` are in no order yet.

    Those cards are a shuffle not yet made: when the top of the deck reaches
    them, one of them, drawn uniformly, is put on top (a step of Fisher-Yates
    from the top down), so every order is as likely as after a whole shuffle.
    Cards put on top go above them, cards put under the deck below them. A
    plain list is a deck whose whole order is known (a scenario's table).
    """

    __slots__ = ("lo", "hi")

    def __init__(self, cards: Iterable[int] = (), lo: int = 0, hi: int | None = None) -> None:
        super().__init__(cards)
        self.lo, self.hi = lo, len(self) if hi is None else hi

    def copy(self) -> Deck:
        return Deck(self, self.lo, self.hi)

    def settle(self, rng: random.Random) -> None:
        """Make the whole shuffle now (top first, as the game would), so that the list is
        the deck's order from bottom to top."""
        lo, rand = self.lo, rng.random
        for i in range(self.hi - 1, lo, -1):
            j = lo + int(rand() * (i - lo + 1))
            self[i], self[j] = self[j], self[i]
        self.lo = self.hi = 0


def take_top(deck: list[int], rng: random.Random) -> int:
    """Draw the top card of a deck that is not empty (its place in the shuffle drawn first,
    if the top lies in a ``Deck``'s shuffle not yet made)."""
    if deck.__class__ is Deck:
        hi = deck.hi
        if hi == len(deck) and hi > deck.lo:
            lo, top = deck.lo, hi - 1
            j = lo + int(rng.random() * (hi - lo))
            deck[j], deck[top] = deck[top], deck[j]
            deck.hi = top
    return deck.pop()


def put_under(deck: list[int], cards: list[int]) -> None:
    """Slide ``cards`` (bottom first) under a deck, below any shuffle not yet made."""
    deck[0:0] = cards
    if isinstance(deck, Deck):
        deck.lo += len(cards)
        deck.hi += len(cards)


def shuffle_top(deck: list[int], k: int, rng: random.Random) -> None:
    """Fisher-Yates from the top down, stopped after ``k`` places: the top ``k`` cards are a
    uniform draw from the whole pile, at a fraction of a full shuffle's cost. A deeper
    look-ahead meets the rest in their old order, which it cannot know either."""
    rand = rng.random
    n = len(deck)
    for i in range(n - 1, max(0, n - 1 - k), -1):
        j = int(rand() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    if isinstance(deck, Deck):  # the top k places hold drawn cards now
        deck.hi = min(deck.hi, max(0, n - k)) if k < n - 1 else 0
        deck.lo = min(deck.lo, deck.hi)


class PlayerState:
    """One player's cards and grimoire levels. ``seat`` is the turn position (0 = first)."""

    __slots__ = (
        "seat", "hand", "pile", "levels", "deeds", "stored", "stash", "completed",
        "grimoires", "reference", "enlisted", "played", "gained", "in_play", "exhausted",
        "kept", "knows",
    )

    def __init__(self, seat: int, n_grimoires: int, start_level: int = 0) -> None:
        self.seat = seat
        self.hand: list[int] = []
        self.pile: list[int] = []  # personal discard pile, top at the end
        self.levels: list[int] = [start_level] * n_grimoires  # every Grimoire starts lowest
        self.deeds: list[int] = []  # Dark Deeds in play, left to right
        self.stored: list[list[int]] = []  # cards stored on each deed in play
        self.stash: list[int] = []
        self.completed: list[int] = []
        self.grimoires: list[int] = []  # the Grimoire card of each grimoire index
        self.reference: list[int] = []
        self.enlisted = 0
        self.played: set[int] = set()  # designs of the Arcana played (for the report)
        self.gained = 0  # points gained from effects ('Gain 2 points')
        # cards that stay in play in front of the player (a card with an effect of a card in
        # play: 'At the start of your turn', 'Exhaust this card'), in the order they came
        self.in_play: list[int] = []
        self.exhausted: list[int] = []  # the cards in front of the player exhausted this turn
        # completed Dark Deeds with a points table -> the cards they held when completed
        self.kept: dict[int, int] = {}
        # face-down cards this player has looked at and others have not seen ('Look at the
        # next Prophecy Verse'), in the order they were looked at: what the player knows
        self.knows: list[int] = []

    def clone(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.seat = self.seat
        other.hand = self.hand[:]
        other.pile = self.pile[:]
        other.levels = self.levels[:]
        other.deeds = self.deeds[:]
        other.stored = [s[:] for s in self.stored]
        other.stash = self.stash[:]
        other.completed = self.completed[:]
        other.grimoires = self.grimoires
        other.reference = self.reference
        other.enlisted = self.enlisted
        other.played = set()
        other.gained = self.gained
        other.in_play = self.in_play[:]
        other.exhausted = self.exhausted[:]
        other.kept = dict(self.kept)
        other.knows = self.knows[:]
        return other


class Table:
    """The shared places of the game and the players, in turn order."""

    def __init__(self) -> None:
        self.deck: list[int] = []  # the Arcana deck
        self.center: list[int] = []  # the center discard pile
        self.deed_deck: list[int] = []
        self.deed_discard: list[int] = []
        self.market: list[int] = []  # face-up Dark Deeds to take from (options.dark_deeds)
        self.market_size = 0  # how many the market holds: 0 when Dark Deeds are drawn unseen
        self.hire_deck: list[int] = []
        self.hire_discard: list[int] = []
        self.hireling = -1  # the hireling in play, or -1
        self.hire_verse = -1  # the verse position it is on
        self.verses: list[int] = []  # starting, middle, ending
        self.revealed = 0  # how many verses are face up
        self.titles: list[int] = []
        self.tracker: list[int] = []
        self.box: list[int] = []  # cards put away for this game
        self.limbo: list[int] = []  # cards in transit: played, revealed, drawn, being completed
        self.players: list[PlayerState] = []
        self.round = 1
        self.over = False

    def places(self) -> dict[str, list[int]]:
        """Every place that can hold a card, by name, with the card ids in it."""
        out = {
            "deck": self.deck, "center": self.center, "deed_deck": self.deed_deck,
            "deed_discard": self.deed_discard, "hire_deck": self.hire_deck,
            "hire_discard": self.hire_discard,
            "hireling": [self.hireling] if self.hireling >= 0 else [],
            "verses": self.verses, "titles": self.titles, "tracker": self.tracker,
            "box": self.box, "limbo": self.limbo,
        }
        if self.market_size:
            out["market"] = self.market
        for p in self.players:
            for name in ("hand", "pile", "deeds", "stash", "completed", "grimoires", "reference"):
                if name != "pile" or p.pile is not self.center:  # one shared pile: the center
                    out[f"p{p.seat}.{name}"] = getattr(p, name)
            out[f"p{p.seat}.stored"] = [c for s in p.stored for c in s]
            if p.in_play:  # named only when it holds cards: a game without them is as it was
                out[f"p{p.seat}.in_play"] = p.in_play
        return out

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (order matters: it is compared exactly)."""
        data: dict[str, Any] = {k: list(v) for k, v in self.places().items()}
        data["stored_by_deed"] = [[list(s) for s in p.stored] for p in self.players]
        data["levels"] = [list(p.levels) for p in self.players]
        data["enlisted"] = [p.enlisted for p in self.players]
        data["gained"] = [p.gained for p in self.players]
        data["round"] = self.round
        data["revealed"] = self.revealed
        data["hire_verse"] = self.hire_verse
        # kept only when some card was exhausted, some completed deed kept its count or some
        # player looked at a face-down card, so the fingerprint of a game without them is
        # what it always was
        if any(p.exhausted for p in self.players):
            data["exhausted"] = [list(p.exhausted) for p in self.players]
        if any(p.kept for p in self.players):
            data["kept"] = [sorted(p.kept.items()) for p in self.players]
        if any(p.knows for p in self.players):
            data["knows"] = [list(p.knows) for p in self.players]
        return data

    def digest(self) -> str:
        """A short fingerprint of the snapshot, for checking that a replay matches."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]
