"""`prophecy simulate`: the content, a seed and bots in; a summary (and a simulation report) out.

Plays ``--games`` complete games between bots (``lab/simulate.py``), then
prints the bots and seed, the win rate by seat, and the mean score with its
parts, each with a 95% interval. ``--json`` prints every number of the report
instead; ``--report FILE.html`` writes the HTML report with charts. A progress
bar goes to stderr when stderr is a terminal. The same arguments always print
the same output, whatever ``--jobs`` or ``--executor`` is; ``--shard I/N``
plays one N-th of the games, for ``prophecy merge``; ``--compare OLD.json``
adds what changed since a run saved with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from prophecy.dsl.errors import UsageError
from prophecy.engine import log
from prophecy.lab import report, simulate
from prophecy.lab.report_html import write_report
from prophecy.lab.shards import check_report, read_run
from prophecy.tools.balance import _bots
from prophecy.tools.options import (
    MAX_GAMES,
    add_content,
    add_scale,
    count,
    executor,
    positive,
)
from prophecy.tools.terminal import Progress
from prophecy.tools.trust import add_trust_flag, playable_book


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_trust_flag(parser)
    parser.add_argument("--games", type=count(MAX_GAMES, "games in one run"), default=1000,
                        help=f"games to play (1000; at most {MAX_GAMES:,})")
    parser.add_argument("--players", type=positive, default=3, help="players per game (3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    parser.add_argument("--bots", type=_bots, default=("greedy",),
                        help="bots taking turns at the chairs: random, greedy, planner or "
                        "planner:N (N worlds per decision), e.g. random,greedy (greedy: "
                        "random bots leave most effect lines unused); measured ladder: "
                        "random < greedy < planner (docs/engine.md)")
    add_scale(parser)
    parser.add_argument("--report", type=Path, metavar="FILE.html", help="write the HTML report")
    parser.add_argument("--json", action="store_true", help="print every number as JSON")
    parser.add_argument("--compare", type=Path, metavar="OLD.json",
                        help="show what changed since a run saved with --json")
    parser.add_argument("--log", type=Path, metavar="FILE.jsonl",
                        help="write every game's event log as JSON lines (see 'prophecy replay')")
    add_content(parser)


def run(args: argparse.Namespace) -> int:
    book = playable_book(args, "simulate")
    if args.shard[1] > args.games:
        raise UsageError(f"--shard {args.shard[0]}/{args.shard[1]} of {args.games} games: "
                         "a shard would hold no game", where="prophecy simulate",
                         hint=f"split the run into at most {args.games} shards")
    first, games = simulate.shard_range(args.games, args.shard)
    # a bar on a terminal, a line every few seconds in a log: a long run is never silent
    bar = Progress("prophecy simulate", games, "games")
    pool = executor(book, args) if games > 1 else None
    bar.start()  # after the fork: the workers never hold a copy of its thread
    try:
        tally = simulate.run(book, games, args.players, args.seed, args.bots, args.jobs,
                             progress=bar.update, executor=pool,
                             first=first)
    finally:
        if pool is not None:
            pool.close()
        bar.close()
    if args.log:
        played = (simulate.play_one(book, args.seed, i, args.players, args.bots, log=True)
                  for i in range(first, first + games))
        log.write_games(played, args.log)
    return output(book, tally, args.seed, args)


def output(book: Any, tally: Any, seed: int, args: argparse.Namespace) -> int:
    """Print (and write) a run's numbers: the summary, or JSON, and the report."""
    data = report.summarise(book, tally, seed)
    old = _old(args.compare) if getattr(args, "compare", None) else None
    if args.report:
        write_report(data, args.report)
    if args.json:
        shard = list(getattr(args, "shard", (1, 1)))
        total = getattr(args, "games", tally.games)
        print(json.dumps({"kind": "simulate", **data, "shard": shard, "games_total": total,
                          "tally": tally.to_json()}, indent=1, sort_keys=False))
        return 0
    sys.stdout.write(report.text(data))
    if old is not None:
        sys.stdout.write("\n" + report.compare(old, data))
    if args.report:
        print(f"\nreport: {args.report}")
    return 0


def _old(path: Path) -> dict[str, Any]:
    """An earlier run saved with --json, checked (its figures made again from its tally)."""
    document = read_run(path, ("simulate",),
                        hint="save one with 'prophecy simulate --json > FILE.json'")
    check_report(document)
    found: dict[str, Any] = document.data
    return found


