"""Benchmark: games, check, lint and build on content 1x, 10x and 100x the bundled set.

Run: python tests/bench/bench_scale.py [--factors 1,10,100] [--games N] [--rounds R]
                                       [--skip-build] [--skip-commands]

First, games: in this process, rounds of N three-player games (random bots,
then greedy ones) on each factor's card book, the factors in turns, timed in
CPU seconds; each factor's games per second is printed beside the 1x
figure, its floor, with the cost of a game relative to it. A game costs what
it draws, not what the book holds: target at most 1.5 x at 100x for random.

Then each command runs as a new process on content made by
``make_content.py``; the table gives wall time, CPU time (the process and
its workers) and peak memory of each, and the growth of CPU time from one
factor to the next: about 10 for a tenfold content means linear. The build
draws every image from scratch and writes the A4 sheets (the 100x build
takes minutes).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_content import make  # noqa: E402


def run(argv: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds with children, peak MB) of one command in a new process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) not in (0,):
        raise SystemExit(f"{' '.join(argv)} failed:\n{err}")
    # ru_* of wait4 covers the process; its workers are its children, counted once reaped.
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024


def games(factors: list[int], contents: dict[int, Path], per_round: int, rounds: int) -> None:
    """Games per second of CPU on each factor's book, factor by factor in turns."""
    from prophecy.compiler.model.loader import load_content
    from prophecy.engine.cards import book_of
    from prophecy.lab import simulate

    books = {f: book_of(load_content(contents[f])) for f in factors}
    for bot, count in (("random", per_round), ("greedy", max(1, per_round // 8))):
        rates: dict[int, list[float]] = {f: [] for f in factors}
        for f in factors:  # warm-up: the book's tables are built once
            simulate.play_chunk(books[f], 1, 10**6, 10**6 + 3, 3, (bot,))
        for r in range(rounds):
            for f in factors:
                start = time.process_time()
                simulate.play_chunk(books[f], 1, r * count, (r + 1) * count, 3, (bot,))
                rates[f].append(count / (time.process_time() - start))
        floor = statistics.median(rates[factors[0]])
        for f in factors:
            rate = statistics.median(rates[f])
            print(f"{bot:>7} games {f:>4}x: {rate:8.0f} games/s (1x: {floor:.0f} games/s), "
                  f"a game costs {floor / rate:.2f} x the 1x one"
                  + (" (target <= 1.5 at 100x)" if bot == "random" else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--factors", default="1,10,100")
    parser.add_argument("--games", type=int, default=400, help="random games a round (400)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--skip-commands", action="store_true", help="the games alone")
    args = parser.parse_args()
    factors = [int(f) for f in args.factors.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        contents = {f: make(f, Path(tmp) / f"content-{f}") for f in factors}
        games(factors, contents, args.games, args.rounds)
    if args.skip_commands:
        return
    prophecy = shutil.which("prophecy") or sys.exit("install the project first (pip install .)")
    commands = {
        "check": lambda c, o: [prophecy, "check", "--content", str(c)],
        "lint": lambda c, o: [prophecy, "lint", "--content", str(c), "--no-baseline"],
        "build": lambda c, o: [prophecy, "build", "--content", str(c), "--out", str(o),
                               "--paper", "a4"],
    }
    if args.skip_build:
        del commands["build"]
    print(f"{'command':8} {'factor':>6} {'cards':>7} {'wall s':>8} {'cpu s':>8} "
          f"{'peak MB':>8} {'cpu growth':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        last: dict[str, float] = {}
        for factor in factors:
            content = make(factor, Path(tmp) / f"content-{factor}")
            for name, argv in commands.items():
                out = Path(tmp) / f"out-{factor}"
                wall, cpu, peak = run(argv(content, out))
                growth = f"{cpu / last[name]:.1f}x" if name in last else ""
                last[name] = cpu
                print(f"{name:8} {factor:>5}x {designs(content):>7} {wall:8.2f} {cpu:8.2f} "
                      f"{peak:8.0f} {growth:>10}", flush=True)
                shutil.rmtree(out, ignore_errors=True)


def designs(content: Path) -> int:
    """Card designs in a content folder, for the table."""
    from prophecy.compiler.model.loader import load_content

    return len(load_content(content).cards)


if __name__ == "__main__":
    main()
