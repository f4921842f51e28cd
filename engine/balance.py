"""Paired balance games: a card book and a plan in, each design's measured strength out.

For each design under test, pair ``k`` plays two games on the same seed with
the same bots: in game A the seat ``k % players`` (the focal seat, so seats
rotate) has the design and every other seat its vanilla twin
(``engine/twins.py``); in game B everyone has the twin. The focal seat's
points and win in A minus those in B is one paired difference. Because both
games shuffle and deal identically, everything but the card cancels out.

Pairs are played in batches. After each batch a design stops early when its
difference is decided: its p-value clears alpha / (designs x looks) (a
Bonferroni split over every design and every look, so peeking does not
inflate false findings), or its interval at that level lies within
``margin`` points of zero once the card has changed at least ``MIN_DIFFERED``
games (no stronger or weaker than its twin, to within the margin; a card that
has not mattered yet has no spread to judge by). Otherwise it plays on up to
``pairs``. ``engine/balance_report.py``
turns the sums into intervals, Holm's decisions and the report.

``run`` drives the sweep over an executor (``engine/executors.py``): each
round submits the next batch of every design still open. A design's batches
are added in order, so the result is the same whatever the executor, the
number of jobs or the shard.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.engine.cards import Book
from prophecy.engine.plugin import new_game
from prophecy.engine.roster import make_bot
from prophecy.engine.simulate import game_seed
from prophecy.engine.stats import Sums, interval, p_value, z_for
from prophecy.engine.twins import MEASURED, same_play, twin, twin_book

if TYPE_CHECKING:
    from prophecy.engine.executors import Executor

VERSION = 1
MIN_LOOKS = 2  # no design stops before its second batch
# Pairs in which the card changed the game, before it is called anything: a card that
# never came into play has a difference of exactly 0 and no spread, which says nothing.
MIN_DIFFERED = 20


@dataclass(frozen=True)
class Plan:
    """What a balance run plays: the same plan gives the same numbers, shard by shard."""

    seed: int
    players: int
    bots: tuple[str, ...]
    pairs: int  # at most, per design
    batch: int  # pairs per batch (a multiple of the players, so seats rotate evenly)
    designs: tuple[str, ...]  # the ids of every design in the run, shards included
    alpha: float = 0.05
    margin: float = 1.0  # points: a difference surely within this is "no different"

    @property
    def looks(self) -> int:
        return max(1, math.ceil(self.pairs / self.batch))

    @property
    def stop_alpha(self) -> float:
        """The level each look is tested at: alpha over every design and every look."""
        return self.alpha / (max(1, len(self.designs)) * self.looks)


@dataclass
class Measure:
    """One design's paired sums so far and why it stopped."""

    id: str
    kind: str
    name: str
    grimoire: str | None
    points: Sums = field(default_factory=Sums)
    wins: Sums = field(default_factory=Sums)
    differed: int = 0  # pairs whose two games ended in different states
    looks: int = 0
    p_min: float = 1.0  # the smallest p-value seen at a look
    stopped: str = ""  # "effect", "neutral" or "limit"
    features: list[str] = field(default_factory=list)  # rules-language features, for roll-ups

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["points"], out["wins"] = self.points.to_list(), self.wins.to_list()
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Measure:
        found = Measure(**{k: v for k, v in data.items() if k not in ("points", "wins")})
        found.points, found.wins = Sums.of(data["points"]), Sums.of(data["wins"])
        return found


def subjects(book: Book, names: Sequence[str] = (), kinds: Sequence[str] = MEASURED
             ) -> list[int]:
    """The design indices to measure: every design of those kinds with a twin that differs,
    or only the named ones (by name or id, any case). Unknown names raise UnknownCards."""
    wanted = {n.casefold() for n in names}
    found: list[int] = []
    seen: set[str] = set()
    for d, card in enumerate(book.designs):
        keys = {card.name.casefold(), card.id.casefold(), _title(card).casefold()}
        if wanted and not keys & wanted:
            continue
        seen |= keys & wanted
        made = twin(card, book.content.pack)
        if card.kind in kinds and made is not None and not same_play(card, made):
            found.append(d)
    missing = sorted(wanted - seen)
    if missing:
        raise UnknownCards(", ".join(missing))
    return found


