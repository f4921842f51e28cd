"""Errors for people: a place, a message, a hint, the source line and a caret.

Every problem the project reports about its input is a ``ProphecyError`` (or a
subclass). ``str(error)`` gives::

    content/arcana/necromancy.yaml:12:15: unknown grimoire 'Necromncy'
        - Necromncy Level 2: Draw 1 Arcana
          ^
      hint: did you mean 'Necromancy'?
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, replace


@dataclass
class ProphecyError(Exception):
    """A problem in the input, with its place (1-based line and column).

    Line 0 is a problem with no place in a text (a command-line option): it is
    shown as ``where: message``.
    """

    message: str
    line: int = 1
    column: int = 1
    hint: str = ""
    where: str = "<line>"
    source: str = ""
    length: int = 1

    def __str__(self) -> str:
        place = f"{self.where}:{self.line}:{self.column}" if self.line else self.where
        out = [f"{place}: {self.message}"]
        if self.source:
            out.append("    " + self.source.rstrip("\n"))
            out.append("    " + " " * (self.column - 1) + "^" * max(1, self.length))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def at(self, where: str, line: int, column: int, source: str) -> ProphecyError:
        """The same error moved to a place in a file (line and column given there)."""
        return replace(self, where=where, line=line, column=column, source=source)

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.where, self.line, self.column, self.message)


class ContentErrors(ProphecyError):
    """Several problems found at once (in a content folder, a layout); ``errors`` holds each."""

    def __init__(self, errors: list[ProphecyError]) -> None:
        first = errors[0]
        super().__init__(
            first.message, first.line, first.column, first.hint, first.where,
            first.source, first.length,
        )
        self.errors = errors

    def __str__(self) -> str:
        count = len(self.errors)
        body = "\n".join(str(e) for e in self.errors)
        return f"{body}\n{count} problem{'s' if count != 1 else ''} in the content"


class UsageError(ProphecyError):
    """A command-line option the command cannot take (exit code 2), with no place in a text."""

    def __init__(self, message: str, where: str, hint: str = "") -> None:
        super().__init__(message, line=0, column=0, hint=hint, where=where)


class DslError(ProphecyError):
    """A problem in one line of the rules language."""


#: How alike two spellings must be (difflib's ratio) for one to be suggested for the
#: other: 'Necromncy' and 'Necromancy' are, 'Add one' and 'on' are not.
SIMILAR = 0.75


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice that is plausibly a misspelling of ``word`` (any casing), or None."""
    lowered = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=SIMILAR)
    return lowered[close[0]] if close else None


def suggest(word: str, choices: Iterable[str]) -> str:
    """A "did you mean" hint for a misspelt word, or an empty string."""
    close = closest(word, choices)
    return f"did you mean '{close}'?" if close else ""


def one_of(choices: Iterable[str]) -> str:
    """'a', 'b' or 'c' — for hints that list what is allowed."""
    quoted = [f"'{c}'" for c in choices]
    if len(quoted) <= 1:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]
