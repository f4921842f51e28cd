"""Benchmark: complete three-player games per second for each bot, on one core.

Run: python tests/bench/bench_bots.py [--bots greedy,planner] [--games N] [--rounds R]
Prints, per bot, the median and the spread of R rounds of N self-play games
(CPU time of this process, setup and scoring included; the first game of each
bot is a warm-up). The target for ``greedy`` is 300 games/s; on a shared
machine, run it twice and compare medians, never a single round.

``--compare PYTHON`` runs the same rounds with another interpreter in turns (A B
A B ...), for instance a virtual environment holding an older checkout, and
prints the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of
from prophecy.lab import simulate


def one_round(bot: str, games: int, start: int) -> float:
    """Games per second of CPU time over ``games`` self-play games."""
    book = book_of(load_content(bundled_content()))
    simulate.play_one(book, 1, 10**6, 3, (bot,))  # warm-up: the book's tables are built once
    began = time.process_time()
    for i in range(start, start + games):
        simulate.play_one(book, 1, i, 3, (bot,))
    return games / (time.process_time() - began)


def _in(python: str, bot: str, games: int, start: int) -> float | None:
    """One round in a fresh interpreter; None when that checkout has no such bot."""
    code = (f"import sys; sys.argv=['x']; sys.path.insert(0, {sys.path[0]!r}); "
            f"import bench_bots as b; print(b.one_round({bot!r}, {games}, {start}))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    if out.returncode:
        return None
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", default="greedy", help="comma-separated bots (greedy)")
    parser.add_argument("--games", type=int, default=60, help="games per round (60)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per bot (5)")
    parser.add_argument("--compare", metavar="PYTHON", help="another interpreter to run in turns")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = {}
    for bot in args.bots.split(","):
        mine: list[float] = []
        theirs: list[float] = []
        for r in range(args.rounds):
            found = _in(sys.executable, bot, args.games, r * args.games)
            if found is None:
                raise SystemExit(f"bench_bots: no bot {bot!r} here")
            mine.append(found)
            other = _in(args.compare, bot, args.games, r * args.games) if args.compare else None
            if other is not None:
                theirs.append(other)
        figures[bot]: dict[str, object] = {"median": round(statistics.median(mine), 1),
                        "rounds": [round(x, 1) for x in mine]}
        line = (f"{bot:>8}: {statistics.median(mine):7.1f} games/s on one core "
                f"(rounds {min(mine):.0f} to {max(mine):.0f})")
        if theirs:
            ratio = statistics.median(mine) / statistics.median(theirs)
            figures[bot].update(compare=round(statistics.median(theirs), 1), ratio=round(ratio, 2))
            line += f"; {args.compare}: {statistics.median(theirs):.1f} games/s, {ratio:.2f}x"
        if not args.json:
            print(line + (" (target 300)" if bot == "greedy" else ""))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
