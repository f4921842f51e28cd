"""A designer's first draft: every line parses to its canonical form or gets its exact message.

The lines are in ``tests/fixtures/dsl/first_draft.txt``: written from the
README and docs alone, for new cards of every kind. Adding a case is adding a
line. Besides each line's own expectation, no error may suggest a word that
does not look like the word it is about.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from prophecy.dsl.errors import SIMILAR, DslError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

FILE = Path(__file__).resolve().parent.parent / "fixtures" / "dsl" / "first_draft.txt"
LINES = [line for line in FILE.read_text(encoding="utf-8").splitlines()
         if line.strip() and not line.startswith("#")]
PARSING = [tuple(line.split(" => ")) for line in LINES if " => " in line]
FAILING = [tuple(line.split(" ; ", 3)) for line in LINES if " => " not in line]
SUGGESTION = re.compile(r"did you mean '([^']+)'")


def test_the_draft_is_a_real_corpus():
    assert len(LINES) >= 60
    assert len(PARSING) >= 30 and len(FAILING) >= 25


@pytest.mark.parametrize(("line", "canonical"), PARSING, ids=[p[0] for p in PARSING])
def test_a_draft_line_parses_to_its_canonical_form(line, canonical, vocab):
    assert to_text(parse(line, vocab)) == canonical
    assert to_text(parse(canonical, vocab)) == canonical


@pytest.mark.parametrize(("line", "column", "message", "hint"), FAILING,
                         ids=[f[0] for f in FAILING])
def test_a_draft_line_gets_its_message(line, column, message, hint, vocab):
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    error = caught.value
    assert (error.column, error.message, error.hint) == (int(column), message, hint)


@pytest.mark.parametrize("line", [f[0] for f in FAILING])
def test_no_suggestion_is_an_unrelated_word(line, vocab):
    with pytest.raises(DslError) as caught:
        parse(line, vocab)
    error = caught.value
    found = SUGGESTION.search(error.hint)
    if found is None:
        return
    written = line[error.column - 1 : error.column - 1 + error.length]
    similar = difflib.SequenceMatcher(None, written.lower(), found.group(1).lower()).ratio()
    assert similar >= SIMILAR, f"'{found.group(1)}' offered for '{written}'"
