"""Lines designers wrote blind, held to what the language makes of them.

``tests/fixtures/dsl/blind/*.txt`` holds effect lines written from the rulebook alone, each
with its field and what its writer meant. A line the language accepts must keep reading as
the canonical line a person checked against the intent; a line it refuses must stay refused
until a person has checked what a new reading makes of it. So no change to the language
can start reading one of these lines another way unseen.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "dsl" / "blind"
ROWS = [(path.stem, *line.split(" | ", 3))
        for path in sorted(FOLDER.glob("*.txt"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")]


def test_each_corpus_holds_a_hundred_lines_or_more():
    for path in sorted(FOLDER.glob("*.txt")):
        assert sum(1 for row in ROWS if row[0] == path.stem) >= 100, path.name
    assert {row[1] for row in ROWS} <= {"effect", "condition", "title", "bonus", "hireling"}


@pytest.mark.parametrize(("corpus", "field", "line", "expected", "meant"), ROWS,
                         ids=[f"{r[0]}:{r[2][:40]}" for r in ROWS])
def test_a_blind_line_reads_as_it_was_checked(corpus, field, line, expected, meant, vocab):
    try:
        got = f"=> {to_text(parse(line, vocab))}"
    except DslError:
        got = "refused"
    assert got == expected, f"now {got!r}: check it against what was meant: {meant}"
