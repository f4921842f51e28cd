"""Paired deals: a contrast of two designs, a way to use them and a deal number in; each
focal seat's difference in points and wins out.

A **contrast** names what the focal seat has in each game of a pair: the design
under test in game A, its vanilla twin in game B (``lab/twins.py``), or, for a
calibration, one design against an identical copy under another name. Every
other seat has the twin in both games, and every seat of every game plans with
one valuation, that of the book as designed (``Valuer.of`` reads a variant's
tables from its basis): so the only difference between the games is the card.

Deal ``k`` is played on the seed ``(seed, k)``, with the same bots in the same
chairs, in one of two **modes**:

- ``chosen``: the cards fall as the shuffle deals them and the bots use them as
  they see fit. Each seat in turn is the focal seat. Both games play alike until
  the card first comes within the focal seat's reach (see ``Reach``), because
  nothing else differs; so game B is played first while noting which seats the
  card reached, and for a seat it never reached game A *is* game B: its
  difference is exactly 0 and that game is not played again. With the twin in
  every seat of game B, one game B serves every seat. A deal gives one pair per
  seat from at most ``players + 1`` games. By the same argument, game B of a deal
  in which no seat's cards reached the contrast's designs is the deal's **plain
  game**, the book as printed (``Contrast.plain``), played once for every design:
  ``plain_reach`` plays it once a process and notes every design any seat reached;
  for a design none reached, every pair of the deal is exactly 0 and no game is
  played for it at all.
- ``forced`` (the kinds a player chooses to use, ``FORCEABLE``): the focal seat
  ``k % players`` has the design from the start (``force``): an Arcana card dealt
  into its opening hand, a Dark Deed into its opening row, a Hireling on top of
  its deck and enlisted by whoever is offered it first. Game B deals the twin the
  same way. Every pair then holds the card, so a card the bots would pass over
  when they draw it still shows what holding it costs against holding the plain
  card, and the difference is per card held rather than diluted over the games
  that never see it. A deal gives one pair from two games.

``play_deal`` returns each pair's differences (points, win, whether the two
games differed in state or score) and the number of games it played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from prophecy.engine.bots.roster import make_bot
from prophecy.engine.cards import Book
from prophecy.engine.game import Game
from prophecy.engine.plugin import new_game
from prophecy.engine.protocol import ASK_HIRELING, QUESTIONS
from prophecy.lab.simulate import game_seed
from prophecy.lab.twins import twin_book, with_copy

CHOSEN, FORCED = "chosen", "forced"
MODES = (CHOSEN, FORCED)
#: The kinds a player chooses to use (plays, keeps, enlists), so a bot may pass one over:
#: measured both as chosen and forced. A Verse or a Title is in play or not by the shuffle
#: alone, and once in play it acts on every seat whatever the bots choose: chosen only.
FORCEABLE = ("arcana", "deed", "hireling")


def modes_of(kind: str, modes: Sequence[str] = MODES) -> tuple[str, ...]:
    """The modes, of those asked for, a design of this kind is measured in."""
    return tuple(m for m in modes if m == CHOSEN or kind in FORCEABLE)


@dataclass(frozen=True)
class Arm:
    """The focal seat's cards in one game of a pair, and the design it is made to use."""

    view: Book
    design: int


@dataclass(frozen=True)
class Contrast:
    """What a pair compares: ``a`` and ``b`` are the focal seat's arms; ``base`` is every
    other seat's cards (and the table's) in both games; ``plain``: the book that ``base``
    and both arms differ from in the contrast's designs alone (the book as printed), whose
    game of a deal stands for both games of every pair of it that none of them reached."""

    base: Book
    a: Arm
    b: Arm
    plain: Book | None = None

    @property
    def designs(self) -> tuple[int, ...]:
        return tuple(sorted({self.a.design, self.b.design}))


def against_twin(book: Book, design: int) -> Contrast:
    """The design as printed against its vanilla twin."""
    base = twin_book(book, design)
    return Contrast(base, Arm(book, design), Arm(base, design), book)


