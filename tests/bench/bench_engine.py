"""Benchmark: complete games per second on the bundled content, and the gain from --jobs 2.

Run: python tests/bench/bench_engine.py [--games N] [--players P] [--bots random]
Prints games/s on one core (3 random bots by default, setup and scoring
included, no logging), the greedy bot's rate for scale (``bench_bots.py`` measures
the bots properly), and the speed-up of ``engine.simulate.run`` with two worker
processes over one.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from prophecy.compiler.model.loader import load_content
from prophecy.engine.cards import book_of
from prophecy.lab import simulate

ROOT = Path(__file__).resolve().parents[2]


def one_core(book, games: int, players: int, bots: tuple[str, ...]) -> float:
    start = time.perf_counter()
    for i in range(games):
        simulate.play_one(book, 1, i, players, bots)
    return games / (time.perf_counter() - start)


def with_jobs(book, games: int, players: int, jobs: int) -> float:
    start = time.perf_counter()
    simulate.run(book, games, players, 1, ("random",), jobs=jobs)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    book = book_of(load_content(ROOT / "content"))
    one_core(book, 200, args.players, ("random",))  # warm up
    rate = one_core(book, args.games, args.players, ("random",))
    print(f"random bots, {args.players} players: {rate:8.0f} games/s on one core "
          "(target 1000)")
    greedy = one_core(book, max(20, args.games // 50), args.players, ("greedy",))
    print(f"greedy bots, {args.players} players: {greedy:8.1f} games/s on one core")
    t1 = with_jobs(book, args.games, args.players, 1)
    t2 = with_jobs(book, args.games, args.players, 2)
    print(f"simulate.run, {args.games} games: jobs 1 {t1:.2f}s, jobs 2 {t2:.2f}s, "
          f"speed-up {t1 / t2:.2f}x")


if __name__ == "__main__":
    main()
