"""Benchmark: `prophecy lint` on the bundled content, in process, check by check.

Run: python tests/bench/bench_lint.py [--runs N] [--content DIR]
Prints the load time, the whole lint (best and median of N runs, default 5)
and each registered check's own time, slowest first, so a slow check shows.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def best_and_median(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()

    from prophecy.compiler.lint import CHECKS, Context, lint
    from prophecy.compiler.model.loader import load_content

    root, docs = args.content, args.content.resolve().parent / "docs"
    load = best_and_median(lambda: load_content(root), args.runs)
    content = load_content(root)
    whole = best_and_median(lambda: lint(content, root, docs), args.runs)
    print(f"load    best {load[0] * 1000:7.1f} ms  median {load[1] * 1000:7.1f} ms")
    print(f"lint    best {whole[0] * 1000:7.1f} ms  median {whole[1] * 1000:7.1f} ms  "
          f"({len(CHECKS)} checks, {len(lint(content, root, docs))} findings)")
    per = []
    for codes, fn in CHECKS:
        ctx = Context(content, root, docs)
        per.append((best_and_median(lambda fn=fn, ctx=ctx: list(fn(ctx)), args.runs)[0],
                    fn.__name__, codes))
    for seconds, name, codes in sorted(per, reverse=True):
        print(f"  {seconds * 1000:7.1f} ms  {name} ({', '.join(codes)})")


if __name__ == "__main__":
    main()