def against(book: Book, design: int, other: int) -> Contrast:
    """One design against another of the same kind, each in the focal seat's hands with
    the other's twin, everyone else with both twins: two identical designs under two
    names are an A/A test, a difference of exactly nothing but the shuffle."""
    if book.designs[design].kind != book.designs[other].kind or design == other:
        raise ValueError("a design is compared with another design of the same kind")
    return Contrast(twin_book(book, design, other), Arm(twin_book(book, other), design),
                    Arm(twin_book(book, design), other), book)


def against_copy(book: Book, design: int) -> Contrast:
    """The A/A contrast of a design: the design against an exact copy of itself under another
    name (``twins.with_copy``). The two differ in where the shuffle puts their cards alone, so
    their difference is the noise of the measure, and its expected value is 0."""
    made, copy = with_copy(book, design)
    mine = next(d for d, c in enumerate(made.designs) if c.id == book.designs[design].id)
    return against(made, mine, copy)


@dataclass(frozen=True)
class Pair:
    """The focal seat's points and win in game A minus those in game B."""

    points: int
    win: int
    differed: bool  # the two games ended in different states or scores


def play_deal(contrast: Contrast, mode: str, seed: int, k: int, players: int,
              bots: Sequence[str], focal_bot: str = "", plain: bool = False
              ) -> tuple[list[Pair], int]:
    """Deal ``k``: its pairs (one per seat when chosen, the focal seat's when forced) and
    the number of games played; ``focal_bot``: another bot in the focal seat of both games
    (the second bot's check of a finding); ``plain``: a chosen deal starts from its plain
    game (``plain_reach``, not counted here: the run counts it once)."""
    if mode == FORCED:
        focal = k % players
        b = play_game(contrast, contrast.b, focal, seed, k, players, bots, forced=True,
                      focal_bot=focal_bot)
        a = play_game(contrast, contrast.a, focal, seed, k, players, bots, forced=True,
                      focal_bot=focal_bot)
        return [_pair(a, b, focal)], 2
    if mode != CHOSEN:
        raise ValueError(f"unknown mode {mode!r}; choose from {', '.join(MODES)}")
    # game B is the same for every focal seat, unless the focal seat's bot changes with it
    shared = contrast.b.view is contrast.base and not focal_bot
    skips = _skips((*bots, focal_bot) if focal_bot else tuple(bots))
    if plain and skips and not focal_bot and contrast.plain is not None and plain_reach(
            contrast.plain, seed, k, players, bots).isdisjoint(contrast.designs):
        # no seat's cards reached the designs in the book as printed: every game of the deal
        # is that game, move for move
        return [Pair(0, 0, False)] * players, 0
    out: list[Pair] = []
    games = 0
    b_game, reach = None, None
    for focal in range(players):
        if b_game is None or not shared:
            reach = Reach(contrast, players) if skips else None
            b_game = play_game(contrast, contrast.b, focal, seed, k, players, bots, reach=reach,
                               focal_bot=focal_bot)
            games += 1
        if reach is not None and not reach.seats[focal]:
            out.append(Pair(0, 0, False))  # game A would be game B move for move
            continue
        a_game = play_game(contrast, contrast.a, focal, seed, k, players, bots,
                           focal_bot=focal_bot)
        games += 1
        out.append(_pair(a_game, b_game, focal))
    return out, games


def plain_reach(book: Book, seed: int, k: int, players: int, bots: Sequence[str]
                ) -> frozenset[int]:
    """The designs whose cards any seat reached (``Seen``) in deal ``k`` of the book as
    printed: game B of any contrast whose designs it does not hold is this game, move for
    move. Played once a process and kept on the book, so every design of a run shares it."""
    key = f"plain:{seed}:{k}:{players}:{','.join(bots)}"
    found: frozenset[int] | None = book.cache.get(key)
    if found is None:
        seen = Seen(book)
        plain = Contrast(book, Arm(book, 0), Arm(book, 0), book)
        play_game(plain, plain.b, 0, seed, k, players, bots, reach=seen)
        found = book.cache[key] = frozenset(seen.found)
    return found


