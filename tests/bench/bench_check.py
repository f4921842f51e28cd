"""Benchmark: the cold `prophecy check` on the bundled content (a new process each run).

Run: python tests/bench/bench_check.py [--runs N] [--content DIR]
Prints the best and the median wall time of N runs (default 5) of the
installed ``prophecy check`` (``python -m prophecy.compiler.cli`` when it is not on
PATH), and for scale a bare ``python -c pass``.
The target is under 0.5 s for the full content.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def timed(command: list[str], runs: int) -> list[float]:
    """Wall times of ``runs`` runs of a command; fails loudly if it does not exit 0."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    entry = shutil.which("prophecy")
    driver = [entry] if entry else [sys.executable, "-m", "prophecy.compiler.cli"]
    check = [*driver, "check", "--content", str(args.content)]
    summary = subprocess.run(check, cwd=ROOT, capture_output=True, text=True).stdout
    times = timed(check, args.runs)
    bare = timed([sys.executable, "-c", "pass"], args.runs)
    print(summary.strip().splitlines()[-1])
    print(f"prophecy check, cold: best {min(times):.3f} s, median {statistics.median(times):.3f} s"
          f" over {args.runs} runs (target < 0.5 s)")
    print(f"python startup alone: best {min(bare):.3f} s")


if __name__ == "__main__":
    main()
