"""Benchmark: the cold `prophecy check` on the bundled content (a new process each run).

Run: python tests/bench/bench_check.py [--runs N] [--content DIR]
Prints the median CPU and wall time and the best wall time of N runs
(default 5) of the installed ``prophecy check`` (``python -m
prophecy.compiler.cli`` when it is not on PATH): without the text-fit check,
first with an empty cache (every scenario's table laid out and its moves
checked) and then with the scenarios' clean result in the cache (the
loader's checks alone, plus a digest of the files); with the fit results in
the cache; with an empty cache (every face drawn); and for scale a bare
``python -c pass``. The target is under 0.5 s for the loader's checks on the
full content.
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


def timed(command: list[str], fresh_cache: bool = False) -> tuple[float, float]:
    """Wall and CPU time of one run of a command; fails loudly if it does not exit 0.

    ``fresh_cache`` gives the run an empty cache folder (the text-fit results
    of ``check`` are kept there), so every face is measured again.
    """
    import os
    import resource
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PROPHECY_CACHE": cache} if fresh_cache else None
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    entry = shutil.which("prophecy")
    driver = [entry] if entry else [sys.executable, "-m", "prophecy.compiler.cli"]
    check = [*driver, "check", "--content", str(args.content)]
    summary = subprocess.run(check, cwd=ROOT, capture_output=True, text=True).stdout
    commands = {
        "prophecy check --no-fit, scenarios checked (empty cache)": ([*check, "--no-fit"], True),
        "prophecy check --no-fit, scenarios' clean result cached": ([*check, "--no-fit"], False),
        "prophecy check, fit results cached": (check, False),
        "prophecy check, empty cache (every face drawn)": (check, True),
        "python startup alone": ([sys.executable, "-c", "pass"], False),
    }
    rows: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):  # interleaved, so a busy moment hits every command alike
        for name, (command, fresh) in commands.items():
            rows[name].append(timed(command, fresh))
    print(summary.strip().splitlines()[-1])
    for name, runs in rows.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        best = min(w for w, _ in runs)
        print(f"{name}: median CPU {cpu:.3f} s, wall {wall:.3f} s (best {best:.3f} s)"
              f" over {args.runs} runs")
    print("target: under 0.5 s for the loader's checks (--no-fit)")


if __name__ == "__main__":
    main()