def skips(bots: Sequence[str]) -> bool:
    """Whether a game the card never reached may be taken as the game without it (``_skips``)."""
    return _skips(tuple(bots))


@cache
def _skips(bots: tuple[str, ...]) -> bool:
    """Whether a game A the card never reached may be taken as game B: not when a bot
    plays out futures with the hidden cards reshuffled (``imagines_hidden``), since the
    card may come up in a future it imagines."""
    return not any(getattr(make_bot(spec, 0), "imagines_hidden", False) for spec in bots)


def _pair(a: Game, b: Game, focal: int) -> Pair:
    ra, rb = a.results, b.results
    return Pair(ra["scores"][focal] - rb["scores"][focal],
                int(ra["winner"] == focal) - int(rb["winner"] == focal),
                ra["scores"] != rb["scores"] or a.digest() != b.digest())


def play_game(contrast: Contrast, arm: Arm, focal: int, seed: int, k: int, players: int,
              bots: Sequence[str], *, forced: bool = False, reach: Reach | Seen | None = None,
              focal_bot: str = "", log: bool = False) -> Game:
    """One game of deal ``k``: the focal seat with ``arm``, every other seat with the base;
    ``forced``: the arm's design in the focal seat's hands from the start; ``reach``: noting
    the seats the card reaches; ``focal_bot``: the focal seat's bot, when not its chair's;
    ``log``: every answer recorded (``engine/log.py``)."""
    views = [contrast.base] * players
    views[focal] = arm.view
    chairs = [make_bot(bots[(c + k) % len(bots)], f"{seed}:{k}:{c}") for c in range(players)]
    game = new_game(contrast.base, chairs, game_seed(seed, k), views=views, log=log)
    if focal_bot:
        game.controllers[focal] = make_bot(focal_bot, f"{seed}:{k}:focal")
    if forced:
        force(game, focal, arm.design)
        if game.book.designs[arm.design].kind == "hireling":
            copies = frozenset(_copies(game.book, arm.design))
            game.controllers = [Enlists(c, copies) for c in game.controllers]
    elif reach is not None:
        game.controllers = [Watched(c, reach) for c in game.controllers]
    game.play()
    if reach is not None:
        reach.ended(game)
    return game


def _copies(book: Book, design: int) -> list[int]:
    return [cid for cid, d in enumerate(book.design) if d == design]


# -- chosen: where the card reaches ------------------------------------------------------


class Reach:
    """The seats a contrast's card reached in a game: the moments at which a seat's game A
    could first part from game B, whatever that seat's bot makes of the card.

    A seat's cards differ from game B's in the contrast's designs only, so its bot can
    decide otherwise only when it reads one of them: an Arcana card in its hand or among
    its options (a look at the deck, a card to take); a Dark Deed in its row, among its
    completed deeds, among its options or the one it is asked about; a Verse once face
    up, a Title once in play (any seat's plans read them); a Hireling once in play, or
    among its options. Checked at every question, then on the final state.
    """

    def __init__(self, contrast: Contrast, players: int) -> None:
        base = contrast.base
        self.kind = base.designs[contrast.a.design].kind
        self.copies = frozenset(c for d in contrast.designs for c in _copies(base, d))
        self.seats = [False] * players

    def asked(self, game: Game, me: Any, ask: str, options: Sequence[Any], about: Any) -> None:
        copies, seats = self.copies, self.seats
        if not seats[me.seat] and QUESTIONS[ask].options == "card" and (
                not copies.isdisjoint(options) or (type(about) is int and about in copies)):
            seats[me.seat] = True
        self.look(game)

    def look(self, game: Game) -> None:
        """Mark every seat the card is within reach of now."""
        copies, seats, kind = self.copies, self.seats, self.kind
        if kind == "arcana":
            for p in game.players:
                if not seats[p.seat] and not copies.isdisjoint(p.hand):
                    seats[p.seat] = True
        elif kind == "deed":
            for p in game.players:
                if not seats[p.seat] and not (copies.isdisjoint(p.deeds)
                                              and copies.isdisjoint(p.completed)):
                    seats[p.seat] = True
        elif (kind == "verse" and not copies.isdisjoint(game.verses[:game.revealed])
              or kind == "title" and not copies.isdisjoint(game.titles)
              or kind == "hireling" and game.hireling in copies):
            self.seats = [True] * len(seats)

    def ended(self, game: Game) -> None:
        self.look(game)


