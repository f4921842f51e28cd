"""The linter's vocabulary: rules (stable codes) and findings, and the registry of checks.

A *rule* is a stable code such as ``PL201`` with a name, a severity and a
one-line summary. A *check* is a small function that reads a ``Context`` (the
loaded ``Content`` and its source files) and yields ``Finding`` objects for one
or more rules. ``@check(...)`` registers it; ``RULES`` and ``CHECKS`` are the
tables the runner, the docs and the tests read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from prophecy.compiler.model import Content, Place
from prophecy.compiler.model.files import is_regular
from prophecy.compiler.model.plugins import engine_facts
from prophecy.dsl.errors import ProphecyError


class Severity(StrEnum):
    """How bad a finding is: errors fail the run; warnings only with ``--strict``."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Rule:
    """One stable lint code."""

    code: str
    name: str
    severity: Severity
    summary: str


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` with ``new`` at a place in a file (relative to the content folder).

    ``old`` must be found at that place when the fix is applied, so a fix that
    no longer fits the file is skipped instead of corrupting it.
    """

    place: Place
    old: str
    new: str
    effect: bool = False  # True: ``old``/``new`` are whole effect lines (a YAML scalar)


@dataclass(frozen=True)
class Finding:
    """One problem: a rule, a message, where, how to fix it, and maybe a fix."""

    code: str
    message: str
    place: Place
    hint: str = ""
    fix: Edit | None = None
    known: bool = field(default=False, compare=False)  # let through by the baseline

    @property
    def rule(self) -> Rule:
        return RULES[self.code]

    @property
    def severity(self) -> Severity:
        return RULES[self.code].severity

    def sort_key(self) -> tuple[bool, str, int, int, str, str]:
        """By place: content files first, then documents (``../docs/...``)."""
        p = self.place
        return (p.file.startswith("../"), p.file, p.line, p.column, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.rule.name,
            "severity": self.severity.value,
            "file": self.place.file,
            "line": self.place.line,
            "column": self.place.column,
            "message": self.message,
            "hint": self.hint,
            "fixable": self.fix is not None,
            "fix": None if self.fix is None else self.fix.new,
            "known": self.known,
        }


@dataclass
class Context:
    """What a check may read: the loaded content and the text of its files."""

    content: Content
    root: Path
    docs: Path | None = None
    _texts: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def lines(self, file: str) -> list[str]:
        """The lines of a file relative to the content folder ('' if unreadable)."""
        if file not in self._texts:
            path = self.root / file
            try:  # a pipe or a device is never read: it could hang or never end
                text = path.read_text(encoding="utf-8") if is_regular(path) else ""
            except (OSError, UnicodeDecodeError):
                text = ""
            self._texts[file] = text.splitlines()
        return self._texts[file]


CheckFn = Callable[[Context], Iterable[Finding]]
R = TypeVar("R")


def per_content(fn: Callable[[Content], R]) -> Callable[[Content], R]:
    """``fn(content)`` computed once per content object (the last one only is kept).

    Checks ask the same question of the content once per line; answering it
    once keeps a lint run linear in the size of the content.
    """
    last: list[tuple[Content, R]] = []

    def once(content: Content) -> R:
        if not last or last[0][0] is not content:
            last[:] = [(content, fn(content))]
        return last[0][1]

    once.__doc__, once.__name__ = fn.__doc__, fn.__name__
    return once

RULES: dict[str, Rule] = {}
CHECKS: list[tuple[tuple[str, ...], CheckFn]] = []
#: Check function -> the engine whose rules it holds the cards to (checks not listed
#: hold any game: its glossary, its counts, its wording).
ENGINE_CHECKS: dict[CheckFn, str] = {}


def rule(code: str, name: str, severity: Severity | str, summary: str) -> Rule:
    """Declare a stable code; declaring one twice is a programming error."""
    if code in RULES:
        raise ValueError(f"lint code {code} declared twice")
    RULES[code] = Rule(code, name, Severity(severity), summary)
    return RULES[code]


def check(*codes: str, engine: str = "") -> Callable[[CheckFn], CheckFn]:
    """Register a check function that reports the given (declared) codes; ``engine``: it
    holds the cards to that engine's rules, so it runs only on a game that engine plays
    (or an engine built on it)."""

    def register(fn: CheckFn) -> CheckFn:
        missing = [c for c in codes if c not in RULES]
        if missing:
            raise ValueError(f"{fn.__name__} reports undeclared codes {missing}")
        CHECKS.append((codes, fn))
        if engine:
            ENGINE_CHECKS[fn] = engine
        return fn

    return register


def _engines(content: Content) -> set[str]:
    """The engine a game names, and the engines it is built on (as installed, or as its
    engine file declares: lint never runs a pack's Python)."""
    if not content.pack.engine:
        return set()
    try:
        found = engine_facts(content)
    except ProphecyError:
        return {content.pack.engine}
    return {content.pack.engine, found.name, *found.bases} if found else set()


def run_checks(ctx: Context, only: Iterable[str] | None = None) -> Iterator[Finding]:
    """Every finding of every registered check (or of the checks reporting ``only``)."""
    wanted = set(only) if only is not None else None
    engines = _engines(ctx.content)
    for codes, fn in CHECKS:
        if wanted is not None and not wanted.intersection(codes):
            continue
        if fn in ENGINE_CHECKS and ENGINE_CHECKS[fn] not in engines:
            continue
        for finding in fn(ctx):
            if finding.code not in codes:
                raise ValueError(f"{fn.__name__} reported {finding.code}, not one of {codes}")
            if wanted is None or finding.code in wanted:
                yield finding
