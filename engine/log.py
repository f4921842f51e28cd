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
from prophecy.compiler.model.jsonsafe import parse_json
from prophecy.dsl.errors import ProphecyError
from prophecy.engine import protocol as P
from prophecy.engine.cards import Book
from prophecy.engine.game import Game
from prophecy.engine.plugin import new_game


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


#: The fields of each kind of line, and what each must be.
_SHAPES: dict[str, dict[str, tuple[type, ...]]] = {
    "start": {"seed": (str, int), "players": (int,)},
    "choice": {"round": (int,), "seat": (int,), "ask": (str,), "options": (list,),
               "choice": (int,)},
    "end": {"scores": (list,), "winner": (int, type(None)), "state": (str,)},
}


def _event(line: str, number: int, where: str) -> dict[str, Any]:
    """One log line read and checked against its kind's shape; a ProphecyError at the line."""
    def fail(message: str, column: int = 1) -> ProphecyError:
        return ProphecyError(message, where=where, line=number, column=column,
                             source=line.rstrip("\n")[:200],
                             hint="write logs with 'prophecy simulate --log FILE'; "
                             "an edited or cut log cannot be replayed")

    try:  # strict JSON: no NaN, no key twice, no number of thousands of digits
        event = parse_json(line, where, "").data
    except ProphecyError as exc:
        raise fail(f"not a JSON line: {exc.message.removeprefix('not JSON: ')}",
                   exc.column if exc.line == 1 else 1) from None
    if not isinstance(event, dict) or not isinstance(event.get("event"), str) or (
            event["event"] not in _SHAPES):
        raise fail("a log line is an object whose 'event' is 'start', 'choice' or 'end'")
    shape = _SHAPES[event["event"]]
    if set(event) != {"event", *shape}:
        raise fail(f"a '{event['event']}' line has exactly the fields "
                   f"{', '.join(sorted(shape))}")
    for name, kinds in shape.items():
        value = event[name]
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise fail(f"'{name}' has the wrong kind of value: {json.dumps(value)[:40]}")
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise fail(f"'{name}' cannot be negative")
    if event["event"] == "choice" and not event["choice"] < len(event["options"]):
        raise fail("'choice' is not one of the options listed")
    if event["event"] == "end" and not all(type(s) is int for s in event["scores"]):
        raise fail("'scores' are whole numbers")
    return event


def split_games(lines: Iterable[str], where: str = "log") -> list[list[tuple[int, str]]]:
    """The lines of a log file cut into games: each a start, its choices, one end.

    Each game is a list of (line number, line), blank lines left out. Every
    line is checked for its kind's fields; a game without its end line (a log
    cut short), a line outside a game, or a line that is not a log line is a
    ProphecyError naming the line.
    """
    games: list[list[tuple[int, str]]] = []
    open_game = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        kind = _event(line, number, where)["event"]
        if kind == "start":
            if open_game:
                raise _unended(games[-1], where)
            games.append([])
            open_game = True
        elif not open_game:
            raise ProphecyError(
                "this line is not inside a game (each game opens with a 'start' line)",
                where=where, line=number, source=line.rstrip("\n")[:200],
                hint="write logs with 'prophecy simulate --log FILE'")
        games[-1].append((number, line))
        open_game = open_game and kind != "end"
    if open_game:
        raise _unended(games[-1], where)
    return games


def _unended(game: list[tuple[int, str]], where: str) -> ProphecyError:
    number, line = game[0]
    return ProphecyError("the game that starts here has no 'end' line: the log was cut short",
                         where=where, line=number, source=line.rstrip("\n")[:200],
                         hint="write the log again with 'prophecy simulate --log FILE'")


def replay(book: Book, lines: Iterable[str], numbers: list[int] | None = None) -> Game:
    """Play the logged game again from its seed and answers, and check every line against it.

    Each logged answer must be the question the game asks (round, seat,
    question, options) with the same choice, every answer must be used, and
    the end line's scores, winner and final state must be the game's. The
    first line that differs is a ProphecyError at that line; ``numbers``, the
    file's line number of each non-blank line, names it.
    """
    lines = [line for line in lines if line.strip()]
    numbers = numbers or list(range(1, len(lines) + 1))
    if not lines:
        raise ProphecyError("the log holds no game", where="log",
                            hint="write logs with 'prophecy simulate --log FILE'")
    events = [_event(line, n, "log") for n, line in zip(numbers, lines, strict=True)]
    if events[0]["event"] != "start":
        raise _at(numbers, lines, 0, "the log does not start with a 'start' line",
                  "write logs with 'prophecy simulate --log FILE'")
    if events[-1]["event"] != "end":
        raise _at(numbers, lines, len(lines) - 1, "the log ends before the game's 'end' "
                  "line: it was cut short", "write the log again with 'prophecy simulate --log"
                  " FILE'")
    start, end = events[0], events[-1]
    players = start["players"]
    if not book.rules.min_players <= players <= book.rules.max_players:
        raise _at(numbers, lines, 0, f"the log is of a game of {players} players",
                  f"the content allows {book.rules.min_players} to {book.rules.max_players}")
    choices = [i for i, e in enumerate(events) if e["event"] == "choice"]
    player = _Replayer([(events[i]["seat"], events[i]["ask"], events[i]["choice"])
                        for i in choices])
    try:
        game = new_game(book, [player] * players, start["seed"], log=True).play()
    except ProphecyError as exc:
        i = choices[player.at - 1] if 0 < player.at <= len(choices) else len(events) - 1
        raise _at(numbers, lines, i, exc.message, exc.hint) from None
    _compare_answers(game, events, choices, numbers, lines)
    _compare_end(game, end, numbers, lines)
    return game


def _compare_answers(game: Game, events: list[dict[str, Any]], choices: list[int],
                     numbers: list[int], lines: list[str]) -> None:
    assert game.log is not None
    for (rnd, seat, ask, options, index), i in zip(game.log, choices, strict=False):
        logged = events[i]
        asked = {"round": rnd, "seat": seat, "ask": ask, "options": options, "choice": index}
        wrong = [k for k, v in asked.items() if _json(v) != _json(logged[k])]
        if wrong:
            raise _at(numbers, lines, i, f"the log's {' and '.join(wrong)} here is not what "
                      "the game asks and answers when replayed")
    if len(game.log) < len(choices):
        raise _at(numbers, lines, choices[len(game.log)],
                  "the game ends before this answer: the log holds answers it never asks for")


def _compare_end(game: Game, end: dict[str, Any], numbers: list[int], lines: list[str]) -> None:
    results = {"scores": game.results.get("scores"), "winner": game.results.get("winner"),
               "state": game.digest()}
    wrong = [k for k, v in results.items() if _json(end[k]) != _json(v)]
    if wrong:
        said = "; ".join(f"{k}: the log says {json.dumps(end[k])}, the game gives "
                         f"{json.dumps(results[k])}" for k in wrong)
        raise _at(numbers, lines, len(lines) - 1,
                  f"the replayed game ends otherwise than the log ({said})")


def _json(value: Any) -> str:
    """A value as JSON text: compared as text, ``true`` is not ``1`` nor ``1.0`` ``1``."""
    return json.dumps(value, sort_keys=True)


def _at(numbers: list[int], lines: list[str], i: int, message: str,
        hint: str = "replay with the content the log was written with") -> ProphecyError:
    source = lines[i].rstrip("\n")
    return ProphecyError(message, where="log", line=numbers[i], column=1,
                         source=source[:200], length=min(len(source), 200), hint=hint)
