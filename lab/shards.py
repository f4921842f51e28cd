"""The files a run writes, read back: a run's JSON in, its checked data (or a placed error) out.

``prophecy simulate --json`` and ``prophecy balance --json`` (whole, or one
shard of a run) write every number of the run and the raw sums behind them;
``merge``, ``--compare`` and ``serve --balance`` read such files back. A file
may have been cut, edited or written by hand, so before any of it is used:

1. it is read as strict JSON (``compiler/model/jsonsafe.py``);
2. it is checked against the schema of its kind of run: every count a whole
   number of 0 or more, every number finite, every field known and present;
3. the raw sums are checked against each other: a tally holds one entry per
   seat, bot, design and line, its wins add up to its games, a balance
   measure's sums are sums that differences could have, a shard holds the
   designs and games its ``I/N`` gives it;
4. its report is made again from its raw sums and must be what the file
   says: any edit of a number the sums do not give is found here.

Each problem is a ``ProphecyError`` at the line and column of the value.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from prophecy.compiler.model import limits
from prophecy.compiler.model.jsonsafe import Document, JsonPath, read_json, validate
from prophecy.engine.bots.roster import parse_bot
from prophecy.engine.cards import Book
from prophecy.engine.scoring import PARTS
from prophecy.lab import balance, balance_report
from prophecy.lab.balance import batch_size, shard_of
from prophecy.lab.pairs import modes_of
from prophecy.lab.report import summarise, totals
from prophecy.lab.simulate import Tally, shard_range
from prophecy.lab.stats import Sums

HINT = ("write it with 'prophecy simulate --json' or 'prophecy balance --json' (with "
        "--shard I/N for a shard); an edited or cut file cannot be read")

_COUNT = {"type": "integer", "minimum": 0, "description": "a count (a whole number, 0 or more)"}
_INT = {"type": "integer", "description": "a whole number"}
_NUMBER = {"type": "number", "description": "a number"}
_NAME = {"type": "string", "maxLength": 200, "description": "a name"}
_COUNTS = {"type": "array", "items": _COUNT, "maxItems": 10_000_000,
           "description": "a list of counts"}
_INTS = {"type": "array", "items": _INT, "maxItems": 10_000_000,
         "description": "a list of whole numbers"}
_PLAYERS = {"type": "integer", "minimum": limits.RULES["min_players"][0],
            "maximum": limits.RULES["max_players"][1],
            "description": f"a number of players ({limits.RULES['min_players'][0]} to "
                           f"{limits.RULES['max_players'][1]})"}
_BOTS = {"type": "array", "items": {"type": "string", "maxLength": 40}, "minItems": 1,
         "maxItems": 100, "description": "a list of bots, as --bots names them"}
_SHARD = {"type": "array", "minItems": 2, "maxItems": 2,
          "items": {"type": "integer", "minimum": 1, "maximum": limits.SHARDS},
          "description": f"a shard I/N as [I, N] (1 <= I <= N <= {limits.SHARDS})"}


def _object(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": sorted(properties),
            "additionalProperties": False, "description": description}


_GAMES = {**_COUNT, "minimum": 1, "maximum": limits.GAMES,
          "description": f"a number of games (1 to {limits.GAMES:,})"}
_TALLY_LISTS = ("seat_wins", "seat_score_sq", "part_sq", "bot_games", "bot_wins", "plays",
                "played_in", "played_wins", "line_ready", "line_used", "deed_held",
                "deed_done", "in_play", "awarded", "verse_checks", "verse_paid")
TALLY = _object({
    "players": _PLAYERS, "designs": {**_COUNT, "maximum": 10_000_000},
    "lines": {**_COUNT, "maximum": 10_000_000}, "bots": _BOTS,
    "games": _GAMES,
    "no_winner": _COUNT, "reshuffles": _COUNT, "rounds": _COUNT, "rounds_sq": _COUNT,
    "score_sum": _INT, "score_sq": _COUNT,
    "seat_score": _INTS, "part_sum": _INTS, **dict.fromkeys(_TALLY_LISTS, _COUNTS),
}, "a simulation's tally")
# the score parts the game's engine has: left out of a tally saved before, which has all five
TALLY["properties"]["parts"] = {
    "type": "array", "items": {"enum": list(PARTS)}, "uniqueItems": True,
    "maxItems": len(PARTS), "description": f"score parts, of {', '.join(PARTS)}"}
_SHARE = {"type": "number", "minimum": 0, "maximum": 1, "description": "a rate (0 to 1)"}
_RATE = _object({"rate": _SHARE, "ci": {"type": "array", "items": _SHARE, "minItems": 2,
                                        "maxItems": 2, "description": "an interval"},
                 "n": _COUNT, "k": _COUNT}, "a rate with its interval")
_MEAN = _object({"mean": _NUMBER,
                 "ci": {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2,
                        "description": "an interval"}}, "a mean with its interval")
_LIST = {"type": "array", "maxItems": 1_000_000}
#: The report's parts. Those the tally alone gives are made again and compared; those of the
#: cards (``cards``, ``deeds``, ``titles``, ``verses``) too when the cards are at hand.
_REPORT: dict[str, Any] = {
    "game": {"type": "string", "maxLength": 1000}, "games": _GAMES, "players": _PLAYERS,
    "seed": _INT, "bots": _BOTS,
    "seats": {**_LIST, "items": _object({"seat": _COUNT, "win": _RATE, "score": _MEAN},
                                        "a seat's figures")},
    "no_winner": _RATE,
    "by_bot": {**_LIST, "items": _object({"bot": _NAME, "win": _RATE}, "a bot's figures")},
    "score": _object({**_MEAN["properties"], "parts": {
        "type": "object", "additionalProperties": _MEAN, "maxProperties": 20}}, "the score"),
    "reshuffles_per_game": {"type": "number", "minimum": 0, "description": "0 or more"},
    "rounds": _MEAN,
    "cards": {**_LIST, "items": _object({
        "id": _NAME, "name": _NAME, "grimoire": _NAME, "copies": _COUNT, "plays": _COUNT,
        "plays_per_game": {"type": "number", "minimum": 0, "description": "0 or more"},
        "effects": {**_LIST, "items": _object({
            "text": {"type": "string"}, "ready": _COUNT, "used": _COUNT, "use_rate": _SHARE},
            "an effect line's figures")},
        "win_when_played": _RATE, "win_when_not": _RATE,
        "win_delta": {"type": "number", "minimum": -1, "maximum": 1,
                      "description": "a difference of rates (-1 to 1)"}},
        "an Arcana card's figures")},
    "deeds": {**_LIST, "items": _object({
        "id": _NAME, "name": _NAME, "grimoire": _NAME, "cards_needed": _COUNT, "points": _INT,
        "held": _COUNT, "completed": _COUNT, "completion": _RATE}, "a Dark Deed's figures")},
    "titles": {**_LIST, "items": _object({
        "id": _NAME, "name": _NAME, "condition": {"type": "string"}, "points": _INT,
        "award": _RATE}, "a Title's figures")},
    "verses": {**_LIST, "items": _object({
        "id": _NAME, "name": _NAME, "position": _NAME, "condition": {"type": "string"},
        "games": _COUNT, "pays": _RATE}, "a Verse's figures")},
    "other_lines": {**_LIST, "items": _object({
        "id": _NAME, "line": _COUNT, "ready": _COUNT, "used": _COUNT},
        "a line's figures")},
}
SIMULATE = _object({
    **_REPORT, "kind": {"const": "simulate"},
    "shard": _SHARD, "games_total": _GAMES, "tally": TALLY,
}, "the JSON of 'prophecy simulate --json'")

_SUMS = {"type": "array", "prefixItems": [_COUNT, _NUMBER, {**_NUMBER, "minimum": 0}],
         "minItems": 3, "maxItems": 3,
         "description": "paired sums [n, sum, sum of squares]"}
_KINDS = {"enum": ["arcana", "deed", "verse", "hireling", "title", "grimoire"],
          "description": "a kind of card a balance run measures"}
_MODE = {"enum": ["chosen", "forced"], "description": "a mode: chosen or forced"}
_VERDICT = {"enum": ["stronger", "weaker", "within", "undecided"],
            "description": "a verdict: stronger, weaker, within or undecided"}
_BOT_OR_NONE = {"type": "string", "maxLength": 40, "description": "a bot, or '' for none"}
CHECK = _object({
    "bots": _BOTS, "verdict": {"enum": ["agrees", "disagrees", "not enough games",
                                        "not checked", "confirmed", "not confirmed",
                                        "undecided"],
                               "description": "agrees, disagrees, not enough games or not "
                               "checked (confirmed, not confirmed or undecided before)"},
    "points": _SUMS, "pairs": _COUNT, "differed": _COUNT, "games": _COUNT,
}, "the second bot's check of a finding")
# the pairs the second bot's spread asked for (a run saved before it was sized has none)
CHECK["properties"]["needed"] = {**_COUNT, "description": "a number of pairs"}
MEASURE = _object({
    "id": _NAME, "kind": _KINDS, "name": _NAME, "mode": _MODE,
    "grimoire": {"anyOf": [_NAME, {"type": "null"}],
                 "description": "a grimoire's name or null"},
    "points": _SUMS, "wins": _SUMS, "pairs": _SUMS, "differed": _COUNT, "games": _COUNT,
    "looks": _COUNT, "verdict": _VERDICT,
    "check": {"anyOf": [CHECK, {"type": "null"}], "description": "a check, or null"},
    "features": {"type": "array", "items": _NAME, "maxItems": 1000,
                 "description": "a list of features"},
}, "one design's measure in one mode")
_LEVEL = {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1,
          "description": "a level between 0 and 1"}
_PAIRS = {**_COUNT, "minimum": 1, "maximum": limits.PAIRS,
          "description": f"a number of pairs (1 to {limits.PAIRS:,})"}
PLAN = _object({
    "seed": _INT, "players": _PLAYERS, "bots": _BOTS, "pairs": _PAIRS,
    "batch": {**_PAIRS, "description": "a number of pairs in a batch"},
    "designs": {"type": "array", "items": _NAME, "uniqueItems": True, "maxItems": 1_000_000,
                "description": "a list of design ids, each once"},
    "modes": {"type": "array", "items": _MODE, "uniqueItems": True, "minItems": 1,
              "maxItems": 2, "description": "a list of modes, each once"},
    "measures": {**_COUNT, "maximum": 2_000_000, "description": "a number of measures"},
    "alpha": _LEVEL, "beta": _LEVEL,
    "margin": {"type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000,
               "description": "a margin in points, above 0"},
    "confirm": _BOT_OR_NONE, "confirm_pairs": _PAIRS, "focal_bot": _BOT_OR_NONE,
    "seat_games": {**_COUNT, "maximum": limits.GAMES,
                   "description": f"a number of games (0 to {limits.GAMES:,})"},
}, "a balance run's plan")
# an A/A run (--aa) says so; a run saved before there were A/A runs has no such field
PLAN["properties"]["aa"] = {"type": "boolean", "description": "true for an A/A run"}
SEATS = {"type": "object", "maxProperties": 100, "description": "the seat games by players",
         "propertyNames": {"pattern": "^[1-9][0-9]?$"},
         "additionalProperties": _object({
             "games": {**_COUNT, "maximum": limits.GAMES,
                       "description": f"a number of games (0 to {limits.GAMES:,})"},
             "no_winner": _COUNT, "seat_wins": {**_COUNTS, "maxItems": 100}},
             "the ordinary games at one number of players")}
BALANCE = _object({
    "kind": {"const": "balance"}, "summary": {"type": "object"},
    "version": {"const": 2, "description": "version 2 of the balance run's data"},
    "game": {"type": "string", "maxLength": 1000}, "plan": PLAN, "shard": _SHARD,
    "seconds": {"type": "number", "minimum": 0, "description": "a time in seconds (0 or more)"},
    "measures": {"type": "array", "items": MEASURE, "maxItems": 2_000_000,
                 "description": "a list of measures"},
    "seats": SEATS,
}, "the JSON of 'prophecy balance --json'")
# the plain games chosen deals started from (a run saved before they were shared has none)
BALANCE["properties"]["plain_games"] = {**_COUNT, "description": "a number of games"}
SCHEMAS = {"simulate": SIMULATE, "balance": BALANCE}


def read_run(path: Path, kinds: tuple[str, ...] = ("simulate", "balance"),
             hint: str = HINT) -> Document:
    """A run's JSON file read and checked (steps 1 to 3, and 4 for a balance run)."""
    document = read_json(path, hint)
    data = document.data
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in kinds:
        said = f"'kind' is {_short(kind)}" if isinstance(data, dict) else "not a JSON object"
        wanted = " or ".join(f"'{k}'" for k in kinds)
        raise document.error(("kind",) if isinstance(data, dict) and "kind" in data else (),
                             f"not the JSON of a run: {said}, not {wanted}")
    validate(document, SCHEMAS[kind])
    if kind == "simulate":
        _check_simulate(document)
    else:
        _check_balance(document)
    return document


