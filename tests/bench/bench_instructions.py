"""Benchmark: machine instructions per three-player game of a bot, counted by valgrind.

Run: python tests/bench/bench_instructions.py [--bot greedy] [--games 60]
                                              [--compare PYTHON]

On a shared machine a game's CPU time moves with whatever else runs (figures
10-20% apart from one hour to the next are common here), so a change that
saves 5% cannot be seen in games per second. The number of instructions a
game executes does not move: valgrind's callgrind tool counts them, once for
the setup alone and once for setup plus ``--games`` self-play games, and the
difference divided by the games is printed. Fewer instructions is faster on
any machine, though not in exact proportion (memory waits are not counted).
``--compare PYTHON`` counts the same games with another interpreter, for
instance a virtual environment holding an older checkout, and prints the
ratio. Needs valgrind (Debian: ``apt-get install valgrind``); about a minute
per count.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

GAMES = """
import sys
from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.engine import simulate
from prophecy.engine.cards import book_of
book = book_of(load_content(bundled_content()))
bot, games = sys.argv[1], int(sys.argv[2])
for i in range(games):
    simulate.play_one(book, 1, i, 3, (bot,))
"""


def count(python: str, bot: str, games: int) -> int:
    """Instructions of one run of ``games`` games (setup included)."""
    # bytecode caching on, as an installed package has it: the first run writes the caches
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"  # string hashes, and so the work of dicts, alike each run
    subprocess.run([python, "-c", GAMES, bot, "0"], env=env, check=True)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           python, "-c", GAMES, bot, str(games)],
                          env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        sys.exit(f"valgrind failed with {python}:\n{done.stderr[-1500:]}")
    return int(found.group(1))


def per_game(python: str, bot: str, games: int) -> float:
    return (count(python, bot, games) - count(python, bot, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="greedy", help="the bot of every seat (greedy)")
    parser.add_argument("--games", type=int, default=60, help="games counted (60)")
    parser.add_argument("--compare", metavar="PYTHON", help="another interpreter to count")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    mine = per_game(sys.executable, args.bot, args.games)
    line = f"{args.bot}: {mine / 1e6:.2f} million instructions a game"
    if args.compare:
        theirs = per_game(args.compare, args.bot, args.games)
        line += f"; {args.compare}: {theirs / 1e6:.2f} million ({theirs / mine:.2f}x as many)"
    print(line)


if __name__ == "__main__":
    main()
