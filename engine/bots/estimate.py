"""The bots' estimate of a position: a player's holdings in, their expected final points out.

A position is summed up as a ``Sketch``: counts and Dark Deed progress, no card
ids. ``Valuer.sketch(game, p)`` takes one from a real game; the actions of the
rules language change a sketch the way they would change the game (one entry
per action class in ``sketch.ACTION_VALUES``), so the greedy bot can weigh
an action without playing it. ``Valuer.value(sketch)`` adds up:

- the score so far (grimoire levels, stash, completed Dark Deeds);
- what the Levels unlock: the worth of the effect lines they make usable on
  the Arcana, per card play still to come, and the Manifest at the top Level;
- each Dark Deed in play in proportion to its stored cards, times the chance
  it can still be finished (the cards the player can still add in the rounds
  left, shared out over the deeds nearest to done first): a deed that cannot
  be finished is worth nothing, whatever it holds;
- the face-up Verses whose condition the sketch meets (the reward comes at the
  next Prophecy phase; a sabotaged Verse costs instead);
- cards in hand (worth less as the game runs out) and Titles led now.

Every constant is a named weight below. ``Valuer.of(book)`` builds the tables
once per card book (each seat's view of the cards has its own).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from prophecy.compiler.handlers import Names, compile_node
from prophecy.compiler.runtime import Count
from prophecy.dsl import ast
from prophecy.engine.bots.sketch import (
    EDGE_SHARE,
    STORED,
    Deed,
    Sketch,
    effect_value,
    quantity,
    subject_key,
)
from prophecy.engine.cards import Book
from prophecy.engine.moves import NO_LIMIT
from prophecy.engine.scoring import deed_points

if TYPE_CHECKING:
    from prophecy.engine.game import Game
    from prophecy.engine.state import PlayerState

DEED_SHARE = 0.6  # a deed's points, per share of its cards stored, once it can be finished
DEED_OPTION = 0.1  # an empty deed that can be finished: an option on its points
ADD_RATE = 2.0  # cards a player can add to Dark Deeds in a round, about (plays and verses)
PLAYS_PER_ROUND = 1.2  # Arcana a player plays in a round, about
UNLOCK_SHARE = 0.5  # how much of an unlocked line's worth a future play is expected to earn
MANIFEST_SHARE = 0.5  # the Manifest line's worth per round left, at the top Level
VERSE_SHARE = 0.8  # a reward due at the next Prophecy phase
CARD_VALUE = 1.0  # a card in hand, as points, at the start of the game
TITLE_SHARE = 0.6  # a title one would win now, as a share of its points (at the end)
EXHAUST_SHARE = 0.5  # an 'Exhaust this card' line costs an action each time it is used


@dataclass
class Valuer:
    """Per-book tables for the estimate; build with ``Valuer.of(book)``."""

    book: Book
    rounds: int
    stash_points: int
    unlock: list[list[float]]  # grimoire -> worth per play unlocked, cumulative by level
    manifest: list[float]  # Grimoire card id -> its Manifest line's worth
    gpoints: list[tuple[int, ...]]  # Grimoire card id -> points per level
    verse_test: dict[int, Any]  # verse design -> (kind, grimoire, op, value) or None
    verse_reward: dict[int, float]
    hireling: dict[int, tuple[float, bool]]  # design -> (effect worth, sabotage?)
    title_count: dict[int, tuple[Count, int, int]]  # design -> (count, sign, points)
    new_deed: tuple[int, int]  # (points, cards needed) of a typical Dark Deed kept from a draw
    names: dict[str, int]  # grimoire name -> index
    title_subject: dict[int, tuple[str, int | None]]  # title design -> (quantity, grimoire)
    verse_tests: dict[int, Any] = field(default_factory=dict)  # design -> test(sketch) or None
    title_tests: dict[int, Any] = field(default_factory=dict)  # design -> quantity(sketch)
    limits: tuple[int, int, int, int] = (7, 4, 4, 0)  # hand, deed limit, top and bottom level
    refill: int = 0  # the hand the Draw phase fills (options.hand: draw-up-to), or 0
    # design of a card that stays in play when played -> what it brings a turn there (its
    # turn effects, worth using or forced; a share of its best 'Exhaust this card' line)
    in_play: dict[int, float] = field(default_factory=dict)
    # card id -> the cards a Dark Deed aims at: its last row, for one with a points table
    # (empty in a game without points tables: the cards needed)
    goal: list[int] = field(default_factory=list)
    uniform: bool = False  # every Grimoire card of a grimoire scores alike (the Levels' memo key)
    _by_round: list[tuple[int, float, float]] = field(default_factory=list, repr=False)
    # rounds left -> Levels (and, unless uniform, the Grimoire cards) -> their worth
    _memo: list[dict[tuple[int, ...], float]] = field(default_factory=list, repr=False)
    _verse_memo: dict[tuple[int, ...], list[tuple[Any, float, Any, bool]]] = field(
        default_factory=dict, repr=False)
    _title_rows: dict[tuple[int, ...], list[tuple[Any, Count, int, int, bool]]] = field(
        default_factory=dict, repr=False)
    _deed_memo: dict[tuple[int, tuple[Deed, ...]], float] = field(default_factory=dict,
                                                                   repr=False)
    _last_deeds: tuple[tuple[Deed, ...], int, float] = field(default=((), 0, 0.0), repr=False)

    @staticmethod
    def of(book: Book) -> Valuer:
        """The tables of one book, built once and kept on it.

        What each card does is read from ``book``. What the Levels unlock and what a
        typical Dark Deed is worth (the tables that steer a whole game's plan) are read
        from ``book.basis``, the book a variant was made from (``lab/twins.py``), or
        from the book itself. So every seat of both games of a balance pair plays with
        one valuation, whichever design its cards replace, and the arms differ only by
        the card itself.
        """
        found: Valuer | None = book.cache.get("valuer")
        if found is None:
            found = book.cache["valuer"] = _build(book, book.basis or book)
        return found

    # -- from a game ----------------------------------------------------------

    def sketch(self, game: Game, p: PlayerState, at: int = 0) -> Sketch:
        """The sketch of a player in a game (the Titles' rivals and the Verses read now), read
        as in round ``at`` of the estimate when given (else ``game.plan_round()``)."""
        points, gidx = game.views[p.seat].deed_points, game.gidx
        needed = self.goal or game.needed  # a points table's deed aims at its last row
        deeds = tuple([(points[d], needed[d], len(s), gidx[d])
                       for d, s in zip(p.deeds, p.stored, strict=True)])
        limits = self.limits
        done = deed_points(game, p) if self.goal else sum([points[d] for d in p.completed])
        sk = Sketch(len(p.hand), len(p.pile), len(p.stash), p.levels[:], deeds,
                    tuple([gidx[d] for d in p.completed]), done + p.gained,
                    at or game.plan_round(), limits, p.grimoires, [], [], self.names, self.new_deed)
        key = tuple(game.titles)
        rows = self._title_rows.get(key)
        if rows is None:
            rows = self._title_rows[key] = self._titles_of(game)
        others = [q for q in game.players if q is not p]
        titles, share, fixed = sk.titles, self._by_round[sk.round][2], 0.0
        for read, count, sign, points_won, still in rows:
            rival = -(1 << 30)
            for q in others:
                n = sign * count(game, q)
                if n > rival:
                    rival = n
            if not still:
                titles.append((read, rival, sign, points_won))
            elif sign * read(sk) > rival:
                fixed += share * points_won
        key = (game.revealed, game.hireling, game.hire_verse, *game.verses)
        checks = self._verse_memo.get(key)
        if checks is None:
            checks = self._verse_memo[key] = self._verse_checks(game)
        verses = sk.verses
        for test, worth, condition, still in checks:
            # a condition the sketch cannot read is taken as it stands now
            if condition is None or condition(game, p):
                if not still:
                    verses.append((test, worth))
                elif test(sk):
                    fixed += worth
        if p.in_play:  # what the cards in play in front of the player bring over the turns left
            per_turn, left = self.in_play, self._by_round[sk.round][0]
            design = game.views[p.seat].design
            sk.board = sum(per_turn.get(design[c], 0.0) for c in p.in_play) * max(0.0, left - 0.5)
        if self.book.curses:  # a Curse in front of an opponent: what it costs them, as the
            self._curses_on(game, others, sk)  # edge a sketch gives the Curse it puts there
        sk.fixed = fixed
        return sk

    def _curses_on(self, game: Game, others: list[PlayerState], sk: Sketch) -> None:
        per_turn, left = self.in_play, self._by_round[sk.round][0]
        curses, design = self.book.curses, game.design
        worth = sum(per_turn.get(design[c], 0.0) for q in others for c in q.in_play
                    if design[c] in curses)
        sk.edge -= EDGE_SHARE * worth * max(0.0, left - 0.5)

    def _titles_of(self, game: Game) -> list[tuple[Any, Count, int, int, bool]]:
        """The Titles in play as (sketch reader, count of a player, +1 most / -1 fewest,
        points, whether no action changes the reading), once per set of Titles in play."""
        if len(self._title_rows) > 256:
            self._title_rows.clear()
        design, subject = game.design, self.title_subject
        return [(self.title_tests[design[t]], *self.title_count[design[t]],
                 subject[design[t]][0] in _STILL) for t in game.titles]

    def _verse_checks(self, game: Game) -> list[tuple[Any, float, Any, bool]]:
        """The face-up Verses as (test, worth, condition to check now or None, whether no
        action changes the test's outcome)."""
        design = game.design
        hire = design[game.hireling] if game.hireling >= 0 else -1
        out = []
        for position in range(game.revealed):
            d = design[game.verses[position]]
            test, worth = self.verse_check(d, hire if game.hire_verse == position else -1)
            read = self.verse_test[d]
            now = self.book.verse_condition[d] if read is None else None
            out.append((test, worth, now, read is None or read[0] in _STILL))
        if len(self._verse_memo) > 256:
            self._verse_memo.clear()
        return out

    def verse_check(self, d: int, hire: int) -> tuple[Any, float]:
        """(test of the sketch, worth) of a face-up Verse and its Hireling; a condition the
        sketch cannot read is tested on the game instead, and counts here as met."""
        worth = self.verse_reward[d]
        if hire >= 0:
            effect, sabotage = self.hireling[hire]
            worth = effect if sabotage else worth + effect
        test = self.verse_tests[d]
        return _met if test is None else test, VERSE_SHARE * worth

    def put_in_play(self, sk: Sketch, d: int) -> None:
        """A card of design ``d`` put into play on the sketch: what it brings over the turns
        left (a Curse, in front of an opponent, what it costs them, as this player's edge)."""
        worth = self.in_play[d] * max(0.0, self._by_round[sk.round][0] - 0.5)
        if d in self.book.curses:
            sk.edge -= EDGE_SHARE * worth
        else:
            sk.board += worth

    def estimate(self, game: Game, p: PlayerState, at: int = 0) -> float:
        """The player's points so far plus a share of what is under way (read as in round
        ``at`` of the estimate when given)."""
        return self.value(self.sketch(game, p, at))

    # -- the number -----------------------------------------------------------

    def value(self, sk: Sketch) -> float:
        """The estimate of a sketch, in points (one pass, for speed: the bots call it most)."""
        # Per round: the rounds left (this one included), a card in hand's worth (nothing once
        # the last round is played) and a Title lead's share (it says more near the end).
        left, card_worth, share = self._by_round[sk.round]
        hand = sk.hand
        if hand < self.refill:  # drawn up to this at the end of the turn: no card is lost
            hand = self.refill
        value = (self.stash_points * sk.stash + sk.completed_points + card_worth * hand
                 + sk.edge + sk.fixed + sk.board)
        levels = sk.levels
        found = self._memo[left].get(tuple(levels) if self.uniform else (*levels,
                                                                          *sk.grimoires))
        value += found if found is not None else self._levels(sk, left)
        deeds = sk.deeds
        if deeds:  # the same tuple as last time, most often: an action left them alone
            last = self._last_deeds
            if deeds is last[0] and left == last[1]:
                value += last[2]
            else:
                found = self._deed_memo.get((left, deeds))
                if found is None:
                    found = self._deeds(deeds, left)
                self._last_deeds = (deeds, left, found)
                value += found
        # Verses met now pay at the next Prophecy phase (a Sabotage costs instead).
        for test, worth in sk.verses:
            if test(sk):
                value += worth
        for read, rival, sign, points in sk.titles:
            if sign * read(sk) > rival:
                value += share * points
        return value

    def _levels(self, sk: Sketch, left: int) -> float:
        """Levels: their points, what they unlock for the plays to come, the Manifest."""
        key = tuple(sk.levels) if self.uniform else (*sk.levels, *sk.grimoires)
        top = sk.limits[2]
        gpoints, unlock, cards = self.gpoints, self.unlock, sk.grimoires
        plays = _PLAYS * (left - 0.5)
        value = 0.0
        for g, level in enumerate(sk.levels):
            card = cards[g]
            value += gpoints[card][level] + plays * unlock[g][level]
            if level >= top and left > 1:
                value += MANIFEST_SHARE * self.manifest[card] * (left - 1)
        memo = self._memo[left]
        if len(memo) > 4096:  # one memo per book; positions repeat across a game
            memo.clear()
        memo[key] = value
        return value

    def _deeds(self, deeds: tuple[Deed, ...], left: int) -> float:
        """Dark Deeds (at least one): the cards still to come go to the deeds nearest to
        done first."""
        # Sure to be filled up to the capacity, hopeless beyond twice of it. In order of
        # the cards missing, then of (points, needed, stored): deeds alike in all of those
        # are worth alike, whatever their grimoire.
        capacity = ADD_RATE * left
        value = 0.0
        order = [(d[1] - d[2], d) for d in deeds]
        if len(order) > 1:
            order.sort()
        for missing, (points, need, have, _) in order:
            if missing <= 0:
                value += points  # ready: it will be completed at the next chance
            elif missing < 2 * capacity:
                chance = 1.0 if missing <= capacity else 2.0 - missing / capacity
                capacity -= missing
                value += points * chance * (DEED_OPTION + DEED_SHARE * have / need)
        if len(self._deed_memo) > 8192:  # positions repeat: a Level up leaves them as they were
            self._deed_memo.clear()
        self._deed_memo[(left, deeds)] = value
        return value


_PLAYS = UNLOCK_SHARE * PLAYS_PER_ROUND
#: Quantities no action of the rules language changes on a sketch (``Sketch.completed``).
_STILL = frozenset({"completed"})


def _levels_asked(node: ast.Line, own: int, gi: dict[str, int]) -> dict[int, int]:
    """Grimoire index -> the Level a line asks for (its highest, by grimoire)."""
    out: dict[int, int] = {}
    if isinstance(node, ast.Effect):
        for req in node.requirements:
            if isinstance(req, ast.LevelReq):
                g = own if req.grimoire == ast.THIS else gi.get(req.grimoire, -1)
                if g >= 0:
                    out[g] = max(out.get(g, 0), req.level)
    return out


def _unlock(book: Book, gi: dict[str, int]) -> list[list[float]]:
    top = book.rules.max_level
    gained = [[0.0] * (top + 1) for _ in book.grimoires]
    arcana = book.ids.get("arcana", [])
    for cid in arcana:
        for node in book.nodes[book.design[cid]]:
            asked = _levels_asked(node, book.gidx[cid], gi)
            if len(asked) == 1:  # a line behind one Level: that Level unlocks it
                ((g, level),) = asked.items()
                gained[g][min(level, top)] += max(0.0, effect_value(node))
    out = []
    for row in gained:
        running, cumulative = 0.0, []
        for worth in row:
            running += worth / max(1, len(arcana))
            cumulative.append(running)
        out.append(cumulative)
    return out


def _verse_test(node: ast.Line, gi: dict[str, int]) -> Any:
    if not isinstance(node, ast.Compare):
        return None
    g = gi.get(node.subject.grimoire, -1) if node.subject.grimoire else None
    return (node.subject.quantity, subject_key(node.subject, g), node.op, node.value)


def _build(book: Book, plan: Book) -> Valuer:
    """The tables of ``book``, with what steers a whole game's plan (what the Levels
    unlock, the typical Dark Deed) taken from ``plan``, a book with the same card ids."""
    gi = {name: i for i, name in enumerate(book.grimoires)}
    names = Names(gi, {})

    def worth(d: int) -> float:
        return sum(max(0.0, effect_value(n)) for n in book.nodes[d])

    manifest = [0.0] * book.size
    gpoints: list[tuple[int, ...]] = [()] * book.size
    for cid in book.ids.get("grimoire", []):
        manifest[cid] = worth(book.design[cid])
        gpoints[cid] = book.points_of(cid)
    rules = book.rules
    options = book.content.options
    hand = rules.hand_limit if options.hand == "limit" else NO_LIMIT
    valuer = Valuer(
        book=book, rounds=rules.rounds, stash_points=rules.stash_points,
        unlock=_unlock(plan, gi), manifest=manifest, gpoints=gpoints, verse_test={},
        verse_reward={}, hireling={}, title_count={}, new_deed=_typical_deed(plan), names=gi,
        title_subject={}, limits=(hand, rules.deed_limit, rules.max_level, rules.min_level),
        refill=options.hand_size if options.hand == "draw-up-to" else 0)
    alike: dict[int, set[tuple[tuple[int, ...], float]]] = {}
    for cid in book.ids.get("grimoire", []):
        alike.setdefault(book.gidx[cid], set()).add((gpoints[cid], manifest[cid]))
    valuer.uniform = all(len(kinds) == 1 for kinds in alike.values())
    n = rules.rounds
    valuer._by_round = [(n - r + 1, CARD_VALUE * (n - r + 1) / n, TITLE_SHARE * (r / n) ** 3)
                        for r in range(n + 2)]
    valuer._memo = [{} for _ in range(n + 2)]  # by rounds left, 0 to n + 1
    for d, card in enumerate(book.designs):
        if card.kind == "verse":
            valuer.verse_test[d] = _verse_test(card.condition.node, gi)
            valuer.verse_reward[d] = worth(d)
        elif card.kind == "hireling":
            valuer.hireling[d] = (sum(effect_value(n) for n in book.nodes[d]),
                                  card.role == "sabotage")
        elif card.kind == "title" and isinstance(card.condition.node, ast.Title):
            subject = card.condition.node.subject
            count: Count = compile_node(subject, names)
            sign = 1 if card.condition.node.most else -1
            valuer.title_count[d] = (count, sign, card.points)
            g = subject_key(subject, gi.get(subject.grimoire, -1) if subject.grimoire else None)
            valuer.title_subject[d] = (subject.quantity, g)
            valuer.title_tests[d] = _reader(subject.quantity, g)
    for d, test in valuer.verse_test.items():
        valuer.verse_tests[d] = None if test is None else _tester(test)
    valuer.in_play = {d: _per_turn(book, d) for d in book.stays}
    if book.tables:
        valuer.goal = [book.tables[d].rows[-1].stored if d in book.tables else book.needed[c]
                       for c, d in enumerate(book.design)]
    return valuer


def _per_turn(book: Book, d: int) -> float:
    """What a card of design ``d`` in play brings a turn: its turn effects (a Curse's as they
    are, forced; the others' when worth using) and a share of its best exhaust line."""
    found = book.abilities.get(d, {})
    forced = d in book.curses
    turns = sum(effect_value(node) if forced else max(0.0, effect_value(node))
                for when in ("start", "end") for _, _, _, node in found.get(when, ()))
    exhaust = max((effect_value(node) for _, _, _, node in found.get("exhaust", ())),
                  default=0.0)
    return turns + EXHAUST_SHARE * max(0.0, exhaust)


def _met(sk: Sketch) -> bool:
    """The test of a Verse whose condition is met however the sketch changes."""
    return True


def _reader(kind: str, g: int | None) -> Any:
    """A quantity of the sketch as a function (read in the estimate's inner loop)."""
    if kind in ("stashed", "hand"):  # a C-level getter: the quickest call there is
        return attrgetter("stash" if kind == "stashed" else "hand")
    if kind == "total_level":
        return lambda sk: sum(sk.levels)
    if kind == "level":
        if g is None or g < 0:
            return lambda sk: 0
        return lambda sk: sk.levels[g]
    if kind == "completed":
        if g is None:
            return lambda sk: len(sk.completed)
        return lambda sk: sk.completed.count(g)
    return lambda sk: quantity(sk, kind, g)


def _tester(test: tuple[str, int | None, str, int]) -> Any:
    """A Verse condition as one function of the sketch (the common ones without a detour)."""
    kind, g, op, target = test
    if op == "at_least":
        if kind == "stashed":
            return lambda sk: sk.stash >= target
        if kind == "deed_cards":
            return lambda sk: sum(map(STORED, sk.deeds)) >= target
        if kind == "total_level":
            return lambda sk: sum(sk.levels) >= target
        if kind == "completed" and g is None:
            return lambda sk: len(sk.completed) >= target
        if kind == "level" and g is not None and g >= 0:
            return lambda sk: sk.levels[g] >= target
    if op == "at_most" and kind == "hand":
        return lambda sk: sk.hand <= target
    read = _reader(kind, g)
    if op == "at_least":
        return lambda sk: read(sk) >= target
    if op == "at_most":
        return lambda sk: read(sk) <= target
    return lambda sk: read(sk) == target


def _typical_deed(book: Book) -> tuple[int, int]:
    """The Dark Deed a draw of several keeps, about: the best third by points per card."""
    deeds = sorted(((book.deed_points[c], book.needed[c]) for c in book.ids.get("deed", [])),
                   key=lambda d: -d[0] / max(1, d[1]))
    if not deeds:
        return (0, 1)
    top = deeds[: max(1, len(deeds) // 3)]
    return (round(sum(d[0] for d in top) / len(top)), round(sum(d[1] for d in top) / len(top)))
