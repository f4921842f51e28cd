"""Paired balance games: a card book and a plan in, each design's measured strength out.

Each design is measured against its vanilla twin (``lab/twins.py``) in deals
of paired games (``lab/pairs.py``), in two modes: as the bots **choose** to
use it, and **forced** on the focal seat from the start. One measure is one
design in one mode. Its deals are played in batches; after each batch a
sequential test (``stats.Sprt``: a mean of 0 against +margin and against
-margin, in points per game) stops it as soon as it is decided:

- **stronger** or **weaker** than its twin, with a chance of at most ``alpha``
  over the whole run of saying so of any design that is no different (each
  measure is tested at alpha / measures);
- **within** ``margin`` points of its twin, with a chance of at most ``beta`` of
  saying so of a design that is ``margin`` points stronger or weaker;
- or, at the ceiling of ``pairs`` pairs, **undecided**: never "within" then.

No measure is decided before its second look, nor before the card has changed
at least ``MIN_DIFFERED`` pairs' games or scores (a card that never came into
play differs by exactly 0, with no spread, which says nothing), and none is
called within the margin before ``MIN_WITHIN`` changed pairs. A card that
changes games too rarely to reach that by the ceiling stops undecided: as soon
as a binomial test says its deals change less often than that (a card that
changes games often enough is stopped so by mistake at most ``beta`` of the
time, over all the looks to the quarter mark), and at the latest a quarter of
the way there. Stopping undecided says nothing of the card, so no verdict is
reached on less evidence.

Play that cannot change a pair is not played: a chosen deal in which no seat
reached a design in the book as printed (its plain game, played once for every
design of the run: ``pairs.plain_reach``) gives that design pairs of exactly 0
without a game, and a deal the design reached plays game B and the games A of
the seats it reached, as before (``Plan.plain``).

Then a second bot (``confirm``, the planner at a small budget) plays each
stronger or weaker finding again in the focal seat, with a one-sided test at
``alpha`` of 0 against the effect found, given the pairs its own spread needs
to be as sure (``check_pairs``, at most ``confirm_pairs``): it agrees,
disagrees, had not enough games, or is not checked. And ordinary
games of the book as designed, at every number of players it allows, give the
seat table (``seat_games`` per number of players, as ``prophecy simulate`` plays
them with the same seed and bots).

``run`` drives the sweep over an executor (``lab/executors.py``): each round
submits the next batch of every measure still open. A measure's batches are
added in order and every deal is seeded by its number alone, so the result is
the same whatever the executor, the number of jobs or the shard.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from prophecy.compiler import model
from prophecy.dsl import ast
from prophecy.engine.cards import Book
from prophecy.lab import simulate
from prophecy.lab.pairs import (
    CHOSEN,
    FORCED,
    MODES,
    Contrast,
    against,
    against_copy,
    against_twin,
    modes_of,
    play_deal,
    skips,
)
from prophecy.lab.stats import Sprt, Sums, binomial_cdf, z_for
from prophecy.lab.twins import MEASURED, same_play, twin

if TYPE_CHECKING:
    from prophecy.lab.executors import Executor

VERSION = 2
MIN_LOOKS = 2  # no measure stops before its second batch
# Pairs in which the card changed the game or the score, before it is called anything: a
# card that never came into play has a difference of exactly 0 and no spread.
MIN_DIFFERED = 20
# Changed pairs before a measure is called within the margin. The differences are mostly 0
# with a few large swings, and the test reads their spread off the data: on a hundred
# changed pairs a run of small ones can still look precise. In two whole sweeps on
# different seeds almost every 'within' was called the moment this count was reached, and
# most verdicts that parted were such calls: at 100 the sweeps agreed on 86.6% of their
# verdicts, at 200 on 89.3%, at 300 on 90.4%, with no verdict of opposite sign.
MIN_WITHIN = 300
CONFIRM = "planner:1"  # the second bot: the planner at the budget that fits a sweep
# The most pairs it plays to check one finding; it plays as many as its own spread needs.
CONFIRM_PAIRS = 1200
# Designs of a run before chosen deals start from the plain game: it costs a game a deal and
# saves each design the game B of every deal it did not reach.
PLAIN_FROM = 4


@dataclass(frozen=True)
class Plan:
    """What a balance run plays: the same plan gives the same numbers, shard by shard."""

    seed: int
    players: int
    bots: tuple[str, ...]
    pairs: int  # at most, per measure (a design in one mode)
    batch: int  # pairs per look (a multiple of the players, so seats rotate evenly)
    designs: tuple[str, ...]  # the ids of every design in the run, shards included
    modes: tuple[str, ...] = MODES
    measures: int = 0  # designs times the modes each is measured in, shards included
    alpha: float = 0.05  # the chance of any false "stronger" or "weaker" in the run
    beta: float = 0.1  # the chance of missing a design ``margin`` points off, per measure
    margin: float = 1.0  # points per game: the indifference zone is within ±margin
    confirm: str = CONFIRM  # the second bot ("": none)
    confirm_pairs: int = CONFIRM_PAIRS
    focal_bot: str = ""  # the focal seat's bot when not its chair's (the second bot's check)
    seat_games: int = 1000  # ordinary games per number of players, for the seat table
    aa: bool = False  # each design against an exact copy of itself (the A/A test), not its twin

    @property
    def plain(self) -> bool:
        """Whether chosen deals start from the deal's plain game (``pairs.plain_reach``): when
        enough designs of the run share it to save more games than it costs (``PLAIN_FROM``),
        not in an A/A run (each design has a book of its own), nor with another bot in the
        focal seat, nor with a bot that imagines hidden cards. Read from the plan alone, so
        every shard and executor plays the same games."""
        return (CHOSEN in self.modes and len(self.designs) >= PLAIN_FROM and not self.aa
                and not self.focal_bot and skips(self.bots))

    @property
    def test(self) -> Sprt:
        """The sequential test of each measure: alpha split over every measure of the run."""
        return Sprt(self.margin, self.alpha / max(1, self.measures), self.beta)

    def per_deal(self, mode: str) -> int:
        """Pairs a deal gives: one per seat when chosen, the focal seat's when forced."""
        return self.players if mode == CHOSEN else 1

    def checking(self) -> Plan:
        """The plan the second bot confirms findings with: that bot in the focal seat (the
        player the card is measured for), the run's bots in the others, and its own
        ceiling (its test is ``confirm_test``)."""
        return replace(self, focal_bot=self.confirm, pairs=self.confirm_pairs)

    def confirm_test(self, found: Measure) -> Sprt:
        """The second bot's test of a finding: one-sided, in the finding's direction, at the
        run's ``alpha`` and ``beta``, of 0 against the effect found (the finding is already
        made: this asks whether another player also gains, or loses, that much by the card)."""
        effect = abs(found.points.mean) or self.margin
        return Sprt(effect, self.alpha, self.beta, side=1 if found.points.mean > 0 else -1)