class UnknownCards(ValueError):
    """``--cards`` named a design the content does not have (the message lists them)."""


def batch_size(players: int) -> int:
    """Pairs in one batch: about 30, a multiple of the players so seats rotate evenly.

    It is also the fewest pairs a run plays per design: a verdict rests on one batch at least.
    """
    return players * max(1, 30 // players)


def plan_for(book: Book, designs: list[int], seed: int, players: int, bots: Sequence[str],
             pairs: int, margin: float = 1.0) -> Plan:
    batch = batch_size(players)
    return Plan(seed, players, tuple(bots), max(pairs, batch), batch,
                tuple(book.designs[d].id for d in designs), margin=margin)


def play_pair(book: Book, design: int, plan: Plan, k: int) -> tuple[int, int, bool]:
    """(points difference, win difference, whether the games differed) of pair ``k``."""
    vanilla = twin_book(book, design)
    players, bots = plan.players, plan.bots
    focal = k % players
    seed = game_seed(plan.seed, k)
    views = [vanilla] * players
    views[focal] = book
    results = []
    for seat_views in (views, None):
        chairs = [make_bot(bots[(c + k) % len(bots)], f"{plan.seed}:{k}:{c}")
                  for c in range(players)]
        results.append(new_game(vanilla, chairs, seed, views=seat_views).play())
    a, b = results
    points = a.results["scores"][focal] - b.results["scores"][focal]
    wins = int(a.winner() == focal) - int(b.winner() == focal)
    return points, wins, a.digest() != b.digest()


def play_batch(book: Book, design: int, plan: Plan, start: int, stop: int
               ) -> tuple[list[float], list[float], int]:
    """The summed differences of pairs ``start`` to ``stop`` of one design."""
    points, wins, differed = Sums(), Sums(), 0
    for k in range(start, stop):
        dp, dw, changed = play_pair(book, design, plan, k)
        points.add(dp)
        wins.add(dw)
        differed += changed
    return points.to_list(), wins.to_list(), differed


def look(measure: Measure, plan: Plan) -> None:
    """After a batch: stop the design when its difference is decided, or at the limit."""
    measure.looks += 1
    p = p_value(measure.points)
    measure.p_min = min(measure.p_min, p)
    if measure.looks < MIN_LOOKS:
        return
    lo, hi = interval(measure.points, plan.stop_alpha)
    if p < plan.stop_alpha:
        measure.stopped = "effect"
    elif -plan.margin < lo and hi < plan.margin and measure.differed >= MIN_DIFFERED:
        measure.stopped = "neutral"
    elif measure.points.n >= plan.pairs:
        measure.stopped = "limit"


Task = tuple[int, int, int]  # (design, first pair, end)
Runner = Callable[[list[Task]], list[tuple[list[float], list[float], int]]]


def run(book: Book, plan: Plan, designs: list[int], runner: Runner,
        progress: Callable[[int, int], None] | None = None) -> list[Measure]:
    """Measure each design (indices into the book) under ``plan``; ``runner`` plays batches."""
    measures = {d: _measure(book.designs[d]) for d in designs}
    open_ = list(designs)
    done = 0
    while open_:
        tasks = [(d, measures[d].points.n, min(plan.pairs, measures[d].points.n + plan.batch))
                 for d in open_]
        for (d, _, _), (points, wins, differed) in zip(tasks, runner(tasks), strict=True):
            m = measures[d]
            m.points.merge(Sums.of(points))
            m.wins.merge(Sums.of(wins))
            m.differed += differed
            look(m, plan)
        open_ = [d for d in open_ if not measures[d].stopped]
        done = sum(m.points.n for m in measures.values())
        if progress:
            progress(done, len(designs) - len(open_))
    return [measures[d] for d in designs]


def _measure(card: model.Card) -> Measure:
    return Measure(card.id, card.kind, _title(card), getattr(card, "grimoire", None),
                   features=features(card))


def _title(card: model.Card) -> str:
    """What the report calls a design: its name, or a Grimoire's Manifest by its own name."""
    if card.kind == "grimoire" and card.manifest_name:
        return str(card.manifest_name)
    return card.name


def features(card: model.Card) -> list[str]:
    """An Arcana design's rules-language features: each action at the Level its line asks
    for, each kind of requirement, and its grimoire (a Manifest's or a deed's have none)."""
    if card.kind != "arcana":
        return []
    found = {f"{card.grimoire} card"}
    for effect in card.effects:
        node = effect.node
        if not isinstance(node, ast.Effect):
            continue
        level = max((r.level for r in node.requirements if isinstance(r, ast.LevelReq)),
                    default=0)
        found.update(f"{_words(type(a).__name__)} at Level {level}" for a in node.actions)
        found.update(f"{_words(type(r).__name__)} requirement" for r in node.requirements
                     if not isinstance(r, ast.LevelReq))
    return sorted(found)


def _words(class_name: str) -> str:
    """'AddToDeed' -> 'Add to Deed', 'TopDiscardReq' -> 'Top Discard', 'Compare' -> 'Count':
    the class name's words, the small ones in lower case, as the glossary writes them."""
    name = class_name.removesuffix("Req")
    words = re.findall(r"[A-Z][a-z]*", "Count" if name == "Compare" else name)
    return " ".join(w.lower() if i and w.lower() in _SMALL else w for i, w in enumerate(words))


_SMALL = {"to", "from", "until", "up", "down", "of", "on", "at", "each", "the", "a"}


def raw(book: Book, plan: Plan, measures: list[Measure], shard: tuple[int, int],
        seconds: float) -> dict[str, Any]:
    """The run as JSON-ready data that ``prophecy merge`` can add to other shards."""
    return {
        "kind": "balance", "version": VERSION, "game": book.content.game_name,
        "plan": {**asdict(plan), "bots": list(plan.bots), "designs": list(plan.designs)},
        "shard": list(shard), "seconds": round(seconds, 2),
        "measures": [m.to_json() for m in measures],
    }


def shard_of(designs: list[int], shard: tuple[int, int]) -> list[int]:
    """The designs shard ``I/N`` plays: every N-th of the run's list, from the I-th."""
    i, n = shard
    return [d for j, d in enumerate(designs) if j % n == i - 1]


def sweep(book: Book, executor: Executor, *, names: Sequence[str] = (),
          kinds: Sequence[str] = MEASURED, seed: int = 1, players: int = 3,
          bots: Sequence[str] = ("greedy",), pairs: int = 300, margin: float = 1.0,
          shard: tuple[int, int] = (1, 1),
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """A whole balance run (or one shard of it) as ``raw`` data: the one library call of
    ``prophecy balance``. Unknown card names raise UnknownCards naming them."""
    clock = Clock()
    every = subjects(book, names, kinds)
    plan = plan_for(book, every, seed, players, bots, pairs, margin)
    mine = shard_of(every, shard)

    def runner(tasks: list[Task]) -> list[tuple[list[float], list[float], int]]:
        return executor.map([(play_batch, d, plan, a, b) for d, a, b in tasks])

    measures = run(book, plan, mine, runner, progress)
    return raw(book, plan, measures, shard, clock.seconds())


class Clock:
    """Wall time since it was made (the sweep's time, reported, never compared)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def seconds(self) -> float:
        return time.perf_counter() - self.start


__all__ = ["Plan", "Measure", "run", "subjects", "plan_for", "raw", "shard_of", "z_for"]
