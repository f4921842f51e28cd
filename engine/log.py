"""The event log: a game played with ``log=True`` in, JSON lines out, and back to a game.

The first line names the seed and the number of players; then one line per
answered question (round, seat, question, the options in words, the index
chosen); the last line holds the scores, the winner and a fingerprint of the
final state. Because the game owns its random generator, replaying the
answers with the same seed rebuilds the identical final state, and
``replay`` checks that it does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from prophecy.compiler.model.files import replacing, write_atomic
from prophecy.dsl.errors import ProphecyError
from prophecy.engine import protocol as P
from prophecy.engine.cards import Book
from prophecy.engine.game import Game

_CARD_ASKS = {
    P.ASK_PLAY, P.ASK_LEVEL_CARD, P.ASK_STASH, P.ASK_DISCARD, P.ASK_HAND_LIMIT, P.ASK_KEEP,
    P.ASK_COMPLETE, P.ASK_OVERFLOW, P.ASK_HIRELING, P.ASK_LOOK_TAKE, P.ASK_LOOK_ORDER,
}
_GRIMOIRE_ASKS = {P.ASK_LEVEL_GRIMOIRE, P.ASK_MANIFEST, P.ASK_LEVEL_UP, P.ASK_LEVEL_DOWN}


def describe(game: Game, p: Any, ask: str, options: Iterable[Any]) -> list[Any]:
    """The options of a question in words: card ids, grimoire names, seats, verses."""
    book = game.book
    out: list[Any] = []
    for o in options:
        if isinstance(o, bool | str):
            out.append(o)
        elif ask in _CARD_ASKS:
            out.append("none" if o < 0 else book.label(o))
        elif ask in _GRIMOIRE_ASKS:
            out.append(book.grimoires[o])
        elif ask in (P.ASK_DEED, P.ASK_UNSTORE):
            out.append(book.label(p.deeds[o]))
        elif ask == P.ASK_SUPPORT_PLAYER:
            out.append(f"seat {o + 1}")
        elif ask in (P.ASK_SABOTAGE_VERSE, P.ASK_SUPPORT_VERSE):
            out.append(book.label(game.verses[o]))
        else:
            out.append(o)
    return out


def to_lines(game: Game) -> list[str]:
    """The game's log as JSON lines (the game must have been played with ``log=True``)."""
    if game.log is None:
        raise ValueError("the game was not played with log=True")
    lines = [{"event": "start", "seed": game.seed, "players": len(game.players)}]
    for rnd, seat, ask, options, index in game.log:
        lines.append({
            "event": "choice", "round": rnd, "seat": seat, "ask": ask,
            "options": options, "choice": index,
        })
    res = game.results
    lines.append({
        "event": "end", "scores": res.get("scores"), "winner": res.get("winner"),
        "state": game.digest(),
    })
    return [json.dumps(line, separators=(",", ":")) for line in lines]


def write(game: Game, path: Path) -> None:
    """Write the log of one game to ``path`` (atomically)."""
    write_atomic(path, ("\n".join(to_lines(game)) + "\n").encode("utf-8"), durable=False)


class _Replayer:
    def __init__(self, script: list[tuple[int, str, int]]) -> None:
        self.script, self.at = script, 0

    def choose(self, game: Any, me: Any, ask: str, options: Sequence[Any], about: Any) -> int:
        if self.at >= len(self.script):
            raise P.IllegalChoice(f"the log ends before '{ask}'", where="log")
        seat, want, index = self.script[self.at]
        self.at += 1
        if (seat, want) != (me.seat, ask):
            raise P.IllegalChoice(
                f"the log answers '{want}' for seat {seat + 1} where the game asks "
                f"'{ask}' of seat {me.seat + 1}",
                where="log", hint="replay with the content the log was written with",
            )
        return index


def write_games(games: Iterable[Game], path: Path) -> int:
    """Write the logs of several games one after another, atomically; returns how many."""
    count = 0
    with replacing(path, durable=False) as out:
        for game in games:
            out.write(("\n".join(to_lines(game)) + "\n").encode("utf-8"))
            count += 1
    return count


def split_games(lines: Iterable[str], where: str = "log") -> list[list[tuple[int, str]]]:
    """The lines of a log file cut into games, each starting at a 'start' line.

    Each game is a list of (line number, line), blank lines left out.
    A line that is not JSON, or lines before the first 'start', are a
    ProphecyError naming the line.
    """
    games: list[list[tuple[int, str]]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ProphecyError(f"not a JSON line: {exc.msg}", where=where, line=number,
                                column=exc.colno, source=line.rstrip("\n"),
                                hint="a log holds one JSON object per line") from None
        if not isinstance(event, dict) or "event" not in event:
            raise ProphecyError("a log line is an object with an 'event'", where=where,
                                line=number, source=line.rstrip("\n"))
        if event["event"] == "start":
            games.append([])
        elif not games:
            raise ProphecyError("the log does not start with a 'start' line", where=where,
                                line=number, source=line.rstrip("\n"),
                                hint="write logs with 'prophecy simulate --log FILE'")
        games[-1].append((number, line))
    return games


def replay(book: Book, lines: Iterable[str], numbers: list[int] | None = None) -> Game:
    """Play the logged game again from its seed and answers; check the final state matches.

    ``numbers``, the file's line number of each non-blank line, lets an error
    name the line of the answer that failed.
    """
    lines = [line for line in lines if line.strip()]
    events = [json.loads(line) for line in lines]
    if not events or events[0].get("event") != "start":
        raise ProphecyError("the log does not start with a 'start' line", where="log")
    start, end = events[0], events[-1]
    try:
        script = [(e["seat"], e["ask"], e["choice"]) for e in events if e["event"] == "choice"]
        players, seed = int(start["players"]), start["seed"]
    except (KeyError, TypeError, ValueError) as exc:
        raise ProphecyError(f"a log line lacks a field or has the wrong kind of value ({exc})",
                            where="log", hint="write logs with 'prophecy simulate --log FILE'",
                            line=0) from None
    if not book.rules.min_players <= players <= book.rules.max_players:
        raise ProphecyError(f"the log is of a game of {players} players", where="log", line=0,
                            hint=f"the content allows {book.rules.min_players} to "
                            f"{book.rules.max_players}")
    player = _Replayer(script)
    try:
        game = Game(book, [player] * players, seed, log=True).play()
    except ProphecyError as exc:
        if numbers is not None:
            at = [i for i, e in enumerate(events) if e["event"] == "choice"]
            i = at[player.at - 1] if 0 < player.at <= len(at) else len(events) - 1
            exc.line, exc.column, exc.source = numbers[i], 1, lines[i].rstrip("\n")
            exc.length = len(exc.source)
        raise
    if end.get("event") == "end" and end.get("state") != game.digest():
        line, source = (1, "") if numbers is None else (numbers[-1], lines[-1].rstrip("\n"))
        raise ProphecyError(
            "the replayed game ends in a different state than the log", line=line,
            where="log", hint="replay with the content the log was written with", source=source,
        )
    return game
