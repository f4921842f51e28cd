"""Benchmark: whole balance sweeps, what they cost, and how far two seeds agree.

Run: python tests/bench/bench_balance.py [--seeds 1 2] [--jobs 2] [--out DIR] [ARGS...]
     python tests/bench/bench_balance.py --from RUN1.json RUN2.json

Plays ``prophecy balance --json`` once per seed, each in a child process, so its
wall time and the CPU time of it and its workers are measured from outside;
ARGS after ``--`` go to every run (``-- --pairs 600``). Each run's JSON is
saved in ``--out`` (default ``output/bench-balance``). Then it prints, per run,
the wall and CPU time, the pairs and games, the median spread of a pair and of
a deal in each mode and the power at ±margin that spread gives; and for the
first two runs, how many verdicts (stronger, weaker, within, undecided) agree,
each one that differs, and any design called stronger in one run and weaker
in the other. ``--from`` reads two saved runs instead of playing. On a shared
machine the times move with whatever else runs: say so with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from prophecy.lab import balance_report


def sweep(seed: int, jobs: int, extra: list[str], out: Path) -> tuple[dict[str, Any], float, float]:
    """One sweep in a child process: its JSON, wall seconds and CPU seconds (all children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "prophecy.tools", "balance", "--json", "--seed", str(seed),
         "--jobs", str(jobs), *extra], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"prophecy balance failed:\n{done.stderr[-2000:]}")
    path = out / f"seed{seed}.json"
    path.write_text(done.stdout, encoding="utf-8")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stdout), wall, cpu


def describe(summary: dict[str, Any]) -> list[str]:
    out = [f"seed {summary['seed']}: {summary['pairs_played']} pairs, "
           f"{summary['games_played']} games ({summary.get('plain_games', 0)} of them plain "
           f"games), {len(summary['decided'])} designs decided"]
    for mode, m in summary["test"]["modes"].items():
        out.append(f"  {mode}: spread {m['spread_pair']:.2f} a pair, {m['spread_deal']:.2f} a "
                   f"deal of {m['pairs_per_deal']}; power at ±{summary['margin']:g}: "
                   f"{100 * m['power']:.1f}%; {m['games_per_pair']:.2f} games a pair")
    counts: dict[str, int] = {}
    for r in summary["measures"]:
        key = f"{r['mode']} {r['verdict']}"
        counts[key] = counts.get(key, 0) + 1
    out.append("  verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    total: dict[str, int] = {}
    for r in summary["measures"]:
        total[r["verdict"]] = total.get(r["verdict"], 0) + 1
    out.append(f"  of {len(summary['measures'])} measures: "
               + ", ".join(f"{v} {k}" for k, v in sorted(total.items())))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("output/bench-balance"))
    parser.add_argument("--from", dest="runs", type=Path, nargs=2, metavar="RUN.json")
    parser.add_argument("extra", nargs="*", help="arguments for prophecy balance (after --)")
    args = parser.parse_args()
    summaries = []
    if args.runs:
        for path in args.runs:
            data = json.loads(path.read_text(encoding="utf-8"))
            summaries.append(data.get("summary") or balance_report.summarise(data))
    else:
        args.out.mkdir(parents=True, exist_ok=True)
        for seed in args.seeds:
            data, wall, cpu = sweep(seed, args.jobs, args.extra, args.out)
            summaries.append(data["summary"])
            print(f"seed {seed}: {wall:.0f} s of wall time, {cpu:.0f} s of CPU "
                  f"({args.jobs} jobs)", flush=True)
    for summary in summaries:
        print("\n".join(describe(summary)))
    if len(summaries) >= 2:
        agree = balance_report.agreement(summaries[0], summaries[1])
        print(f"verdicts alike in seeds {summaries[0]['seed']} and {summaries[1]['seed']}: "
              f"{agree['agree']} of {agree['measures']} ({100 * agree['share']:.1f}%); "
              f"opposite directions: {len(agree['opposite'])}")
        for name, mode, was, now in agree["differ"]:
            print(f"  {name} ({mode}): {was} -> {now}")


if __name__ == "__main__":
    main()