class Seen:
    """Every design whose cards came within any seat's reach in one game: ``Reach``'s
    moments for every design at once, and more (any card of a design in a hand, a row, the
    completed deeds, the face-up Verses, the Titles in play or the Hireling in play, or among
    the options or the subject of a question about cards): a design it misses, no seat's
    cards reached, so changing it changes nothing in that game."""

    def __init__(self, book: Book) -> None:
        self.design = book.design
        self.found: set[int] = set()

    def _add(self, cards: Any) -> None:
        design, found, top = self.design, self.found, len(self.design)
        for c in cards:
            if type(c) is int and 0 <= c < top:
                found.add(design[c])

    def asked(self, game: Game, me: Any, ask: str, options: Sequence[Any], about: Any) -> None:
        if QUESTIONS[ask].options == "card":
            self._add(options)
            self._add((about,))
        self.look(game)

    def look(self, game: Game) -> None:
        for p in game.players:
            self._add(p.hand)
            self._add(p.deeds)
            self._add(p.completed)
        self._add(game.verses[:game.revealed])
        self._add(game.titles)
        self._add((game.hireling,))

    def ended(self, game: Game) -> None:
        self.look(game)


class Watched:
    """A seat's player, with every question it is asked shown to a ``Reach`` first."""

    def __init__(self, inner: Any, reach: Reach | Seen) -> None:
        self.inner, self.reach = inner, reach

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        self.reach.asked(game, me, ask, options, about)
        index: int = self.inner.choose(game, me, ask, options, about)
        return index


# -- forced: the design in the focal seat's hands from the start ---------------------------


def force(game: Game, seat: int, design: int) -> None:
    """Put a copy of ``design`` where seat ``seat`` has it from the start of a game just set
    up: into its opening hand or row (in exchange for its last card, which takes the
    copy's place), or on top of the Hireling deck. The same exchange in both games of a
    pair keeps them alike."""
    book = game.book
    card = book.designs[design]
    copies = _copies(book, design)
    p = game.players[seat]
    if card.kind == "arcana":
        _exchange(copies, p.hand, [game.deck, *[q.hand for q in game.players]])
    elif card.kind == "deed":
        _exchange(copies, p.deeds, [game.deed_deck, *[q.deeds for q in game.players]])
    elif card.kind == "hireling":
        deck = game.hire_deck
        on_top = max((i for i, c in enumerate(deck) if c in copies), default=-1)
        if on_top >= 0:
            deck.append(deck.pop(on_top))
    else:
        raise ValueError(f"a {card.kind} is not forced; forced kinds: {', '.join(FORCEABLE)}")


def _exchange(copies: list[int], held: list[int], elsewhere: list[list[int]]) -> None:
    """Swap the last card of ``held`` with the copy nearest the top of ``elsewhere``."""
    if not held or any(c in held for c in copies):
        return
    for pile in elsewhere:
        if pile is held:
            continue
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] in copies:
                pile[i], held[-1] = held[-1], pile[i]
                return


class Enlists:
    """A seat's player that enlists the forced Hireling whenever it is offered."""

    def __init__(self, inner: Any, copies: frozenset[int]) -> None:
        self.inner, self.copies = inner, copies

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        if ask == ASK_HIRELING:
            for i, o in enumerate(options):
                if o in self.copies:
                    return i
        index: int = self.inner.choose(game, me, ask, options, about)
        return index
