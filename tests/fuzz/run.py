"""Fuzz for longer: the properties on many more inputs, and what came of them, by command.

Run: python tests/fuzz/run.py [--seconds N] [--only NAME...] [--hang S]

Each property of ``properties.py`` and each command of ``runs.py`` gets its
share of the time and as many generated inputs as fit in it (hypothesis, not
derandomised: each run tries new inputs). Nothing stops the run: every input
is counted in one column,

- ``clean``: the promise held (a command accepted an unchanged file, or
  refused a damaged one with a placed error);
- ``internal``: an internal error (exit 3, a traceback) or an exception;
- ``hangs``: no answer within ``--hang`` seconds (default 60);
- ``wrong``: a broken promise (a damaged file accepted as the real one, a
  line that does not print back as itself, ...);

and the first few failures of each are printed in full after the table. A
run is good when every column but ``clean`` holds 0.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))
import properties as prop  # noqa: E402
import runs  # noqa: E402

COLUMNS = ("clean", "internal", "hangs", "wrong")


def _property(check: Callable[[Any], None]) -> Callable[[Any], tuple[str, str]]:
    """A property of ``properties.py`` as an outcome: an assertion is a broken promise."""
    def judge(value: Any) -> tuple[str, str]:
        try:
            check(value)
        except AssertionError as exc:
            said = str(exc)
            internal = "internal error" in said or "Traceback" in said
            return ("internal" if internal else "wrong"), said
        return "clean", ""
    return judge


def _command(judge: Callable[[Any], tuple[str, str]]) -> Callable[[Any], tuple[str, str]]:
    """A command of ``runs.py`` as an outcome: accepted and refused are both clean."""
    def outcome(value: Any) -> tuple[str, str]:
        found, said = judge(value)
        column = {"accepted": "clean", "refused": "clean", "internal error": "internal"}
        return column.get(found, "wrong"), f"{found}: {said}"
    return outcome


#: Name -> (inputs, what one comes to, inputs per hypothesis batch).
PROPERTIES: dict[str, tuple[Any, Callable[[Any], tuple[str, str]], int]] = {
    "parse": (prop.lines, _property(prop.parser_answers), 200),
    "yaml reader": (prop.yaml_texts, _property(prop.reader_answers), 200),
    "check (loader)": (prop.damaged_files(), _property(prop.loader_reports), 50),
    "check (spreadsheet)": (prop.damaged_spreadsheets(), _property(prop.spreadsheet_reports),
                            50),
    "fmt": (prop.loose_effects(), _property(prop.fmt_keeps_files), 50),
    # a gate input runs four commands (seconds each): small batches keep to the time
    "check is the gate": (prop.gate_content(), _property(prop.check_is_the_gate), 4),
    **{name: (strategy, _command(judge), 50)
       for name, (strategy, judge) in runs.COMMANDS.items()},
}


class Hang(Exception):
    """An input that got no answer in time."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def run(name: str, seconds: float, hang: float) -> tuple[Counter[str], list[str]]:
    """What came of the inputs tried for one property in about ``seconds``."""
    strategy, judge, batch = PROPERTIES[name]
    counts: Counter[str] = Counter()
    failures: list[str] = []

    @settings(max_examples=batch, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(value: Any) -> None:
        signal.setitimer(signal.ITIMER_REAL, hang)
        try:
            column, said = judge(value)
        except Hang:
            column, said = "hangs", f"no answer in {hang:.0f} s"
        except Exception:
            column, said = "internal", traceback.format_exc()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        counts[column] += 1
        if column != "clean" and len(failures) < 3:
            failures.append(f"{name}: {column} on {value!r:.300}\n{said[-2000:]}")

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        one()
    return counts, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="the whole run's time, shared among the properties (600)")
    parser.add_argument("--only", nargs="+", choices=sorted(PROPERTIES), metavar="NAME",
                        help=f"only these: {', '.join(PROPERTIES)}")
    parser.add_argument("--hang", type=float, default=60.0,
                        help="seconds without an answer that count as a hang (60)")
    args = parser.parse_args()
    names = args.only or list(PROPERTIES)
    signal.signal(signal.SIGALRM, _alarm)
    print(f"{'command':18} {'inputs':>8} " + " ".join(f"{c:>8}" for c in COLUMNS), flush=True)
    total: Counter[str] = Counter()
    failures = []
    for name in names:
        counts, found = run(name, args.seconds / len(names), args.hang)
        total.update(counts)
        failures += found
        print(f"{name:18} {sum(counts.values()):8d} "
              + " ".join(f"{counts[c]:8d}" for c in COLUMNS), flush=True)
    print(f"{'all':18} {sum(total.values()):8d} "
          + " ".join(f"{total[c]:8d}" for c in COLUMNS))
    for failure in failures:
        print("\n" + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
