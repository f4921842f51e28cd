"""The runtime interface: what a compiled handler may read and do in a game, declared here.

The compiler turns rules-language ASTs into handlers (``compiler/handlers.py``);
a game runs them. As in Jinja, where the compiled template calls a small
runtime, the handlers see the game only through the protocols below, and the
engine (``engine/moves.py``, ``engine/game.py``) implements them. So the
compiler never imports the engine, and a type checker holds the two to the
same contract.

The ``ASK_*`` strings name the questions a handler may put to a player
through ``Runtime.pick``, besides the one a verb declares itself
(``ast.Verb.asks``); the engine declares each of them, with the questions of
its own phases, in ``engine/protocol.py``'s ``QUESTIONS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol, TypeVar

from prophecy.compiler.model import Rules

#: Questions a handler asks (see engine/protocol.py for the phases' own).
ASK_DEED = "deed"  # which Dark Deed in play (slot indices) to add cards to
ASK_UNSTORE = "remove_deed"  # which Dark Deed (slot indices) to remove cards from
ASK_LEVEL_UP = "level_up_grimoire"  # which grimoire (indices) to level up
ASK_LEVEL_DOWN = "level_down_grimoire"  # which grimoire (indices) to level down
ASK_CHOOSE = "choose_option"  # which option of a 'Choose one' (option indices; about: the node)
ASK_AMOUNT = "amount"  # how many, for 'up to N' (0..N; about: the action)
ASK_LOOK_TAKE = "look_take"  # which looked-at card to take into the hand (card ids)
ASK_LOOK_ORDER = "look_order"  # which looked-at card goes back on the deck next (card ids)
ASK_OPPONENT = "opponent"  # which opponent does a 'Choose an opponent' (seats; about: the node)

T = TypeVar("T")

#: The places ``Runtime.move`` moves a card between.
Place = Literal["hand", "pile", "stash", "center"]


class Seat(Protocol):
    """One player's holdings, as lists of card ids (the top of a pile is its end)."""

    seat: int
    hand: list[int]
    pile: list[int]
    levels: list[int]
    deeds: list[int]
    stored: list[list[int]]
    stash: list[int]
    completed: list[int]
    gained: int  # points gained from effects
    grimoires: list[int]  # the Grimoire card of each grimoire
    in_play: list[int]  # cards that stay in play in front of the player
    exhausted: list[int]  # the cards in front of the player exhausted this turn
    kept: dict[int, int]  # completed Dark Deeds with a points table -> cards held then


class Runtime(Protocol):
    """The game as a handler sees it: a few per-card tables and the moves it may make."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> Sequence[Seat]: ...

    @property
    def mask(self) -> Sequence[int]:
        """Card id -> bits of its grimoire and types (see ``Names.bit``)."""
        ...

    @property
    def gidx(self) -> Sequence[int]:
        """Card id -> index of its grimoire, or -1."""
        ...

    @property
    def deed_points(self) -> Sequence[int]: ...

    @property
    def needed(self) -> Sequence[int]: ...

    @property
    def center(self) -> Sequence[int]:
        """The center discard pile, its top last (read only: moves change it)."""
        ...

    @property
    def round(self) -> int:
        """The round being played, from 1 to the last (``rules.rounds``)."""
        ...

    def pick(self, p: Seat, ask: str, options: Sequence[T], about: object = None) -> T:
        """Ask ``p``'s player to choose one of ``options`` (asked only when there are two)."""
        ...

    # Each move says whether it happened in full (ruling 17: a later action of a line
    # happens only if every earlier one did): every card drawn, stored, discarded...

    def store(self, p: Seat, slot: int, count: int) -> bool:
        """``count`` cards from the Arcana deck onto the Dark Deed in ``slot``."""
        ...

    def unstore(self, p: Seat, slot: int, count: int) -> bool:
        """``count`` stored cards off the Dark Deed in ``slot``, to the center."""
        ...

    def move(self, p: Seat, card: int, source: Place, to: Place) -> None:
        """Move one card between places: the player's hand, discard pile or stash, or the
        center (a hand over the limit then sheds cards to the center, as after any draw)."""
        ...

    def stash_pile(self, p: Seat, count: int, center: bool = False) -> bool:
        """The top ``count`` cards of the player's discard pile (``center``: of the center
        discard pile) under their reference card (in full: that many were there)."""
        ...

    def stash_deck(self, p: Seat, count: int) -> bool: ...

    def draw(self, p: Seat, count: int) -> bool: ...

    def draw_deeds(self, p: Seat, count: int, keep: int) -> bool:
        """Draw ``count`` Dark Deeds and keep ``keep`` of them (in full: all drawn, all kept)."""
        ...

    def shift_level(self, p: Seat, gi: int, delta: int) -> None: ...

    def discard(self, p: Seat, count: int, center: bool, bit: int = 0) -> bool:
        """Discard ``count`` cards chosen from the hand (only cards with ``bit``, when given)."""
        ...

    def reveal_until(self, p: Seat, bit: int, center: bool) -> bool:
        """Reveal Arcana until one with ``bit``, take it (in full: one was found)."""
        ...

    def take_pile(self, p: Seat, count: int, center: bool = False) -> bool:
        """The top ``count`` cards of the player's discard pile (``center``: of the center
        discard pile) into their hand (in full: that many were there)."""
        ...

    def look(self, p: Seat, count: int, take: int, rest: str) -> bool:
        """Look at the top ``count`` Arcana, take ``take`` into the hand, the rest to ``rest``
        (in full: ``count`` were there to look at)."""
        ...

    def look_verse(self, p: Seat) -> bool:
        """The player looks at the next face-down Prophecy Verse, which stays face down: from
        now on they know it (in full: one was face down)."""
        ...

    def verses_face_down(self) -> int:
        """How many Prophecy Verses lie face down in the Prophecy Area, still to be revealed."""
        ...

    def gain(self, p: Seat, points: int) -> None: ...

    def scheme(self, p: Seat) -> bool:
        """Take one Dark Deed into play: a face-up one of the player's choice, or the top of
        the Dark Deed deck in a game without a row of them (in full: one was taken)."""
        ...

    def arcana_left(self) -> int:
        """How many Arcana can still be drawn (the deck and the center pile)."""
        ...

    def deeds_left(self) -> int:
        """How many Dark Deeds can still be drawn or taken (their deck and discard pile, and
        any face up)."""
        ...


#: The shapes of compiled handlers.
Pred = Callable[[Runtime, Seat], bool]
Op = Callable[[Runtime, Seat], bool]  # whether the action happened in full (ruling 17)
Count = Callable[[Runtime, Seat], int]
Slots = Callable[[Runtime, Seat], list[int]]
Award = Callable[[Runtime], Seat | None]
Compiled = tuple[tuple[Pred, ...], tuple[Op, ...]]
