"""Intents the language lacks: ``dsl/intents.txt`` in, the table and its messages out.

A designer reaches for words the rules language does not have ('steal',
'recover', 'mill'). Each has one line in the table: the nearest line the
language does have, what that line does instead, and, where a verb of the
language says the same, the words to put in its place ('recover': 'Return'),
which ``dsl/repair.py`` tries as a repair.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from prophecy.dsl.errors import DslError
from prophecy.dsl.keywords import unknown_words
from prophecy.dsl.vocabulary import Vocabulary


@dataclass(frozen=True)
class Intent:
    """A word for something the rules language cannot say, and the nearest line it can."""

    word: str
    nearest: str
    why: str
    instead: str = ""  # the language's words for it, where it has them ('Return')

    @property
    def lacks(self) -> bool:
        """Whether no line of the language means the same (the table's nearest is '-'):
        then none is named, and ``why`` says what is missing."""
        return self.nearest == "-"


#: The hint of a word for what the language lacks.
LACKS_HINT = "leave it out, or write what the card does with the language's own actions"


@cache
def intents() -> dict[str, Intent]:
    """The intents table of ``dsl/intents.txt``, by word."""
    out = {}
    for raw in (Path(__file__).with_name("intents.txt")).read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            parts = [part.strip() for part in raw.split(" ; ")]
            out[parts[0]] = Intent(*parts)
    return out


def intent_of(word: str) -> Intent | None:
    """The intent a word names, with its inflections ('steals', 'returned', 'summoning')."""
    lower = word.lower()
    table = intents()
    for cut in ("", "s", "es", "d", "ed", "ing"):
        if cut and not lower.endswith(cut):
            continue
        stem = lower[: len(lower) - len(cut)] if cut else lower
        for form in (stem, stem + "e"):
            if form in table:
                return table[form]
    return None


def intent_error(text: str, column: int, vocab: Vocabulary, nearest: str = ""
                 ) -> DslError | None:
    """The message for a word before the error that names an intent the language lacks:
    the nearest line (``nearest`` when a repair found a better one than the table's)."""
    for match in unknown_words(text, vocab):
        if match.start() >= column:  # only words up to the one the parser stopped at
            break
        word = match.group()
        found = intent_of(word)
        if found is not None and found.lacks:
            return DslError(f"'{word}' is not in the rules language: {found.why}",
                            column=match.start() + 1, length=len(word), source=text,
                            hint=LACKS_HINT)
        if found is not None:
            return DslError(
                f"'{word}' is not in the rules language; the nearest is "
                f"'{nearest or _counted(found.nearest, text)}'",
                column=match.start() + 1, length=len(word), source=text, hint=found.why,
            )
    return None


def _counted(nearest: str, text: str) -> str:
    """The nearest line with the line's own count, when each has one number ('Mill 3':
    'Discard the top 3 cards of the Arcana deck to the center')."""
    import re

    mine = re.findall(r"\b\d+\b", text)
    theirs = re.findall(r"\b\d+\b", nearest)
    if len(mine) == 1 and len(theirs) == 1 and mine[0] != "1":
        return re.sub(r"\b\d+\b", mine[0], nearest)
    return nearest
