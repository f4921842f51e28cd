"""Many games: a card book, a seed and bots in, summed tallies out.

Game ``i`` of a run with seed ``S`` is seeded from ``(S, i)`` alone, and so are
its bots, so a game plays the same wherever it runs. ``run`` splits the games
into chunks, plays them in this process or in worker processes, and adds the
chunks' tallies up; every tally is an integer count, so the totals are the
same whatever the number of jobs. Bots take turns at the chairs: in game
``i`` chair ``c`` is played by ``bots[(c + i) % len(bots)]``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from prophecy.dsl.errors import ProphecyError
from prophecy.engine.bots.roster import make_bot
from prophecy.engine.cards import Book
from prophecy.engine.events import QUIET, Events
from prophecy.engine.game import Game
from prophecy.engine.plugin import game_class, new_game
from prophecy.engine.scoring import PARTS
from prophecy.lab.executors import executor_for

if TYPE_CHECKING:
    from prophecy.lab.executors import Executor


class Counts(Events):
    """One game's events, counted per design and per effect line (``Tally.record`` sums them).

    Only what the game met is counted (a design or line absent counts 0), so a game
    of a book of thousands of designs costs what it plays, not what the book holds.
    """

    __slots__ = ("plays", "ready", "used", "held", "done", "checks", "paid")

    def __init__(self, book: Book) -> None:
        self.plays: defaultdict[int, int] = defaultdict(int)  # by design
        self.ready: defaultdict[int, int] = defaultdict(int)  # by effect line
        self.used: defaultdict[int, int] = defaultdict(int)
        self.held: defaultdict[int, int] = defaultdict(int)  # by design, below too
        self.done: defaultdict[int, int] = defaultdict(int)
        self.checks: defaultdict[int, int] = defaultdict(int)
        self.paid: defaultdict[int, int] = defaultdict(int)

    def played(self, design: int) -> None:
        self.plays[design] += 1

    def deed_held(self, design: int) -> None:
        self.held[design] += 1

    def deed_done(self, design: int) -> None:
        self.done[design] += 1

    def line(self, index: int, used: bool) -> None:
        self.ready[index] += 1
        if used:
            self.used[index] += 1

    def verse(self, design: int, paid: bool) -> None:
        self.checks[design] += 1
        if paid:
            self.paid[design] += 1


@dataclass
class Tally:
    """Integer counts summed over games; ``add`` merges another tally into this one."""

    players: int
    designs: int
    lines: int
    bots: tuple[str, ...]
    parts: tuple[str, ...] = PARTS  # the score parts the game's engine has (SCORE_PARTS)
    games: int = 0
    no_winner: int = 0
    reshuffles: int = 0
    rounds: int = 0  # rounds played, over games (a game's length)
    rounds_sq: int = 0
    seat_wins: list[int] = field(default_factory=list)
    seat_score: list[int] = field(default_factory=list)
    seat_score_sq: list[int] = field(default_factory=list)
    part_sum: list[int] = field(default_factory=list)  # per part, over player-games
    part_sq: list[int] = field(default_factory=list)
    score_sum: int = 0
    score_sq: int = 0
    bot_games: list[int] = field(default_factory=list)
    bot_wins: list[int] = field(default_factory=list)
    plays: list[int] = field(default_factory=list)  # per design
    played_in: list[int] = field(default_factory=list)  # player-games where it was played
    played_wins: list[int] = field(default_factory=list)
    line_ready: list[int] = field(default_factory=list)
    line_used: list[int] = field(default_factory=list)
    deed_held: list[int] = field(default_factory=list)
    deed_done: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)  # games a title or verse was in play
    awarded: list[int] = field(default_factory=list)
    verse_checks: list[int] = field(default_factory=list)
    verse_paid: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name, size in self._sizes().items():
            if not getattr(self, name):
                setattr(self, name, [0] * size)

    def _sizes(self) -> dict[str, int]:
        p, d, n = self.players, self.designs, len(self.bots)
        sizes = dict.fromkeys(("seat_wins", "seat_score", "seat_score_sq"), p)
        sizes.update(part_sum=len(self.parts), part_sq=len(self.parts), bot_games=n,
                     bot_wins=n)
        sizes.update(dict.fromkeys(
            ("plays", "played_in", "played_wins", "deed_held", "deed_done", "in_play",
             "awarded", "verse_checks", "verse_paid"), d))
        sizes.update(line_ready=self.lines, line_used=self.lines)
        return sizes

    def to_json(self) -> dict[str, Any]:
        """Every count, as plain data (``from_json`` reads it back; shards add up)."""
        data = asdict(self)
        data["bots"], data["parts"] = list(self.bots), list(self.parts)
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Tally:
        """The tally of ``to_json``'s data (its lists copied: adding to it leaves ``data``)."""
        fields: dict[str, Any] = {k: list(v) if isinstance(v, list) else v
                                  for k, v in data.items()}
        # (a tally saved before the parts were the engine's has the five of PARTS)
        return Tally(**{**fields, "bots": tuple(data["bots"]),
                        "parts": tuple(data.get("parts", PARTS))})

    def add(self, other: Tally) -> None:
        if other.parts != self.parts:
            raise ProphecyError(
                f"these tallies count different score parts ({', '.join(self.parts)} and "
                f"{', '.join(other.parts)}): they are not of one game", where="merge",
                hint="merge shards of one run of one game")
        for name in ("games", "no_winner", "reshuffles", "rounds", "rounds_sq", "score_sum",
                     "score_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in self._sizes():
            mine = getattr(self, name)
            for i, v in enumerate(getattr(other, name)):
                mine[i] += v

    def record(self, game: Game, chairs: list[int], counts: Counts) -> None:
        """Add one finished game and its ``counts``; ``chairs[seat]`` is the index of that
        seat's bot."""
        res, design = game.results, game.design
        self.games += 1
        self.reshuffles += game.reshuffles
        self.rounds += game.round  # the round the game ended in: the rounds it lasted
        self.rounds_sq += game.round * game.round
        winner = res["winner"]
        if winner is None:
            self.no_winner += 1
        for seat, (parts, score) in enumerate(zip(res["parts"], res["scores"], strict=True)):
            won = int(seat == winner)
            self.seat_wins[seat] += won
            self.seat_score[seat] += score
            self.seat_score_sq[seat] += score * score
            self.score_sum += score
            self.score_sq += score * score
            for i, part in enumerate(self.parts):
                self.part_sum[i] += parts[part]
                self.part_sq[i] += parts[part] ** 2
            self.bot_games[chairs[seat]] += 1
            self.bot_wins[chairs[seat]] += won
            for d in game.players[seat].played:
                self.played_in[d] += 1
                self.played_wins[d] += won
        _add_into(self.plays, counts.plays)
        _add_into(self.line_ready, counts.ready)
        _add_into(self.line_used, counts.used)
        _add_into(self.deed_held, counts.held)
        _add_into(self.deed_done, counts.done)
        _add_into(self.verse_checks, counts.checks)
        _add_into(self.verse_paid, counts.paid)
        for card in (*game.titles, *game.verses):
            self.in_play[design[card]] += 1
        for t, seat in res["titles"].items():
            if seat is not None:
                self.awarded[design[t]] += 1


def _add_into(total: list[int], part: dict[int, int]) -> None:
    for i, v in part.items():
        total[i] += v


def game_seed(seed: int, index: int) -> str:
    """The seed of one game of a run (a string, so it hashes the same in every process)."""
    return f"{seed}:{index}"


def play_one(book: Book, seed: int, index: int, players: int, bots: Sequence[str],
             log: bool = False, events: Events | None = None) -> Game:
    """Game ``index`` of the run with seed ``seed``, played to the end (logged if ``log``;
    its events told to ``events``)."""
    n = len(bots)
    chairs = [make_bot(bots[(c + index) % n], f"{seed}:{index}:{c}") for c in range(players)]
    game = new_game(book, chairs, game_seed(seed, index), log=log, events=events or QUIET)
    return game.play()


def play_chunk(book: Book, seed: int, start: int, stop: int, players: int,
               bots: Sequence[str]) -> Tally:
    tally = Tally(players, len(book.designs), book.line_count, tuple(bots),
                  game_class(book).SCORE_PARTS)
    n = len(bots)
    for index in range(start, stop):
        counts = Counts(book)
        game = play_one(book, seed, index, players, bots, events=counts)
        chairs = [((game.first + s) % players + index) % n for s in range(players)]
        tally.record(game, chairs, counts)
    return tally


def run(
    book: Book, games: int, players: int, seed: int, bots: Sequence[str] = ("random",),
    jobs: int = 1, progress: Callable[[int], None] | None = None, *,
    executor: Executor | None = None, first: int = 0,
) -> Tally:
    """Play games ``first`` to ``first + games - 1`` of the run and return the summed tally.

    ``progress(done)`` is called after each wave of chunks. The chunks run on
    ``executor`` (default: ``jobs`` forked worker processes, or this process).
    """
    bots = tuple(bots)
    total = Tally(players, len(book.designs), book.line_count, bots,
                  game_class(book).SCORE_PARTS)
    size = max(1, min(250, games // (max(1, jobs) * 8) or 1))
    end = first + games
    chunks = [(play_chunk, seed, s, min(end, s + size), players, bots)
              for s in range(first, end, size)]
    own = executor is None
    ex = executor or executor_for(book, jobs if len(chunks) > 1 else 1)
    wave = max(1, jobs) * 4
    try:
        for at in range(0, len(chunks), wave):
            for part in ex.map(chunks[at : at + wave]):
                total.add(part)
            if progress:
                progress(total.games)
    finally:
        if own:
            ex.close()
    return total


def shard_range(games: int, shard: tuple[int, int]) -> tuple[int, int]:
    """(first game, number of games) of shard ``I/N`` of a run of ``games`` games."""
    i, n = shard
    first, end = games * (i - 1) // n, games * i // n
    return first, end - first
