"""`prophecy balance`: the content and bots in; each design against its vanilla twin out.

Plays paired deals (``lab/balance.py``, ``lab/pairs.py``): each design in
one seat and its vanilla twin (``lab/twins.py``) everywhere else, against the
same deal with the twin in every seat, both as the bots choose to use the card
and forced into the focal seat's hands from the start. Each design stops as
soon as a sequential test calls it stronger, weaker or within ``--margin``
points a game of its twin, or at ``--pairs``. A second bot confirms the
findings, and ordinary games give a seat table for each number of players.
Prints the findings first (``--json``: every number, and the raw sums
``prophecy merge`` adds up; ``--report FILE.html``: the web page).
``--compare OLD.json`` shows what changed since a run saved with ``--json``.
``--aa CARD`` plays the card against an exact copy of itself under another
name instead (the A/A test: its answer should be "about right").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from prophecy.dsl.errors import UsageError
from prophecy.engine.bots.roster import parse_bot
from prophecy.lab import balance, balance_report
from prophecy.lab.balance import CONFIRM, CONFIRM_PAIRS
from prophecy.lab.pairs import MODES
from prophecy.lab.report_html import write_balance_report
from prophecy.lab.shards import read_run
from prophecy.lab.twins import MEASURED
from prophecy.tools.options import (
    MAX_GAMES,
    MAX_PAIRS,
    add_content,
    add_scale,
    count,
    executor,
    positive,
)
from prophecy.tools.terminal import Progress
from prophecy.tools.trust import add_trust_flag, playable_book

if TYPE_CHECKING:
    from prophecy.engine.cards import Book


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    try:
        for name in names or (text,):
            parse_bot(name)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return names


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in MEASURED]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown kind {', '.join(unknown) or text!r}; choose from {', '.join(MEASURED)}")
    return kinds


def _margin(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number of points above 0, not {text!r}")
    return value


def _chance(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(
            f"expected a chance above 0 and below 0.5, as in 0.05, not {text!r}")
    return value


def _modes(text: str) -> tuple[str, ...]:
    modes = tuple(dict.fromkeys(m.strip() for m in text.split(",") if m.strip()))
    unknown = [m for m in modes if m not in MODES]
    if not modes or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown mode {', '.join(unknown) or text!r}; choose from {', '.join(MODES)}")
    return modes


def _confirm(text: str) -> str:
    """One bot, as --bots names them, or 'none' (as the empty string)."""
    if text == "none":
        return ""
    if "," in text:
        raise argparse.ArgumentTypeError(f"expected one bot (or 'none'), not {text!r}")
    return _bots(text)[0]


def _count(text: str) -> int:
    if text.strip() == "0":
        return 0
    try:
        return count(MAX_GAMES, "games at each number of players")(text)
    except argparse.ArgumentTypeError as exc:
        if "1 or more" in str(exc):  # 0 is allowed here: no seat table
            raise argparse.ArgumentTypeError(
                f"expected a whole number of 0 or more, not {text!r}") from None
        raise


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_trust_flag(parser)

    parser.add_argument("--cards", nargs="+", metavar="NAME", default=(),
                        help="measure only these designs (names or ids)")
    parser.add_argument("--aa", metavar="CARD",
                        help="the A/A test: this card against an exact copy of itself under "
                        "another name, with the noise of real games; the answer should be "
                        "'about right'")
    parser.add_argument("--kinds", type=_kinds, default=None,
                        help="measure only these kinds: arcana,deed,verse,hireling,title,"
                        "grimoire (all)")
    parser.add_argument("--bots", type=_bots, default=("greedy",),
                        help="bots at the chairs, e.g. greedy or planner:4 (greedy)")
    parser.add_argument("--players", type=positive, default=3, help="players per game (3)")
    parser.add_argument("--pairs", type=count(MAX_PAIRS, "pairs per design"), default=3600,
                        help="at most this many pairs of games per design and mode; a design "
                        "the test has not decided by then is reported undecided (3600)")
    parser.add_argument("--modes", type=_modes, default=MODES,
                        help="chosen (the bots use the card as they see fit), forced (the card "
                        "is in the focal seat's hands from the start: Arcana, Dark Deeds and "
                        "Hirelings), or both (both)")
    parser.add_argument("--margin", type=_margin, default=1.0,
                        help="points a game: a design within this of its twin is 'within', "
                        "one this far off must be found (1)")
    parser.add_argument("--alpha", type=_chance, default=0.05,
                        help="the chance of any false 'stronger' or 'weaker' in the run (0.05)")
    parser.add_argument("--beta", type=_chance, default=0.1,
                        help="the chance of missing a design --margin points off (0.1)")
    parser.add_argument("--confirm", type=_confirm, default=CONFIRM, metavar="BOT",
                        help="the second bot that plays each finding again, or none "
                        f"({CONFIRM})")
    parser.add_argument("--confirm-pairs", type=count(MAX_PAIRS, "pairs per finding"),
                        default=CONFIRM_PAIRS, metavar="N",
                        help=f"at most this many pairs for the second bot per finding "
                        f"({CONFIRM_PAIRS})")
    parser.add_argument("--seat-games", type=_count, default=None, metavar="N",
                        help="ordinary games at each number of players for the seat table "
                        "(1000, 0 with --aa; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    add_scale(parser)
    parser.add_argument("--json", action="store_true", help="print every number as JSON")
    parser.add_argument("--report", type=Path, metavar="FILE.html", help="write the HTML report")
    parser.add_argument("--compare", type=Path, metavar="OLD.json",
                        help="show what changed since a run saved with --json")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    book = playable_book(args, "balance")
    fewest = balance.fewest_pairs(args.players)
    if args.pairs < fewest:
        raise UsageError(f"--pairs {args.pairs} is below the fewest pairs a design is "
                         f"measured with: {balance.MIN_LOOKS} batches of "
                         f"{balance.batch_size(args.players)} ({args.players} players)",
                         where="prophecy balance", hint=f"give --pairs {fewest} or more "
                         "(3600 by default; each batch rotates the design over every seat, "
                         "and no verdict comes before the second)")
    names = args.cards
    if args.aa is not None:
        names = _aa(book, args)
    seat_games = args.seat_games if args.seat_games is not None else 0 if args.aa else 1000
    old = _old(args.compare) if args.compare else None
    pool = executor(book, args)
    # a bar on a terminal, a line every few seconds in a log: a long sweep is never silent
    shown = Progress("prophecy balance", None, "pairs played").start()  # after the fork
    progress = _progress(shown)
    try:
        raw = balance.sweep(book, pool, names=names, kinds=args.kinds or MEASURED,
                            modes=args.modes, seed=args.seed, players=args.players,
                            bots=args.bots, pairs=args.pairs, margin=args.margin,
                            alpha=args.alpha, beta=args.beta, confirm=args.confirm,
                            confirm_pairs=args.confirm_pairs, seat_games=seat_games,
                            shard=args.shard, aa=args.aa is not None, progress=progress)
    except balance.UnknownCards as exc:
        raise UsageError(f"no card design named {exc}", where="prophecy balance --cards",
                         hint="name a card as 'prophecy cards' lists it") from None
    finally:
        pool.close()
        shown.close()
    summary = balance_report.summarise(raw)
    if args.report:
        write_balance_report(summary, args.report)
    if args.json:
        print(json.dumps({"kind": "balance", "summary": summary, **raw}, indent=1))
        return 0
    sys.stdout.write(balance_report.text(summary))
    if old is not None:
        sys.stdout.write("\n" + balance_report.compare(old, summary))
    if args.report:
        print(f"\nreport: {args.report}")
    return 0


def _aa(book: Book, args: argparse.Namespace) -> tuple[str, ...]:
    """The one card of ``--aa``, checked: a kind a copy can join, and not with --cards."""
    if args.cards:
        raise UsageError("--aa measures one card against a copy of itself; --cards names "
                         "cards to measure against their twins", where="prophecy balance --aa",
                         hint="give one of the two")
    try:
        found = balance.subjects(book, [args.aa])
    except balance.UnknownCards as exc:
        raise UsageError(f"no card design named {exc}", where="prophecy balance --aa",
                         hint="name a card as 'prophecy cards' lists it") from None
    if not found or book.designs[found[0]].kind == "grimoire":
        raise UsageError(f"{args.aa} is not measured (it plays as its vanilla twin, or it is "
                         "a Grimoire, whose copies set the seats)",
                         where="prophecy balance --aa", hint="name an Arcana, Dark Deed, "
                         "Verse, Hireling or Title that does something of its own")
    return (args.aa,)


def _old(path: Path) -> dict[str, object]:
    """An earlier run saved with --json, checked, and its summary."""
    document = read_run(path, ("balance",),
                        hint="save one with 'prophecy balance --json > FILE.json'")
    found: dict[str, object] = balance_report.summarise(document.data)
    return found


def _progress(shown: Progress) -> Callable[[int, int], None]:
    """The sweep's callback: pairs played so far, and the measures it has closed."""
    return lambda pairs, closed: shown.update(pairs, f"{closed} measures decided or done")