@dataclass(frozen=True)
class Subject:
    """What one measure plays: a design in a mode, against its twin or another design."""

    design: int
    mode: str
    rival: int = -1  # another design of the same kind to measure against, or -1: the twin
    aa: bool = False  # against an exact copy of itself under another name (the A/A test)

    def contrast(self, book: Book) -> Contrast:
        if self.aa:
            return against_copy(book, self.design)
        if self.rival >= 0:
            return against(book, self.design, self.rival)
        return against_twin(book, self.design)


@dataclass
class Measure:
    """One design in one mode: its paired sums so far and its verdict."""

    id: str
    kind: str
    name: str
    grimoire: str | None
    mode: str = CHOSEN
    points: Sums = field(default_factory=Sums)  # per deal: the mean of its pairs' points
    wins: Sums = field(default_factory=Sums)  # per deal, likewise for wins
    pairs: Sums = field(default_factory=Sums)  # per pair: its spread is the per-pair spread
    differed: int = 0  # pairs whose two games ended in different states or scores
    games: int = 0  # games played (a pair the card never reached costs none)
    looks: int = 0
    verdict: str = ""  # "stronger", "weaker", "within", "undecided"; "" while playing
    check: dict[str, Any] | None = None  # the second bot's measure of a finding
    features: list[str] = field(default_factory=list)  # rules-language features, for roll-ups

    _SUMS = ("points", "wins", "pairs")

    def add(self, part: list[Any]) -> None:
        """Add a batch's sums (``play_batch``'s result)."""
        points, wins, pairs, differed, games = part
        self.points.merge(Sums.of(points))
        self.wins.merge(Sums.of(wins))
        self.pairs.merge(Sums.of(pairs))
        self.differed += differed
        self.games += games

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for name in self._SUMS:
            out[name] = getattr(self, name).to_list()
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Measure:
        found = Measure(**{k: v for k, v in data.items() if k not in Measure._SUMS})
        for name in Measure._SUMS:
            setattr(found, name, Sums.of(data[name]))
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
    """Pairs in one batch: about 30, a multiple of the players so seats rotate evenly."""
    return players * max(1, 30 // players)


def fewest_pairs(players: int) -> int:
    """The fewest pairs a run plays per design: no verdict comes before the second look."""
    return MIN_LOOKS * batch_size(players)


def plan_for(book: Book, designs: list[int], seed: int, players: int, bots: Sequence[str],
             pairs: int, margin: float = 1.0, modes: Sequence[str] = MODES,
             **options: Any) -> Plan:
    """The plan of a run: batches of about 30 pairs, a whole number of deals of either mode."""
    batch = batch_size(players)
    measures = sum(len(modes_of(book.designs[d].kind, modes)) for d in designs)
    return Plan(seed, players, tuple(bots), max(pairs, fewest_pairs(players)), batch,
                tuple(book.designs[d].id for d in designs), tuple(modes), measures,
                margin=margin, **options)


def to_measure(book: Book, designs: list[int], plan: Plan) -> list[Subject]:
    """The measures of these designs: each in every mode of the plan its kind takes."""
    return [Subject(d, mode, aa=plan.aa) for d in designs
            for mode in modes_of(book.designs[d].kind, plan.modes)]


Batch = list[Any]  # [points sums, wins sums, pair sums, pairs differed, games played]


def play_batch(book: Book, subject: Subject, plan: Plan, start: int, stop: int) -> Batch:
    """The summed differences of deals ``start`` to ``stop`` of one measure."""
    contrast = subject.contrast(book)
    points, wins, each = Sums(), Sums(), Sums()
    differed = games = 0
    for k in range(start, stop):
        found, played = play_deal(contrast, subject.mode, plan.seed, k, plan.players, plan.bots,
                                  plan.focal_bot, plan.plain)
        points.add(sum(p.points for p in found) / len(found))
        wins.add(sum(p.win for p in found) / len(found))
        for p in found:
            each.add(p.points)
            differed += p.differed
        games += played
    return [points.to_list(), wins.to_list(), each.to_list(), differed, games]


def look(measure: Measure, plan: Plan, test: Sprt | None = None, ceiling: int = 0) -> None:
    """After a batch: the verdict once the test (``plan.test`` unless another is given)
    reaches a bound, "undecided" at the ceiling (``plan.pairs`` unless another is given).
    A check of a finding (a one-sided test) may say "within" once the card changed
    ``MIN_DIFFERED`` pairs: it weighs 0 against the effect found, not against the margin."""
    test = test or plan.test
    measure.looks += 1
    if measure.looks >= MIN_LOOKS and measure.differed >= MIN_DIFFERED:
        found = test.verdict(measure.points) or ""
        enough = MIN_WITHIN if test.side == 0 else MIN_DIFFERED
        measure.verdict = "" if found == "within" and measure.differed < enough else found
    if not measure.verdict and (measure.pairs.n >= (ceiling or plan.pairs)
                                or test.side == 0 and _too_rare(measure, plan)):
        measure.verdict = "undecided"


def _too_rare(measure: Measure, plan: Plan) -> bool:
    """Whether the card changes games so rarely that it would not change ``MIN_WITHIN`` of
    them by the ceiling: it cannot be called within the margin, and a card that changes so
    few games is not going to be called stronger or weaker either (not a check of a finding,
    which looks only for that finding). From the second look on once the test of
    ``rarely_changes`` says so, and at the latest a quarter of the way to the ceiling once its
    rate so far says so (never before four batches: under a small ceiling the quarter mark
    comes before the test could decide anything, and the ceiling stops the card soon enough)."""
    n = measure.pairs.n
    return measure.looks >= MIN_LOOKS and rarely_changes(measure, plan) or (
        4 * n >= plan.pairs and n >= 4 * plan.batch
        and measure.differed * plan.pairs < MIN_WITHIN * n)


def rarely_changes(measure: Measure, plan: Plan) -> bool:
    """Whether the card's deals surely change less often than the rate that reaches
    ``MIN_WITHIN`` changed pairs at the ceiling: a one-sided binomial test of that rate on
    the deals so far, counting each changed pair as a changed deal (a deal changes at least
    as often as its pairs do, and no more deals changed than pairs did, so the test only
    errs towards playing on). Its level is ``beta`` over the looks to the quarter mark, so a
    card that changes games that often is stopped by it at most ``beta`` of the time."""
    rate = MIN_WITHIN / plan.pairs
    deals, changed = measure.points.n, measure.differed
    if rate >= 1 or changed >= rate * deals:
        return False
    looks = max(1, math.ceil(plan.pairs / (4 * plan.batch)))
    return binomial_cdf(changed, deals, rate) <= plan.beta / looks


Task = tuple[Subject, int, int]  # (what, first deal, end)
Runner = Callable[[Plan, list[Task]], list[Batch]]


def run(book: Book, plan: Plan, wanted: list[Subject], runner: Runner,
        progress: Callable[[int, int], None] | None = None) -> list[Measure]:
    """Measure each subject under ``plan``, then confirm its findings with the second bot;
    ``runner(plan, tasks)`` plays batches of deals."""
    measures = {s: _measure(book.designs[s.design], s.mode) for s in wanted}
    _rounds(plan, measures, {s: plan.test for s in wanted}, runner, progress)
    if plan.confirm:
        check = plan.checking()
        found = {s: measures[s].verdict for s in wanted
                 if measures[s].verdict in ("stronger", "weaker")}
        checks = {s: _measure(book.designs[s.design], s.mode) for s in found}
        tests = {s: plan.confirm_test(measures[s]) for s in found}
        sized: dict[Subject, int] = {}

        def size(s: Subject, m: Measure) -> int:
            sized[s] = check_pairs(m, tests[s], check)
            return sized[s]

        # every finding at once, in every worker
        _rounds(check, checks, tests, runner, None, size)
        for s, verdict in found.items():
            measures[s].check = _confirmation(checks[s], check, verdict, sized[s])
    return [measures[s] for s in wanted]


def check_pairs(m: Measure, test: Sprt, plan: Plan) -> int:
    """The pairs the second bot needs for its test of a finding to be as sure as the first
    test, at the spread of its own first look: twice those of a fixed-size one-sided test
    at ``alpha`` with power 1 - ``beta`` at the effect found (the sequential test's mean is
    about half that, and cut off at twice it keeps its power: ``stats.operating`` gives
    91-93% at beta 10%), in whole batches, two at least."""
    per = plan.per_deal(m.mode)
    spread = m.points.se * math.sqrt(m.points.n)
    deals = ((z_for(2 * test.alpha) + z_for(2 * test.beta)) * spread / test.margin) ** 2
    batch = max(1, plan.batch // per)
    return max(MIN_LOOKS, math.ceil(2 * deals / batch)) * batch * per


def _rounds(plan: Plan, measures: dict[Subject, Measure], tests: dict[Subject, Sprt],
            runner: Runner, progress: Callable[[int, int], None] | None,
            size: Callable[[Subject, Measure], int] | None = None) -> None:
    """Play the next look of every measure still open, all in one call of the runner, until
    each is decided or at the ceiling (``tests``: each measure's test). ``size``: after its
    first look, a measure's own ceiling; one over ``plan.pairs`` stops it there ("unchecked":
    the second bot cannot be as sure within the pairs it is given)."""
    ceilings = {s: plan.pairs for s in tests}
    open_ = list(tests)
    while open_:
        tasks = []
        for s in open_:
            at, per = measures[s].points.n, plan.per_deal(s.mode)
            stop = min(ceilings[s] // per, at + max(1, plan.batch // per))
            tasks.append((s, at, max(stop, at + 1)))
        for (s, _, _), part in zip(tasks, runner(plan, tasks), strict=True):
            m = measures[s]
            m.add(part)
            if size is not None and m.looks == 0:
                ceilings[s] = size(s, m)
            if ceilings[s] > plan.pairs:
                m.looks += 1
                m.verdict = "unchecked"
                continue
            look(m, plan, tests[s], ceilings[s])
        open_ = [s for s in open_ if not measures[s].verdict]
        if progress:
            progress(sum(m.pairs.n for m in measures.values()), len(tests) - len(open_))


def said(found: str, checked: str) -> str:
    """The second bot's word, from the finding ("stronger", "weaker") and the verdict of its
    check ("unchecked" when it would need more pairs than it is given)."""
    return {found: "agrees", "within": "disagrees", "unchecked": "not checked"}.get(
        checked, "not enough games")


def _confirmation(m: Measure, plan: Plan, found: str, needed: int) -> dict[str, Any]:
    """The second bot's word on a finding: it finds the same ("agrees"), finds no
    difference that size ("disagrees"), ran out of the pairs its spread needs ("not enough
    games"), or would need more pairs than ``confirm_pairs`` ("not checked")."""
    return {"bots": [plan.focal_bot], "verdict": said(found, m.verdict),
            "points": m.points.to_list(), "pairs": m.pairs.n, "differed": m.differed,
            "games": m.games, "needed": needed}


def _measure(card: model.Card, mode: str) -> Measure:
    return Measure(card.id, card.kind, _title(card), getattr(card, "grimoire", None), mode,
                   features=features(card))


def _title(card: model.Card) -> str:
    """What the report calls a design: its name, or a Grimoire's Manifest by its own name."""
    manifest = card.get("manifest_name")  # (a pack's Grimoire kind may have no Manifest)
    if card.kind == "grimoire" and manifest:
        return str(manifest)
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


# -- the seat table ------------------------------------------------------------------------


def seat_counts(book: Book) -> list[int]:
    """The numbers of players the book can seat: within the rules, with a Grimoire card of
    every grimoire for each player."""
    copies = {g: 0 for g in range(len(book.grimoires))}
    for cid in book.ids.get("grimoire", []):
        copies[book.gidx[cid]] += 1
    most = min(copies.values(), default=0)
    rules = book.rules
    return [n for n in range(rules.min_players, rules.max_players + 1) if n <= most]


def seat_table_games(book: Book, plan: Plan, executor: Executor, shard: tuple[int, int]
               ) -> dict[str, dict[str, Any]]:
    """Seat wins of this shard's part of ``plan.seat_games`` ordinary games at each number of
    players (the games ``prophecy simulate`` plays with the same seed and bots)."""
    out: dict[str, dict[str, Any]] = {}
    if plan.seat_games <= 0:
        return out
    first, games = simulate.shard_range(plan.seat_games, shard)
    for n in seat_counts(book):
        tally = simulate.run(book, games, n, plan.seed, plan.bots, executor=executor,
                             first=first)
        out[str(n)] = {"games": tally.games, "no_winner": tally.no_winner,
                       "seat_wins": tally.seat_wins}
    return out


# -- the run as data -----------------------------------------------------------------------


def raw(book: Book, plan: Plan, measures: list[Measure], shard: tuple[int, int],
        seconds: float, seats: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The run as JSON-ready data that ``prophecy merge`` can add to other shards."""
    return {
        "kind": "balance", "version": VERSION, "game": book.content.game_name,
        "plan": {**asdict(plan), "bots": list(plan.bots), "designs": list(plan.designs),
                 "modes": list(plan.modes)},
        "shard": list(shard), "seconds": round(seconds, 2),
        "measures": [m.to_json() for m in measures], "seats": seats or {},
        "plain_games": plain_games(plan, measures),
    }


def plain_games(plan: Plan, measures: list[Measure]) -> int:
    """The plain games a run (or shard) played: one for each chosen deal any of its designs
    played, deals 0 onwards (every chosen measure plays its deals from 0). A process plays each
    once; with several worker processes each plays those its tasks need."""
    if not plan.plain:
        return 0
    return max((m.points.n for m in measures if m.mode == CHOSEN), default=0)


def shard_of(designs: list[int], shard: tuple[int, int]) -> list[int]:
    """The designs shard ``I/N`` plays: every N-th of the run's list, from the I-th."""
    i, n = shard
    return [d for j, d in enumerate(designs) if j % n == i - 1]


def sweep(book: Book, executor: Executor, *, names: Sequence[str] = (),
          kinds: Sequence[str] = MEASURED, modes: Sequence[str] = MODES, seed: int = 1,
          players: int = 3, bots: Sequence[str] = ("greedy",), pairs: int = 3600,
          margin: float = 1.0, alpha: float = 0.05, beta: float = 0.1,
          confirm: str = CONFIRM, confirm_pairs: int = CONFIRM_PAIRS,
          seat_games: int = 1000, shard: tuple[int, int] = (1, 1), aa: bool = False,
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """A whole balance run (or one shard of it) as ``raw`` data: the one library call of
    ``prophecy balance``. Unknown card names raise UnknownCards naming them. ``aa``: each
    design against an exact copy of itself instead of its twin (the A/A test: it should
    come out about right)."""
    clock = Clock()
    every = subjects(book, names, kinds)
    plan = plan_for(book, every, seed, players, bots, pairs, margin, modes=tuple(modes),
                    alpha=alpha, beta=beta, confirm=confirm, confirm_pairs=confirm_pairs,
                    seat_games=seat_games, aa=aa)
    mine = to_measure(book, shard_of(every, shard), plan)

    def runner(plan: Plan, tasks: list[Task]) -> list[Batch]:
        return executor.map([(play_batch, s, plan, a, b) for s, a, b in tasks])

    measures = run(book, plan, mine, runner, progress)
    seats = seat_table_games(book, plan, executor, shard)
    return raw(book, plan, measures, shard, clock.seconds(), seats)


class Clock:
    """Wall time since it was made (the sweep's time, reported, never compared)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def seconds(self) -> float:
        return time.perf_counter() - self.start


__all__ = ["Plan", "Subject", "Measure", "run", "subjects", "plan_for", "to_measure", "raw",
           "shard_of", "FORCED", "CHOSEN"]
