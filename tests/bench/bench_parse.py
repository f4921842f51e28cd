"""Benchmark: effect lines per second, parse + AST + name resolution, one core.

Run: python tests/bench/bench_parse.py [--seconds N]
Prints the rate for the full pipeline (dsl.parser.parse) and, for scale, for
Lark's LALR parser alone on the same lines, in lines per CPU second.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from prophecy.compiler.model.vocab import read_vocabulary
from prophecy.dsl.parser import lark_parser, parse

ROOT = Path(__file__).resolve().parents[2]


def corpus() -> list[str]:
    text = (ROOT / "tests" / "fixtures" / "dsl" / "identity.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def rate(fn, lines: list[str], seconds: float, rounds: int = 5) -> tuple[float, float]:
    """Lines per CPU second, best and median of ``rounds`` rounds.

    CPU time of this process, not wall time: on a shared machine other work
    stretches the wall clock but not the CPU time a parse takes.
    """
    rates = []
    for _ in range(rounds):
        done, start = 0, time.process_time()
        while time.process_time() - start < seconds / rounds:
            for line in lines:
                fn(line)
            done += len(lines)
        rates.append(done / (time.process_time() - start))
    rates.sort()
    return rates[-1], rates[len(rates) // 2]


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--seconds", type=float, default=3.0)
    seconds = args.parse_args().seconds
    vocab = read_vocabulary(ROOT / "content")
    lines = corpus()
    lark = lark_parser()
    mean = sum(map(len, lines)) / len(lines)
    print(f"corpus: {len(lines)} canonical lines, mean {mean:.0f} characters")
    best, median = rate(lark.parse, lines, seconds)
    print(f"lark LALR alone:        best {best:6.0f}  median {median:6.0f} lines/s")
    best, median = rate(lambda line: parse(line, vocab), lines, seconds)
    print(f"parse + AST + names:    best {best:6.0f}  median {median:6.0f} lines/s  (target 10000)")


if __name__ == "__main__":
    main()
