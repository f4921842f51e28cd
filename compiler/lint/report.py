"""Output of a lint run: findings in, ``file:line:col: CODE message (hint)`` lines or JSON out."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prophecy.compiler.lint.baseline import Ratchet
from prophecy.compiler.lint.core import Finding, Severity


@dataclass
class Outcome:
    """A finished run: what to show, and whether it passed."""

    ratchet: Ratchet
    strict: bool
    fixed: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def shown(self) -> list[Finding]:
        return [f for f in self.ratchet.findings if not f.known]

    @property
    def counts(self) -> Counter[str]:
        c = Counter(f.severity.value for f in self.shown)
        c["fixable"] = sum(f.fix is not None for f in self.shown)
        c["known"] = sum(f.known for f in self.ratchet.findings)
        return c

    @property
    def exit_code(self) -> int:
        failing = {Severity.ERROR} | ({Severity.WARNING} if self.strict else set())
        return 1 if self.ratchet.over or any(f.severity in failing for f in self.shown) else 0


def display_path(content_dir: Path, file: str) -> str:
    """A finding's file as a user finds it: the content folder joined with its name."""
    return os.path.normpath(os.path.join(str(content_dir), file))


def line_of(finding: Finding, content_dir: Path) -> str:
    p = finding.place
    hint = f" ({finding.hint})" if finding.hint else ""
    where = display_path(content_dir, p.file)
    return f"{where}:{p.line}:{p.column}: {finding.code} {finding.message}{hint}"


def summary(outcome: Outcome) -> str:
    c = outcome.counts
    parts = [f"{c['error']} error{'s' * (c['error'] != 1)}",
             f"{c['warning']} warning{'s' * (c['warning'] != 1)}"]
    text = "prophecy lint: " + ", ".join(parts)
    extra = []
    if c["fixable"]:
        extra.append(f"{c['fixable']} fixable with --fix")
    if c["known"]:
        extra.append(f"{c['known']} known in the baseline")
    if outcome.fixed:
        extra.append(f"{outcome.fixed} fixed")
    return text + (f" ({'; '.join(extra)})" if extra else "")


def _findings(n: int) -> str:
    return f"{n} finding{'s' * (n != 1)}"


def text_report(outcome: Outcome, content_dir: Path) -> str:
    lines = [line_of(f, content_dir) for f in outcome.shown]
    for code, (found, allowed) in sorted(outcome.ratchet.over.items()):
        lines.append(f"{code}: {_findings(found)}, the baseline allows {allowed}")
    for code, (found, allowed) in sorted(outcome.ratchet.under.items()):
        lines.append(f"{code}: {_findings(found)}, the baseline allows {allowed}; "
                     "lower it with --write-baseline")
    lines.extend(outcome.notes)
    lines.append(summary(outcome))
    return "\n".join(lines)


def json_report(outcome: Outcome, content_dir: Path) -> str:
    data: dict[str, Any] = {
        "content": str(content_dir),
        "findings": [
            {**f.to_json(), "path": display_path(content_dir, f.place.file)}
            for f in outcome.ratchet.findings
        ],
        "baseline": {
            "over": {c: {"found": n, "allowed": a} for c, (n, a) in outcome.ratchet.over.items()},
            "under": {c: {"found": n, "allowed": a} for c, (n, a) in
                      outcome.ratchet.under.items()},
        },
        "summary": {k: outcome.counts.get(k, 0) for k in ("error", "warning", "fixable", "known")}
        | {"fixed": outcome.fixed, "exit": outcome.exit_code},
    }
    return json.dumps(data, indent=2, sort_keys=False)
