"""Every example of the common-mistakes catalogue gets its catalogued message.

The catalogue explains the grammar's refusal of a line as written (``strict_parse``); a
line with one meaning is then read all the same (ruling 20: tests/dsl/test_reads.py).
"""

from __future__ import annotations

import re

import pytest

from prophecy.dsl.diagnose import CATALOGUE
from prophecy.dsl.errors import DslError
from prophecy.dsl.parser import strict_parse

EXAMPLES = [(case, example) for case in CATALOGUE for example in case.examples]


@pytest.mark.parametrize(
    ("case", "example"), EXAMPLES, ids=[f"{c.label}:{e}" for c, e in EXAMPLES]
)
def test_catalogued_mistake_gets_its_message(case, example, vocab):
    with pytest.raises(DslError) as caught:
        strict_parse(example, vocab)
    assert caught.value.message == case.message
    hint = caught.value.hint  # the designer's own line mended, or the case's own words
    assert hint == case.hint or hint.startswith("write '")
    for quoted in lines_in(hint):
        strict_parse(quoted, vocab)
    assert 1 <= caught.value.column <= len(example) + 1


@pytest.mark.parametrize(("text", "message", "mended"), [
    ("Add to any Dark Deed", "a number is missing here", "Add 1 to any Dark Deed"),
    ("Draw 1 Arcana,", "the line ends with a comma", "Draw 1 Arcana"),
    ("Discard a card: Draw 2 Arcana", "an action cannot be a requirement",
     "Discard 1 to Draw 2 Arcana"),
    ("Stash a Spell card", "say where the stashed card comes from",
     "Stash a Spell card from your hand"),
    ("Choose one: Draw 1 Arcana, then Discard 1", "a choice needs two or more options joined "
     "with 'or'", "Choose one: Draw 1 Arcana or Discard 1"),
])
def test_a_mistake_is_named_by_what_mends_it_and_answered_with_the_line_mended(
        text, message, mended, vocab):
    """The message is the catalogue's, fired by the repair that makes the line parse; the
    hint is the designer's own line, mended."""
    with pytest.raises(DslError) as caught:
        strict_parse(text, vocab)
    assert (caught.value.message, caught.value.hint) == (message, f"write '{mended}'")


def lines_in(hint: str) -> list[str]:
    """The lines a hint quotes ('Grimoire Level 2: ...'), not words to add ('or more')."""
    return [q for q in re.findall(r"'([A-Z][^']*?)'(?=[ ,.;)]|$)", hint) if q.count(" ") >= 2]
QUOTED = re.compile(r"'([^']*)'")


@pytest.mark.parametrize("case", CATALOGUE, ids=[c.label for c in CATALOGUE])
def test_every_case_says_what_to_write_and_it_parses(case, vocab):
    assert case.fix in case.hint, "the hint must quote the line to write"
    strict_parse(case.fix, vocab)
    for quoted in lines_in(case.hint):
        strict_parse(quoted, vocab)


@pytest.mark.parametrize(("text", "fixed"), [
    ("Draw 1 Arcana and Discard 1", "Draw 1 Arcana, then Discard 1"),
    ("Level up Necromancy and Level up Demonology",
     "Level up Necromancy, then Level up Demonology"),
    ("Draw 1 Arcana; Discard 1", "Draw 1 Arcana, then Discard 1"),
    ("Draw 2 Arcana, Discard 1 to the center", "Draw 2 Arcana, then Discard 1 to the center"),
    ("Necromancy Level 4 and Top Discard Creature: Draw 1 Arcana",
     "Necromancy Level 4 + Top Discard Creature: Draw 1 Arcana"),
    ("Grimoire Level 2 & Reveal Spell: Draw 1 Arcana",
     "Grimoire Level 2 + Reveal Spell: Draw 1 Arcana"),
])
def test_a_wrong_join_is_answered_with_the_line_joined_right(text, fixed, vocab):
    with pytest.raises(DslError) as caught:
        strict_parse(text, vocab)
    assert caught.value.hint == f"write '{fixed}'"
    strict_parse(fixed, vocab)


def test_labels_are_unique():
    labels = [case.label for case in CATALOGUE]
    assert len(labels) == len(set(labels))


@pytest.mark.parametrize(("text", "mended"), [
    ("Level 3: Add 1 to any Dark Deed", "Grimoire Level 3: Add 1 to any Dark Deed"),
    ("level two: discard 1", "Grimoire Level 2: Discard 1"),
    ("Level 2 + Top Discard Creature: Draw 1 Arcana",
     "Grimoire Level 2 + Top Discard Creature: Draw 1 Arcana"),
])
def test_a_level_without_its_grimoire_is_answered_with_the_line_mended(text, mended, vocab):
    with pytest.raises(DslError) as caught:
        strict_parse(text, vocab)
    assert caught.value.message == "a level requirement names its grimoire"
    assert caught.value.hint.startswith(f"write '{mended}' for the card's own grimoire")
    for quoted in lines_in(caught.value.hint):
        strict_parse(quoted, vocab)


def test_a_join_is_named_with_the_whole_line_mended(vocab):
    """A no-break space after 'Discard' is dropped as well: the hint is a line that parses."""
    text = "Draw 1 Arcana and Discard\u00a01"
    with pytest.raises(DslError):
        strict_parse("Draw 1 Arcana, then Discard\u00a01", vocab)  # the join alone does not mend it
    with pytest.raises(DslError) as caught:
        strict_parse(text, vocab)
    assert (caught.value.message, caught.value.column, caught.value.hint) == (
        "actions are joined with ', then'", 15, "write 'Draw 1 Arcana, then Discard 1'")
