"""`prophecy simulate`: the content, a seed and bots in; a balance summary (and report) out.

Plays ``--games`` complete games between bots (``engine/simulate.py``), then
prints the bots and seed, the win rate by seat, and the mean score with its
parts, each with a 95% interval. ``--json`` prints every number of the report
instead; ``--report FILE.html`` writes the HTML report with charts. A progress
bar goes to stderr when stderr is a terminal. The same arguments always print
the same output, whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prophecy.compiler.cli.options import add_content, content_dir

BOT_NAMES = ("random", "greedy")


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in BOT_NAMES]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {', '.join(unknown) or text!r}; choose from {', '.join(BOT_NAMES)}"
        )
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
    parser.add_argument("--players", type=_positive, default=3, help="players per game (3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    parser.add_argument("--bots", type=_bots, default=("random",),
                        help="bots taking turns at the chairs, e.g. random,greedy (random)")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes (1)")
    parser.add_argument("--report", type=Path, metavar="FILE.html", help="write the HTML report")
    parser.add_argument("--json", action="store_true", help="print every number as JSON")
    parser.add_argument("--log", type=Path, metavar="FILE.jsonl",
                        help="write every game's event log as JSON lines (see 'prophecy replay')")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    from prophecy.compiler.model.loader import load_content
    from prophecy.dsl.errors import UsageError
    from prophecy.engine import report, simulate
    from prophecy.engine.cards import book_of
    from prophecy.engine.report_html import write_report

    book = book_of(load_content(content_dir(args)))
    rules = book.rules
    if not rules.min_players <= args.players <= rules.max_players:
        raise UsageError(
            f"--players must be {rules.min_players} to {rules.max_players}, not {args.players}",
            where="prophecy simulate", hint="the limits are min_players and max_players in "
            "game.yaml",
        )
    bar = _Progress(args.games) if sys.stderr.isatty() else None
    tally = simulate.run(book, args.games, args.players, args.seed, args.bots, args.jobs,
                         progress=bar.update if bar else None)
    if bar:
        bar.close()
    data = report.summarise(book, tally, args.seed)
    if args.log:
        from prophecy.engine import log

        games = (simulate.play_one(book, args.seed, i, args.players, args.bots, log=True)
                 for i in range(args.games))
        log.write_games(games, args.log)
    if args.report:
        write_report(data, args.report)
    if args.json:
        print(json.dumps(data, indent=1, sort_keys=False))
    else:
        sys.stdout.write(report.text(data))
        if args.report:
            print(f"\nreport: {args.report}")
    return 0


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int) -> None:
        self.total = total

    def update(self, done: int) -> None:
        width = 30
        filled = width * done // max(1, self.total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r" + " " * 60 + "\r")
        sys.stderr.flush()
