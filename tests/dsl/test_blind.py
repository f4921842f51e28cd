"""Lines designers wrote blind, held to what the language makes of them.

``tests/fixtures/dsl/blind/*.txt`` holds effect lines written from the rulebook alone, each
with its field and what its writer meant. A line the language accepts must keep reading as
the canonical line a person checked against the intent; a line it refuses must stay refused
until a person has checked what a new reading makes of it. So no change to the language
can start reading one of these lines another way unseen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prophecy.compiler.model.cards import ROLE_KINDS, kind_error
from prophecy.dsl.errors import DslError
from prophecy.dsl.fields import read_in_field
from prophecy.dsl.parser import parse
from prophecy.dsl.printer import to_text
from prophecy.dsl.reads import keeps_meaning, normalise, same_intent

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
    node, _ = in_its_field(field, line, vocab)
    got = f"=> {to_text(node)}" if node is not None else "refused"
    assert got == expected, f"now {got!r}: check it against what was meant: {meant}"


def in_its_field(field: str, line: str, vocab) -> tuple[object, DslError | None]:
    """(the node, None) of a line as its field reads it (``prophecy parse --field``), or
    (None, the error that field gives): a line the parser refuses may have one meaning in
    its field, and one it reads may be another kind of line than the field holds."""
    try:
        node = parse(line, vocab)
    except DslError as error:
        found = read_in_field(field, line, vocab)
        if found is None:
            return None, error
        node = found[0]
    wrong = kind_error(ROLE_KINDS[field], node)
    if wrong is not None:
        return None, DslError(wrong[0], column=1, source=line, hint=wrong[1])
    return node, None


REFUSED = [r for r in ROWS if r[3] == "refused"]
#: A mended line a hint offers, or the nearest line a message names.
OFFERS = re.compile(r"(?:^write|^write '[^']+' or|nearest is) '([^']+)'")


@pytest.mark.parametrize(("corpus", "field", "line", "expected", "meant"), REFUSED,
                         ids=[f"{r[0]}:{r[2][:40]}" for r in REFUSED])
def test_a_blind_refusal_never_points_the_wrong_way(corpus, field, line, expected, meant,
                                                    vocab):
    """A refusal names the words at fault: never only where the grammar stopped ('unexpected
    ...' with the tokens it expected, or how lines start), and a line it offers parses and
    keeps the line's actions, numbers, names and the words that change what it is about."""
    node, error = in_its_field(field, line, vocab)
    assert node is None and error is not None
    assert not error.hint.startswith(("expected ", "a line starts with")), error
    assert not error.message.startswith(("unexpected ", "unknown word ")) \
        or error.hint.startswith(("write", "did you mean")), error
    written = normalise(line, vocab).text
    for offered in OFFERS.findall(f"{error.message}\n{error.hint}"):
        parse(offered, vocab)
        if "nearest is" not in error.message:
            assert same_intent(offered, written, vocab), (offered, written)


@pytest.mark.parametrize(("offered", "written", "same"), [
    ("Add 1 to each Dark Deed", "Add to each of your other Dark Deeds", False),  # 'other'
    ("Draw 1 Arcana", "Draw 3 Arcana and stash one", False),  # an action dropped
    ("Draw 2 Arcana", "Draw 3 Arcana", False),  # another number
    ("Most Grimoire levels", "Highest Necromancy Grimoire", False),  # a name dropped
    ("Discard 1", "Each opponent discards 1 card", False),  # who does it
    ("Level up any Grimoire", "Level up one of your Grimoires for free", True),
    ("Reveal Item: Draw 2 Arcana", "Reveal an Item, then draw 2 cards", True),
])
def test_a_mended_line_says_what_the_line_is_about(offered, written, same, vocab):
    assert same_intent(offered, written, vocab) is same


@pytest.mark.parametrize(("offered", "written", "kept"), [
    ("Add 1 to each Dark Deed", "Add to each of your other Dark Deeds", False),  # 'other'
    ("Each player draws 1 Arcana", "Each player may draw 1 Arcana", False),  # 'may'
    ("Discard 2", "Discard 3 cards", False),
    # a message that names what the language lacks may leave it out of its example
    ("Stash a card from your hand", "Stash a Creature card from the Arcana deck", True),
    ("Choose one: Draw 1 Arcana or Discard 1", "Choose one: Draw 1 Arcana", True),
])
def test_an_example_keeps_what_changes_the_meaning(offered, written, kept):
    assert keeps_meaning(offered, written) is kept