def _short(value: Any) -> str:
    import json

    shown = json.dumps(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."


# -- simulate -----------------------------------------------------------------------


def _check_simulate(document: Document) -> None:
    data: dict[str, Any] = document.data
    tally = data["tally"]
    _check_bots(document, ("bots",), data["bots"])
    i, n = data["shard"]
    _check_shard(document, data["shard"])
    if n > data["games_total"]:
        raise document.error(("shard",), f"shard {i}/{n} of {data['games_total']} games: a "
                             "shard holds one game at least")
    games = shard_range(data["games_total"], (i, n))[1]
    if data["games"] != games:
        raise document.error(("games",), f"shard {i}/{n} of {data['games_total']} games "
                             f"holds {games} games, not {data['games']}")
    for key in ("players", "bots", "games"):
        if tally[key] != data[key]:
            raise document.error(("tally", key), f"the tally's {key} differ from the run's "
                                 f"({_short(data[key])})")
    sizes = Tally(tally["players"], tally["designs"], tally["lines"], tuple(tally["bots"]),
                  tuple(tally.get("parts", PARTS)))
    for name, size in sizes._sizes().items():
        if len(tally[name]) != size:
            raise document.error(("tally", name), f"holds {len(tally[name])} numbers where "
                                 f"the tally's size gives {size}")
    _check_counts(document, tally)


def _check_counts(document: Document, tally: dict[str, Any]) -> None:
    """What every tally of real games holds: each game has one winner or none, and so on."""
    games, players = tally["games"], tally["players"]
    if sum(tally["seat_wins"]) + tally["no_winner"] != games:
        raise document.error(("tally", "seat_wins"), "the wins and the games without a winner "
                             f"add up to {sum(tally['seat_wins']) + tally['no_winner']}, not "
                             f"the {games} games")
    if sum(tally["bot_games"]) != games * players:
        raise document.error(("tally", "bot_games"), f"the bots' games add up to "
                             f"{sum(tally['bot_games'])}, not {games} games x {players} seats")
    for wins, played, what in (("bot_wins", "bot_games", "a bot"),
                               ("played_wins", "played_in", "a card's player")):
        for index, (k, n) in enumerate(zip(tally[wins], tally[played], strict=True)):
            if k > n:
                raise document.error(("tally", wins, index), f"{what} won {k} of {n} games")
    for part, whole, says in _WITHIN:
        for index, (k, n) in enumerate(zip(tally[part], tally[whole], strict=True)):
            if k > n:
                raise document.error(("tally", part, index), f"{k} {says} {n}")
    if tally["rounds"] < games:
        raise document.error(("tally", "rounds"), f"{tally['rounds']} rounds in {games} "
                             "games: a game lasts a round at least")
    sums: list[tuple[JsonPath, JsonPath, int]] = [
            (("score_sum",), ("score_sq",), games * players),
            (("rounds",), ("rounds_sq",), games)]
    sums += [(("seat_score", s), ("seat_score_sq", s), games) for s in range(players)]
    sums += [(("part_sum", i), ("part_sq", i), games * players)
             for i in range(len(tally["part_sum"]))]
    for total_at, squares_at, n in sums:
        total, squares = _at(tally, total_at), _at(tally, squares_at)
        if squares * n < total * total or (n == 0 and (total or squares)):
            raise document.error(("tally", *squares_at), "a sum of squares below the square "
                                 "of the sum over the count: these are not the sums of any "
                                 "games")


#: Counts that can be no more than another of the same card or line: (part, whole, words).
_WITHIN = (("played_in", "plays", "games in which the card was played, of its plays:"),
           ("line_used", "line_ready", "uses of the line, more than the times it was usable:"),
           ("deed_done", "deed_held", "completions of the Dark Deed, more than its holders:"),
           ("verse_paid", "verse_checks", "payments of the Verse, more than its readings:"),
           ("awarded", "in_play", "awards of the Title, more than the games it was in play:"))
#: The kinds of card each per-design count of the tally can be other than 0 for: what the
#: game counts (``simulate.Tally.add``) and the report shows; any other design holds 0.
_COUNTED = {"plays": ("arcana",), "played_in": ("arcana",), "played_wins": ("arcana",),
            "deed_held": ("deed",), "deed_done": ("deed",), "in_play": ("verse", "title"),
            "awarded": ("title",), "verse_checks": ("verse",), "verse_paid": ("verse",)}


def _check_kinds(document: Document, tally: dict[str, Any], book: Book) -> None:
    """Each per-design count is 0 for the designs of kinds it never counts."""
    kinds = [d.kind for d in book.designs]
    for name, counted in _COUNTED.items():
        for index, value in enumerate(tally[name]):
            if value and kinds[index] not in counted:
                raise document.error(("tally", name, index), f"{value} where a "
                                     f"{kinds[index]} card counts none: only "
                                     f"{' and '.join(counted)} cards do")


def _at(data: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = data
    for step in path:
        node = node[step]
    return node


def check_report(document: Document, book: Book | None = None) -> None:
    """A simulation's report must be what its tally gives (step 4): the figures of the run,
    and with ``book`` (the cards it was played with) those of every card."""
    data = document.data
    tally = Tally.from_json(data["tally"])
    if book is None:
        made = {"game": data["game"], **totals(tally, data["seed"])}
    elif tally.designs != len(book.designs) or tally.lines != book.line_count:
        raise document.error(("tally",), "the run was played with other cards than this "
                             "content", "name the content folder the run used with --content")
    else:
        _check_kinds(document, data["tally"], book)
        made = summarise(book, tally, data["seed"])
    _same(document, made, {k: data[k] for k in made}, ())


# -- balance ------------------------------------------------------------------------


def _check_balance(document: Document) -> None:
    data: dict[str, Any] = document.data
    plan = data["plan"]
    _check_bots(document, ("plan", "bots"), plan["bots"])
    if plan["confirm"]:
        _check_bots(document, ("plan", "confirm"), plan["confirm"])
    if plan["focal_bot"]:
        raise document.error(("plan", "focal_bot"), "a run's plan seats its own bots: only "
                             "the second bot's check changes the focal seat's")
    seat_games = shard_range(plan["seat_games"], tuple(data["shard"]))[1]
    for n, part in data["seats"].items():
        if part["games"] != seat_games:
            raise document.error(("seats", n, "games"), f"{part['games']} seat games where "
                                 f"shard {data['shard'][0]}/{data['shard'][1]} of "
                                 f"{plan['seat_games']} plays {seat_games}")
    if plan["batch"] != batch_size(plan["players"]):
        raise document.error(("plan", "batch"), f"a batch of {plan['players']} players is "
                             f"{batch_size(plan['players'])} pairs, not {plan['batch']}")
    if plan["pairs"] < plan["batch"]:
        raise document.error(("plan", "pairs"), "a run plays one batch of pairs at least")
    _check_shard(document, data["shard"])
    designs = plan["designs"]
    mine = {designs[j] for j in shard_of(list(range(len(designs))), tuple(data["shard"]))}
    ids = {m["id"] for m in data["measures"]}
    if ids != mine:
        raise document.error(("measures",), f"shard {data['shard'][0]}/{data['shard'][1]} "
                             f"measures {len(mine)} of the plan's designs; these are "
                             f"{len(ids)} others")
    seen: set[tuple[str, str]] = set()
    for index, measure in enumerate(data["measures"]):
        path = ("measures", index)
        pair = (measure["id"], measure["mode"])
        modes = modes_of(measure["kind"], plan["modes"])
        if pair in seen or measure["mode"] not in modes:
            raise document.error((*path, "mode"), f"{measure['id']} is measured once in each "
                                 f"of the modes {', '.join(modes)}, not again in "
                                 f"{measure['mode']}")
        seen.add(pair)
        _check_measure(document, path, measure, plan)
    for n, part in data["seats"].items():
        _check_seats(document, ("seats", n), int(n), part)
    _same(document, balance_report.summarise(data), data["summary"], ("summary",))


def _check_measure(document: Document, path: JsonPath, measure: dict[str, Any],
                   plan: dict[str, Any]) -> None:
    """Sums that paired differences could have: a deal's points are the mean of its pairs'
    (one pair a seat when chosen, one when forced), a win differs by -1, 0 or 1."""
    per = plan["players"] if measure["mode"] == "chosen" else 1
    n = measure["points"][0]
    if n * per > plan["pairs"]:
        raise document.error((*path, "points", 0), f"{n} deals of {per} pairs, more than the "
                             f"plan's {plan['pairs']} pairs")
    if measure["wins"][0] != n:
        raise document.error((*path, "wins", 0), f"{measure['wins'][0]} deals of wins where "
                             f"the points have {n}")
    if measure["pairs"][0] != n * per:
        raise document.error((*path, "pairs", 0), f"{measure['pairs'][0]} pairs where {n} "
                             f"deals of {per} give {n * per}")
    pairs_total, points_total = measure["pairs"][1], measure["points"][1]
    if abs(pairs_total - per * points_total) > 1e-6 * max(1.0, abs(pairs_total)):
        raise document.error((*path, "pairs", 1), f"the pairs' differences add up to "
                             f"{pairs_total:g}, where {n} deals' means of {per} give "
                             f"{per * points_total:g}")
    if measure["differed"] > n * per:
        raise document.error((*path, "differed"), f"{measure['differed']} pairs differed "
                             f"of {n * per}")
    if measure["games"] > n * (plan["players"] + 1):
        raise document.error((*path, "games"), f"{measure['games']} games in {n} deals, more "
                             f"than a deal plays")
    _check_sums(document, path, measure)
    if measure["verdict"] != "undecided" and n == 0:
        raise document.error((*path, "verdict"), "a verdict with no deal played")
    check = measure["check"]
    if check is not None:
        if measure["verdict"] not in ("stronger", "weaker"):
            raise document.error((*path, "check"), "only a finding (stronger or weaker) is "
                                 "checked by the second bot")
        _check_bots(document, (*path, "check", "bots"), check["bots"])
        if check["points"][0] * per > plan["confirm_pairs"] or check["pairs"] > \
                plan["confirm_pairs"] or check["differed"] > check["pairs"]:
            raise document.error((*path, "check"), "more pairs than the plan's "
                                 f"{plan['confirm_pairs']} for a check, or more differed "
                                 "than were played")
        _check_sums(document, (*path, "check"), check)
        if check["pairs"] != check["points"][0] * per:
            raise document.error((*path, "check", "pairs"), f"{check['pairs']} pairs where "
                                 f"{check['points'][0]} deals of {per} give "
                                 f"{check['points'][0] * per}")
    _check_course(document, path, measure, plan, per)


def _looks(deals: int, plan: dict[str, Any], per: int) -> int:
    """The looks a measure of ``deals`` deals took: a batch of deals each, the last one
    cut at the ceiling (``balance._rounds``)."""
    return -(-deals // max(1, int(plan["batch"]) // per))


def _check_course(document: Document, path: JsonPath, measure: dict[str, Any],
                  plan: dict[str, Any], per: int) -> None:
    """A measure's verdict is what its own sums give at its last look, and its second bot's
    word what the check's sums give: both are made again as the run made them."""
    n = measure["points"][0]
    if measure["looks"] != _looks(n, plan, per):
        raise document.error((*path, "looks"), f"{measure['looks']} looks where {n} deals "
                             f"in batches give {_looks(n, plan, per)}")
    run = balance.Plan(**{**plan, "bots": tuple(plan["bots"]),
                          "designs": tuple(plan["designs"]), "modes": tuple(plan["modes"])})
    again = balance.Measure.from_json({**measure, "verdict": "", "check": None,
                                       "looks": measure["looks"] - 1})
    balance.look(again, run)
    if n and again.verdict != measure["verdict"]:
        raise document.error((*path, "verdict"), f"{measure['verdict']!r} where the "
                             f"measure's sums give {again.verdict or 'no verdict yet'!r}")
    check = measure["check"]
    if check is None:
        return
    needed = check.get("needed")
    if needed is None:
        return  # saved before the second bot was sized to its spread: its test is gone
    checking = run.checking()
    deals = check["points"][0]
    made = balance.Measure.from_json({**measure, "check": None})
    found = balance.Measure(measure["id"], measure["kind"], measure["name"], None,
                            measure["mode"], points=Sums.of(check["points"]),
                            pairs=Sums(check["pairs"]), differed=check["differed"],
                            looks=_looks(deals, checking.__dict__, per) - 1)
    if needed > checking.pairs:
        found.verdict = "unchecked"
    else:
        balance.look(found, checking, run.confirm_test(made), needed)
    said = balance.said(measure["verdict"], found.verdict)
    if deals and said != check["verdict"]:
        raise document.error((*path, "check", "verdict"), f"{check['verdict']!r} where the "
                             f"check's sums give {said!r}")


def _check_sums(document: Document, path: JsonPath, measure: dict[str, Any]) -> None:
    names = ("points", "wins", "pairs") if "wins" in measure else ("points",)
    for name in names:
        n, total, squares = measure[name]
        if squares * n < total * total * (1 - 1e-9) or (n == 0 and (total or squares)):
            raise document.error((*path, name), "a sum of squares below the square of the sum "
                                 "over n: these are not the sums of any differences")
        if not math.isfinite(total * total):
            raise document.error((*path, name, 1), "a sum too large for any run")
    if "wins" in measure:
        n, total, squares = measure["wins"]
        if not (abs(total) <= n * (1 + 1e-9) and squares <= n * (1 + 1e-9)):
            raise document.error((*path, "wins"), "these are not the sums of differences of "
                                 "-1, 0 and 1")


def _check_seats(document: Document, path: JsonPath, players: int,
                 part: dict[str, Any]) -> None:
    lo, hi = limits.RULES["min_players"][0], limits.RULES["max_players"][1]
    if not lo <= players <= hi:
        raise document.error(path, f"{players} players: a game has {lo} to {hi}")
    if len(part["seat_wins"]) != players:
        raise document.error((*path, "seat_wins"), f"{len(part['seat_wins'])} seats in a "
                             f"game of {players} players")
    if sum(part["seat_wins"]) + part["no_winner"] != part["games"]:
        raise document.error((*path, "seat_wins"), "the wins and the games without a winner "
                             f"add up to {sum(part['seat_wins']) + part['no_winner']}, not the "
                             f"{part['games']} games")


# -- shared -------------------------------------------------------------------------


def _check_bots(document: Document, path: JsonPath, bots: list[str] | str) -> None:
    """Each bot as --bots names it (a list of them, or one at ``path`` itself)."""
    for index, spec in enumerate([bots] if isinstance(bots, str) else bots):
        try:
            parse_bot(spec)
        except ValueError as exc:
            raise document.error(path if isinstance(bots, str) else (*path, index),
                                 str(exc)) from None


def _check_shard(document: Document, shard: list[int]) -> None:
    if shard[0] > shard[1]:
        raise document.error(("shard",), f"shard {shard[0]}/{shard[1]}: I is at most N")


def _same(document: Document, made: Any, said: Any, path: JsonPath) -> None:
    """Raise at the first value where the file says otherwise than the sums give."""
    found = _difference(made, said, path)
    if found is not None:
        raise document.error(found, "this is not what the run's raw sums give: the file was "
                             "edited, or written by another version of prophecy")


def _difference(made: Any, said: Any, path: JsonPath) -> JsonPath | None:
    if isinstance(made, dict) and isinstance(said, dict):
        for key in [*made, *[k for k in said if k not in made]]:
            if key not in made or key not in said:
                return path
            found = _difference(made[key], said[key], (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(made, list | tuple) and isinstance(said, list):
        if len(made) != len(said):
            return path
        for index, (a, b) in enumerate(zip(made, said, strict=True)):
            found = _difference(a, b, (*path, index))
            if found is not None:
                return found
        return None
    return None if type(made) is type(said) and made == said else path
