"""A designer's blind first draft, line by line: each is held to its outcome, and no hint
ever quotes a line that does not parse.

The lines are in ``tests/fixtures/dsl/first_draft_corpus.txt``, each with the field it was
written in (its role: ``dsl/fields.py``), the outcome judged for it (right, wrong, helpful,
misleading) and what the language makes of it: the canonical line it parses to, or the
column, message and hint of its error as that field gives it. Adding a case is adding a
line.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from prophecy.dsl import ast
from prophecy.dsl.errors import DslError
from prophecy.dsl.fields import in_field
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

FILE = Path(__file__).resolve().parent.parent / "fixtures" / "dsl" / "first_draft_corpus.txt"
#: What ``{verbs}`` in an outcome stands for: every declared verb's words, in order.
VERBS = ", ".join(dict.fromkeys(verb.words for verb in ast.VERBS.values()))
ROWS = [tuple(line.replace("{verbs}", VERBS).split(" | ", 3))
        for line in FILE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")]
IDS = [f"{n}:{row[1][:40]}" for n, row in enumerate(ROWS, 1)]
KINDS = {"effect": ast.Effect, "bonus": ast.Effect, "hireling": ast.Effect,
         "condition": ast.Compare, "title": ast.Title}
OUTCOMES = ("right", "wrong", "helpful", "misleading")
#: The lines a hint offers: quoted after 'write', 'as in' or 'the nearest is' (and each
#: further "or '...'" right after), starting with a capital (a quoted word in lower case is
#: a word, not a line: 'or more', ', then').
OFFERED = re.compile(r"(?:write|as in|nearest is) ('[^']*'(?: or '[^']*')*)")
QUOTED = re.compile(r"'([A-Z][^']*)'")
DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")


def outcome(role: str, line: str, vocab) -> str:
    """What the language makes of a line in a field, written as the fixture writes it."""
    try:
        node = parse(line, vocab)
    except DslError as error:
        error = in_field(role, error, vocab)
        return f"{error.column} ; {error.message} ; {error.hint}"
    kind = "" if isinstance(node, KINDS[role]) else f"{type(node).__name__}: "
    return f"=> {kind}{to_text(node)}"


def refusal(role: str, line: str, vocab) -> DslError | None:
    try:
        parse(line, vocab)
    except DslError as error:
        return in_field(role, error, vocab)
    return None


def test_the_draft_is_a_corpus_of_first_drafts():
    assert len(ROWS) >= 150
    assert {row[0] for row in ROWS} == set(KINDS)
    assert {row[2] for row in ROWS} <= set(OUTCOMES)
    counts = Counter(row[2] for row in ROWS)
    assert counts["wrong"] == 0  # a line read with another meaning than the one meant
    assert counts["right"] + counts["helpful"] > 4 * counts["misleading"]


@pytest.mark.parametrize(("role", "line", "judged", "expected"), ROWS, ids=IDS)
def test_each_line_gets_its_outcome(role, line, judged, expected, vocab):
    assert outcome(role, line, vocab) == expected
    assert expected.startswith("=> ") == (judged in ("right", "wrong") or " ; " not in expected)


@pytest.mark.parametrize(("role", "line", "judged", "expected"), ROWS, ids=IDS)
def test_no_line_a_hint_offers_fails_to_parse(role, line, judged, expected, vocab):
    """Every line a message or hint quotes parses; a 'did you mean' word, put in place of the
    word it is about, makes a line that parses (or one the hint writes out whole)."""
    error = refusal(role, line, vocab)
    if error is None:
        return
    said = f"{error.message} ; {error.hint}"
    offered = [text for found in OFFERED.findall(said) for text in QUOTED.findall(found)]
    for text in offered:
        parse(text, vocab)  # raises if it does not
    for word in DID_YOU_MEAN.findall(error.hint):
        if any(word in text for text in offered):
            continue
        start = error.column - 1
        mended = line[:start] + word + line[start + error.length:]
        parse(mended, vocab)


def test_a_right_line_parses_to_a_line_of_its_fields_kind():
    other_kind = re.compile(r"^=> (?:Effect|Compare|Title): ")
    for _role, line, judged, expected in ROWS:
        if judged == "right":
            assert expected.startswith("=> ") and not other_kind.match(expected), line
