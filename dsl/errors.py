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
import re
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
        out = [printable(f"{place}: {self.message}")]
        if self.source:
            shown, column = window(self.source.rstrip("\n"), self.column)
            length = min(max(1, self.length), max(1, len(shown) - column + 1))
            out.append("    " + shown)
            out.append("    " + " " * (column - 1) + "^" * length)
        if self.hint:
            out.append(printable(f"  hint: {self.hint}"))
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


#: How much of a long source line an error shows around its column.
WINDOW = 100
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str) -> str:
    """Text safe for a terminal: control characters written as escapes ('\\x1b', '\\u2028').

    A name or line from a content file may hold any character; printed raw,
    an escape sequence would drive the terminal instead of being read.
    """
    def escape(found: re.Match[str]) -> str:
        char = found.group()
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"

    return _CONTROL.sub(escape, text.replace("\t", " "))


def window(line: str, column: int) -> tuple[str, int]:
    """At most WINDOW characters of a line around ``column`` (made printable), and its column.

    Each escape made printable keeps its place, so the caret still points at
    the character it names.
    """
    start = 0
    if len(line) > WINDOW:
        start = max(0, min(column - 1 - WINDOW // 2, len(line) - WINDOW))
    part = line[start : start + WINDOW]
    before = printable(part[: column - 1 - start])
    shown = ("..." if start else "") + printable(part) + ("..." if start + WINDOW < len(line)
                                                          else "")
    return shown, len(before) + (3 if start else 0) + 1


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
