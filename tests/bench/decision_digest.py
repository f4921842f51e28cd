"""The decisions of seeded games, as one digest: did a change leave play exactly as it was?

Run: python tests/bench/decision_digest.py [--games N] [--content DIR]

Plays seeded games of the bundled content (or ``--content``) with logs: three-player
greedy games, two-player greedy games, four-player games of greedy and random bots
mixed, and a few planner games; hashes every line of every log (each question, its
options in words, the answer, and the final state's fingerprint). Two checkouts print
the same digest exactly when every bot took every decision the same way. Run it with
each checkout's own interpreter (a venv installed from that checkout) and compare.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from prophecy.compiler.model.files import bundled_content
from prophecy.compiler.model.loader import load_content
from prophecy.engine import log
from prophecy.engine.cards import book_of
from prophecy.lab.simulate import play_one

#: (players, bots, games per 100 of --games)
MIXES = ((3, ("greedy",), 60), (2, ("greedy",), 20), (4, ("greedy", "random"), 20),
         (3, ("planner:2",), 1))


def digest(book: object, games: int, seed: int = 7) -> tuple[str, int]:
    h = hashlib.sha256()
    played = 0
    for players, bots, share in MIXES:
        for index in range(max(1, games * share // 100)):
            game = play_one(book, seed, index, players, bots, log=True)  # type: ignore[arg-type]
            for line in log.to_lines(game):
                h.update(line.encode("utf-8") + b"\n")
            played += 1
    return h.hexdigest(), played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--content", default=None)
    args = parser.parse_args(argv)
    content = load_content(Path(args.content) if args.content else bundled_content())
    value, played = digest(book_of(content), args.games)
    print(f"{value}  ({played} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
