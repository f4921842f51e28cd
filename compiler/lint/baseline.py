"""The baseline (ratchet): known findings per code in, what may pass and what got worse out.

``lint-baseline.json`` at the content root records how many findings of each
code are accepted for now::

    {"version": 1, "counts": {"PL701": 2}}

When a code has no more findings than its count, they pass (shown as known);
when it has more, every finding of that code is reported and the run fails,
so the number can only go down. ``prophecy lint --write-baseline`` writes the
current count of every code, zeros included, so a code that is clean today
fails the run on its first finding even when it is only a warning. A code the
file does not name (one added to the linter later) follows its severity.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from prophecy.compiler.lint.core import RULES, Finding
from prophecy.compiler.lint.fix import write_text
from prophecy.dsl.errors import ProphecyError

FILE_NAME = "lint-baseline.json"
VERSION = 1


@dataclass(frozen=True)
class Ratchet:
    """What the baseline made of the findings."""

    findings: list[Finding]
    over: dict[str, tuple[int, int]]  # code → (found, allowed): got worse
    under: dict[str, tuple[int, int]]  # code → (found, allowed): can be lowered


def read_baseline(path: Path) -> dict[str, int]:
    """The counts of a baseline file ({} when there is none)."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        counts = data["counts"]
        if data.get("version") != VERSION or not all(
            isinstance(k, str) and isinstance(v, int) and v >= 0 for k, v in counts.items()
        ):
            raise ValueError
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        raise ProphecyError(
            "this is not a lint baseline",
            where=str(path),
            hint='expected {"version": 1, "counts": {"PL701": 2}}; '
                 "rewrite it with 'prophecy lint --write-baseline'",
        ) from None
    unknown = sorted(set(counts) - set(RULES))
    if unknown:
        raise ProphecyError(f"unknown lint codes {', '.join(unknown)}", where=str(path),
                            hint="rewrite it with 'prophecy lint --write-baseline'")
    return dict(counts)


def apply_baseline(findings: list[Finding], counts: dict[str, int]) -> Ratchet:
    """Mark the findings the baseline accepts; note the codes that went up or down."""
    found = Counter(f.code for f in findings)
    over = {c: (n, counts.get(c, 0)) for c, n in found.items() if c in counts and n > counts[c]}
    under = {c: (found.get(c, 0), n) for c, n in counts.items() if found.get(c, 0) < n}
    marked = [replace(f, known=f.code in counts and f.code not in over) for f in findings]
    return Ratchet(marked, over, under)


def write_baseline(path: Path, findings: list[Finding]) -> dict[str, int]:
    """Record the current count of each code (atomically); returns the counts."""
    found = Counter(f.code for f in findings)
    counts = {code: found.get(code, 0) for code in sorted(RULES)}
    text = json.dumps({"version": VERSION, "counts": counts}, indent=2) + "\n"
    write_text(path, text)
    return counts
